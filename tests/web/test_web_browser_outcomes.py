"""An event's outcome in chromium, as the organiser and the players see it.

1. A Swiss of 8 with a top 4, every round entered by the organiser from the result slips, to its
   end: the placings (champion 1st, finalist 2nd, the semi-finalists 3rd and 4th by their Swiss
   standing, then the others in Swiss order) on the event page, in the standings printout's PDF
   and in the standings CSV, and a player's own "You finished 2nd".
2. A round-2 result of a finished Swiss voided from its table page (the confirmation first): the
   winner, the standings and the audit log (who, the reason, the result before, what moved)
   agree on the page.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from players.models import Player
from tests.support.accounts import STRONG
from tests.web.board_play import page_fits
from tests.web.test_web_browser_play import log_in
from tests.web.test_web_tournaments import event, organiser
from tournaments import lifecycle, outcome, results
from tournaments.models import Round, State, Tournament
from tournaments.rounds import pair_next_round

pytestmark = pytest.mark.browser

NAMES = [
    "Ana Lima",
    "Bruno Costa",
    "Chiara Ferraro",
    "Dmitri Volkov",
    "Eun-ji Park",
    "Farid Haddad",
    "Greta Olsen",
    "Hugo Martin",
]


def players(names=NAMES) -> list[Player]:
    return [
        Player.objects.create_user(f"pl{i}", f"pl{i}@example.org", STRONG, display_name=name)
        for i, name in enumerate(names)
    ]


def enter_round_from_the_slips(page, base: str, t: Tournament, number: int) -> str:
    """The organiser enters every table of round ``number`` from the results grid: the first
    player of each table wins 2–0 (2–1 on odd tables). Returns the grid's heading."""
    page.goto(f"{base}/tournaments/{t.pk}/rounds/{number}/results/")
    heading = page.get_by_role("heading", level=1).inner_text()
    for slip in page.get_by_test_id("slip").all():
        games = slip.locator("input[type=number]")
        games.nth(0).fill("2")
        games.nth(1).fill(str(int(slip.get_attribute("data-table")) % 2))
    page.get_by_role("button", name="Enter the results").click()
    expect(page.get_by_test_id("round-state")).to_contain_text("is complete")
    return heading


def pdf_text(pdf: bytes) -> str:
    return "\n".join((p.extract_text() or "") for p in PdfReader(io.BytesIO(pdf)).pages)


def test_a_swiss_with_a_top_4_to_its_placings_on_the_page_the_printout_and_the_csv(
    page, live_server
):
    base = live_server.url
    org = organiser()
    field = players()
    # The organiser pairs each round with the event page's button (in this test's server the
    # automatic pairing, queued once a request's transaction commits, would not run).
    t = event(org, field, name="Winter Open", rounds=3, top_cut=4, auto_advance=False)
    lifecycle.start(t, org)
    log_in(page, base, org)
    headings = []
    buttons = [  # what the organiser's button does next, in words
        "Pair round 2",
        "Pair round 3",
        "Pair the top 4",
        "Pair the next bracket round",
        "Finish the event",
    ]
    for number, button in enumerate(buttons, 1):  # three Swiss rounds, the semi-finals, the final
        headings.append(enter_round_from_the_slips(page, base, t, number))
        page.goto(f"{base}/tournaments/{t.pk}/")
        page.get_by_role("button", name=button).click()
        expect(page.get_by_role("heading", name="Organiser")).to_be_visible()
    t.refresh_from_db()
    assert t.state == State.FINISHED
    assert headings[3:] == ["Result slips: Semi-finals", "Result slips: Final"]

    final = Round.objects.get(tournament=t, number=5).tables.get()
    champion, finalist = final.entries  # the first-listed player won every table
    rows = outcome.placing_rows(t)
    names = {r["entry"]: r["name"] for r in rows}
    expected = [(r["label"], r["name"]) for r in rows]
    assert [label for label, _ in expected] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "5th",
        "6th",
        "7th",
        "8th",
    ]
    assert expected[0][1] == names[champion] and expected[1][1] == names[finalist]

    # The event page: the results box and the final standings, in the placings' order.
    page.goto(f"{base}/tournaments/{t.pk}/")
    expect(page.get_by_test_id("results")).to_contain_text(f"Champion: {names[champion]}")
    standings = page.get_by_test_id("standings-table").locator("tbody tr")
    expect(standings).to_have_count(8)
    for i, (label, name) in enumerate(expected):
        expect(standings.nth(i).get_by_test_id("place")).to_have_text(label)
        expect(standings.nth(i)).to_contain_text(name)
    expect(standings.nth(1)).to_contain_text("lost the final")
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    expect(page.get_by_role("navigation", name="Rounds")).to_contain_text("Semi-finals")

    # The standings printout as a PDF: the same order, each name after its place.
    page.get_by_role("navigation", name="Print and export").get_by_role(
        "link", name="standings"
    ).first.click()
    expect(page.get_by_test_id("print-standings")).to_be_visible()
    text = pdf_text(page.pdf(format="A4"))
    at = [text.index(f"{label} {name}") for label, name in expected]
    assert at == sorted(at), text

    # The CSV.
    with page.expect_download() as download_info:
        page.get_by_role("link", name="standings").last.click()
    download = download_info.value
    assert download.suggested_filename == "winter-open-standings.csv"
    csv_rows = list(csv.DictReader(io.StringIO(Path(download.path()).read_text("utf-8"))))
    assert [(r["Place"], r["Name"]) for r in csv_rows] == expected
    assert csv_rows[1]["How"] == "lost the final"

    # The finalist's own line, on a phone.
    finalist_account = t.entries.get(pk=finalist).player
    page.context.clear_cookies()
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, base, finalist_account)
    page.goto(f"{base}/tournaments/{t.pk}/")
    expect(page.get_by_test_id("you-finished")).to_contain_text("You finished 2nd")
    assert page_fits(page)
    page.goto(f"{base}/players/{finalist_account.username}/")
    expect(page.get_by_test_id("player-event").first).to_contain_text("2nd of 8")


