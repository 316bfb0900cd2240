"""What every game's card catalogue shares: reading its CSV file (each game turns a row into
its own card) and finding the versions shipped with the engine (``data/cards-v<N>.csv``)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

MAX_CATALOGUE_BYTES = 2_000_000
"""Largest catalogue file read."""


def read_cards(
    text: str,
    required: Sequence[str],
    card_from_row: Callable[[dict[str, str], int], Any],
    error: Callable[..., Exception],
    comments: bool = False,
) -> list[Any]:
    """The cards of a catalogue CSV, one ``card_from_row(row, line)`` per non-blank row; with
    ``comments``, lines starting with ``#`` before the header are skipped. Raises ``error``
    (the game's ``CatalogueError(message, line)``) naming the line of the first problem."""
    if len(text) > MAX_CATALOGUE_BYTES:
        raise error(f"a catalogue file is at most {MAX_CATALOGUE_BYTES} bytes")
    if "\x00" in text:
        raise error("the file is binary, not CSV text")
    lines = text.lstrip("\ufeff").splitlines(keepends=True)
    skipped = 0
    while comments and skipped < len(lines) and lines[skipped].lstrip().startswith("#"):
        skipped += 1
    reader = csv.DictReader(io.StringIO("".join(lines[skipped:])))
    missing = [c for c in required if c not in (reader.fieldnames or [])]
    if missing:
        raise error(f"missing columns: {', '.join(missing)}", skipped + 1)
    cards = []
    try:
        for row in reader:
            if not any((v or "").strip() for v in row.values() if isinstance(v, str)):
                continue
            cards.append(card_from_row(row, reader.line_num + skipped))
    except csv.Error as exc:
        raise error(f"not valid CSV: {exc}", reader.line_num + skipped) from None
    if not cards:
        raise error("the catalogue has no cards")
    return cards


def shipped_versions(data_dir: Path) -> list[Path]:
    """The catalogue files ``cards-v<N>.csv`` in ``data_dir``, oldest first."""
    found = []
    for path in data_dir.glob("cards-v*.csv"):
        number = path.stem.removeprefix("cards-v")
        if number.isdigit():
            found.append((int(number), path))
    return [path for _, path in sorted(found)]


def shipped_file(data_dir: Path, version: int | None, error: Callable[..., Exception]) -> Path:
    """The shipped file of ``version`` (default: the newest), or ``error`` naming the version."""
    paths = shipped_versions(data_dir)
    if version is not None:
        paths = [p for p in paths if p.stem == f"cards-v{version}"]
        if not paths:
            raise error(f"no shipped catalogue version {version}")
    return paths[-1]
