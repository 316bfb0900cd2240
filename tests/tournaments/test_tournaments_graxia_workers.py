"""A 4-bot Heroes of Graxia pod event on real Celery workers over the real broker (the suite's
services pass): issue #16, "a 4-bot pod event runs to its end on workers"."""

from __future__ import annotations

import time

import pytest
from tournaments_helpers import bots, event, organiser, sole_first

from gauntlet.celery_app import app
from matches.models import MatchState
from tests.support.workers import running_workers
from tournaments import lifecycle
from tournaments.models import Format, State, Table, TableState, Tournament

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def two_workers():
    with running_workers(app, "graxia-pods", 2) as started:
        yield started


def test_a_four_bot_pod_event_runs_to_its_end_on_real_workers(two_workers):
    org = organiser()
    field = bots(4, org, game="heroes-of-graxia")
    t = event(org, field, game="heroes-of-graxia", format=Format.PODS, rounds=2)
    lifecycle.start(t, org)
    deadline = time.monotonic() + 240
    while Tournament.objects.get(pk=t.pk).state != State.FINISHED:
        assert time.monotonic() < deadline, "the event did not finish on the workers"
        time.sleep(0.2)
    t.refresh_from_db()
    tables = list(Table.objects.filter(round__tournament=t).order_by("round__number"))
    assert [len(tb.entries) for tb in tables] == [4, 4]
    assert {(tb.state, tb.source) for tb in tables} == {(TableState.FINAL, "engine")}
    assert all(tb.match.state == MatchState.FINISHED for tb in tables)
    assert all(len(tb.result["placings"]) == 4 and min(tb.result["placings"]) == 0 for tb in tables)
    assert t.winner_id == sole_first(t)  # None when the four end level on everything
    assert t.winner_id is None or t.winner_id in {e.pk for e in t.entries.all()}
