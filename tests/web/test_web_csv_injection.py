"""Every CSV export (entrants, pairings, standings: Swiss and elimination) neutralises a cell a
spreadsheet would run as a formula (OWASP: a leading ``=``, ``+``, ``-``, ``@``, tab or carriage
return gets a ``'``), through the one writer of :mod:`web.csv_cells`; numbers stay numbers."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest

from players.models import Player
from tests.support.accounts import STRONG
from tests.web.test_web_tournaments import event, organiser, report_all
from tournaments import bulk, lifecycle, registration
from web.csv_cells import FORMULA_STARTS, SafeWriter, safe_cell

pytestmark = pytest.mark.django_db

GUESTS = ['=HYPERLINK("http://x","y")', "+1+1", "@SUM(A1)", "-2+3"]
"""Hostile names an organiser can type in the guest list (one a line)."""
ACCOUNTS = ["\tcmd", "\rcmd"]
"""Hostile display names a guest line cannot hold (a line is stripped, ``\\r`` ends it): set on
accounts, as an API client or the admin could."""
HOSTILE = GUESTS + ACCOUNTS


def hostile_event(fmt: str = "swiss"):
    """A running event of six entrants, every one named by a hostile string, round 1 reported."""
    org = organiser()
    t = event(org, name="Formula Night", format=fmt)
    bulk.add_entrants(t, org, guests="\n".join(GUESTS))
    for n, name in enumerate(ACCOUNTS):
        p = Player.objects.create_user(f"acct{n}", f"acct{n}@example.org", STRONG)
        Player.objects.filter(pk=p.pk).update(display_name=name)
        registration.register(t, p, p)
    lifecycle.start(t, org)
    t.refresh_from_db()
    report_all(t)
    return t


def rows_of(client, t, kind: str) -> list[list[str]]:
    response = client.get(f"/tournaments/{t.pk}/export/{kind}.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode(), newline="")))


def assert_neutral(rows: list[list[str]]) -> None:
    for row in rows:
        for cell in row:
            assert not cell.startswith(FORMULA_STARTS), (cell, row)


@pytest.mark.parametrize("kind", ["entrants", "pairings", "standings"])
def test_every_swiss_export_prefixes_each_hostile_name(client, kind):
    t = hostile_event()
    rows = rows_of(client, t, kind)
    assert_neutral(rows)
    cells = {cell for row in rows for cell in row}
    if kind == "pairings":  # three tables of two: every name is in a player column
        names = {r[2] for r in rows[1:]} | {r[3] for r in rows[1:]}
        assert names == {f"'{h}" for h in HOSTILE}
    else:
        assert {f"'{h}" for h in HOSTILE} <= cells, cells
    assert not {h for h in HOSTILE} & cells  # never the raw text


def test_the_elimination_standings_prefix_each_hostile_name(client):
    t = hostile_event("single_elimination")
    rows = rows_of(client, t, "standings")
    assert rows[0] == ["Place", "Name", "How"]
    assert_neutral(rows)
    assert {r[1] for r in rows[1:]} == {f"'{h}" for h in HOSTILE}


def test_numbers_stay_numbers_in_the_export(client):
    t = hostile_event()
    rows = rows_of(client, t, "standings")
    head = rows[0]
    points = [r[head.index("Points")] for r in rows[1:]]
    assert sorted(points) == ["0", "0", "0", "3", "3", "3"]  # digits, no quote
    entrants = rows_of(client, t, "entrants")
    assert [r[0] for r in entrants[1:]] == [str(n) for n in range(1, 7)]


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-3", "'-3"),  # text (what a person typed): prefixed
        ("@x", "'@x"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("a=b", "a=b"),  # only the first character counts
        ("", ""),
        (None, ""),
        (-3, -3),  # a number Python computed: kept
        (-2.5, -2.5),
        (Decimal("-1.50"), Decimal("-1.50")),
        (True, "True"),  # not a number in a spreadsheet's sense
    ],
)
def test_safe_cell(value, cell):
    assert safe_cell(value) == cell


def test_the_writer_neutralises_every_cell_of_every_row():
    out = io.StringIO()
    writer = SafeWriter(out)
    writer.writerows([["=A1", 2, "-x"], ["ok", None, "@y"]])
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows == [["'=A1", "2", "'-x"], ["ok", "", "'@y"]]
