"""People's team tables on the platform: with the organiser's turn clock, a table of two teams
of people is one four-seat interactive match in the game's team mode, played on the play pages;
its result (a resignation included) comes back to the table as the team's."""

from __future__ import annotations

import random

import pytest
from tournaments_helpers import PASSWORD, organiser, people

from engines.arackhan_wars.playable import playable_starters
from matches.interactive import resign, submit_action, view_for
from matches.models import MatchSeat, MatchState
from tournaments import lifecycle, teams
from tournaments.models import Entry, Format, Table, TableState

pytestmark = pytest.mark.django_db
AKW = "arackhan-wars"
LEGAL = playable_starters()[0].data
CLOCK = {"clock": {"initial": 600, "increment": 10}}


def _event(org, options):
    t = lifecycle.create(
        org,
        name="Online 2v2",
        game=AKW,
        team_size=2,
        format=Format.SINGLE_ELIMINATION,
        options=options,
    )
    t = lifecycle.open_registration(t, org)
    players = people(4)
    entries = [
        teams.register_team(t, a, b, org, deck=LEGAL, partner_deck=LEGAL, team_name=name)
        for (a, b), name in zip(
            [(players[0], players[1]), (players[2], players[3])], ["Reds", "Blues"], strict=True
        )
    ]
    return t, players, entries


def test_a_team_table_of_people_is_one_four_seat_match_on_the_platform(
    client, django_capture_on_commit_callbacks
):
    org = organiser()
    t, players, _ = _event(org, CLOCK)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    (table,) = Table.objects.filter(round__tournament=t)
    match = table.match
    assert match is not None and match.state == MatchState.RUNNING
    assert match.options == {"mode": "2v2"} and match.clock["initial"] == 600.0
    a, b = (Entry.objects.get(pk=e) for e in table.entries)
    seats = list(MatchSeat.objects.filter(match=match).order_by("seat"))
    assert [(s.player_id, s.team, s.bot) for s in seats] == [
        (a.player_id, 0, ""),
        (b.player_id, 1, ""),
        (a.partner_id, 0, ""),
        (b.partner_id, 1, ""),
    ]
    # every player plays their seat through the play page; the table page links to it
    client.login(username=a.partner.username, password=PASSWORD)
    assert client.get(f"/matches/{match.pk}/play/").status_code == 200
    page = client.get(f"/tournaments/{t.pk}/tables/{table.pk}/").content.decode()
    assert 'data-testid="play-seat"' in page and f"/matches/{match.pk}/play/" in page
    # a few moves by whoever is to act, then a player of the first team resigns
    by_pk = {p.pk: p for p in players}
    seat_player = {s.seat: by_pk[s.player_id] for s in seats}
    rng = random.Random(7)
    for _ in range(6):
        view = view_for(match, None)
        if view["to_act"] is None:
            break
        legal = view_for(match, view["to_act"])["legal"]
        with django_capture_on_commit_callbacks(execute=True):
            submit_action(
                match.pk, seat_player[view["to_act"]], rng.choice(legal)["action"], view["ply"]
            )
        match.refresh_from_db()
    assert match.state == MatchState.RUNNING
    with django_capture_on_commit_callbacks(execute=True):
        resign(match.pk, a.partner)
    match.refresh_from_db()
    table.refresh_from_db()
    assert match.state == MatchState.FINISHED
    # the resigning player's team loses the table, though its captain tied first in the match
    assert table.state == TableState.FINAL and table.source == "engine"
    assert table.result["winner"] == b.pk and table.result["wins"] == [0, 1]
    t.refresh_from_db()
    assert t.state == "finished" and t.winner_id == b.pk


def test_without_a_clock_people_report_their_team_tables(django_capture_on_commit_callbacks):
    org = organiser()
    t, _, _ = _event(org, {})
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    (table,) = Table.objects.filter(round__tournament=t)
    assert table.match_id is None and table.state == TableState.PENDING


def test_a_forfeit_loses_the_team_its_table():
    # forfeit_result ranks the forfeiting seat last and every other seat first
    assert teams.team_ranks([0, 0, 1, 0]) == [1, 0]
    assert teams.team_ranks([0, 1, 0, 0]) == [0, 1]
    assert teams.team_ranks([0, 0, 0, 0]) == [0, 0]  # a shared first place stays a draw
