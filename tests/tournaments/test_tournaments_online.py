"""Tables between people played on the site (issue 30, item 5): the event's turn clock per table
makes each table a platform match; it starts with the round or once both players opened its
board (``online_start``), and the engine's result is the table's, recorded once, with no report
or confirmation. For paper tables the opponent confirms the reported result with one call."""

from __future__ import annotations

import pytest
from tournaments_helpers import KHAN, current_tables, event, organiser, people

from matches import interactive
from matches.models import Match, MatchState
from tournaments import lifecycle, online, results
from tournaments.errors import TournamentError
from tournaments.models import Round, TableState

pytestmark = pytest.mark.django_db
CLOCK = {"clock": {"initial": 600, "increment": 5}}


def _online_event(capture, start: str, **fields):
    org = organiser()
    ana, bob = people(2)
    t = event(org, [ana, bob], game=KHAN, rounds=2, options=CLOCK, online_start=start, **fields)
    with capture(execute=True):
        t = lifecycle.start(t, org)
    (table,) = current_tables(t)
    return t, table, ana, bob


def _play_to_the_end(match_id: int, players, capture) -> int:
    """Whoever is to act plays the engine's first legal action until the match ends."""
    moves = 0
    while Match.objects.get(pk=match_id).state == MatchState.RUNNING:
        match = Match.objects.get(pk=match_id)
        view = interactive.view_for(match, None)
        person = next(p for p in players if interactive.seat_of(match, p) == view["to_act"])
        mine = interactive.view_for(match, interactive.seat_of(match, person))
        with capture(execute=True):
            interactive.submit_action(match_id, person, mine["legal"][0]["action"], mine["ply"])
        moves += 1
    return moves


def test_a_table_of_an_event_that_starts_with_the_round_is_running_at_once(
    django_capture_on_commit_callbacks,
):
    t, table, ana, bob = _online_event(django_capture_on_commit_callbacks, "round")
    match = Match.objects.get(pk=table.match_id)
    assert match.state == MatchState.RUNNING and match.clock is not None
    assert {s.player_id for s in match.seats.all()} == {ana.pk, bob.pk}
    assert not online.arrive(match, ana)  # already running: nothing to start


def test_a_table_waits_for_both_players_and_the_second_to_arrive_starts_it(
    django_capture_on_commit_callbacks,
):
    t, table, ana, bob = _online_event(django_capture_on_commit_callbacks, "present")
    match = Match.objects.get(pk=table.match_id)
    assert match.state == MatchState.SCHEDULED  # nobody's clock runs before they are there
    assert {p.pk for p in online.waiting_for(table, match)} == {ana.pk, bob.pk}
    (stranger,) = people(1, prefix="stranger")
    assert not online.arrive(match, stranger)  # a spectator is nobody's presence
    assert not online.arrive(match, ana)
    assert not online.arrive(match, ana)  # twice is still one player
    table.refresh_from_db()
    assert table.present == [ana.pk]
    assert Match.objects.get(pk=match.pk).state == MatchState.SCHEDULED
    with django_capture_on_commit_callbacks(execute=True):
        assert online.arrive(Match.objects.get(pk=match.pk), bob)
    match.refresh_from_db()
    assert match.state == MatchState.RUNNING and match.clock_deadline is not None
    assert not online.arrive(match, bob)  # started once


def test_the_engine_records_the_result_once_and_the_next_round_is_paired(
    django_capture_on_commit_callbacks,
):
    t, table, ana, bob = _online_event(django_capture_on_commit_callbacks, "present")
    match = Match.objects.get(pk=table.match_id)
    online.arrive(match, ana)
    with django_capture_on_commit_callbacks(execute=True):
        online.arrive(Match.objects.get(pk=match.pk), bob)
    # Nobody reports or confirms a table played on the site: both are refused.
    for who in (ana, bob):
        with pytest.raises(TournamentError) as info:
            results.report(t, table.pk, who, {"wins": [1, 0]})
        assert info.value.status == 409
    assert _play_to_the_end(match.pk, [ana, bob], django_capture_on_commit_callbacks) > 0
    table.refresh_from_db()
    match.refresh_from_db()
    assert table.state == TableState.FINAL and table.source == "engine"
    ranks = match.result["ranks"]
    winner = table.entries[0] if ranks[0] < ranks[1] else table.entries[1]
    assert table.result["winner"] == (winner if ranks[0] != ranks[1] else None)
    finished_at = table.finished_at
    # The finish path told twice (both clients, a retried task): the table is recorded once.
    assert results.record_finished_matches([match]) == 0
    table.refresh_from_db()
    assert table.finished_at == finished_at and not table.reports.exists()
    second = Round.objects.get(tournament=t, number=2).tables.get()
    assert Match.objects.get(pk=second.match_id).state == MatchState.SCHEDULED  # waits again


