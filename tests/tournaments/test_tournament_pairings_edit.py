"""The organiser changing the running round's pairings: swaps and tables set by hand, what is
refused (each refusal changes nothing), the audit log, the players told, platform matches."""

from __future__ import annotations

import pytest
from tournaments_helpers import (
    KHAN,
    Inbox,
    current_tables,
    entry_player,
    event,
    organiser,
    people,
    report_round,
)

from matches.models import Match, MatchState
from players.models import Notification
from tournaments import lifecycle, pairings_edit, results
from tournaments.errors import TournamentError
from tournaments.models import LogEntry, Table, TableState

pytestmark = pytest.mark.django_db
CLOCK = {"clock": {"initial": 600, "increment": 10}}


def refused(status, func, *args, **kwargs):
    with pytest.raises(TournamentError) as info:
        func(*args, **kwargs)
    assert info.value.status == status, info.value.message
    return info.value


def started(n: int, capture, **fields):
    org = organiser()
    players = people(n)
    fields.setdefault("rounds", 3)
    t = event(org, players, **fields)
    with capture(execute=True):
        t = lifecycle.start(t, org)
    return org, players, t


def snapshot(t):
    """Every table's players, flags, why and match: what a refusal must leave as it was."""
    return [
        (tb.pk, list(tb.entries), list(tb.flags), tb.why, tb.match_id, tb.state)
        for tb in Table.objects.filter(round__tournament=t).order_by("pk")
    ]


def no_change_logged(t) -> bool:
    return not LogEntry.objects.filter(
        tournament=t, action__in=["pairing_swapped", "pairing_edited"]
    ).exists()


def test_a_swap_seats_two_players_anew_logged_shown_and_told(django_capture_on_commit_callbacks):
    org, players, t = started(4, django_capture_on_commit_callbacks)
    first, second = current_tables(t)
    a, b = first.entries[0], second.entries[1]
    inbox = Inbox()
    with inbox.patch(), django_capture_on_commit_callbacks(execute=True):
        change = pairings_edit.swap(t, org, 1, a, b, "  judge call: seated at the wrong table ")
    assert change.before == {1: first.entries, 2: second.entries}
    first_after, second_after = current_tables(t)
    assert first_after.entries == [b, first.entries[1]]
    assert second_after.entries == [second.entries[0], a]
    for tb in (first_after, second_after):
        assert "edited" in tb.flags
        assert tb.why.endswith("; changed by the organiser: judge call: seated at the wrong table")
        assert tb.state == TableState.PENDING
    entry = LogEntry.objects.get(tournament=t, action="pairing_swapped")
    assert entry.actor == org and entry.reason == "judge call: seated at the wrong table"
    assert entry.detail["round"] == 1 and entry.detail["rematches"] == []
    assert entry.detail["tables"] == [
        {"table": first.pk, "number": 1, "before": first.entries, "after": first_after.entries},
        {"table": second.pk, "number": 2, "before": second.entries, "after": second_after.entries},
    ]
    told = [x for x in inbox.sent if x[1] == "tournament.pairings"]
    by_entry = entry_player(t)
    assert sorted(x[0] for x in told) == sorted(p.pk for p in players)
    assert all(x[2]["changed"] for x in told)
    mine = next(x[2] for x in told if x[0] == by_entry[b].pk)
    assert (mine["table"], mine["opponents"]) == (1, [by_entry[first.entries[1]].username])
    stored = Notification.objects.get(player=by_entry[b], kind="paired", text__contains="changed")
    assert "the organiser changed your table" in stored.text and "at table 1" in stored.text


