"""An event's printouts (pairings by table and by name, standings, match slips, decklists) and
CSV exports (entrants, pairings, standings), and who sees the decklists."""

from __future__ import annotations

import csv
import io
import re

import pytest

from engines.decks import get_deck_format
from tests.web.test_web_tournaments import event, organiser, people, report_all, text
from tournaments import lifecycle, rounds
from tournaments.errors import TournamentError
from tournaments.models import Decklists

pytestmark = pytest.mark.django_db
ARACKHAN = "arackhan-wars"


def running(n: int = 6):
    org = organiser()
    players = people(n)
    t = event(org, players, name="Friday Night")
    lifecycle.start(t, org)
    t.refresh_from_db()
    return t, org, players


def test_pairings_print_by_table_and_by_name(client):
    t, _, players = running(6)
    tables = list(t.round_set.get(number=1).tables.order_by("number"))
    by_table = text(client.get(f"/tournaments/{t.pk}/print/pairings/"))
    assert "Pairings by table, round 1" in by_table
    assert by_table.count('<tr><td class="num">') == len(tables) == 3
    by_name = client.get(f"/tournaments/{t.pk}/print/pairings-by-name/").content.decode()
    names = sorted(p.public_name for p in players)
    positions = [by_name.index(f"<tr><td>{n}</td>") for n in names]
    assert positions == sorted(positions)  # alphabetical, one row per player
    assert "web/print.css" in by_name


def test_slips_and_standings_print(client):
    t, org, _ = running(4)
    report_all(t)
    slips = text(client.get(f"/tournaments/{t.pk}/print/slips/"))
    assert slips.count('data-testid="slip"') == 2 and "Table 2" in slips
    standings = text(client.get(f"/tournaments/{t.pk}/print/standings/"))
    assert standings.count('data-testid="print-row"') == 4 and "100.0%" in standings
    # two 2–0 winners level on every tiebreaker share the first place
    assert len(re.findall(r'data-testid="print-row"><td>1st–2nd</td>', standings)) == 2
    assert client.get(f"/tournaments/{t.pk}/print/nothing/").status_code == 404
    assert client.get(f"/tournaments/{t.pk}/print/pairings/?round=9").status_code == 404


def test_csv_exports_name_their_file_and_hold_one_row_each(client):
    t, _, players = running(6)
    report_all(t)
    response = client.get(f"/tournaments/{t.pk}/export/pairings.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert (
        response["Content-Disposition"]
        == 'attachment; filename="friday-night-pairings-round-1.csv"'
    )
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:4] == ["Round", "Table", "Player 1", "Player 2"] and len(rows) == 4
    assert {rows[1][2], rows[1][3]} <= {p.public_name for p in players} and rows[1][5] == "2–0"
    standings = list(
        csv.DictReader(
            io.StringIO(client.get(f"/tournaments/{t.pk}/export/standings.csv").content.decode())
        )
    )
    assert (
        len(standings) == 6 and standings[0]["Place"] == "1st–3rd" and standings[0]["Points"] == "3"
    )
    assert standings[-1]["Points"] == "0" and standings[0]["Status"] == "Active"
    entrants = client.get(f"/tournaments/{t.pk}/export/entrants.csv")
    assert 'filename="friday-night-entrants.csv"' in entrants["Content-Disposition"]
    assert len(list(csv.reader(io.StringIO(entrants.content.decode())))) == 7
    assert client.get(f"/tournaments/{t.pk}/export/secrets.csv").status_code == 404


def test_a_draft_prints_nothing_to_others(client):
    org = organiser()
    t = event(org, open_=False)
    assert client.get(f"/tournaments/{t.pk}/print/pairings/").status_code == 404
    assert client.get(f"/tournaments/{t.pk}/export/entrants.csv").status_code == 404


# -- decklists -------------------------------------------------------------------------------
def deck_event(decklists: str, n: int = 4, **fields):
    org = organiser()
    players = people(n)
    starter = get_deck_format(ARACKHAN).starter_decks()[0]
    t = event(org, name="Deck Night", game=ARACKHAN, decklists=decklists, **fields)
    from tournaments import registration

    for p in players:
        registration.register(t, p, p, deck=starter.data)
    return t, org, players


