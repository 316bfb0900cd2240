"""AracKhan Wars deck lists in and out: plain text and JSON, to the canonical deck data.

Text: one card per line — ``3 Phalanx``, ``3x Phalanx``, ``Phalanx x3``, ``• 1x Gabriel``, a bare
name (one copy) — with ``# comments``, blank lines, any case and spacing, and an optional
``Faction: Blight`` line. A name that several factions share takes ``(Faction)``, e.g.
``Nemesio (Blight)``; without it the deck's faction decides. ``Xenodon (alternative art)`` and
the printing names of the catalogue (``Gabriel Full Art``) are the same card as ``Xenodon`` and
``Gabriel``.

The canonical deck data (what is stored and what an engine receives) is::

    {"faction": "Blight", "cards": [{"id": 1146, "copies": 2}, ...]}   # ids ascending

Problems of the list itself come back as violations (``bad-line``, ``unknown-card`` with "did you
mean" suggestions, ``ambiguous-card``), each with its line; input that is not a deck list at all
(binary, too large, empty) raises :class:`DeckInputError`. Names become cards in
``deckcards.py``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engines.arackhan_wars.catalogue import FACTIONS, Catalogue
from engines.arackhan_wars.deckcards import CONTROL, Entry, faction_of, resolve, shown
from engines.base import DeckViolation

MAX_TEXT_CHARS = 20_000
"""A deck list is 23 cards; 20,000 characters leaves room for generous comments."""
MAX_LINES = 500
MAX_ENTRIES = 100
MAX_COPIES = 99
MAX_NAME_CHARS = 80

_BULLET = re.compile(r"^(?:[•·*]\s*|[-–—]\s+)")
_COUNT_FIRST = re.compile(r"^(?P<n>[+-]?\d+)(?:\s*[x×*]\s+|[x×*]|\s+)(?P<name>\S.*)$", re.I)
_COUNT_LAST = re.compile(r"^(?P<name>.*?\S)\s+[x×*]?\s*(?P<n>[+-]?\d+)$", re.I)
_QUALIFIER = re.compile(r"^(?P<name>.*?)\s*\((?P<q>[^()]*)\)\s*$")
_DIRECTIVE = re.compile(r"^(?P<key>faction|deck|name)\s*[:=]\s*(?P<value>.*)$", re.I)


class DeckInputError(ValueError):
    """Input that is not a deck list at all (binary, too large, empty): nothing to validate."""


@dataclass
class ParsedDeck:
    """A deck list read into canonical data, with the problems of the list itself."""

    data: dict[str, Any]
    problems: list[DeckViolation] = field(default_factory=list)
    lines: dict[int, int] = field(default_factory=dict)
    """card id -> the first line naming it (text input only)."""
    name: str = ""


def decode(raw: bytes | str) -> str:
    """Deck-list text from bytes or str; raises :class:`DeckInputError` for binary or huge input."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_TEXT_CHARS * 4:
            raise DeckInputError(f"a deck list is at most {MAX_TEXT_CHARS} characters")
        if b"\x00" in raw:
            raise DeckInputError("this is a binary file, not a deck list")
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DeckInputError("this file is not UTF-8 text") from None
    if len(raw) > MAX_TEXT_CHARS:
        raise DeckInputError(
            f"a deck list is at most {MAX_TEXT_CHARS} characters, this one has {len(raw)}"
        )
    if "\x00" in raw:
        raise DeckInputError("this is a binary file, not a deck list")
    return raw


def _count(text: str, line: int | None, problems: list[DeckViolation], raw: str) -> int | None:
    where = f"Line {line}: " if line else ""
    if len(text.lstrip("+-")) > 6:
        problems.append(
            DeckViolation(
                "bad-line",
                f"{where}{shown(raw)!r} asks for an impossible number of copies "
                f"(1 to {MAX_COPIES}).",
                line=line,
            )
        )
        return None
    number = int(text)
    if not 1 <= number <= MAX_COPIES:
        problems.append(
            DeckViolation(
                "bad-line",
                f"{where}{shown(raw)!r}: the number of copies must be 1 to {MAX_COPIES}, "
                f"not {number}.",
                count=number,
                line=line,
            )
        )
        return None
    return number


