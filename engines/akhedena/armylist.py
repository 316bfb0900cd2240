"""Akhedena army lists in and out: plain text and JSON, to the canonical army data.

Text: one line per piece, the leader card first, then its two Army cards, and a reserve line::

    # Sword and Spear
    Hero: Dawn Warlord, Swordsmen, Swordsmen
    Castle: Stone Keep, Pikemen, Pikemen
    Archer: Bow Master, Longbowmen, Longbowmen
    Infantry left: Sword Captain, Swordsmen, Shield Wall
    Infantry right: Spear Captain, Spearmen, Spearmen
    Cavalry left: Lance Knight, Lancers, Lancers
    Cavalry right: Sabre Knight, Sabre Riders, Sabre Riders
    Reserve: Swordsmen, Spearmen, Lancers, Sabre Riders, Longbowmen, Hunters

Names ignore case and spacing; ``2x Swordsmen`` (or ``2 Swordsmen``) stands for two copies;
``Infantry 1`` / ``Infantry 2`` are the left and right Infantry; ``Name: ...`` names the list.

The canonical data (what is stored and what the engine receives)::

    {"pieces": {"hero": {"card": 1, "army": [101, 101]}, ...}, "reserve": [101, 103, ...]}

with the seven pieces of :data:`engines.akhedena.board.PIECE_SLOTS` and the reserve's ids in
ascending order. Problems of the list itself (``bad-line``, ``unknown-card``, ``duplicate-piece``)
come back as violations with their line; input that is no list at all raises
:class:`DeckInputError`. ``ParsedDeck.lines`` maps card ids and piece names to their first line.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from engines.akhedena.board import PIECE_SLOTS
from engines.akhedena.catalogue import Catalogue, name_key
from engines.base import DeckViolation
from engines.decks import DeckInputError, ParsedDeck

MAX_TEXT_CHARS = 20_000
MAX_LINES = 200
MAX_NAMES_PER_LINE = 40
MAX_NAME_CHARS = 80

PIECE_LABELS: dict[str, str] = {
    "hero": "Hero",
    "castle": "Castle",
    "archer": "Archer",
    "infantry-left": "Infantry left",
    "infantry-right": "Infantry right",
    "cavalry-left": "Cavalry left",
    "cavalry-right": "Cavalry right",
}
"""How a list (and a player) names each piece."""
RESERVE = "reserve"

_ALIASES = {name_key(label): slot for slot, label in PIECE_LABELS.items()}
_ALIASES |= {name_key(slot): slot for slot in PIECE_SLOTS}
_ALIASES |= {
    name_key("infantry 1"): "infantry-left",
    name_key("infantry 2"): "infantry-right",
    name_key("cavalry 1"): "cavalry-left",
    name_key("cavalry 2"): "cavalry-right",
    name_key("ranged"): "archer",
    name_key("reserve"): RESERVE,
}
_LINE = re.compile(r"^(?P<key>[^:]{1,40}):\s*(?P<value>.*)$")
_COUNT = re.compile(r"^(?P<n>\d{1,3})\s*[x×*]?\s+(?P<name>\S.*)$", re.I)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def shown(text: str) -> str:
    """A name as quoted back to a player: control characters removed, length capped."""
    text = _CONTROL.sub("", text)
    return text if len(text) <= 60 else text[:57] + "..."


def decode(raw: bytes | str) -> str:
    """List text from bytes or str; raises :class:`DeckInputError` for binary or huge input."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_TEXT_CHARS * 4:
            raise DeckInputError(f"an army list is at most {MAX_TEXT_CHARS} characters")
        if b"\x00" in raw:
            raise DeckInputError("this is a binary file, not an army list")
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DeckInputError("this file is not UTF-8 text") from None
    if len(raw) > MAX_TEXT_CHARS:
        raise DeckInputError(
            f"an army list is at most {MAX_TEXT_CHARS} characters, this one has {len(raw)}"
        )
    if "\x00" in raw:
        raise DeckInputError("this is a binary file, not an army list")
    return raw


def _suggest(name: str, catalogue: Catalogue) -> list[str]:
    names = {key: card.name for key, card in catalogue.by_key.items()}
    close = difflib.get_close_matches(name_key(name), list(names), n=3, cutoff=0.6)
    return [names[key] for key in close]


