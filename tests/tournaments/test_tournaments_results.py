"""Reported results, disputes, corrections, timeouts, no-shows, teammates, the audit log."""

from __future__ import annotations

from unittest import mock

import pytest
from tournaments_helpers import (
    Inbox,
    bots,
    current_tables,
    entry_player,
    event,
    organiser,
    people,
    report_round,
)

from tournaments import lifecycle, pairing, results
from tournaments.errors import TournamentError
from tournaments.models import Entry, LogEntry, State, Table, TableState
from tournaments.rounds import pair_next_round
from tournaments.summary import paper_event, standings_rows

pytestmark = pytest.mark.django_db


def refused(status, func, *args, **kwargs):
    with pytest.raises(TournamentError) as info:
        func(*args, **kwargs)
    assert info.value.status == status, info.value.message
    return info.value


@pytest.fixture
def running(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(4)
    t = event(org, players, rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    return org, players, t


def test_agreement_finalises_and_the_next_round_pairs_itself(
    running, django_capture_on_commit_callbacks
):
    org, players, t = running
    by_entry = entry_player(t)
    first, second = current_tables(t)
    a, b = (by_entry[e] for e in first.entries)
    with django_capture_on_commit_callbacks(execute=True):
        assert results.report(t, first.pk, a, {"wins": [2, 1], "draws": 0}).state == "reported"
        assert results.report(t, first.pk, b, {"wins": [2, 1], "draws": 0}).state == "final"
    t.refresh_from_db()
    assert t.current_round == 1  # the other table is still open
    inbox = Inbox()
    sent = inbox.sent
    with inbox.patch(), django_capture_on_commit_callbacks(execute=True):
        for e in second.entries:
            results.report(t, second.pk, by_entry[e], {"wins": [0, 2]})
    t.refresh_from_db()
    assert t.current_round == 2
    assert {x[1] for x in sent} == {
        "tournament.round_finished",
        "tournament.pairings",
        "tournament.attention",  # the organiser's "Needs you now": a report waiting
        "notification",  # the stored ones (players.inbox): a report to confirm, a pairing
    }
    assert {x[2]["kind"] for x in sent if x[1] == "notification"} == {"to_confirm", "paired"}
    assert {x[0] for x in sent if x[1] == "tournament.attention"} == {org.pk}
    # the organiser's stored "report waiting": one while it is unread (the first table's)
    assert org.notifications.filter(kind="report_waiting", read_at=None).count() == 1
    first.refresh_from_db()
    assert first.result == {"wins": [2, 1], "draws": 0, "winner": first.entries[0]}
    assert first.source == "reports"


def test_disagreement_opens_a_dispute_the_organiser_settles(
    running, django_capture_on_commit_callbacks
):
    org, players, t = running
    by_entry = entry_player(t)
    table = current_tables(t)[0]
    a, b = (by_entry[e] for e in table.entries)
    inbox = Inbox()
    sent = inbox.sent
    with inbox.patch(), django_capture_on_commit_callbacks(execute=True):
        results.report(t, table.pk, a, {"wins": [2, 0]})
        assert results.report(t, table.pk, b, {"wins": [0, 2]}).state == "disputed"
    assert (org.pk, "tournament.dispute") in {(x[0], x[1]) for x in sent}
    assert LogEntry.objects.filter(tournament=t, action="dispute_opened").exists()
    refused(403, results.correct, t, table.pk, a, {"wins": [2, 0]}, "I won")
    refused(400, results.correct, t, table.pk, org, {"wins": [2, 0]}, "  ")
    with django_capture_on_commit_callbacks(execute=True):
        fixed = results.correct(t, table.pk, org, {"wins": [2, 1]}, "judge call: game 3 to A")
    assert fixed.state == TableState.FINAL and fixed.source == "organiser"
    entry = LogEntry.objects.get(tournament=t, action="correct_result")
    assert entry.actor == org and entry.detail["before"]["state"] == "disputed"
    assert entry.detail["after"]["result"]["wins"] == [2, 1]


def test_bad_reports_change_nothing(running):
    org, players, t = running
    by_entry = entry_player(t)
    table, other = current_tables(t)
    outsider = by_entry[other.entries[0]]
    refused(403, results.report, t, table.pk, outsider, {"wins": [2, 0]})  # someone else's match
    player = by_entry[table.entries[0]]
    refused(400, results.report, t, table.pk, player, {"wins": [2]})
    refused(400, results.report, t, table.pk, player, {"wins": [2, 0], "draws": -1})
    refused(400, results.report, t, table.pk, player, {"placings": [0, 1]})
    refused(404, results.report, t, 99999, player, {"wins": [2, 0]})
    table.refresh_from_db()
    assert table.state == TableState.PENDING and not table.reports.exists()


def test_pairing_a_round_again_is_a_conflict(running, django_capture_on_commit_callbacks):
    org, players, t = running
    refused(409, pair_next_round, t.pk, by=org, expected=1)  # already paired
    refused(409, pair_next_round, t.pk, by=org, expected=2)  # round 1 still open
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t)
    refused(409, pair_next_round, t.pk, by=org, expected=2)  # paired by the automation
    assert Table.objects.filter(round__tournament=t, round__number=2).count() == 2
    table = current_tables(t)[0]
    first = entry_player(t)[table.entries[0]]
    with django_capture_on_commit_callbacks(execute=True):
        for e in table.entries:
            results.report(t, table.pk, entry_player(t)[e], {"wins": [1, 0]})
    refused(409, results.report, t, table.pk, first, {"wins": [0, 1]})  # already final


def test_manual_pairing_when_automation_is_off(django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, people(4), rounds=2, auto_advance=False)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
        report_round(t)
    t.refresh_from_db()
    assert t.current_round == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert pair_next_round(t.pk, by=org, expected=2).number == 2
    assert LogEntry.objects.filter(tournament=t, action="pair_round").count() == 1


def test_stuck_table_award_or_void(django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, people(4), rounds=2, match_timeout_minutes=30)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    stuck, void = current_tables(t)
    refused(409, results.timeout, t, stuck.pk, org, "award", "slow", stuck.entries[1])
    Table.objects.filter(round__tournament=t).update(
        created=stuck.created - __import__("datetime").timedelta(minutes=31)
    )
    refused(400, results.timeout, t, stuck.pk, org, "award", "slow", 424242)
    with django_capture_on_commit_callbacks(execute=True):
        awarded = results.timeout(t, stuck.pk, org, "award", "slow play", stuck.entries[1])
        voided = results.timeout(t, void.pk, org, "void", "both left")
    assert awarded.result["winner"] == stuck.entries[1] and awarded.result["wins"] == [0, 2]
    assert voided.state == TableState.VOID
    t.refresh_from_db()
    assert t.current_round == 2  # the round closed with a void table
    rows = {r["entry"]: r for r in standings_rows(t)}
    assert all(rows[e]["wins"] + rows[e]["losses"] + rows[e]["draws"] == 0 for e in void.entries)
    assert {e.action for e in LogEntry.objects.filter(tournament=t)} >= {
        "timeout_award",
        "timeout_void",
    }


def test_no_show_drops_the_player(running, django_capture_on_commit_callbacks):
    org, players, t = running
    table = current_tables(t)[0]
    with django_capture_on_commit_callbacks(execute=True):
        done = results.no_show(t, table.pk, org, table.entries[0], "not at the table")
    assert done.result["winner"] == table.entries[1] and done.source == "forfeit"
    gone = Entry.objects.get(pk=table.entries[0])
    assert gone.state == "dropped" and gone.dropped_after == 1


def test_bot_tables_take_no_reports(django_capture_on_commit_callbacks):
    org = organiser()
    field = bots(2, org)
    t = event(org, field, rounds=1, auto_advance=False)
    # The workers never run them.
    with (
        mock.patch("tournaments.scheduling.queue_matches"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        t = lifecycle.start(t, org)
    (table,) = current_tables(t)
    assert table.match_id is not None
    refused(409, results.report, t, table.pk, org, {"wins": [1, 0]}, table.entries[0])


def test_teammates_are_not_paired(django_capture_on_commit_callbacks):
    from tournaments import registration

    org = organiser()
    players = people(4)
    t = event(org, rounds=1)
    for p, team in zip(players, ["red", "red", "blue", "blue"], strict=True):
        registration.register(t, p, p, team=team)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    teams = {e.pk: e.team for e in t.entries.all()}
    for table in current_tables(t):
        assert teams[table.entries[0]] != teams[table.entries[1]], table.why


def test_platform_standings_equal_the_paper_command(running, django_capture_on_commit_callbacks):
    """The standings API and ``tournament_standings`` on the exported paper event agree."""
    org, players, t = running
    results_cycle = iter([{"wins": [2, 1], "draws": 0}, {"wins": [1, 1], "draws": 1}] * 10)
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            report_round(t, lambda table: next(results_cycle))
    t.refresh_from_db()
    assert t.state == State.FINISHED
    api = [
        (r["player"], r["match_points"], r["omw"], r["gwp"], r["ogw"]) for r in standings_rows(t)
    ]
    paper = [
        (r["player"], r["match_points"], r["omw"], r["gw"], r["ogw"])
        for r in pairing.paper_standings(paper_event(t))
    ]
    assert api == paper
    assert any(r["draws"] for r in standings_rows(t))


def test_log_is_append_only(running):
    org, players, t = running
    entry = LogEntry.objects.filter(tournament=t).first()
    assert entry.action in ("start", "create", "open_registration")
    entry.reason = "rewritten"
    with pytest.raises(ValueError):
        entry.save()
    with pytest.raises(ValueError):
        entry.delete()


def test_correcting_a_finished_event_changes_its_winner(django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, people(2), rounds=1)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t)  # the first-listed player wins 2-0
    t.refresh_from_db()
    (table,) = current_tables(t)
    assert t.state == State.FINISHED and t.winner_id == table.entries[0]
    with django_capture_on_commit_callbacks(execute=True):
        results.correct(t, table.pk, org, {"wins": [0, 2]}, "slips were swapped")
    t.refresh_from_db()
    assert t.winner_id == table.entries[1]
    assert LogEntry.objects.filter(tournament=t, action="winner_changed").count() == 1
