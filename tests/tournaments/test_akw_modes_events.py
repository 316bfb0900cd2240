"""AracKhan Wars' modes in tournaments, end to end on bots (embedded): a 2v2 team event with
the Strategy phase and an Objective-mode Swiss, every table a match the bots play to the end."""

from __future__ import annotations

import pytest
from tournaments_helpers import bots, event, organiser

from engines.arackhan_wars.playable import playable_starters
from matches.models import Match, MatchState
from tournaments import lifecycle, teams
from tournaments.errors import TournamentError
from tournaments.models import Format, State, Table, TableState

pytestmark = pytest.mark.django_db
AKW = "arackhan-wars"
LEGAL = playable_starters()[0].data


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Match seeds from a counter, not the system's randomness: the same games every run."""
    from matches import models, scheduling

    seeds = iter(range(100, 10_000))

    def next_seed():
        seed, nonce = next(seeds), "0" * 32
        return seed, nonce, models.seed_commitment(seed, nonce)

    monkeypatch.setattr(scheduling, "new_seed", next_seed)


def _finished_matches(t) -> list[Match]:
    t.refresh_from_db()
    assert t.state == State.FINISHED
    tables = list(Table.objects.filter(round__tournament=t))
    assert tables and all(tb.state == TableState.FINAL and tb.source == "engine" for tb in tables)
    matches = list(Match.objects.filter(tournament_table__in=tables))
    assert len(matches) == len(tables)
    assert {m.state for m in matches} == {MatchState.FINISHED}
    return matches


def test_a_2v2_team_event_with_the_strategy_phase_runs_on_bots(
    django_capture_on_commit_callbacks,
):
    """A team event's options ask for the Strategy phase: every table is a 2v2 match with it,
    and the bots play Strategy cards."""
    org = organiser()
    crew = bots(8, org, game=AKW, spec="heuristic")
    t = lifecycle.create(
        org,
        name="2v2 Strategy night",
        game=AKW,
        team_size=2,
        format=Format.SWISS,
        rounds=2,
        options={"strategy": True},
    )
    t = lifecycle.open_registration(t, org)
    for a, b in zip(crew[::2], crew[1::2], strict=True):
        teams.register_team(t, a, b, org, partner_deck=LEGAL, team_name=f"team {a.username}")
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
    matches = _finished_matches(t)
    assert len(matches) == 4  # 4 teams, 2 rounds
    assert all(m.options == {"strategy": True, "mode": "2v2"} for m in matches)
    played = [a for m in matches for a in m.actions if a in ("strategy play", "strategy pass")]
    assert played, "the bots played no Strategy card"


def test_an_objective_mode_swiss_runs_on_bots(django_capture_on_commit_callbacks):
    """A Swiss in Objective mode: the bots complete objectives and the tables' results come
    back from the engine."""
    org = organiser()
    field = bots(4, org, game=AKW, spec="heuristic")
    t = event(org, field, game=AKW, rounds=2, options={"objectives": True})
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
    matches = _finished_matches(t)
    assert len(matches) == 4
    assert all(m.options == {"objectives": True} for m in matches)
    assert any(a.startswith("claim ") for m in matches for a in m.actions)


def test_an_event_refuses_a_mode_its_game_mode_does_not_play():
    """The compatibility table holds for events: no Objective mode in 2v2, no Strategy phase
    in 1v1 (a 400 naming the options)."""
    org = organiser()
    with pytest.raises(TournamentError) as info:
        lifecycle.create(org, name="x", game=AKW, team_size=2, options={"objectives": True})
    assert info.value.field == "options" and "Objective mode is not played in 2v2" in str(
        info.value.message
    )
    with pytest.raises(TournamentError) as info:
        lifecycle.create(org, name="y", game=AKW, options={"strategy": True})
    assert info.value.field == "options" and "not played in 1v1" in info.value.message