@pytest.mark.parametrize("setting", [Decklists.PRIVATE, Decklists.AFTER])
def test_decklists_stay_hidden_from_others_until_the_setting_allows(client, setting):
    t, org, players = deck_event(setting)
    lifecycle.start(t, org)
    for who in (None, players[0]):  # anonymous, then another entrant
        if who is not None:
            client.force_login(who)
        page = text(client.get(f"/tournaments/{t.pk}/"))
        printed = text(client.get(f"/tournaments/{t.pk}/print/decklists/"))
        assert "Nihilist Penguin" not in page and "Nihilist Penguin" not in printed
        assert "not public" in printed
    client.force_login(org)
    assert "4 Nihilist Penguin" in text(client.get(f"/tournaments/{t.pk}/print/decklists/"))


def test_decklists_public_after_the_event_show_on_its_page_once_it_is_over(client):
    t, org, players = deck_event(Decklists.AFTER, n=2)
    t = lifecycle.update(t, org, rounds=1)
    lifecycle.start(t, org)
    report_all(t)
    rounds.pair_next_round(t.pk, by=org)
    t.refresh_from_db()
    assert t.state == "finished"
    page = text(client.get(f"/tournaments/{t.pk}/"))  # anonymous
    assert page.count('data-testid="decklist"') == 2 and "4 Nihilist Penguin" in page
    assert players[0].public_name in page
    assert 'id="you"' not in page and 'data-testid="results"' in page  # no registration box


def test_decklists_for_the_top_cut_need_a_top_cut():
    org = organiser()
    with pytest.raises(TournamentError) as exc:
        event(org, game=ARACKHAN, decklists=Decklists.TOP_CUT)
    assert exc.value.field == "decklists"


def test_decklists_for_the_top_cut_show_the_cuts_lists_only_once_it_is_paired(client):
    t, org, players = deck_event(Decklists.TOP_CUT, rounds=2, top_cut=2)
    lifecycle.start(t, org)
    report_all(t)
    assert 'data-testid="decklist"' not in text(client.get(f"/tournaments/{t.pk}/"))
    rounds.pair_next_round(t.pk, by=org)
    report_all(t)
    rounds.pair_next_round(t.pk, by=org)  # the top cut
    t.refresh_from_db()
    assert t.stage == "cut"
    cut = t.round_set.get(stage="cut").tables.get()
    in_cut = {e.player.public_name for e in t.entries.filter(pk__in=cut.entries)}
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert page.count('data-testid="decklist"') == 2
    for p in players:
        assert (f"<summary>{p.public_name}</summary>" in page) == (p.public_name in in_cut)
    printed = text(client.get(f"/tournaments/{t.pk}/print/decklists/"))
    assert printed.count('data-testid="decklist"') == 2 and "4 Nihilist Penguin" in printed


def test_the_api_sets_and_checks_the_decklists_setting():
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(organiser())
    base = {"name": "Deck Cup", "game": ARACKHAN}
    bad = api.post("/api/tournaments/", {**base, "decklists": "top_cut"}, format="json")
    assert bad.status_code == 400 and "decklists" in bad.json()["error"]["fields"]
    wrong = api.post("/api/tournaments/", {**base, "decklists": "everyone"}, format="json")
    assert wrong.status_code == 400 and "decklists" in wrong.json()["error"]["fields"]
    made = api.post(
        "/api/tournaments/", {**base, "decklists": "top_cut", "top_cut": 4}, format="json"
    )
    assert made.status_code == 201 and made.json()["decklists"] == "top_cut"


def test_a_pods_slip_asks_for_places(client):
    org = organiser()
    t = event(org, people(6), game="khan-of-khans", format="pods", pod_sizes=[3])
    lifecycle.start(t, org)
    slips = text(client.get(f"/tournaments/{t.pk}/print/slips/"))
    assert slips.count('data-testid="slip"') == 2 and slips.count("Place (1 = first)") == 2
    assert "Games drawn" not in slips
