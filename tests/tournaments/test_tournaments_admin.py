"""The Django admin shows an event's rows view only (issue 29, item 7): a POST that would change a
tournament's state or winner, or a table's result, is refused and changes nothing; the event,
its entries, tables and matches cannot be deleted there; each page names the site's page that
changes the row. The organiser's correction on the table's page changes the result and writes
the event's log: who, why, before and after."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from tournaments_helpers import (
    KOW,
    PASSWORD,
    bots,
    current_tables,
    event,
    organiser,
    people,
    report_round,
)

from matches.models import Match, MatchSeat
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from tournaments import lifecycle
from tournaments.models import Entry, LogEntry, Round, State, Table, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(django_capture_on_commit_callbacks):
    """A finished one-round event of two players: the first-listed player won 2-0."""
    org = organiser()
    t = event(org, people(2), rounds=1)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t)
    t.refresh_from_db()
    (table,) = current_tables(t)
    assert t.state == State.FINISHED and t.winner_id == table.entries[0]
    return org, t, table


def admin_client() -> Client:
    boss = Player.objects.create_user("boss", password=PASSWORD, role="admin")
    client = Client()
    client.force_login(boss)
    return client


def inputs(response) -> set[str]:
    """The names of the page's form inputs (``input``, ``select``, ``textarea``)."""
    html = response.content.decode()
    return set(re.findall(r'<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"', html))


def audit_line(response) -> str:
    match = re.search(r'data-testid="audit-line">(.*?)</p>', response.content.decode(), re.S)
    assert match, "the page has no line saying where the site changes the row"
    return match.group(1)


def test_the_admin_refuses_to_change_an_events_state_winner_or_a_tables_result(finished):
    org, t, table = finished
    client = admin_client()
    url = f"/admin/tournaments/tournament/{t.pk}/change/"
    page = client.get(url)
    assert page.status_code == 200
    assert {"state", "winner", "bracket", "name", "_save"}.isdisjoint(inputs(page))
    line = audit_line(page)
    assert "on its page on the site" in line and f'href="/tournaments/{t.pk}/"' in line
    (loser,) = [e for e in table.entries if e != t.winner_id]
    posted = {"name": "Renamed", "state": State.CANCELLED, "winner": str(loser), "game": KOW}
    assert client.post(url, posted).status_code == 403
    # the entries' inline cannot delete one either: the whole form is refused
    entry = Entry.objects.filter(tournament=t).first()
    delete_inline = {"entries-TOTAL_FORMS": "1", "entries-INITIAL_FORMS": "1"}
    delete_inline |= {"entries-0-id": str(entry.pk), "entries-0-DELETE": "on"}
    assert client.post(url, delete_inline).status_code == 403

    table_url = f"/admin/tournaments/table/{table.pk}/change/"
    page = client.get(table_url)
    assert page.status_code == 200
    assert {"result", "state", "source", "_save"}.isdisjoint(inputs(page))
    line = audit_line(page)
    assert line.startswith("Results are corrected on the event&#x27;s table page")
    assert f'href="/tournaments/{t.pk}/tables/{table.pk}/"' in line
    posted = {"result": '{"wins": [0, 2], "draws": 0}', "state": "final", "source": "organiser"}
    assert client.post(table_url, posted).status_code == 403

    before = table.result
    t.refresh_from_db()
    table.refresh_from_db()
    assert (t.name, t.state, t.winner_id) == ("Test event", State.FINISHED, before["winner"])
    assert table.result == before and table.source == "reports"
    assert Entry.objects.filter(tournament=t).count() == 2
    assert not LogEntry.objects.filter(tournament=t, action="correct_result").exists()
    assert client.get("/admin/tournaments/tournament/add/").status_code == 403


def test_events_entries_tables_and_matches_cannot_be_deleted_in_the_admin(finished):
    org, t, table = finished
    robots = bots(2, org)
    match = schedule_match(KOW, [SeatSpec(b, "random") for b in robots], enqueue=False)
    client = admin_client()
    rows = {
        "tournaments/tournament": t,
        "tournaments/entry": Entry.objects.filter(tournament=t).first(),
        "tournaments/round": Round.objects.get(tournament=t),
        "tournaments/table": table,
        "tournaments/logentry": LogEntry.objects.filter(tournament=t).first(),
        "matches/match": match,
    }
    for path, row in rows.items():
        delete = f"/admin/{path}/{row.pk}/delete/"
        assert client.get(delete).status_code == 403, path
        assert client.post(delete, {"post": "yes"}).status_code == 403, path
        listing = client.get(f"/admin/{path}/")
        assert listing.status_code == 200 and 'value="delete_selected"' not in listing.text, path
        # the list's bulk delete is no action of theirs: nothing happens
        client.post(
            f"/admin/{path}/",
            {"action": "delete_selected", "_selected_action": [row.pk], "post": "yes"},
        )
        assert type(row).objects.filter(pk=row.pk).exists(), path
    assert MatchSeat.objects.filter(match=match).count() == 2
    page = client.get(f"/admin/matches/match/{match.pk}/change/")
    assert page.status_code == 200 and {"state", "seats-0-rank"}.isdisjoint(inputs(page))
    assert f'href="/matches/{match.pk}/"' in audit_line(page)
    posted = {"state": "voided", "seats-TOTAL_FORMS": "2", "seats-INITIAL_FORMS": "2"}
    assert client.post(f"/admin/matches/match/{match.pk}/change/", posted).status_code == 403
    assert Match.objects.get(pk=match.pk).state == match.state
    assert Tournament.objects.filter(pk=t.pk).exists() and Table.objects.count() == 1


def test_the_organisers_correction_on_the_table_page_changes_the_result_with_a_log_entry(
    finished, client, django_capture_on_commit_callbacks
):
    org, t, table = finished
    client.force_login(org)
    form = {"correct-wins_0": "0", "correct-wins_1": "2", "correct-draws": "0"}
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(
            f"/tournaments/{t.pk}/tables/{table.pk}/correct/",
            form | {"correct-reason": "the slips were swapped"},
        )
    assert r.status_code == 302
    table.refresh_from_db()
    t.refresh_from_db()
    assert table.result["wins"] == [0, 2] and table.source == "organiser"
    assert t.winner_id == table.entries[1]  # the corrected result changed the winner too
    entry = LogEntry.objects.get(tournament=t, action="correct_result")
    assert entry.actor == org and entry.reason == "the slips were swapped"
    assert entry.detail["before"]["result"]["wins"] == [2, 0]
    assert entry.detail["after"]["result"]["wins"] == [0, 2]
    assert LogEntry.objects.filter(tournament=t, action="winner_changed", actor=org).count() == 1
    # ... and the admin shows the entry, view only
    page = admin_client().get(f"/admin/tournaments/logentry/{entry.pk}/change/")
    assert page.status_code == 200 and "the slips were swapped" in page.text
    assert {"reason", "detail", "_save"}.isdisjoint(inputs(page))
