"""A tournament night in chromium (issue #18's first Done-when flow): the
organiser creates a Swiss event starting at 19:00 in Tokyo, adds 12 entrants in one submit (3 of
them guests), opens check-in, starts with 2 no-shows dropped, runs three rounds on the round timer
with a late entry (the organiser enters the results: on the tables' pages, by confirming a single
report from the attention list, and after calling time, confirmed on its page), prints round 3's pairings (a PDF by
headless chromium with one row per table), and exports the final standings as CSV; the event page
fits 390 px."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from players.models import Player
from tests.support.accounts import STRONG
from tests.web.board_play import page_fits
from tests.web.test_web_browser import log_in
from tests.web.test_web_browser_printouts import pdf_lines
from tournaments import registration, results
from tournaments.models import Entry, EntryState, Round, State, TableState, Tournament
from tournaments.outcome import placing_rows

pytestmark = [pytest.mark.browser, pytest.mark.services]
KOW = "kingdom-of-warlords"
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
TABLE_ROW = re.compile(r"^\s*(\d+)\s+\D")  # a printed row: the table's number, then its players


def player(username: str, name: str, role: str = "player") -> Player:
    return Player.objects.create_user(
        username, f"{username}@example.org", STRONG, display_name=name, role=role
    )


def open_tables(t: Tournament) -> list:
    rnd = Round.objects.get(tournament=t, number=t.current_round)
    return list(
        rnd.tables.exclude(state__in=[TableState.FINAL, TableState.VOID]).order_by("number")
    )


def save(page, name: str, width: int = 1280) -> None:
    """docs/screenshots/NAME.png, the whole page at ``width`` px (then back to 1280)."""
    page.set_viewport_size({"width": width, "height": 900})
    DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS_SCREENSHOTS / f"{name}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def enter_result(page, base: str, t: Tournament, table_id: int) -> None:
    """The organiser sets a table's result on its page: the first player wins 2-1."""
    page.goto(f"{base}/tournaments/{t.pk}/tables/{table_id}/")
    page.locator("#id_correct-wins_0").fill("2")
    page.locator("#id_correct-wins_1").fill("1")
    page.locator("#id_correct-reason").fill("result slip")
    page.get_by_role("button", name="Save the result").click()
    expect(page.get_by_text("Result set by the organiser.")).to_be_visible()


