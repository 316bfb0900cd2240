"""The organiser's corrections on the table page: void, replay, pair the next round again — each
confirmed first (an unconfirmed post changes nothing), a reason required, the refusals in words
with their status, and the message after it saying what changed."""

from __future__ import annotations

import pytest

from tests.web.test_web_tournaments import event, organiser, people, report_all
from tournaments import lifecycle, results
from tournaments.models import LogEntry, Round, State, TableState
from tournaments.rounds import pair_next_round

pytestmark = pytest.mark.django_db


def finished(rounds: int = 2):
    org = organiser()
    t = event(org, people(4), rounds=rounds, auto_advance=False)
    t = lifecycle.start(t, org)
    for _ in range(rounds):
        for table in Round.objects.get(tournament=t, number=t.current_round).tables.all():
            results.correct(t, table.pk, org, {"wins": [2, 0]}, "from the slip")
        pair_next_round(t.pk)
        t.refresh_from_db()
    assert t.state == State.FINISHED
    return org, t


def test_a_void_is_confirmed_first_needs_a_reason_and_says_what_changed(client):
    org, t = finished()
    table = Round.objects.get(tournament=t, number=2).tables.order_by("number").first()
    url = f"/tournaments/{t.pk}/tables/{table.pk}/void/"
    client.force_login(org)
    first = client.post(url)  # from the table page's button: the confirmation, nothing done
    page = first.content.decode()
    assert first.status_code == 200 and 'data-testid="confirm"' in page
    assert f"Void the result of table {table.number} of round 2 (" in page
    assert "the winner may change" in page and 'name="confirm" value="yes"' in page
    table.refresh_from_db()
    assert table.state == TableState.FINAL
    blank = client.post(url, {"confirm": "yes", "reason": "  "})
    assert blank.status_code == 400 and "Give a reason" in blank.content.decode()
    table.refresh_from_db()
    assert (
        table.state == TableState.FINAL
        and not LogEntry.objects.filter(tournament=t, action="void_result").exists()
    )
    done = client.post(url, {"confirm": "yes", "reason": "wrong players"}, follow=True)
    assert done.status_code == 200
    table.refresh_from_db()
    assert table.state == TableState.VOID
    text = done.content.decode()
    assert f"Voided the result of table {table.number}, round 2" in text  # the message
    assert "This result is void: what now" in text and "Award it a result" in text
    again = client.post(url, {"confirm": "yes", "reason": "twice"})
    assert again.status_code == 409 and "no final result to void" in again.content.decode()


def test_only_the_organiser_corrects(client):
    org, t = finished()
    table = Round.objects.get(tournament=t, number=2).tables.first()
    someone = people(1, prefix="x")[0]
    client.force_login(someone)
    url = f"/tournaments/{t.pk}/tables/{table.pk}/void/"
    assert client.post(url, {"confirm": "yes", "reason": "mine now"}).status_code == 403
    assert (
        client.post(f"/tournaments/{t.pk}/rounds/2/repair/", {"confirm": "yes"}).status_code == 403
    )
    table.refresh_from_db()
    assert table.state == TableState.FINAL


def test_replay_and_pair_again_from_the_pages(client):
    org = organiser()
    t = event(org, people(8), rounds=3, auto_advance=False)
    t = lifecycle.start(t, org)
    report_all(t)
    pair_next_round(t.pk)
    t.refresh_from_db()
    assert t.current_round == 2
    client.force_login(org)
    voided = Round.objects.get(tournament=t, number=1).tables.order_by("number").first()
    client.post(
        f"/tournaments/{t.pk}/tables/{voided.pk}/void/", {"confirm": "yes", "reason": "swapped"}
    )
    page = client.get(f"/tournaments/{t.pk}/tables/{voided.pk}/").content.decode()
    assert "Pair the next round again" in page
    r = client.post(f"/tournaments/{t.pk}/rounds/2/repair/")
    assert r.status_code == 200 and "Pair round 2 again?" in r.content.decode()
    r = client.post(
        f"/tournaments/{t.pk}/rounds/2/repair/", {"confirm": "yes", "reason": "from the void"}
    )
    assert r.status_code == 302
    assert LogEntry.objects.filter(tournament=t, action="repair_round").count() == 1
    # a table of the running round is replayed from its page
    table = Round.objects.get(tournament=t, number=2).tables.order_by("number").first()
    results.correct(t, table.pk, org, {"wins": [2, 1]}, "from the slip")
    page = client.get(f"/tournaments/{t.pk}/tables/{table.pk}/").content.decode()
    assert "Replay the table" in page
    r = client.post(
        f"/tournaments/{t.pk}/tables/{table.pk}/replay/", {"confirm": "yes", "reason": "decks"}
    )
    assert r.status_code == 302
    table.refresh_from_db()
    assert table.state == TableState.PENDING and table.result is None
    old = Round.objects.get(tournament=t, number=1).tables.exclude(pk=voided.pk).first()
    r = client.post(
        f"/tournaments/{t.pk}/tables/{old.pk}/replay/", {"confirm": "yes", "reason": "late"}
    )
    assert r.status_code == 409 and "Only tables of the running round" in r.content.decode()
