"""A mixed match on a real Celery worker over the real broker: the person acts here, the
worker's ``advance_bots`` answers with a search bot, the match finishes and is rated once.

Runs in the services pass (PostgreSQL + Redis). The worker consumes the default queue, where
the play code queues ``advance_bots`` after each of the person's actions.
"""

from __future__ import annotations

import random
import time

import pytest

from gauntlet.celery_app import app
from matches import audit, interactive
from matches.models import Match, MatchState
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from ratings.models import Ladder, RatingChange
from tests.support.accounts import STRONG
from tests.support.workers import Worker

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker():
    started = Worker(app.conf.task_default_queue, "play")
    started.wait_ready(app)
    yield started
    started.stop()


def _wait_for_the_person(match_id: int, timeout: float = 60) -> Match:
    """Until the match ends or the person (seat 0) is to act."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match = Match.objects.get(pk=match_id)
        if match.state != MatchState.RUNNING or interactive.view_for(match, 0)["your_turn"]:
            return match
        time.sleep(0.05)
    raise AssertionError(f"the worker's bot did not answer within {timeout} s")


def test_a_search_bot_answers_on_a_worker_until_the_match_ends(worker):
    ladder = Ladder.objects.get(slug="khan-of-khans-2p")
    person = Player.objects.create_user("player", password=STRONG)
    bot = Player.objects.create(username="khan-of-khans-search-bot", is_bot=True)
    match = schedule_match(
        ladder.game, [SeatSpec(person), SeatSpec(bot, "search:40")], ladder=ladder
    )
    rng = random.Random(2)
    moves = 0
    match = _wait_for_the_person(match.pk)
    while match.state == MatchState.RUNNING:
        view = interactive.view_for(match, 0)
        interactive.submit_action(
            match.pk, person, rng.choice(view["legal"])["action"], view["ply"]
        )
        moves += 1
        match = _wait_for_the_person(match.pk)
    assert match.state == MatchState.FINISHED
    assert len(match.actions) > moves  # the worker's bot played its share
    assert RatingChange.objects.filter(match=match).count() == 2  # rated once
    assert audit.verify(match).ok


def test_two_clients_sending_the_same_ply_at_once_record_one_action():
    """The row lock: both requests race for ply 0; one is recorded, the other is told it is
    stale (PostgreSQL, two connections)."""
    import threading

    from django.db import connection

    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    people = [Player.objects.create_user(f"racer{i}", password=STRONG) for i in range(2)]
    match = schedule_match(ladder.game, [SeatSpec(p) for p in people], ladder=ladder)
    seat = interactive.view_for(match, None)["to_act"]
    legal = [e["action"] for e in interactive.view_for(match, seat)["legal"]]
    outcomes: list[str] = []
    start = threading.Barrier(2)

    def send(action: str) -> None:
        try:
            start.wait()
            interactive.submit_action(match.pk, people[seat], action, 0)
            outcomes.append("recorded")
        except interactive.PlayError as exc:
            outcomes.append(f"{exc.status}: {exc.message}")
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(a,)) for a in (legal[0], legal[-1])]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(outcomes)[0].startswith("409: Stale ply 0") and "recorded" in outcomes
    match.refresh_from_db()
    assert len(match.actions) == 1 and len(match.digests["states"]) == 2