def test_voiding_a_round_2_result_of_a_finished_event(page, live_server):
    base = live_server.url
    org = organiser()
    field = players(NAMES[:4])
    t = event(org, field, name="Thursday Swiss", rounds=2, auto_advance=False)
    t = lifecycle.start(t, org)
    for number in (1, 2):  # the first-listed player of every table wins
        for table in Round.objects.get(tournament=t, number=number).tables.all():
            results.correct(t, table.pk, org, {"wins": [2, 0]}, "from the slip")
        pair_next_round(t.pk)
        t.refresh_from_db()
    assert t.state == State.FINISHED
    winner = t.winner_id
    names = {e.pk: e.player.public_name for e in t.entries.select_related("player")}
    decider = next(
        tb for tb in Round.objects.get(tournament=t, number=2).tables.all() if winner in tb.entries
    )
    loser = next(e for e in decider.entries if e != winner)

    log_in(page, base, org)
    page.goto(f"{base}/tournaments/{t.pk}/tables/{decider.pk}/")
    page.get_by_role("button", name="Void the result").click()
    confirm = page.get_by_test_id("confirm")
    expect(confirm).to_contain_text(f"Void the result of table {decider.number} of round 2 (")
    expect(confirm).to_contain_text("the winner may change")
    page.get_by_label("Why void it").fill("the slip was signed by the wrong players")
    page.get_by_role("button", name="Void the result").click()
    expect(page.get_by_role("status")).to_contain_text("Voided the result of table")
    # the table page says it to anyone, with who, why and when
    expect(page.get_by_test_id("voided")).to_contain_text(
        "the slip was signed by the wrong players"
    )
    expect(page.get_by_test_id("corrections")).to_contain_text("This result is void: what now")

    t.refresh_from_db()
    new_winner = t.winner_id
    assert new_winner not in (None, winner)
    page.goto(f"{base}/tournaments/{t.pk}/")
    expect(page.get_by_test_id("results")).to_contain_text(f"Winner: {names[new_winner]}")
    first = page.get_by_test_id("standings-table").locator("tbody tr").first
    expect(first.get_by_test_id("place")).to_have_text("1st")
    expect(first).to_contain_text(names[new_winner])
    page.get_by_text("Audit log").click()
    log = page.get_by_test_id("audit-log")
    line = log.get_by_test_id("log-line").filter(has_text="Voided the result")
    expect(line).to_contain_text(org.public_name)
    expect(line).to_contain_text("the slip was signed by the wrong players")
    expect(line).to_contain_text(
        f"(it was {names[decider.entries[0]]} 2–0 {names[decider.entries[1]]})"
    )
    expect(line).to_contain_text(f"winner now {names[new_winner]} (was {names[winner]})")
    expect(log.get_by_test_id("log-line").filter(has_text="The winner is now")).to_contain_text(
        names[new_winner]
    )
    assert loser in decider.entries
    page.set_viewport_size({"width": 390, "height": 844})
    assert page_fits(page)
