"""Reading the army lists a game starts with (cached: set-up must be cheap for bots and
benchmarks, which start thousands of games from the same lists)."""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from typing import Any

from engines.akhedena.armylist import parse_json, parse_text
from engines.akhedena.catalogue import shipped_catalogue
from engines.akhedena.format import starter_armies, validate
from engines.akhedena.state import Deal, army_cards
from engines.base import JSON, DeckViolation


def _key(deck: JSON) -> str | None:
    """A cache key for ``deck`` (None: not JSON at all)."""
    if isinstance(deck, bytes):
        return "b:" + deck.hex() if len(deck) < 40_000 else None
    if isinstance(deck, str):
        return "t:" + deck
    try:
        return "j:" + json.dumps(deck, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return None


def copy_army(data: JSON) -> JSON:
    """A fresh copy of canonical army data (cheaper than ``copy.deepcopy``)."""
    if not isinstance(data, dict) or not isinstance(data.get("pieces"), dict):
        return copy.deepcopy(data)
    return {
        "pieces": {
            slot: dict(piece, army=list(piece.get("army") or ()))
            if isinstance(piece, dict)
            else copy.deepcopy(piece)
            for slot, piece in data["pieces"].items()
        },
        "reserve": list(data.get("reserve") or ()),
    }


def read_army(deck: JSON) -> tuple[JSON, list[DeckViolation]]:
    """An army list given as text or data (cards by id or name) -> its canonical data and every
    rule it breaks under the shipped catalogue."""
    key = _key(deck)
    if key is None:
        return deck, [DeckViolation("bad-line", "an army list is a JSON object or text")]
    data, problems = _read(key)
    return copy_army(data), list(problems)


def deal_of(
    decks: list[JSON] | None, n_seats: int, retired: bool = False
) -> tuple[Deal | None, str]:
    """The cards of a game between ``decks`` (None: the starter lists in turn, ``retired``:
    as versions before 1.2.0 dealt them), or None and the first broken rule
    (``"seat 1: [army-count] ..."``)."""
    if decks is None:
        return _starter_deal(n_seats, retired), ""
    keys = []
    for seat, deck in enumerate(decks):
        key = _key(deck)
        problems = _read(key)[1] if key is not None else ()
        if key is None or problems:
            first = problems[0] if problems else DeckViolation("bad-line", "not an army list")
            return None, f"seat {seat}: [{first.rule}] {first.message}"
        keys.append(key)
    return _deal(tuple(keys)), ""


@lru_cache(maxsize=256)
def _read(key: str) -> tuple[JSON, tuple[DeckViolation, ...]]:
    kind, body = key[:2], key[2:]
    catalogue = shipped_catalogue()
    deck: Any = bytes.fromhex(body) if kind == "b:" else body if kind == "t:" else json.loads(body)
    try:
        if isinstance(deck, str | bytes):
            parsed = parse_text(deck, catalogue)
        elif isinstance(deck, dict):
            parsed = parse_json(deck, catalogue)
        else:
            return deck, (DeckViolation("bad-line", "an army list is a JSON object or text"),)
    except ValueError as exc:
        return deck, (DeckViolation("bad-line", str(exc)),)
    report = validate(parsed.data, catalogue, lines=parsed.lines, problems=parsed.problems)
    return parsed.data, tuple(report.violations)


@lru_cache(maxsize=64)
def _deal(keys: tuple[str, ...]) -> Deal:
    lists = [copy_army(_read(key)[0]) for key in keys]
    catalogue = shipped_catalogue()
    return Deal([army_cards(data, catalogue) for data in lists], lists)


@lru_cache(maxsize=8)
def _starter_deal(n_seats: int, retired: bool) -> Deal:
    return _deal(tuple(_key(data) for data in starter_lists(n_seats, retired)))


def starter_lists(n_seats: int, retired: bool = False) -> list[JSON]:
    """The starter army lists, seat by seat in turn (fresh copies; ``retired``: as versions
    before 1.2.0 dealt them)."""
    starters = starter_armies(retired)
    return [copy_army(starters[seat % len(starters)].data) for seat in range(n_seats)]