def test_refused_swaps_change_nothing(django_capture_on_commit_callbacks):
    org, players, t = started(6, django_capture_on_commit_callbacks)
    one, two, three = current_tables(t)
    before = snapshot(t)
    err = refused(400, pairings_edit.swap, t, org, 1, one.entries[0], two.entries[0], "  ")
    assert err.field == "reason"
    refused(403, pairings_edit.swap, t, players[0], 1, one.entries[0], two.entries[0], "x")
    err = refused(400, pairings_edit.swap, t, org, 1, one.entries[0], one.entries[1], "x")
    assert "are at the same table (table 1)" in err.message
    refused(409, pairings_edit.swap, t, org, 2, one.entries[0], two.entries[0], "x")  # not paired
    err = refused(400, pairings_edit.swap, t, org, 1, one.entries[0], 987654, "x")
    assert err.field == "entry_b" and "not playing in round 1" in err.message
    # A report in, then a result in: those tables stay as they are.
    by_entry = entry_player(t)
    results.report(t, two.pk, by_entry[two.entries[0]], {"wins": [2, 0]})
    err = refused(409, pairings_edit.swap, t, org, 1, one.entries[0], two.entries[0], "x")
    assert err.message == (
        "Table 2: a report is in (correct its result instead). Its players stay as they are."
    )
    with django_capture_on_commit_callbacks(execute=True):
        results.correct(t, three.pk, org, {"wins": [2, 1]}, "slip")
    err = refused(409, pairings_edit.swap, t, org, 1, one.entries[0], three.entries[0], "x")
    assert "Table 3: its result is in." in err.message
    assert [s[:5] for s in snapshot(t)] == [s[:5] for s in before]
    assert no_change_logged(t)


def test_tables_set_by_hand_move_the_bye_and_keep_every_player_once(
    django_capture_on_commit_callbacks,
):
    org, players, t = started(5, django_capture_on_commit_callbacks)
    tables = current_tables(t)
    bye = next(tb for tb in tables if tb.bye)
    table = next(tb for tb in tables if not tb.bye)
    (sitting,) = bye.entries
    moved = table.entries[1]
    seats = {table.pk: [table.entries[0], sitting], bye.pk: [moved]}
    change = pairings_edit.set_tables(t, org, 1, seats, "the bye went to the wrong player")
    assert set(change.after) == {table.number, bye.number}
    bye.refresh_from_db()
    table.refresh_from_db()
    assert bye.entries == [moved] and bye.bye and bye.result == {"bye": True}
    assert table.entries == [table.entries[0], sitting] and "edited" in table.flags
    entry = LogEntry.objects.get(tournament=t, action="pairing_edited")
    assert {row["number"] for row in entry.detail["tables"]} == {table.number, bye.number}


def test_tables_set_by_hand_are_refused_when_a_player_would_sit_twice_or_a_size_change(
    django_capture_on_commit_callbacks,
):
    org, players, t = started(4, django_capture_on_commit_callbacks)
    one, two = current_tables(t)
    before = snapshot(t)
    names = {e.pk: e.player.public_name for e in t.entries.select_related("player")}
    a = one.entries[0]
    err = refused(400, pairings_edit.set_tables, t, org, 1, {two.pk: [a, two.entries[1]]}, "x")
    assert err.message == (
        f"Each player sits at one table: {names[a]} (tables 1 and 2) would sit twice."
    )
    err = refused(400, pairings_edit.set_tables, t, org, 1, {one.pk: [*one.entries, 9]}, "x")
    assert "Table 1 seats 2 players, not 3" in err.message
    err = refused(400, pairings_edit.set_tables, t, org, 1, {one.pk: list(one.entries)}, "x")
    assert "Nothing to change" in err.message
    err = refused(400, pairings_edit.set_tables, t, org, 1, {one.pk: [a, 424242]}, "x")
    assert "not in round 1" in err.message
    assert snapshot(t) == before and no_change_logged(t)


