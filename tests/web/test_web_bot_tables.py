"""The pages of a person's tournament table against a bot: the organiser's "paper play allowed
for bot tables" setting on the event form, the table page linking to the seat to play, and (with
paper play) the person's own report that is final at once."""

from __future__ import annotations

import pytest

from matches.models import Match, MatchState
from players.models import Player
from tests.support.accounts import STRONG
from tests.web.conftest import make_bot
from tests.web.test_web_tournaments import form_data, organiser
from tournaments import lifecycle, registration
from tournaments.models import Round, TableState, Tournament

pytestmark = pytest.mark.django_db
KOW = "kingdom-of-warlords"


def _bot_table(client, paper: bool, capture):
    org = organiser()
    client.force_login(org)
    extra = {"paper_bot_tables": "on"} if paper else {}
    assert client.post("/tournaments/new/", form_data(top_cut="0", **extra)).status_code == 302
    t = Tournament.objects.get()
    assert t.paper_bot_tables is paper
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    bot = make_bot(KOW, "random", owner=org)
    lifecycle.open_registration(t, org)
    registration.register(t, alice, alice)
    registration.register(t, bot, org)
    with capture(execute=True):
        lifecycle.start(t, org)
    table = Round.objects.get(tournament=t, number=1).tables.get()
    client.force_login(alice)
    return t, table, alice


def test_the_event_form_offers_paper_play_for_bot_tables(client):
    client.force_login(organiser())
    page = client.get("/tournaments/new/").content.decode()
    assert "Paper play allowed for bot tables" in page and 'name="paper_bot_tables"' in page


def test_the_bot_table_page_links_to_the_seat_and_offers_no_report(
    client, django_capture_on_commit_callbacks
):
    t, table, _ = _bot_table(client, False, django_capture_on_commit_callbacks)
    page = client.get(f"/tournaments/{t.pk}/tables/{table.pk}/").content.decode()
    assert f'href="/matches/{table.match_id}/play/" data-testid="play-seat"' in page
    assert "Report the result" not in page


def test_with_paper_play_the_persons_report_is_final_on_the_page(
    client, django_capture_on_commit_callbacks
):
    t, table, alice = _bot_table(client, True, django_capture_on_commit_callbacks)
    page = client.get(f"/tournaments/{t.pk}/tables/{table.pk}/").content.decode()
    assert "Report the result" in page and "your report is final" in page
    mine = [e.pk for e in t.entries.filter(player=alice)][0]
    wins = ["1", "0"] if table.entries[0] == mine else ["0", "1"]
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/tournaments/{t.pk}/tables/{table.pk}/report/",
            {"report-wins_0": wins[0], "report-wins_1": wins[1], "report-draws": "0"},
            follow=True,
        )
    assert "Your report is final: your opponent is a bot." in answer.content.decode()
    table.refresh_from_db()
    assert table.state == TableState.FINAL and table.result["winner"] == mine
    assert Match.objects.get(pk=table.match_id).state == MatchState.ABORTED
