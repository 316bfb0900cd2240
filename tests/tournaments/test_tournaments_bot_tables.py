"""A person's table against a bot: played on the platform (the bot's moves made by the engine's
bot), its result the engine's and final without any confirmation, the round advancing by itself;
with the organiser's "paper play allowed for bot tables" the person's own report is final too."""

from __future__ import annotations

import pytest
from tournaments_helpers import bots, current_tables, event, organiser, people

from matches import interactive
from matches.models import Match, MatchState
from tournaments import lifecycle, registration, results
from tournaments.errors import TournamentError
from tournaments.models import Round, State, Table, TableState

pytestmark = pytest.mark.django_db


def _mixed_event(capture, **fields):
    org = organiser()
    (owner,) = people(1, prefix="owner")
    (ana,) = people(1, prefix="ana")
    (bot,) = bots(1, owner)
    t = event(org, [ana], rounds=2, **fields)
    registration.register(t, bot, owner)
    with capture(execute=True):
        t = lifecycle.start(t, org)
    (table,) = current_tables(t)
    return t, table, ana, owner


def _play_seat(match_id: int, person, capture) -> int:
    """The person plays the engine's first legal action each turn until the match ends."""
    moves = 0
    while Match.objects.get(pk=match_id).state == MatchState.RUNNING:
        match = Match.objects.get(pk=match_id)
        view = interactive.view_for(match, interactive.seat_of(match, person))
        assert view["your_turn"], "the bot has moved: the person is to act"
        with capture(execute=True):
            interactive.submit_action(match_id, person, view["legal"][0]["action"], view["ply"])
        moves += 1
    return moves


def test_a_person_plays_their_bot_table_and_the_round_advances_by_itself(
    django_capture_on_commit_callbacks,
):
    """Issue #15: "a person seated against a bot plays that table in the browser (the bot's
    moves made by the engine's bot), and the result is the engine's, final without
    confirmation" — and the round advances by itself."""
    t, table, ana, owner = _mixed_event(django_capture_on_commit_callbacks)
    match = Match.objects.get(pk=table.match_id)
    assert match.state == MatchState.RUNNING and match.origin == "tournament"
    seats = {s.player_id: s.bot for s in match.seats.all()}
    assert seats[ana.pk] == "" and set(seats.values()) == {"", "random"}
    # Nobody reports a table played on the platform (the bot's owner neither).
    for who in (ana, owner):
        with pytest.raises(TournamentError) as info:
            results.report(t, table.pk, who, {"wins": [1, 0]})
        assert info.value.status == 409 and "played on the platform" in info.value.message
    assert _play_seat(match.pk, ana, django_capture_on_commit_callbacks) > 0
    table = Table.objects.get(pk=table.pk)
    assert table.state == TableState.FINAL and table.source == "engine"
    assert not table.reports.exists()
    assert Round.objects.get(tournament=t, number=1).state == "finished"
    (second,) = current_tables(t)  # paired by itself
    assert second.round.number == 2 and second.match_id not in (None, match.pk)


def test_paper_play_for_bot_tables_makes_the_persons_report_final(
    django_capture_on_commit_callbacks,
):
    """Issue #15: "if an organiser allows paper play for such a table, the person's report of
    a bot table is final too"; the platform match stops."""
    t, table, ana, _ = _mixed_event(django_capture_on_commit_callbacks, paper_bot_tables=True)
    assert t.paper_bot_tables and table.match_id is not None
    mine = 0 if table.entries[0] == t.entries.get(player=ana).pk else 1
    wins = [0, 0]
    wins[mine] = 1
    with django_capture_on_commit_callbacks(execute=True):
        reported = results.report(t, table.pk, ana, {"wins": wins})
    assert reported.state == TableState.FINAL and reported.source == "reports"
    assert reported.result["winner"] == t.entries.get(player=ana).pk
    assert Match.objects.get(pk=table.match_id).state == MatchState.ABORTED
    (second,) = current_tables(t)
    assert second.round.number == 2  # the round advanced without the bot confirming


def test_paper_play_is_only_for_tables_against_bots(django_capture_on_commit_callbacks):
    """Two people still confirm each other's report when paper play for bot tables is on."""
    org = organiser()
    ana, ben = people(2, prefix="human")
    t = event(org, [ana, ben], rounds=1, paper_bot_tables=True)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    (table,) = current_tables(t)
    assert table.match_id is None
    reported = results.report(t, table.pk, ana, {"wins": [1, 0]})
    assert reported.state == TableState.REPORTED
    t.refresh_from_db()
    assert t.state == State.RUNNING
