"""Akhedena Quick Match's ladders: 1v1 and 4-player free-for-all, their arena bots, and bot
games on them played by the workers (in-process in the embedded pass, real Celery worker
processes in the services pass), recorded, verifiable and rated."""

from __future__ import annotations

import time

import pytest

from engines.bots.factory import make_bot
from gauntlet.celery_app import app
from matches import audit
from matches.models import Match, MatchState
from players.models import Player
from ratings.challenges import challenge
from ratings.defaults import ensure_arena_bots
from ratings.matchmaking import arena_bots
from ratings.models import BotProfile, Ladder, RatingChange
from tests.support.workers import running_workers

GAME = "akhedena"


def _random_bots(n: int) -> list[Player]:
    out = []
    for i in range(n):
        p = Player.objects.create(username=f"akhedena-player-{i}", is_bot=True)
        BotProfile.objects.create(player=p, game=GAME, spec="random")
        out.append(p)
    return out


def _challenge(slug: str) -> Match:
    ladder = Ladder.objects.get(slug=slug)
    admin = Player.objects.create_user("root", password="x-Strong-pass-9", role="admin")
    players = _random_bots(ladder.seats)
    return challenge(ladder, players[0], players[1:], by=admin)


def _assert_played_and_rated(match: Match, seats: int) -> None:
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED and match.rated
    assert len(match.actions) > seats and audit.verify(match).ok
    ranks = sorted(s.rank for s in match.seats.all())
    assert len(ranks) == seats and ranks[0] == 0
    assert RatingChange.objects.filter(match=match).count() == seats


@pytest.mark.django_db
def test_both_akhedena_ladders_exist_with_their_measured_draw_rates():
    """Issue #17: "ladders (1v1 and 4-player free-for-all)"; ties (the turn cap's shared first
    place) are rated with the draw rates measured in random games (ratings/defaults.py)."""
    duel = Ladder.objects.get(slug="akhedena-1v1")
    ffa = Ladder.objects.get(slug="akhedena-ffa-4p")
    assert (duel.game, duel.seats, duel.team_size) == (GAME, 2, 1)
    assert (ffa.game, ffa.seats, ffa.team_size) == (GAME, 4, 1)
    assert duel.draw_probability == 0.14 and ffa.draw_probability == 0.007
    assert duel.name == "Akhedena Quick Match 1v1"
    assert ffa.name == "Akhedena Quick Match 4-player free-for-all"


@pytest.mark.django_db
def test_the_arena_has_more_bots_than_seats_and_its_search_bots_think_for_a_time_budget():
    """About 80 legal actions a turn: the arena's search bots think 100 ms or 500 ms a move."""
    ensure_arena_bots([GAME])
    ffa = Ladder.objects.get(slug="akhedena-ffa-4p")
    specs = {p.username: s for p, s in arena_bots(ffa)}
    assert len(specs) > ffa.seats
    assert specs[f"{GAME}-search-bot"] == "search:100ms"
    assert specs[f"{GAME}-search500-bot"] == "search:500ms"
    assert specs[f"{GAME}-heuristic-bot"] == "heuristic"
    for spec in specs.values():
        assert make_bot(GAME, spec, 1) is not None


@pytest.mark.django_db
@pytest.mark.parametrize("slug,seats", [("akhedena-1v1", 2), ("akhedena-ffa-4p", 4)])
def test_a_bot_game_on_each_ladder_is_played_and_rated(
    slug, seats, django_capture_on_commit_callbacks
):
    """A challenge between bots is played by the worker (in-process here), replays digest for
    digest and moves every seat's rating."""
    with django_capture_on_commit_callbacks(execute=True):
        match = _challenge(slug)
    _assert_played_and_rated(match, seats)


@pytest.fixture
def worker():
    with running_workers(app, "akhedena-ladders") as (started,):
        yield started


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug,seats", [("akhedena-1v1", 2), ("akhedena-ffa-4p", 4)])
def test_a_bot_game_on_each_ladder_is_played_by_a_real_worker(worker, slug, seats):
    """The same on a Celery worker process over the real broker."""
    match = _challenge(slug)
    deadline = time.monotonic() + 90
    while Match.objects.get(pk=match.pk).state != MatchState.FINISHED:
        assert time.monotonic() < deadline, "the worker did not finish the Akhedena match"
        time.sleep(0.2)
    _assert_played_and_rated(match, seats)