def _unknown(name: str, catalogue: Catalogue, line: int | None, where: str) -> DeckViolation:
    hints = _suggest(name, catalogue)
    hint = f" Did you mean {' or '.join(repr(h) for h in hints)}?" if hints else ""
    at = f"Line {line}: " if line else ""
    return DeckViolation(
        "unknown-card",
        f"{at}{where}: there is no card named {shown(name)!r} in catalogue "
        f"{catalogue.version or 'in use'}.{hint}",
        (shown(name), *hints),
        line=line,
    )


def _names(value: str) -> list[tuple[str, int]]:
    """``"Dawn Warlord, 2x Swordsmen"`` -> ``[("Dawn Warlord", 1), ("Swordsmen", 2)]``."""
    out = []
    for part in value.split(","):
        part = " ".join(part.split())
        if not part:
            continue
        match = _COUNT.match(part)
        if match:
            out.append((match.group("name").strip(), int(match.group("n"))))
        else:
            out.append((part, 1))
    return out


def parse_text(raw: bytes | str, catalogue: Catalogue) -> ParsedDeck:
    """Read a text army list (see the module docstring); every problem is reported."""
    text = decode(raw)
    rows = text.splitlines()
    if len(rows) > MAX_LINES:
        raise DeckInputError(
            f"an army list has at most {MAX_LINES} lines, this one has {len(rows)}"
        )
    problems: list[DeckViolation] = []
    entries: dict[str, tuple[int, list[tuple[str, int]]]] = {}
    list_name = ""
    for number, original in enumerate(rows, start=1):
        body = _CONTROL.sub(" ", original.split("#", 1)[0]).strip()
        if not body:
            continue
        match = _LINE.match(body)
        key = name_key(match.group("key")) if match else ""
        if match and key in ("name", "army", "list"):
            list_name = shown(match.group("value").strip())[:60]
            continue
        slot = _ALIASES.get(key)
        if slot is None:
            known = ", ".join([*PIECE_LABELS.values(), "Reserve"])
            what = f"{shown(match.group('key'))!r} is not a piece" if match else "no piece named"
            problems.append(
                DeckViolation(
                    "bad-line",
                    f"Line {number}: {what}; write 'Piece: card, Army card, Army card' with a "
                    f"piece among {known}.",
                    line=number,
                )
            )
            continue
        if slot in entries:
            problems.append(
                DeckViolation(
                    "duplicate-piece",
                    f"Line {number}: {_label(slot)} is already given on line {entries[slot][0]}.",
                    line=number,
                )
            )
            continue
        names = _names(match.group("value"))
        if len(names) > MAX_NAMES_PER_LINE or any(len(n) > MAX_NAME_CHARS for n, _ in names):
            problems.append(
                DeckViolation(
                    "bad-line", f"Line {number}: too many or too long names.", line=number
                )
            )
            continue
        entries[slot] = (number, names)
    if not entries and not problems:
        raise DeckInputError(
            "the army list is empty: write one line per piece, e.g. "
            "'Hero: Dawn Warlord, Swordsmen, Swordsmen'"
        )
    data, more, lines = _resolve(entries, catalogue)
    return ParsedDeck(data, sorted(problems + more, key=lambda v: v.line or 0), lines, list_name)


def _label(slot: str) -> str:
    return PIECE_LABELS.get(slot, "Reserve")


def _resolve(
    entries: dict[str, tuple[int | None, list[tuple[str, int]]]], catalogue: Catalogue
) -> tuple[dict[str, Any], list[DeckViolation], dict[Any, int]]:
    problems: list[DeckViolation] = []
    lines: dict[Any, int] = {}
    pieces: dict[str, dict[str, Any]] = {}
    reserve: list[int] = []
    for slot, (line, names) in entries.items():
        ids: list[int | None] = []
        for name, copies in names:
            card = catalogue.named(name)
            if not card:
                problems.append(_unknown(name, catalogue, line, _label(slot)))
            elif line is not None:
                lines.setdefault(card[0].id, line)
            ids.extend([card[0].id if card else None] * min(copies, MAX_NAMES_PER_LINE))
        if line is not None:
            lines[slot] = line
        if slot == RESERVE:
            reserve = sorted(cid for cid in ids if cid is not None)
        else:  # the leader card first: an unknown leader leaves the piece without one
            army = [cid for cid in ids[1:] if cid is not None]
            pieces[slot] = {"card": ids[0] if ids else None, "army": army}
    ordered = {slot: pieces[slot] for slot in PIECE_SLOTS if slot in pieces}
    return {"pieces": ordered, "reserve": reserve}, problems, lines


