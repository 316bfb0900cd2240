"""Matches on real Celery workers over the real broker: killed workers and duplicate deliveries.

These run in the suite's services pass (PostgreSQL + Redis).
"""

import time
import uuid

import pytest

from gauntlet.celery_app import app
from matches.models import AttemptOutcome, Match, MatchState
from matches.scheduling import SeatSpec, schedule_match
from matches.tasks import requeue_stale, run_match
from players.models import Player
from ratings.models import Ladder, RatingChange
from tests.support.workers import Worker

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

# Deterministic, and long enough to be killed mid-match: about 5 s a match alone here, several
# times that beside the browser tests of a CI run (search:300 took 12 s alone, over 60 s there).
SLOW_BOT = "search:100"
# The replayed match must finish; on a loaded machine that takes a while, and the wait ends as
# soon as it does.
FINISH_WITHIN = 240


@pytest.fixture
def queue():
    return f"test-matches-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def workers(queue):
    started: list[Worker] = []

    def start(name: str) -> Worker:
        worker = Worker(queue, name)
        started.append(worker)
        worker.wait_ready(app)
        return worker

    yield start
    for worker in started:
        worker.stop()


def _ladder_match(game: str, bot: str, seats: int) -> Match:
    ladder = Ladder.objects.create(
        slug=f"{game}-{seats}p-test", name="test", game=game, seats=seats
    )
    players = [Player.objects.create(username=f"bot-{i}", is_bot=True) for i in range(seats)]
    return schedule_match(
        game, [SeatSpec(p, bot) for p in players], ladder=ladder, origin="test", enqueue=False
    )


def _wait(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.mark.slow
def test_a_worker_killed_mid_match_is_replayed_and_recorded_once(workers, queue):
    match = _ladder_match("kingdom-of-warlords", SLOW_BOT, 2)
    first = workers("first")
    run_match.apply_async((match.pk,), queue=queue)
    _wait(
        lambda: Match.objects.filter(pk=match.pk, state=MatchState.RUNNING).exists(),
        30,
        "the match to start",
    )
    time.sleep(0.5)
    first.kill()
    assert Match.objects.get(pk=match.pk).state == MatchState.RUNNING  # killed in the middle

    workers("second")
    # The reaper finds the silent attempt and queues the match again.
    _wait(lambda: requeue_stale(stale_after=2.0, queue=queue) == [match.pk], 30, "the reaper")
    _wait(
        lambda: Match.objects.filter(pk=match.pk, state=MatchState.FINISHED).exists(),
        FINISH_WITHIN,
        "the match to finish",
    )
    match.refresh_from_db()
    outcomes = sorted(match.attempts.values_list("outcome", flat=True))
    assert outcomes == [AttemptOutcome.LOST, AttemptOutcome.RECORDED]
    assert RatingChange.objects.filter(match=match).count() == 2  # one per seat, once
    # Played again from the same seed: the record is the one a clean run gives.
    from engines.record import replay
    from matches.audit import match_record

    assert replay(match_record(match).to_json()).ok


def test_the_same_task_delivered_twice_at_once_records_once(workers, queue):
    match = _ladder_match("khan-of-khans", "search:5ms", 4)
    workers("a")
    workers("b")
    results = [run_match.apply_async((match.pk,), queue=queue) for _ in range(2)]
    outcomes = sorted(r.get(timeout=120) for r in results)
    # One delivery records; the other finds it done (or loses the race to record it).
    assert outcomes in (["duplicate", "recorded"], ["nothing to do", "recorded"])
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED
    assert match.attempts.filter(outcome=AttemptOutcome.RECORDED).count() == 1
    assert not match.attempts.filter(outcome=AttemptOutcome.RUNNING).exists()
    assert RatingChange.objects.filter(match=match).count() == 4