@pytest.mark.slow
def test_an_organisers_night_from_doors_open_to_the_last_standings(page, live_server):
    base = live_server.url
    player("boss", "Boss", role="organiser")
    names = [f"Player {c}" for c in "ABCDEFGHI"]
    accounts = [player(f"pl{i}", name) for i, name in enumerate(names)]
    late = player("latecomer", "Late Lou")

    log_in(page, base, "boss")
    page.goto(f"{base}/tournaments/new/")
    page.get_by_label("Name:", exact=True).fill("Tokyo Friday")
    page.get_by_label("Game:", exact=True).select_option(KOW)
    page.get_by_label("Format:", exact=True).select_option("swiss")
    page.get_by_label("Number of rounds").fill("3")
    page.get_by_label("Check in required").check()
    page.get_by_label("Late entry until round").fill("3")
    page.get_by_label("Pair the next round automatically").uncheck()
    page.get_by_label("Starts at (in the event's time zone)").fill("2026-12-04T19:00")
    page.get_by_label("Event's time zone:", exact=True).select_option("Asia/Tokyo")
    page.get_by_label("Round timer (minutes)").fill("50")
    page.get_by_role("button", name="Create").click()
    starts = page.get_by_test_id("starts-at")
    expect(starts).to_contain_text("Fri 4 Dec 2026, 10:00 (UTC)")  # the browser's zone
    expect(starts).to_contain_text("Fri 4 Dec 2026, 19:00 (Asia/Tokyo) at the event")
    t = Tournament.objects.get(name="Tokyo Friday")

    page.get_by_role("button", name="Open registration").click()
    page.get_by_text("Add entrants in bulk (players and guests)").click()
    page.get_by_label("Players with an account (one a line)").fill(
        "\n".join(a.username for a in accounts[:8]) + "\nPlayer I"  # a name works too
    )
    page.get_by_label("Guests without an account (one name a line)").fill("Gus\nGwen\nGil")
    page.get_by_role("button", name="Add the entrants").click()
    expect(page.get_by_text("12 entrant(s) added.")).to_be_visible()
    expect(page.get_by_test_id("entrant")).to_have_count(12)
    page.get_by_text("Add entrants in bulk (players and guests)").click()
    page.get_by_label("Players with an account (one a line)").fill("pl0\nnobody\nlatecomer")
    page.get_by_label("Guests without an account (one name a line)").fill("Gus")
    page.get_by_role("button", name="Add the entrants").click()  # each bad line named
    expect(page.get_by_text("players line 1: Player A is already entered")).to_be_visible()
    expect(
        page.get_by_text("guests line 1: a guest called 'Gus' is already entered")
    ).to_be_visible()
    expect(page.get_by_test_id("entrant")).to_have_count(12)  # nothing half-saved
    expect(page.locator("[data-testid=entrant] .badge", has_text="guest")).to_have_count(3)

    page.get_by_role("button", name="Open check-in").click()
    for a in accounts[:8]:  # eight players check themselves in; Player I does not come
        registration.check_in(t, Entry.objects.get(tournament=t, player=a), a)
    page.reload()
    late_list = page.get_by_test_id("attention-item")
    expect(late_list).to_have_count(4)  # Player I and the three guests
    for guest in ("Gus", "Gwen"):  # the organiser checks two guests in, one click each
        page.get_by_test_id("attention-item").filter(has_text=guest).get_by_role(
            "button", name="Check in"
        ).click()
        expect(page.get_by_text(f"{guest} is checked in.")).to_be_visible()
    page.get_by_role("button", name="Start and pair round 1").click()
    expect(page.get_by_text("round 1 is paired")).to_be_visible()
    save(page, "night-round-running", 390)  # the tables as cards, the clock named
    t.refresh_from_db()
    assert t.state == State.RUNNING
    assert t.entries.filter(state=EntryState.WITHDRAWN, reason="did not check in").count() == 2
    no_shows = page.get_by_test_id("attention-item").filter(has_text="not checking in")
    expect(no_shows).to_have_count(2)
    clock = page.get_by_test_id("round-clock")
    expect(clock).to_contain_text("The round ends at")
    expect(clock.locator("[data-clock-text]")).to_contain_text(" left")

    # Round 1: results from the tables' pages; one table gets 5 more minutes first.
    tables = open_tables(t)
    assert len(tables) == 5
    page.goto(f"{base}/tournaments/{t.pk}/tables/{tables[0].pk}/")
    page.get_by_label("Extend by (minutes)").fill("5")
    page.get_by_role("button", name="Extend").click()
    expect(page.get_by_text("Table 1 has 5 extra minutes.")).to_be_visible()
    expect(page.get_by_role("heading", name="Round 1, table 1")).to_be_visible()  # stays there
    page.get_by_label("Extend by (minutes)").fill("90")
    page.get_by_role("button", name="Extend").click()
    expect(page.locator("#extend-error")).to_have_text("An extension is 1 to 60 minutes.")
    save(page, "night-table-extension", 390)
    for table in tables:
        enter_result(page, base, t, table.pk)

    # A late entry before round 2: paired from round 2, round 1 counted as a loss.
    page.goto(f"{base}/tournaments/{t.pk}/")
    page.get_by_text("Add entrants in bulk (players and guests)").click()
    page.get_by_label("Players with an account (one a line)").fill("latecomer")
    page.get_by_role("button", name="Add the entrants").click()
    expect(page.get_by_text("1 entrant(s) added.")).to_be_visible()
    assert Entry.objects.get(tournament=t, player=late).joined_round == 2
    page.get_by_role("button", name="Pair round 2").click()
    expect(page.get_by_text("Round 2 is paired.")).to_be_visible()

    # Round 2: one player of each table reports; the organiser confirms each from the list.
    t.refresh_from_db()
    who = {e.pk: e.player for e in t.entries.select_related("player")}
    tables = [tb for tb in open_tables(t) if not tb.bye]
    assert len(tables) == 5  # 11 players: a bye
    late_entry = Entry.objects.get(tournament=t, player=late)
    round_2 = Round.objects.get(tournament=t, number=2).tables.all()
    assert any(late_entry.pk in tb.entries for tb in round_2)  # paired from its first round
    for table in tables:
        first = who[table.entries[0]]
        if first.is_active:
            results.report(t, table.pk, first, {"wins": [2, 0], "draws": 0})
        else:  # a guest cannot sign in: the other player reports
            results.report(t, table.pk, who[table.entries[1]], {"wins": [2, 0], "draws": 0})
    page.reload()
    confirm = page.get_by_role("button", name="Confirm the report")
    expect(confirm).to_have_count(5)
    for _ in range(5):
        confirm.first.click()
        expect(page.get_by_text("report is the result")).to_be_visible()
    expect(confirm).to_have_count(0)
    page.get_by_role("button", name="Pair round 3").click()
    expect(page.get_by_text("Round 3 is paired.")).to_be_visible()

    # The pairings go to the printer: a PDF by headless chromium, one row per table.
    page.get_by_role("navigation", name="Print and export").get_by_role(
        "link", name="pairings by table"
    ).click()
    expect(page.get_by_role("heading", name="Pairings by table, round 3")).to_be_visible()
    round_3 = list(Round.objects.get(tournament=t, number=3).tables.order_by("number"))
    printed = [line for sheet in pdf_lines(page.pdf(format="A4")) for line in sheet]
    numbered = [int(m.group(1)) for m in map(TABLE_ROW.match, printed) if m]
    assert numbered == [tb.number for tb in round_3]
    assert sum(" v " in line for line in printed) == sum(not tb.bye for tb in round_3)
    page.goto(f"{base}/tournaments/{t.pk}/")

    # Round 3: time is called; the unfinished tables come up for the organiser to decide.
    page.get_by_role("button", name="Call time on round 3").click()  # the event page's button
    expect(page.get_by_role("heading", name="Call time on round 3?")).to_be_visible()
    expect(
        page.get_by_text("5 unfinished tables: tables 1, 2, 3, 4 and 5 are left to you.")
    ).to_be_visible()
    page.get_by_role("button", name="Call time on round 3").click()  # the confirmation's
    expect(page.get_by_text("Time is called: 5 unfinished tables.")).to_be_visible()
    overdue = page.locator("[data-testid=attention-item][data-kind=overdue]")
    expect(overdue).to_have_count(5)
    save(page, "night-time-called")
    t.refresh_from_db()
    for table in open_tables(t):
        enter_result(page, base, t, table.pk)
    page.goto(f"{base}/tournaments/{t.pk}/")
    page.get_by_role("button", name="Finish the event").click()  # no round 4: it finishes
    expect(page.get_by_text("The event is finished.")).to_be_visible()

    t.refresh_from_db()
    assert t.state == State.FINISHED
    first = [r["entry"] for r in placing_rows(t) if r["place"] == 1]
    assert t.winner_id == (first[0] if len(first) == 1 else None)  # none for a shared 1st
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(11)  # ten who started and the late entry; no-shows are out
    expect(rows.first.locator("td").nth(1)).to_contain_text(t.winner.player.public_name)
    lou = rows.filter(has=page.locator("td:nth-child(2)", has_text="Late Lou"))
    expect(lou).to_have_count(1)
    record = [int(n) for n in lou.locator("td").nth(3).inner_text().split()[0].split("–")]
    assert sum(record) == 3 and record[1] >= 1  # round 1 missed: a loss, then two played

    # The final standings, exported: the same order as the page, named as on the page.
    page.goto(f"{base}/tournaments/{t.pk}/print/standings/")
    with page.expect_download() as download_info:
        page.get_by_role("link", name="standings").last.click()
    exported = list(
        csv.DictReader(io.StringIO(Path(download_info.value.path()).read_text(encoding="utf-8")))
    )
    assert len(exported) == 11 and exported[0]["Name"] == t.winner.player.public_name
    assert "Late Lou" in {row["Name"] for row in exported}

    page.goto(f"{base}/tournaments/{t.pk}/")
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(page.get_by_role("heading", name="Tokyo Friday")).to_be_visible()
    assert page_fits(page)