def parse_text(raw: bytes | str, catalogue: Catalogue) -> ParsedDeck:
    """Read a text deck list (see the module docstring); every problem is reported."""
    text = decode(raw)
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckInputError(
            f"a deck list has at most {MAX_LINES} lines, this one has {len(lines)}"
        )
    problems: list[DeckViolation] = []
    entries: list[Entry] = []
    declared: str | None = None
    deck_name = ""
    for number, original in enumerate(lines, start=1):
        body = original.split("#", 1)[0].split("//", 1)[0]
        body = CONTROL.sub(" ", body).strip()
        if not body:
            continue
        directive = _DIRECTIVE.match(body)
        if directive:
            key, value = directive.group("key").lower(), directive.group("value").strip()
            if key == "faction":
                faction = faction_of(value)
                if faction is None:
                    problems.append(
                        DeckViolation(
                            "bad-line",
                            f"Line {number}: unknown faction {shown(value)!r}; "
                            f"choose one of {', '.join(FACTIONS)}.",
                            (shown(value),),
                            line=number,
                        )
                    )
                else:
                    declared = faction
            else:
                deck_name = shown(value)[:60]
            continue
        body = _BULLET.sub("", body).strip()
        copies = 1
        match = _COUNT_FIRST.match(body) or _COUNT_LAST.match(body)
        if match:
            got = _count(match.group("n"), number, problems, body)
            if got is None:
                continue
            copies, body = got, match.group("name").strip()
        elif re.fullmatch(r"[+-]?\d+\s*[x×*]?", body, re.I):
            problems.append(
                DeckViolation(
                    "bad-line", f"Line {number}: a number of copies with no card name.", line=number
                )
            )
            continue
        body = " ".join(body.split())
        qualifier = ""
        qualified = _QUALIFIER.match(body)
        if qualified and qualified.group("name"):
            body, qualifier = qualified.group("name").strip(), qualified.group("q").strip()
        if len(body) > MAX_NAME_CHARS or not any(ch.isalnum() for ch in body):
            problems.append(
                DeckViolation(
                    "bad-line",
                    f"Line {number}: {shown(body)!r} is not a card line (write it as '3 Phalanx').",
                    (shown(body),),
                    line=number,
                )
            )
            continue
        entries.append(Entry(number, body, qualifier, copies))
        if len(entries) > MAX_ENTRIES:
            raise DeckInputError(f"a deck list names at most {MAX_ENTRIES} card lines")
    if not entries and not problems:
        raise DeckInputError("the deck list is empty: write one card per line, e.g. '3 Phalanx'")
    data, more, first_lines = resolve(entries, catalogue, declared)
    return ParsedDeck(data, sorted(problems + more, key=_by_line), first_lines, deck_name)


def _by_line(v: DeckViolation) -> int:
    return v.line or 0


