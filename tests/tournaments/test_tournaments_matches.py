"""Tournament tables and their matches: admin void/correct, drawn bracket games, the sweep."""

from __future__ import annotations

from unittest import mock

import pytest
from tournaments_helpers import bots, current_tables, event, organiser

from matches import audit
from matches.models import Match
from tournaments import lifecycle, tasks
from tournaments.models import LogEntry, Table, TableState
from tournaments.results import engine_result

pytestmark = pytest.mark.django_db


def started(n, capture, **fields):
    org = organiser()
    t = event(org, bots(n, org), **fields)
    with capture(execute=True):
        t = lifecycle.start(t, org)
    return org, t


def test_admin_correction_and_void_reach_the_table(django_capture_on_commit_callbacks):
    org, t = started(4, django_capture_on_commit_callbacks, rounds=2, auto_advance=False)
    first, second = current_tables(t)
    assert first.state == TableState.FINAL and first.source == "engine"
    loser_seat = 1 if first.result["winner"] == first.entries[0] else 0
    ranks = [1, 1]
    ranks[loser_seat] = 0
    audit.correct(first.match_id, org, "scorer misread the result", ranks)
    first.refresh_from_db()
    assert first.result["winner"] == first.entries[loser_seat] and first.source == "admin"
    audit.void(second.match_id, org, "bot crashed the table")
    second.refresh_from_db()
    assert second.state == TableState.VOID and second.result is None
    actions = set(LogEntry.objects.filter(tournament=t).values_list("action", flat=True))
    assert {"match_correct", "match_void"} <= actions


def test_drawn_bracket_game_advances_the_higher_seed():
    table = Table(entries=[11, 22], node=3)
    drawn = Match(pk=1, result={"ranks": [0, 0]})
    assert engine_result(table, drawn)["winner"] == 11
    swiss = Table(entries=[11, 22])
    assert engine_result(swiss, drawn) == {"wins": [0, 0], "draws": 1, "winner": None}
    assert engine_result(swiss, Match(pk=2, result={"ranks": [1, 0]}))["winner"] == 22
    pod = Table(entries=[1, 2, 3])
    assert engine_result(pod, Match(pk=3, result={"ranks": [2, 0, 1]})) == {"placings": [2, 0, 1]}


def test_sweep_advances_an_event_whose_task_was_lost(django_capture_on_commit_callbacks):
    with mock.patch("tournaments.receivers.queue_advance"):  # the task is lost
        org, t = started(4, django_capture_on_commit_callbacks, rounds=2)
    t.refresh_from_db()
    assert t.current_round == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.sweep() == [t.pk]
    t.refresh_from_db()
    assert t.current_round == 2 and Table.objects.filter(round__number=2).count() == 2
