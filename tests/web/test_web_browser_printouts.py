"""The organiser's night in chromium: the create form shows the chosen format's settings only;
printing a round: from the event page to the pairings printout, a PDF made by
headless chromium (print stylesheet: no site header, one row per table, the next group of
tables on a new sheet), the pairings by name, and the standings exported as a CSV download."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.web.board_play import page_fits
from tests.web.test_web_browser_play import log_in
from tests.web.test_web_tournaments import event, organiser, people, report_all
from tournaments import lifecycle
from tournaments.models import Round

BY_NAME = re.compile(r"^player\d+ \d+ player\d+$")
ROW = re.compile(r"^\s*(\d+)\s+(.+?) v (.+?)\s*(2–0)?\s*$")


def pdf_lines(pdf: bytes) -> list[list[str]]:
    return [(p.extract_text() or "").splitlines() for p in PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.browser
def test_print_the_pairings_as_pdf_and_export_the_standings(page, live_server):
    org = organiser()
    players = people(36, prefix="player")  # 18 tables: two printed sheets of 16 and 2
    t = event(org, players, name="Store Night")
    lifecycle.start(t, org)
    tables = list(Round.objects.get(tournament=t, number=1).tables.order_by("number"))
    names = {p.pk: p.public_name for p in players}
    by_entry = {e.pk: names[e.player_id] for e in t.entries.all()}

    # The create form shows only the chosen format's fieldsets (its static script).
    log_in(page, live_server.url, org)
    page.goto(f"{live_server.url}/tournaments/new/")
    expect(page.locator("#settings-top-cut")).to_be_visible()
    expect(page.locator("#settings-pods")).to_be_hidden()
    page.select_option("#id_format", "pods")
    expect(page.locator("#settings-pods")).to_be_visible()
    expect(page.locator("#settings-top-cut")).to_be_hidden()
    expect(page.locator("#settings-teams")).to_be_hidden()

    page.goto(f"{live_server.url}/tournaments/{t.pk}/")
    page.get_by_role("navigation", name="Print and export").get_by_role(
        "link", name="pairings by table"
    ).click()
    expect(page.get_by_role("heading", name="Pairings by table, round 1")).to_be_visible()
    assert page_fits(page)
    pdf = page.pdf(format="A4")
    sheets = pdf_lines(pdf)
    assert len(sheets) == 2  # one printed page per group of 16 tables
    rows = [m.groups() for lines in sheets for m in map(ROW.match, lines) if m]
    assert [int(r[0]) for r in rows] == [tb.number for tb in tables]  # one row per table
    for (number, first, second, _), tb in zip(rows, tables, strict=True):
        assert (first, second) == (by_entry[tb.entries[0]], by_entry[tb.entries[1]]), number
    text = "\n".join(line for lines in sheets for line in lines)
    assert "Store Night" in text and "Log out" not in text  # the site's header is not printed

    page.get_by_role("link", name="Pairings by name").click()
    # The PDF is of the page the link opened, once it is there (not of the one it left).
    expect(page.get_by_role("heading", name="Pairings by name, round 1")).to_be_visible()
    by_name = pdf_lines(page.pdf(format="A4"))
    rows_by_name = [line for lines in by_name for line in lines if BY_NAME.match(line)]
    assert len(rows_by_name) == 36  # one row per player, alphabetically
    assert rows_by_name == sorted(rows_by_name, key=lambda line: line.split()[0])

    report_all(t)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/tournaments/{t.pk}/print/standings/")
    assert page_fits(page)
    with page.expect_download() as download_info:
        page.get_by_role("link", name="standings").last.click()
    download = download_info.value
    assert download.suggested_filename == "store-night-standings.csv"
    rows = list(csv.DictReader(io.StringIO(Path(download.path()).read_text(encoding="utf-8"))))
    assert len(rows) == 36 and rows[0]["Points"] == "3" and rows[-1]["Points"] == "0"
    assert {r["Name"] for r in rows} == set(names.values())
