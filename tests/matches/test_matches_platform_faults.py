"""A failure of the platform is never a result (matches.failures): the match is played again,
and after a bounded number of such failures it is given up, unrated and in the audit log."""

import contextlib
from datetime import timedelta

import pytest
from billiard.exceptions import SoftTimeLimitExceeded
from django.db import OperationalError
from django.utils import timezone

from engines.bots.base import Bot
from engines.record import play_match
from matches import runner
from matches.failures import MAX_PLATFORM_FAILURES, is_platform_fault
from matches.models import AttemptOutcome, AuditEntry, Match, MatchAttempt, MatchState

pytestmark = pytest.mark.django_db


class TimeLimitInsideAMove(Bot):
    """What Celery's soft time limit does: raise inside whatever code runs, here a bot's move."""

    kind = "slowpoke"

    def choose(self, game, state, seat):
        raise SoftTimeLimitExceeded()


def _with_failing_bot(monkeypatch, seat: int, error: type[BaseException]):
    import engines.bots.factory as factory
    from engines.record import bot_seed

    original = factory.make_bot
    seeds = set()

    class Failing(Bot):
        kind = "failing"

        def choose(self, game, state, s):
            raise error("the platform failed here")

    def make_bot(game, spec, seed):
        return Failing() if seed in seeds else original(game, spec, seed)

    monkeypatch.setattr(factory, "make_bot", make_bot)
    return lambda match: seeds.add(bot_seed(match.seed, seat))


def test_the_engine_raises_platform_errors_instead_of_forfeiting():
    with pytest.raises(SoftTimeLimitExceeded):
        play_match(
            "khan-of-khans",
            7,
            [TimeLimitInsideAMove(), "random"],
            platform_errors=(SoftTimeLimitExceeded,),
        )
    # Without the platform's list the same bot forfeits, as any failing bot does.
    record = play_match("khan-of-khans", 7, [TimeLimitInsideAMove(), "random"])
    assert record.forfeit["seat"] == 0


@pytest.mark.parametrize("error", [SoftTimeLimitExceeded, OperationalError, MemoryError])
def test_a_time_limit_inside_a_bots_move_is_not_that_bots_forfeit(make_match, monkeypatch, error):
    match = make_match(enqueue=False)
    _with_failing_bot(monkeypatch, 1, error)(match)
    with pytest.raises(error):
        runner.run(match.pk)
    match.refresh_from_db()
    assert match.state == MatchState.RUNNING
    assert match.result is None and match.forfeit is None
    assert match.attempts.get().outcome == AttemptOutcome.FAILED


def test_after_repeated_platform_failures_the_match_is_given_up_unrated(make_match, monkeypatch):
    match = make_match(enqueue=False)
    _with_failing_bot(monkeypatch, 0, SoftTimeLimitExceeded)(match)
    for _ in range(MAX_PLATFORM_FAILURES - 1):
        with pytest.raises(SoftTimeLimitExceeded):
            runner.run(match.pk)
        assert Match.objects.get(pk=match.pk).state == MatchState.RUNNING
    assert runner.run(match.pk) == "given up"
    match.refresh_from_db()
    assert match.state == MatchState.ABORTED and match.rated is False
    assert match.result is None and match.forfeit is None
    entry = AuditEntry.objects.get(match=match)
    assert entry.action == "gave up" and entry.actor is None
    assert f"{MAX_PLATFORM_FAILURES} attempts failed" in entry.reason
    assert "SoftTimeLimitExceeded" in entry.reason
    # Nothing plays it again, and the audit lists it.
    assert runner.run(match.pk) == "nothing to do"
    assert match.pk not in runner.stale_matches(stale_after=0)


def test_the_audit_lists_the_matches_given_up(make_match, monkeypatch, staff):
    match = make_match(enqueue=False)
    other = make_match(enqueue=False)
    runner.run(other.pk)
    _with_failing_bot(monkeypatch, 0, SoftTimeLimitExceeded)(match)
    for _ in range(MAX_PLATFORM_FAILURES):
        with contextlib.suppress(SoftTimeLimitExceeded):
            runner.run(match.pk)
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(staff)
    response = api.get("/api/audit/matches/", {"result": "given-up"})
    assert response.status_code == 200, response.content[:300]
    assert [m["id"] for m in response.json()["results"]] == [match.pk]


def test_a_bots_own_errors_are_still_its_forfeit():
    assert not is_platform_fault(ZeroDivisionError())
    assert not is_platform_fault(runner.BotTooSlow("over budget"))
    assert is_platform_fault(SoftTimeLimitExceeded())
    assert is_platform_fault(OperationalError("server closed the connection"))


def test_overlapping_reaper_runs_queue_a_lost_match_once(make_match, monkeypatch):
    """Stacked reaper runs once queued 305 tasks for 27 lost attempts."""
    from matches import tasks

    queued = []
    monkeypatch.setattr(tasks.run_match, "apply_async", lambda args, **kw: queued.append(args))
    monkeypatch.setattr(tasks.run_match, "delay", lambda *args: queued.append(args))
    lost = make_match(enqueue=False)
    attempt = runner.start_attempt(lost.pk, "t1", "w1")  # its worker then died: no heartbeat
    MatchAttempt.objects.filter(pk=attempt.pk).update(
        heartbeat=timezone.now() - timedelta(minutes=2)
    )
    assert tasks.requeue_stale(stale_after=30) == [lost.pk]
    assert runner.stale_matches(30) == [lost.pk]  # still silent...
    assert tasks.requeue_stale(stale_after=30) == []  # ...but queued in this window already
    never_ran = make_match(enqueue=False)
    Match.objects.filter(pk=never_ran.pk).update(created=timezone.now() - timedelta(minutes=5))
    assert tasks.run_scheduled() == 1
    assert tasks.run_scheduled() == 0
    assert queued == [(lost.pk,), (never_ran.pk,)]


def test_a_match_task_rides_out_a_database_outage_of_minutes(monkeypatch):
    """A 60 s database outage once exhausted the match task's five retries (1–16 s of backoff)
    and left the match scheduled until the 90 s lost-task sweep; it now retries for minutes."""
    from gauntlet.db import RETRY_THROUGH_OUTAGES
    from matches import tasks

    calls = []

    def down_then_up(match_id, **kwargs):
        calls.append(match_id)
        if len(calls) <= 12:
            raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")
        return "recorded"

    monkeypatch.setattr(tasks.runner, "run", down_then_up)
    # In process (eager), each retry runs at once inside the last; the outermost call reports
    # "retry" and the innermost one's result is the match recorded.
    app = tasks.run_match.app
    propagates = app.conf.task_eager_propagates
    app.conf.task_eager_propagates = False
    try:
        tasks.run_match.apply((7,))
    finally:
        app.conf.task_eager_propagates = propagates
    assert calls == [7] * 13
    # Retried after 1, 2 and 4 s, then every 5 s: the retries span minutes of outage.
    assert RETRY_THROUGH_OUTAGES["retry_backoff_max"] * RETRY_THROUGH_OUTAGES["max_retries"] >= 180
    for task in (tasks.run_match, tasks.run_matches, tasks.advance_bots):
        assert task.max_retries == RETRY_THROUGH_OUTAGES["max_retries"], task.name