def _ref(item: Any, catalogue: Catalogue, where: str) -> tuple[int | None, list[DeckViolation]]:
    """A card given as an id or a name -> its id (None with a problem when unknown)."""
    if isinstance(item, bool) or not isinstance(item, int | str):
        return None, [DeckViolation("bad-line", f"{where}: {item!r} is not a card id or name.")]
    if isinstance(item, int):
        if catalogue.card(item) is None:
            return None, [
                DeckViolation(
                    "unknown-card",
                    f"{where}: there is no card with id {item} in catalogue "
                    f"{catalogue.version or 'in use'}.",
                    (str(item),),
                )
            ]
        return item, []
    found = catalogue.named(item)
    if not found:
        return None, [_unknown(item, catalogue, None, where)]
    return found[0].id, []


def parse_json(obj: Any, catalogue: Catalogue) -> ParsedDeck:
    """Read army data given as JSON (the canonical shape; cards by id or by name)."""
    if not isinstance(obj, dict) or not isinstance(obj.get("pieces"), dict):
        raise DeckInputError(
            'an army list is {"pieces": {"hero": {"card": ..., "army": [..., ...]}, ...}, '
            '"reserve": [...]}'
        )
    unknown = sorted(map(str, set(obj) - {"pieces", "reserve", "name"}))
    if unknown:
        raise DeckInputError(f"unknown army list fields: {', '.join(unknown)[:200]}")
    problems: list[DeckViolation] = []
    pieces: dict[str, dict[str, Any]] = {}
    for key, value in list(obj["pieces"].items())[:20]:
        slot = _ALIASES.get(name_key(str(key)))
        if slot is None or slot == RESERVE:
            problems.append(DeckViolation("bad-line", f"{shown(str(key))!r} is not a piece."))
            continue
        if slot in pieces:
            problems.append(DeckViolation("duplicate-piece", f"{_label(slot)} is given twice."))
            continue
        where = _label(slot)
        if (
            not isinstance(value, dict)
            or not set(value) <= {"card", "army"}
            or not isinstance(value.get("army", []), list)
        ):
            problems.append(
                DeckViolation("bad-line", f'{where} is not {{"card": ..., "army": [...]}}.')
            )
            continue
        card, found = (
            (None, []) if value.get("card") is None else _ref(value["card"], catalogue, where)
        )
        problems += found
        army = []
        for item in value.get("army", [])[:MAX_NAMES_PER_LINE]:
            cid, found = _ref(item, catalogue, where)
            problems += found
            if cid is not None:
                army.append(cid)
        pieces[slot] = {"card": card, "army": army}
    reserve_in = obj.get("reserve", [])
    if not isinstance(reserve_in, list):
        raise DeckInputError('"reserve" is a list of Army cards')
    reserve = []
    for item in reserve_in[:MAX_NAMES_PER_LINE]:
        cid, found = _ref(item, catalogue, "Reserve")
        problems += found
        if cid is not None:
            reserve.append(cid)
    data = {
        "pieces": {slot: pieces[slot] for slot in PIECE_SLOTS if slot in pieces},
        "reserve": sorted(reserve),
    }
    name = obj.get("name")
    return ParsedDeck(data, problems, {}, shown(name) if isinstance(name, str) else "")


def export_text(data: dict[str, Any], catalogue: Catalogue, name: str = "") -> str:
    """The army as a text list that :func:`parse_text` reads back to the same data."""

    def card_name(cid: Any) -> str:
        card = catalogue.card(cid) if isinstance(cid, int) else None
        return card.name if card is not None else f"unknown card {cid}"

    out = [f"Name: {shown(name)}"] if name else []
    pieces = data.get("pieces") or {}
    for slot in PIECE_SLOTS:
        piece = pieces.get(slot)
        if piece is None:
            continue
        names = [card_name(piece["card"])] if piece.get("card") is not None else []
        names += [card_name(cid) for cid in piece.get("army", [])]
        out.append(f"{PIECE_LABELS[slot]}: {', '.join(names)}")
    reserve = data.get("reserve") or []
    if reserve:
        out.append(f"Reserve: {', '.join(card_name(cid) for cid in reserve)}")
    return "\n".join(out) + "\n"