def test_pods_swap_between_pods_but_never_change_a_pods_size(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(6)
    t = event(org, game=KHAN, format="pods", pod_sizes=[3], rounds=2)
    from tournaments import registration

    for p, khan in zip(players, ["high-llama", "morokanth", "bison-riders"] * 2, strict=True):
        registration.register(t, p, p, deck=khan)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    one, two = current_tables(t)
    assert len(one.entries) == len(two.entries) == 3
    err = refused(
        400,
        pairings_edit.set_tables,
        t,
        org,
        1,
        {one.pk: [*one.entries, two.entries[0]], two.pk: two.entries[1:]},
        "x",
    )
    assert "Table 1 seats 3 players, not 4" in err.message
    a, b = one.entries[2], two.entries[0]
    pairings_edit.swap(t, org, 1, a, b, "wrong pod")
    one_after, two_after = current_tables(t)
    assert one_after.entries == [*one.entries[:2], b]
    assert two_after.entries == [a, *two.entries[1:]]


def test_a_swap_may_make_a_rematch_and_the_plan_names_it(django_capture_on_commit_callbacks):
    org, players, t = started(4, django_capture_on_commit_callbacks, auto_advance=True)
    round_1 = {frozenset(tb.entries) for tb in current_tables(t)}
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t)
    one, two = current_tables(t)
    assert t.current_round == 2
    # Of the two swaps of table 1's first player, one seats both round-1 pairs again.
    a = one.entries[0]
    plans = {b: pairings_edit.plan_swap(t, 2, a, b) for b in two.entries}
    again = {
        b: {frozenset(players) for players in plan.after.values()} == round_1
        for b, plan in plans.items()
    }
    assert sorted(again.values()) == [False, True]
    for b, plan in plans.items():
        expected = tuple(sorted((*sorted(pair), 1) for pair in round_1)) if again[b] else ()
        assert plan.rematches == expected
    assert not LogEntry.objects.filter(action="pairing_swapped").exists()  # plans write nothing
    b = next(b for b, rematch in again.items() if rematch)
    done = pairings_edit.swap(t, org, 2, a, b, "table numbers mixed up")  # allowed
    entry = LogEntry.objects.get(tournament=t, action="pairing_swapped")
    assert entry.detail["rematches"] == [list(r) for r in done.rematches] and done.rematches


def test_bracket_rounds_and_round_robins_keep_their_pairings(django_capture_on_commit_callbacks):
    org, _, single = started(4, django_capture_on_commit_callbacks, format="single_elimination")
    one, two = current_tables(single)
    err = refused(409, pairings_edit.swap, single, org, 1, one.entries[0], two.entries[0], "x")
    assert "bracket round" in err.message and "by seed" in err.message
    org2 = organiser("org2")
    robin = event(org2, people(4, prefix="r"), format="round_robin")
    with django_capture_on_commit_callbacks(execute=True):
        robin = lifecycle.start(robin, org2)
    one, two = current_tables(robin)
    err = refused(409, pairings_edit.swap, robin, org2, 1, one.entries[0], two.entries[0], "x")
    assert "fixed schedule" in err.message
    assert no_change_logged(single) and no_change_logged(robin)


def test_a_platform_match_without_moves_is_set_up_again_one_with_moves_stays(
    django_capture_on_commit_callbacks,
):
    org, players, t = started(4, django_capture_on_commit_callbacks, options=CLOCK)
    one, two = current_tables(t)
    assert one.match_id and two.match_id  # a turn clock: people play on the platform
    old = (one.match_id, two.match_id)
    with django_capture_on_commit_callbacks(execute=True):
        pairings_edit.swap(t, org, 1, one.entries[0], two.entries[0], "judge call")
    one, two = current_tables(t)
    assert {Match.objects.get(pk=m).state for m in old} == {MatchState.ABORTED}
    assert one.match_id not in old and two.match_id not in old
    seated = list(Match.objects.get(pk=one.match_id).seats.order_by("seat"))
    by_entry = entry_player(t)
    assert [s.player_id for s in seated] == [by_entry[e].pk for e in one.entries]
    entry = LogEntry.objects.get(tournament=t, action="pairing_swapped")
    assert sorted(entry.detail["aborted"]) == sorted(old)
    # Someone moved at table 1: its players stay.
    Match.objects.filter(pk=one.match_id).update(actions=[{"kind": "pass"}])
    before = snapshot(t)
    err = refused(409, pairings_edit.swap, t, org, 1, one.entries[0], two.entries[0], "again")
    assert "played on the platform (its match has moves)" in err.message
    assert snapshot(t) == before
    assert Match.objects.get(pk=two.match_id).state != MatchState.ABORTED
