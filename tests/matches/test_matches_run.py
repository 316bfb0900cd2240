"""Scheduling and running matches in-process (the embedded default)."""

import pytest

from engines.record import replay
from matches import runner
from matches.audit import match_record
from matches.models import AttemptOutcome, Match, MatchState, seed_commitment

pytestmark = pytest.mark.django_db


def test_a_scheduled_bot_match_is_played_and_recorded(
    make_match, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = make_match()
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED
    assert len(match.actions) > 20 and len(match.digests["states"]) == len(match.actions) + 1
    ranks = sorted(s.rank for s in match.seats.all())
    assert ranks[0] == 0 and len(ranks) == 4
    assert [a.outcome for a in match.attempts.all()] == [AttemptOutcome.RECORDED]
    # The stored record replays on the engine, digest for digest.
    assert replay(match_record(match).to_json()).ok


def test_seed_commitment_is_published_first_and_checks_out(make_match):
    match = make_match(enqueue=False)
    assert seed_commitment(match.seed, match.seed_nonce) == match.seed_commitment
    assert seed_commitment(match.seed + 1, match.seed_nonce) != match.seed_commitment


def test_running_twice_records_once(make_match):
    match = make_match(enqueue=False)
    assert runner.run(match.pk) == "recorded"
    first = Match.objects.get(pk=match.pk)
    assert runner.run(match.pk) == "nothing to do"
    again = Match.objects.get(pk=match.pk)
    assert again.actions == first.actions and again.finished_at == first.finished_at
    assert match.attempts.count() == 1


def test_two_overlapping_attempts_record_once(make_match):
    """Two deliveries of the same task both start before either finishes."""
    match = make_match(enqueue=False)
    first = runner.start_attempt(match.pk, "t1", "w1")
    second = runner.start_attempt(match.pk, "t2", "w2")
    seats = list(match.seats.order_by("seat"))
    record = runner.play(Match.objects.get(pk=match.pk), seats, 5.0)
    assert runner.finish(second, record, 0.1) is True
    assert (
        runner.finish(first, runner.play(Match.objects.get(pk=match.pk), seats, 5.0), 0.1) is False
    )
    outcomes = dict(match.attempts.values_list("task_id", "outcome"))
    assert outcomes == {"t1": AttemptOutcome.DUPLICATE, "t2": AttemptOutcome.RECORDED}
    assert Match.objects.get(pk=match.pk).state == MatchState.FINISHED


def test_same_seed_same_game(make_match):
    a = make_match(enqueue=False, seed=12345)
    b = make_match(enqueue=False, seed=12345)
    runner.run(a.pk)
    runner.run(b.pk)
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.actions == b.actions and a.digests == b.digests and a.result == b.result


class CrashingBot:
    kind = "crash"
    spec = "crash"

    def choose(self, game, state, seat):
        raise ZeroDivisionError("the bot divided by zero")


def test_a_crashing_bot_forfeits_without_taking_the_worker_down(make_match, monkeypatch):
    match = make_match(enqueue=False)
    real = runner.play

    def play_with_crash(match, seats, budget, on_move=None):
        import engines.bots.factory as factory

        original = factory.make_bot

        def make_bot(game, spec, seed):
            return CrashingBot() if seed == runner_seed else original(game, spec, seed)

        monkeypatch.setattr(factory, "make_bot", make_bot)
        return real(match, seats, budget, on_move)

    from engines.record import bot_seed

    runner_seed = bot_seed(match.seed, 2)
    monkeypatch.setattr(runner, "play", play_with_crash)
    assert runner.run(match.pk) == "recorded"
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED
    assert match.forfeit["seat"] == 2 and "divided by zero" in match.forfeit["reason"]
    # The forfeiting seat is last; everyone else ties for first.
    assert dict(match.seats.values_list("seat", "rank")) == {0: 0, 1: 0, 2: 1, 3: 0}


def test_a_slow_bot_forfeits(make_match):
    match = make_match(enqueue=False)
    assert runner.run(match.pk, move_budget=0.0) == "recorded"
    match.refresh_from_db()
    slow = match.forfeit["seat"]
    assert match.forfeit["index"] == 0 and "budget" in match.forfeit["reason"]
    assert dict(match.seats.values_list("seat", "rank")) == {s: int(s == slow) for s in range(4)}


def test_an_engine_failure_is_an_attempt_failure_not_a_result(make_match, monkeypatch):
    match = make_match(enqueue=False)

    def broken(*args, **kwargs):
        raise OSError("disk on fire")

    monkeypatch.setattr(runner, "play", broken)
    with pytest.raises(OSError):
        runner.run(match.pk)
    match.refresh_from_db()
    assert match.state == MatchState.RUNNING and match.result is None
    assert match.attempts.get().outcome == AttemptOutcome.FAILED


def test_stale_matches_are_found(make_match):
    match = make_match(enqueue=False)
    attempt = runner.start_attempt(match.pk, "t", "dead-worker")
    assert runner.stale_matches(stale_after=60) == []
    type(attempt).objects.filter(pk=attempt.pk).update(
        heartbeat=attempt.heartbeat - __import__("datetime").timedelta(seconds=120)
    )
    assert runner.stale_matches(stale_after=60) == [match.pk]
    assert runner.run(match.pk) == "recorded"
    outcomes = sorted(match.attempts.values_list("outcome", flat=True))
    assert outcomes == [AttemptOutcome.LOST, AttemptOutcome.RECORDED]


def test_bad_setup_writes_nothing(bots):
    from engines.base import BadSetup
    from matches.scheduling import SeatSpec, schedule_match

    with pytest.raises(BadSetup):
        schedule_match("kingdom-of-warlords", [SeatSpec(b, "random") for b in bots[:3]])
    assert not Match.objects.exists()


def test_a_batch_records_each_match_once_and_isolates_failures(make_match, monkeypatch):
    ids = [make_match(enqueue=False).pk for _ in range(4)]
    assert runner.run(ids[0]) == "recorded"
    real = runner.play

    def play_failing_one(match, seats, budget, on_move=None):
        if match.pk == ids[2]:
            raise RuntimeError("engine bug")
        return real(match, seats, budget, on_move)

    monkeypatch.setattr(runner, "play", play_failing_one)
    outcome = runner.run_batch([*ids, 999999])
    assert outcome == {
        ids[0]: "nothing to do",
        ids[1]: "recorded",
        ids[2]: "failed",
        ids[3]: "recorded",
        999999: "nothing to do",
    }
    states = dict(Match.objects.filter(pk__in=ids).values_list("pk", "state"))
    assert [states[i] for i in ids] == ["finished", "finished", "running", "finished"]
    assert Match.objects.get(pk=ids[2]).attempts.get().outcome == AttemptOutcome.FAILED
    # the reaper's later run of the failed match records it
    monkeypatch.setattr(runner, "play", real)
    assert runner.run_batch([ids[2]]) == {ids[2]: "recorded"}


def test_run_scheduled_requeues_only_old_scheduled_matches(make_match):
    from datetime import timedelta

    from django.utils import timezone

    from matches.tasks import run_scheduled

    fresh = make_match(enqueue=False)
    old = make_match(enqueue=False)
    Match.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(hours=1))
    assert run_scheduled(older_than=600) == 1  # in-process: the old one is played now
    assert Match.objects.get(pk=old.pk).state == MatchState.FINISHED
    assert Match.objects.get(pk=fresh.pk).state == MatchState.SCHEDULED