def test_a_finished_match_told_twice_to_the_runner_scores_the_table_once(
    django_capture_on_commit_callbacks,
):
    t, table, ana, bob = _online_event(django_capture_on_commit_callbacks, "round")
    with django_capture_on_commit_callbacks(execute=True):
        interactive.resign(table.match_id, ana)
    table.refresh_from_db()
    assert table.state == TableState.FINAL and table.source == "engine"
    match = Match.objects.get(pk=table.match_id)
    loser_entry = next(e for e in table.entries if e != table.result["winner"])
    assert t.entries.get(pk=loser_entry).player_id == ana.pk
    with pytest.raises(interactive.PlayError):  # bob resigning too changes nothing
        interactive.resign(table.match_id, bob)
    assert results.record_finished_matches([match]) == 0
    table.refresh_from_db()
    assert t.entries.get(pk=table.result["winner"]).player_id == bob.pk


def test_a_paper_table_is_confirmed_with_one_call_by_the_opponent(
    django_capture_on_commit_callbacks,
):
    org = organiser()
    ana, bob = people(2)
    t = event(org, [ana, bob], game=KHAN, rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    (table,) = current_tables(t)
    assert table.match_id is None  # no turn clock: played on paper
    with pytest.raises(TournamentError) as info:
        results.confirm(t, table.pk, bob)
    assert info.value.status == 409  # nothing reported yet
    first = t.entries.get(player=ana).pk
    wins = [2, 1] if table.entries[0] == first else [1, 2]
    results.report(t, table.pk, ana, {"wins": wins, "draws": 0})
    with pytest.raises(TournamentError) as info:
        results.confirm(t, table.pk, ana)  # the reporter has nothing to confirm
    assert info.value.status == 409
    (stranger,) = people(1, prefix="stranger")
    with pytest.raises(TournamentError) as info:
        results.confirm(t, table.pk, stranger)
    assert info.value.status == 403
    with django_capture_on_commit_callbacks(execute=True):
        table = results.confirm(t, table.pk, bob)
    assert table.state == TableState.FINAL and table.source == "reports"
    assert table.result["winner"] == first and table.result["wins"] == wins
    assert table.reports.count() == 2


def test_confirming_is_refused_once_the_reports_disagree(django_capture_on_commit_callbacks):
    org = organiser()
    ana, bob, cy, dee = people(4)
    t = event(org, [ana, bob, cy, dee], game=KHAN, rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    table = current_tables(t)[0]
    players = {e.pk: e.player for e in t.entries.select_related("player")}
    a, b = (players[e] for e in table.entries)
    results.report(t, table.pk, a, {"wins": [2, 0], "draws": 0})
    results.report(t, table.pk, b, {"wins": [0, 2], "draws": 0})  # a dispute
    with pytest.raises(TournamentError) as info:
        results.confirm(t, table.pk, b)
    assert info.value.status == 409
    table.refresh_from_db()
    assert table.state == TableState.DISPUTED


def test_a_replayed_table_waits_for_both_players_again(django_capture_on_commit_callbacks):
    """A new match for the table (a replay, a changed pairing) starts with nobody present."""
    from tournaments import corrections

    t, table, ana, bob = _online_event(django_capture_on_commit_callbacks, "present")
    first = Match.objects.get(pk=table.match_id)
    online.arrive(first, ana)
    with django_capture_on_commit_callbacks(execute=True):
        corrections.replay(t, table.pk, t.organiser, "the wrong decks")
    table.refresh_from_db()
    assert table.match_id != first.pk and table.present == []
    again = Match.objects.get(pk=table.match_id)
    assert again.state == MatchState.SCHEDULED
    assert not online.arrive(again, bob)  # Ana's earlier arrival was for the old match
    assert online.arrive(Match.objects.get(pk=again.pk), ana)


def test_the_api_sets_when_a_tables_match_starts():
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(organiser())
    bad = api.post(
        "/api/tournaments/",
        {"name": "Night", "game": KHAN, "online_start": "whenever", "options": CLOCK},
        format="json",
    )
    assert bad.status_code == 400 and "online_start" in bad.content.decode()
    made = api.post(
        "/api/tournaments/",
        {"name": "Night", "game": KHAN, "online_start": "present", "options": CLOCK},
        format="json",
    )
    assert made.status_code == 201, made.content
    assert made.json()["online_start"] == "present"
    assert made.json()["options"]["clock"] == CLOCK["clock"]
