"""A tournament with a turn clock: its people's tables are played on the platform, and the
tables' results arrive through the matches' finish path (like bot tables'). Without a clock,
people report (tests/tournaments)."""

from __future__ import annotations

import random

import pytest

from matches.interactive import submit_action, view_for
from matches.models import MatchState
from players.models import Player
from tests.support.accounts import STRONG
from tournaments import lifecycle, registration
from tournaments.errors import TournamentError
from tournaments.models import Round, TableState

pytestmark = pytest.mark.django_db
CLOCK = {"clock": {"initial": 600, "increment": 10}}


def _event(options, n=2):
    org = Player.objects.create_user("org", password=STRONG, role="organiser")
    t = lifecycle.create(
        org, name="Online cup", game="kingdom-of-warlords", rounds=1, options=options
    )
    t = lifecycle.open_registration(t, org)
    players = [Player.objects.create_user(f"p{i}", password=STRONG) for i in range(n)]
    for p in players:
        registration.register(t, p, p)
    return org, t, players


def test_peoples_tables_are_played_on_the_platform(django_capture_on_commit_callbacks):
    org, t, players = _event(CLOCK)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    (table,) = Round.objects.get(tournament=t, number=1).tables.all()
    match = table.match
    assert match is not None and match.state == MatchState.RUNNING and match.origin == "tournament"
    assert match.options == {} and match.clock["initial"] == 600.0
    by_player = {p.pk: p for p in players}
    seat_player = {s.seat: by_player[s.player_id] for s in match.seats.all()}
    rng = random.Random(4)
    while match.state == MatchState.RUNNING:
        view = view_for(match, None)
        mine = view_for(match, view["to_act"])
        with django_capture_on_commit_callbacks(execute=True):
            submit_action(
                match.pk,
                seat_player[view["to_act"]],
                rng.choice(mine["legal"])["action"],
                view["ply"],
            )
        match.refresh_from_db()
    table.refresh_from_db()
    assert table.state == TableState.FINAL and table.source == "engine"
    ranks = match.result["ranks"]
    if ranks[0] != ranks[1]:
        winner_seat = ranks.index(0)
        assert table.result["winner"] == table.entries[winner_seat]


def test_a_bad_clock_in_the_events_options_is_refused():
    org = Player.objects.create_user("org", password=STRONG, role="organiser")
    with pytest.raises(TournamentError, match=r"clock\.initial"):
        lifecycle.create(
            org, name="Cup", game="kingdom-of-warlords", options={"clock": {"initial": -1}}
        )