def parse_json(obj: Any, catalogue: Catalogue) -> ParsedDeck:
    """Read deck data given as JSON: ``{"faction"?, "cards": [{"id"|"name", "copies"}, ...]}``.

    A card may also be ``[id_or_name, copies]``. Raises :class:`DeckInputError` when the
    document is not shaped like a deck at all.
    """
    if isinstance(obj, list):
        obj = {"cards": obj}
    if not isinstance(obj, dict) or not isinstance(obj.get("cards"), list):
        raise DeckInputError('a deck is {"faction": ..., "cards": [{"id": ..., "copies": ...}]}')
    unknown = sorted(set(obj) - {"faction", "cards", "name"})
    if unknown:
        raise DeckInputError(f"unknown deck fields: {', '.join(map(str, unknown))[:200]}")
    items = obj["cards"]
    if len(items) > MAX_ENTRIES:
        raise DeckInputError(f"a deck names at most {MAX_ENTRIES} cards")
    problems: list[DeckViolation] = []
    declared = None
    if obj.get("faction") not in (None, ""):
        declared = faction_of(str(obj["faction"]))
        if declared is None:
            problems.append(
                DeckViolation(
                    "bad-line",
                    f"Unknown faction {shown(str(obj['faction']))!r}; "
                    f"choose one of {', '.join(FACTIONS)}.",
                )
            )
    entries: list[Entry] = []
    by_id: Counter[int] = Counter()
    for index, item in enumerate(items, start=1):
        ref, copies = None, None
        if isinstance(item, dict) and set(item) <= {"id", "name", "copies"}:
            ref = item.get("id", item.get("name"))
            copies = item.get("copies", 1)
        elif isinstance(item, list | tuple) and len(item) == 2:
            ref, copies = item
        if (
            isinstance(copies, bool)
            or not isinstance(copies, int)
            or not isinstance(ref, int | str)
            or isinstance(ref, bool)
        ):
            problems.append(
                DeckViolation(
                    "bad-line",
                    f"Card entry {index} is not {{'id' or 'name', 'copies'}} "
                    "with a whole number of copies.",
                )
            )
            continue
        if not 1 <= copies <= MAX_COPIES:
            problems.append(
                DeckViolation(
                    "bad-line",
                    f"Card entry {index}: the number of copies must be 1 to {MAX_COPIES}, "
                    f"not {copies if abs(copies) < 10**9 else 'that'}.",
                    count=copies if abs(copies) < 10**9 else None,
                )
            )
            continue
        if isinstance(ref, int):
            card = catalogue.card(ref)
            if card is None:
                problems.append(
                    DeckViolation(
                        "unknown-card",
                        f"There is no card with id {ref} in catalogue "
                        f"{catalogue.version or 'in use'}.",
                        (str(ref),),
                        copies,
                    )
                )
            else:
                by_id[card.id] += copies
            continue
        name = " ".join(CONTROL.sub(" ", ref).split())
        qualifier = ""
        qualified = _QUALIFIER.match(name)
        if qualified and qualified.group("name"):
            name, qualifier = qualified.group("name").strip(), qualified.group("q").strip()
        if len(name) > MAX_NAME_CHARS or not any(ch.isalnum() for ch in name):
            problems.append(
                DeckViolation("bad-line", f"Card entry {index}: {shown(name)!r} is not a name.")
            )
            continue
        entries.append(Entry(None, name, qualifier, copies))
    if declared is None and by_id:
        weights: Counter[str] = Counter()
        for cid, n in by_id.items():
            weights[catalogue.cards[cid].faction] += n
        declared = weights.most_common(1)[0][0]
    data, more, _ = resolve(entries, catalogue, declared)
    merged: Counter[int] = Counter({c["id"]: c["copies"] for c in data["cards"]})
    merged.update(by_id)
    data["cards"] = [{"id": cid, "copies": n} for cid, n in sorted(merged.items())]
    name = obj.get("name")
    return ParsedDeck(data, problems + more, {}, shown(name) if isinstance(name, str) else "")


def export_text(data: dict[str, Any], catalogue: Catalogue, name: str = "") -> str:
    """The deck as a text list that :func:`parse_text` reads back to the same data."""
    out = []
    if name:
        out.append(f"# {shown(name)}")
    if data.get("faction"):
        out.append(f"Faction: {data['faction']}")
    for item in data.get("cards", []):
        card = catalogue.card(item["id"])
        if card is None:
            out.append(f"# unknown card id {item['id']} x{item['copies']}")
            continue
        label = card.label if len(catalogue.named(card.name)) > 1 else card.name
        out.append(f"{item['copies']} {label}")
    return "\n".join(out) + "\n"
