"""The results grid's service: a round's slips entered in one submit, all or nothing, every bad
slip named; each good one final through the organiser's path, logged."""

from __future__ import annotations

import pytest
from tournaments_helpers import KHAN, current_tables, entry_player, event, organiser, people

from tournaments import lifecycle, registration, results, slips
from tournaments.errors import TournamentError
from tournaments.models import LogEntry, Round, TableState
from tournaments.slips import Slip

pytestmark = pytest.mark.django_db


def started(n: int, capture, **fields):
    org = organiser()
    fields.setdefault("rounds", 2)
    t = event(org, people(n), **fields)
    with capture(execute=True):
        t = lifecycle.start(t, org)
    return org, t


def test_every_bad_slip_is_named_and_nothing_is_saved(django_capture_on_commit_callbacks):
    org, t = started(8, django_capture_on_commit_callbacks)
    one, two, three, four = current_tables(t)
    with pytest.raises(slips.SlipsError) as info:
        slips.enter(
            t,
            org,
            1,
            [
                Slip(one.pk, {"wins": [2, 1], "draws": None}),  # good
                Slip(two.pk, {"wins": [0, 12], "draws": None}),
                Slip(three.pk, {"wins": [2, None], "draws": 0}),
                Slip(four.pk, {"wins": ["x", 1], "draws": "two"}),
            ],
        )
    assert info.value.status == 400
    assert info.value.problems == [
        "table 2: the games won are 0–12, 0 to 9 each",
        "table 3: give the games won by both players",
        "table 4: the games won are x–1, 0 to 9 each",
    ]
    assert info.value.by_table == {
        two.pk: ["table 2: the games won are 0–12, 0 to 9 each"],
        three.pk: ["table 3: give the games won by both players"],
        four.pk: ["table 4: the games won are x–1, 0 to 9 each"],
    }
    assert all(tb.state == TableState.PENDING for tb in current_tables(t))  # not even table 1
    assert not LogEntry.objects.filter(tournament=t, action="slip_entered").exists()


def test_good_slips_become_final_logged_and_the_round_closes(django_capture_on_commit_callbacks):
    org, t = started(4, django_capture_on_commit_callbacks, auto_advance=False)
    one, two = current_tables(t)
    refused = pytest.raises(TournamentError)
    with refused as info:
        slips.enter(t, entry_player(t)[one.entries[0]], 1, [Slip(one.pk, {"wins": [2, 0]})])
    assert info.value.status == 403
    with refused as info:
        slips.enter(t, org, 1, [])
    assert info.value.status == 400 and "at least one table" in info.value.message
    with django_capture_on_commit_callbacks(execute=True):
        first = slips.enter(t, org, 1, [Slip(one.pk, {"wins": [2, 1], "draws": None})])
    assert not first.round_closed and [tb.pk for tb in first.tables] == [one.pk]
    one.refresh_from_db()
    assert (one.state, one.source, one.result["wins"]) == (TableState.FINAL, "organiser", [2, 1])
    assert one.result["winner"] == one.entries[0]
    with django_capture_on_commit_callbacks(execute=True):
        done = slips.enter(t, org, 1, [Slip(two.pk, {"wins": [1, 1], "draws": 1}, "judge read it")])
    assert done.round_closed
    assert Round.objects.get(tournament=t, number=1).state == "finished"
    logged = list(LogEntry.objects.filter(tournament=t, action="slip_entered").order_by("pk"))
    assert [(e.actor, e.reason, e.detail["table"], e.detail["round"]) for e in logged] == [
        (org, "from the slip", one.pk, 1),
        (org, "judge read it", two.pk, 1),
    ]
    assert logged[1].detail["result"] == {"wins": [1, 1], "draws": 1, "winner": None}
    # A table whose result is final is no slip any more: named, nothing saved.
    with pytest.raises(slips.SlipsError) as info:
        slips.enter(t, org, 1, [Slip(one.pk, {"wins": [0, 2]})])
    assert info.value.problems == ["table 1: its result is already final"]


def test_a_report_already_in_does_not_stop_the_organisers_slip(django_capture_on_commit_callbacks):
    org, t = started(4, django_capture_on_commit_callbacks, auto_advance=False)
    one, _ = current_tables(t)
    results.report(t, one.pk, entry_player(t)[one.entries[0]], {"wins": [2, 0]})
    assert [tb.pk for tb in slips.waiting_tables(Round.objects.get(tournament=t, number=1))] == [
        tb.pk for tb in current_tables(t)
    ]
    slips.enter(t, org, 1, [Slip(one.pk, {"wins": [2, 0]})])
    one.refresh_from_db()
    assert one.state == TableState.FINAL and one.source == "organiser"


def test_a_bracket_match_needs_a_winner(django_capture_on_commit_callbacks):
    org, t = started(4, django_capture_on_commit_callbacks, format="single_elimination")
    one, two = current_tables(t)
    with pytest.raises(slips.SlipsError) as info:
        slips.enter(t, org, 1, [Slip(one.pk, {"wins": [1, 1]}), Slip(two.pk, {"wins": [2, 0]})])
    assert info.value.problems == ["table 1: a bracket match needs a winner"]
    assert all(tb.state == TableState.PENDING for tb in current_tables(t))


def test_pods_take_each_players_placing(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(3)
    t = event(org, game=KHAN, format="pods", pod_sizes=[3], rounds=1)
    for p, khan in zip(players, ("high-llama", "morokanth", "bison-riders"), strict=True):
        registration.register(t, p, p, deck=khan)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    (pod,) = current_tables(t)
    for placings, problem in (
        ([0, None, 1], "give every player's placing"),
        ([1, 2, 1], "someone must place 1st"),
        ([0, 5, 1], "each placing is 1st to 3rd"),
    ):
        with pytest.raises(slips.SlipsError) as info:
            slips.enter(t, org, 1, [Slip(pod.pk, {"placings": placings})])
        assert info.value.problems == [f"table 1: {problem}"]
    with django_capture_on_commit_callbacks(execute=True):
        done = slips.enter(t, org, 1, [Slip(pod.pk, {"placings": [1, 0, 2]})])
    pod.refresh_from_db()
    assert pod.result == {"placings": [1, 0, 2]} and done.round_closed
