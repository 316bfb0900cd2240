"""AracKhan Wars' modes on real Celery workers (the services pass): a 2v2 team table with the
Strategy phase and Event mode, played by a worker from the broker and reported back."""

from __future__ import annotations

import time

import pytest
from tournaments_helpers import bots, organiser

from engines.arackhan_wars.playable import playable_starters
from gauntlet.celery_app import app
from matches.models import Match, MatchState
from tests.support.workers import running_workers
from tournaments import lifecycle, teams
from tournaments.models import Format, State, Table, TableState, Tournament

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
AKW = "arackhan-wars"


@pytest.fixture
def worker():
    with running_workers(app, "akw-modes") as (started,):
        yield started


def test_a_2v2_strategy_table_is_played_on_a_worker(worker):
    org = organiser()
    crew = bots(4, org, game=AKW, spec="heuristic")
    t = lifecycle.create(
        org,
        name="2v2 on workers",
        game=AKW,
        team_size=2,
        format=Format.SINGLE_ELIMINATION,
        options={"strategy": True, "events": True},
    )
    t = lifecycle.open_registration(t, org)
    deck = playable_starters()[0].data
    for a, b in zip(crew[::2], crew[1::2], strict=True):
        teams.register_team(t, a, b, org, partner_deck=deck, team_name=f"team {a.username}")
    lifecycle.start(t, org)
    deadline = time.monotonic() + 120
    while Tournament.objects.get(pk=t.pk).state != State.FINISHED:
        assert time.monotonic() < deadline, "the event did not finish on the worker"
        time.sleep(0.2)
    (table,) = Table.objects.filter(round__tournament=t)
    match = Match.objects.get(pk=table.match_id)
    assert table.state == TableState.FINAL and table.source == "engine"
    assert match.state == MatchState.FINISHED
    assert match.options == {"strategy": True, "events": True, "mode": "2v2"}
    assert any(a in ("strategy play", "strategy pass") for a in match.actions)
