"""Public live events of a tournament (``tournaments.live``): one per transition, with the
right payload, sent only after the transaction commits, and never failing the caller when the
channel layer is down."""

from __future__ import annotations

import logging
from unittest import mock

import pytest
from django.db import transaction
from django.utils import timezone
from tournaments_helpers import bots, current_tables, entry_player, event, organiser, people

from tournaments import lifecycle, live, registration, results, timer
from tournaments.models import Entry, Round, TableState
from tournaments.rounds import pair_next_round

pytestmark = pytest.mark.django_db


class Watchers:
    """Stands in for the channel layer: records the events sent to tournament groups."""

    def __init__(self) -> None:
        self.events: list[dict] = []

    async def group_send(self, group: str, message: dict) -> None:
        assert message["type"] == "tournament.event"
        assert group == live.group_name(message["event"]["tournament"])
        self.events.append(message["event"])

    def kinds(self) -> list[str]:
        return [e["kind"] for e in self.events]

    def take(self) -> list[dict]:
        taken, self.events = self.events, []
        return taken


@pytest.fixture
def watchers():
    layer = Watchers()
    with mock.patch("tournaments.live.get_channel_layer", return_value=layer):
        yield layer


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    """``with commit():`` runs what the block queued for after its commit."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def _without_ids(event: dict) -> dict:
    return {k: v for k, v in event.items() if k not in ("tournament", "table")}


def test_a_swiss_event_announces_each_step(watchers, commit):
    org = organiser()
    players = people(4)
    with commit():
        t = event(org, open_=False, rounds=2, auto_advance=False)
    assert watchers.take() == []  # creating a draft is no event
    with commit():
        t = lifecycle.open_registration(t, org)
    assert watchers.take() == [
        {"kind": "state-changed", "tournament": t.pk, "state": "registration", "round": 0,
         "winner": None}
    ]  # fmt: skip
    for p in players:
        registration.register(t, p, p)
    with commit():
        t = lifecycle.start(t, org)
    started = watchers.take()
    assert [e["kind"] for e in started] == ["state-changed", "round-paired"]
    assert started[0]["state"] == "running"
    assert _without_ids(started[1]) == {
        "kind": "round-paired",
        "round": 1,
        "round_title": "Round 1",
        "round_words": "round 1",
        "round_verb": "is",
        "stage": "main",
        "progress": {"finished": 0, "total": 2, "disputed": 0},
    }

    by_entry = entry_player(t)
    first, second = current_tables(t)
    a, b = (by_entry[e] for e in first.entries)
    with commit():
        results.report(t, first.pk, a, {"wins": [2, 1], "draws": 0})
    (reported,) = watchers.take()
    # Public part only: who is in and how many reports, never what was reported.
    assert reported == {
        "kind": "result-reported",
        "tournament": t.pk,
        "table": first.pk,
        "number": 1,
        "round": 1,
        "round_title": "Round 1",
        "round_words": "round 1",
        "round_verb": "is",
        "reports": 1,
        "players": 2,
    }
    with commit():
        results.report(t, first.pk, b, {"wins": [2, 1], "draws": 0})
    (final,) = watchers.take()
    assert final["kind"] == "table-final" and final["table"] == first.pk
    assert final["state"] == "final" and final["source"] == "reports"
    assert final["result"] == {"wins": [2, 1], "draws": 0, "winner": first.entries[0]}
    assert final["progress"] == {"finished": 1, "total": 2, "disputed": 0}

    c, d = (by_entry[e] for e in second.entries)
    with commit():
        results.report(t, second.pk, c, {"wins": [2, 0]})
        results.report(t, second.pk, d, {"wins": [0, 2]})
    reported, disputed = watchers.take()
    assert reported["kind"] == "result-reported"
    assert disputed == {
        "kind": "dispute",
        "tournament": t.pk,
        "table": second.pk,
        "number": 2,
        "round": 1,
        "round_title": "Round 1",
        "round_words": "round 1",
        "round_verb": "is",
    }

    with commit():
        results.correct(t, second.pk, org, {"wins": [2, 0]}, "judge call")
    settled = watchers.take()
    assert [e["kind"] for e in settled] == [
        "table-final",
        "round-finished",
        "standings-changed",
        "standings-changed",
    ]
    assert settled[0]["source"] == "organiser"
    assert settled[0]["progress"] == {"finished": 2, "total": 2, "disputed": 0}
    assert _without_ids(settled[1]) == {
        "kind": "round-finished",
        "round": 1,
        "round_title": "Round 1",
        "round_words": "round 1",
        "round_verb": "is",
        "stage": "main",
    }
    assert [e["reason"] for e in settled[2:]] == ["round-finished", "correction"]

    with commit():
        pair_next_round(t.pk)
    (paired,) = watchers.take()
    assert paired["kind"] == "round-paired" and paired["round"] == 2

    for table in current_tables(t):
        for e in table.entries:
            results.report(t, table.pk, by_entry[e], {"wins": [2, 0]})
    watchers.take()
    with commit():
        pair_next_round(t.pk)  # no round 3: the event ends
    (over,) = watchers.take()
    t.refresh_from_db()
    winner = Entry.objects.get(pk=t.winner_id).player.username
    assert over == {
        "kind": "state-changed",
        "tournament": t.pk,
        "state": "finished",
        "round": 2,
        "winner": winner,
    }


def test_nothing_is_sent_when_the_transaction_rolls_back(watchers, commit):
    org = organiser()
    t = event(org, people(4), rounds=2)
    with commit():
        t = lifecycle.start(t, org)
    watchers.take()
    by_entry = entry_player(t)
    table = current_tables(t)[0]
    with commit(), pytest.raises(RuntimeError), transaction.atomic():
        for e in table.entries:
            results.report(t, table.pk, by_entry[e], {"wins": [2, 0]})
        raise RuntimeError("the request fails after reporting")
    assert watchers.events == []
    table.refresh_from_db()
    assert table.state == TableState.PENDING


class BrokenLayer:
    async def group_send(self, group: str, message: dict) -> None:
        raise ConnectionError("Redis is down")


@pytest.mark.parametrize(
    "patch",
    [
        {"return_value": BrokenLayer()},  # the layer fails on sending
        {"side_effect": ConnectionError("no channel layer")},  # or cannot even be built
    ],
)
def test_a_broken_channel_layer_does_not_break_a_result_report(patch, commit, caplog):
    org = organiser()
    t = event(org, people(4), rounds=2)
    with commit():
        t = lifecycle.start(t, org)
    by_entry = entry_player(t)
    table = current_tables(t)[0]
    with (
        mock.patch("tournaments.live.get_channel_layer", **patch),
        caplog.at_level(logging.ERROR, logger="tournaments.live"),
        commit(),
    ):
        for e in table.entries:
            reported = results.report(t, table.pk, by_entry[e], {"wins": [2, 0]})
    assert reported.state == TableState.FINAL
    table.refresh_from_db()
    assert table.state == TableState.FINAL and table.result["wins"] == [2, 0]
    assert "could not send the table-final event" in caplog.text


def test_bot_matches_timeouts_and_drops(watchers, commit):
    org = organiser()
    t = event(org, bots(4, org), rounds=2, auto_advance=False)
    with commit():
        lifecycle.start(t, org)  # eager workers play round 1 at once
    events = watchers.take()
    finals = [e for e in events if e["kind"] == "table-final"]
    assert [e["kind"] for e in events[:2]] == ["state-changed", "round-paired"]
    assert len(finals) == 2 and {e["source"] for e in finals} == {"engine"}
    assert finals[-1]["progress"]["finished"] == 2
    assert "round-finished" in [e["kind"] for e in events]

    people_event = event(org, people(4, "h"), rounds=2, auto_advance=False)
    with commit():
        people_event = lifecycle.start(people_event, org)
    watchers.take()
    first, second = current_tables(people_event)
    with commit():
        results.timeout(people_event, first.pk, org, "void", "nobody came")
    (void,) = watchers.take()
    assert void["kind"] == "table-final" and void["state"] == "void" and void["result"] is None
    assert void["progress"]["finished"] == 1

    entry = Entry.objects.get(pk=second.entries[0])
    with commit():
        registration.drop(people_event, entry, entry.player, "tired")
    kinds = watchers.kinds()
    assert kinds[0] == "table-final"  # the dropped player's table goes to the opponent
    assert watchers.events[0]["source"] == "forfeit"
    assert ("standings-changed", "drop") in [(e["kind"], e.get("reason")) for e in watchers.events]


def test_an_extension_and_time_called_reach_the_watchers(watchers, commit):
    org = organiser()
    players = people(6)
    t = event(org, players, rounds=2, auto_advance=False, round_minutes=50, time_called="draw")
    with commit():
        t = lifecycle.start(t, org)
    watchers.take()
    first, second, third = current_tables(t)
    with commit():
        timer.extend(t, first.pk, org, 5)
    (extended,) = watchers.take()
    first.refresh_from_db()
    assert extended["kind"] == "table-extended" and extended["number"] == first.number
    assert extended["extra_minutes"] == 5
    assert extended["deadline"] == timer.table_deadline(first).isoformat()
    with commit():
        results.timeout(t, third.pk, org, "void", "nobody came")
    watchers.take()
    with commit():
        timer.call_time(t, org)  # early: the round's clock stops now
    events = watchers.take()
    (called,) = [e for e in events if e["kind"] == "time-called"]
    rnd = Round.objects.get(tournament=t, number=1)
    assert rnd.deadline <= timezone.now()
    assert called["deadline"] == rnd.deadline.isoformat() and called["round"] == 1
    assert (called["drawn"], called["decide"]) == ([first.number, second.number], [])
    finals = [e for e in events if e["kind"] == "table-final"]
    assert [e["number"] for e in finals] == [first.number, second.number]
    assert all(e["source"] == "time" and e["result"]["wins"] == [0, 0] for e in finals)


def test_elimination_events_have_no_standings_and_unknown_kinds_are_refused(watchers, commit):
    org = organiser()
    t = event(org, people(4), format="single_elimination", auto_advance=False)
    with commit():
        t = lifecycle.start(t, org)
    by_entry = entry_player(t)
    watchers.take()
    with commit():
        for table in current_tables(t):
            for e in table.entries:
                results.report(t, table.pk, by_entry[e], {"wins": [2, 0]})
    kinds = watchers.kinds()
    assert kinds.count("table-final") == 2 and "round-finished" in kinds
    assert "standings-changed" not in kinds
    with pytest.raises(ValueError, match="unknown tournament event"):
        live.broadcast(t, "table-finished", {})
