"""People's brackets and pods: reported winners, corrections that later rounds depend on,
and placings (a person's table against a bot: test_tournaments_bot_tables.py)."""

from __future__ import annotations

import pytest
from tournaments_helpers import (
    KHAN,
    current_tables,
    entry_player,
    event,
    organiser,
    people,
    report_round,
)

from tournaments import lifecycle, results
from tournaments.errors import TournamentError
from tournaments.models import Format, State, TableState
from tournaments.summary import bracket_json, standings_rows

pytestmark = pytest.mark.django_db


def refused(status, func, *args, **kwargs):
    with pytest.raises(TournamentError) as info:
        func(*args, **kwargs)
    assert info.value.status == status, info.value.message


def test_single_elimination_of_people(django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, people(4), format=Format.SINGLE_ELIMINATION, third_place=True)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    semi = current_tables(t)[0]
    player = entry_player(t)[semi.entries[0]]
    refused(400, results.report, t, semi.pk, player, {"wins": [1, 1]})  # no winner
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t)  # the higher seed wins each semi-final
    t.refresh_from_db()
    assert t.current_round == 2 and len(current_tables(t)) == 2  # final and third place
    # The semi-final fed the final: its winner can no longer change, its score can.
    refused(409, results.correct, t, semi.pk, org, {"wins": [0, 2]}, "wrong slip")
    fixed = results.correct(t, semi.pk, org, {"wins": [2, 1]}, "it went to three games")
    assert fixed.result["wins"] == [2, 1]
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t)
    t.refresh_from_db()
    tree = bracket_json(t)
    assert t.state == State.FINISHED and tree["winner"] == t.winner_id
    assert {n["side"] for n in tree["nodes"]} == {"winners", "final", "third"}
    assert all(n["table_state"] == TableState.FINAL for n in tree["nodes"])


def test_pods_of_people_report_placings(django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, people(8), game=KHAN, format=Format.PODS, rounds=2, placing_points=[5, 3, 1, 0])
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    pods = current_tables(t)
    assert sorted(len(tb.entries) for tb in pods) == [4, 4]
    first, second = pods
    player = entry_player(t)[first.entries[0]]
    refused(400, results.report, t, first.pk, player, {"placings": [0, 1, 2]})
    refused(400, results.report, t, first.pk, player, {"wins": [1, 0]})
    with django_capture_on_commit_callbacks(execute=True):
        for e in first.entries:
            results.report(t, first.pk, entry_player(t)[e], {"placings": [0, 1, 2, 3]})
        results.timeout(t, second.pk, org, "award", "two players left early", second.entries[2])
    t.refresh_from_db()
    assert t.current_round == 2
    points = {r["entry"]: r["match_points"] for r in standings_rows(t)}
    assert [points[e] for e in first.entries] == [5, 3, 1, 0]
    assert points[second.entries[2]] == 5 and points[second.entries[0]] == 3
