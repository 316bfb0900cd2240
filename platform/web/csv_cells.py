"""The one CSV writer of every export: a spreadsheet opens each cell as data, never a formula.

OWASP's CSV injection rule: a cell beginning with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return may be run as a formula by Excel, LibreOffice or Google Sheets (a guest entered
as ``=HYPERLINK("http://x","y")`` becomes a link in the organiser's spreadsheet). Such a cell is
written with a single quote before it (``'=HYPERLINK(...)``): the spreadsheet shows the text.
"""

from __future__ import annotations

import csv
import numbers
from collections.abc import Iterable
from typing import Any

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula (OWASP)."""


def safe_cell(value: Any) -> Any:
    """``value`` as a cell no spreadsheet runs.

    Text (anything but a number, so every name a person typed) that begins with one of
    :data:`FORMULA_STARTS` gets a leading ``'``. A number Python computed (an ``int``, a
    ``float``, a ``Decimal``; not ``bool``) is kept as it is, even below zero: the csv module
    writes it as digits with at most a leading minus, which every spreadsheet reads as a number
    and never as a formula, and no user text reaches the export as a number (a name typed
    ``-3`` arrives as the text ``"-3"`` and is prefixed). ``None`` is an empty cell.
    """
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        return value
    text = "" if value is None else str(value)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


class SafeWriter:
    """``csv.writer`` whose every row goes through :func:`safe_cell`."""

    def __init__(self, stream: Any) -> None:
        self._writer = csv.writer(stream)

    def writerow(self, row: Iterable[Any]) -> None:
        """Write one row, each cell neutralised."""
        self._writer.writerow([safe_cell(v) for v in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        """Write every row, each cell neutralised."""
        for row in rows:
            self.writerow(row)


def csv_download(filename: str) -> tuple[HttpResponse, SafeWriter]:
    """An empty ``text/csv`` attachment named ``filename`` (``.csv`` added) and its writer."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    return response, SafeWriter(response)
