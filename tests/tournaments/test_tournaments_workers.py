"""A bot event on real Celery workers over the real broker (the suite's services pass).

Nothing runs in-process: the workers play the matches, record the results (the tournaments app
hears ``matches_finished`` inside that transaction) and run ``tournaments.advance`` to pair the
next round, through the top cut to the champion.
"""

from __future__ import annotations

import time

import pytest
from tournaments_helpers import bots, event, organiser

from gauntlet.celery_app import app
from tests.support.workers import running_workers
from tournaments import lifecycle
from tournaments.models import Round, State, Table, TableState, Tournament

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def two_workers():
    with running_workers(app, "tournaments", 2) as started:
        yield started


def test_swiss_and_top_cut_on_real_workers(two_workers):
    org = organiser()
    t = event(org, bots(8, org), rounds=3, top_cut=4)
    lifecycle.start(t, org)
    deadline = time.monotonic() + 120
    while Tournament.objects.get(pk=t.pk).state != State.FINISHED:
        assert time.monotonic() < deadline, "the event did not finish on the workers"
        time.sleep(0.2)
    t.refresh_from_db()
    assert list(Round.objects.filter(tournament=t).values_list("number", "stage")) == [
        (1, "main"),
        (2, "main"),
        (3, "main"),
        (4, "cut"),
        (5, "cut"),
    ]
    tables = Table.objects.filter(round__tournament=t)
    assert tables.count() == 15
    assert set(tables.values_list("state", "source")) == {(TableState.FINAL, "engine")}
    final = tables.get(round__number=5)
    assert t.winner_id == final.result["winner"]
