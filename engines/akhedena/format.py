"""The Akhedena army list: its construction rules, checked all at once, and the starter lists.

Rules (the rules text's "Card Distribution Rules" and "Card Placement"; the readings are in
docs/rules/akhedena.md):

- ``missing-piece``: every one of the seven pieces has its line (Hero, Castle, Archer, two
  Infantry, two Cavalry);
- ``leader-card``: each piece carries the right card — the Hero card, the Castle card, the one
  Ranged Commander (Archer), an Infantry Commander (each Infantry), a Cavalry Commander (each
  Cavalry);
- ``army-count``: two Army cards on each Hero, Castle and Commander card;
- ``army-card``: only Army cards go under a piece's card and into the reserve;
- ``army-main-type``: the Army cards match their piece's main type (Infantry on the Hero, the
  Castle and the Infantry; Ranged on the Archer; Cavalry on the Cavalry);
- ``reserve-size``: the reserve holds exactly :data:`RESERVE_SIZE` Army cards (of any types);
- ``copies``: no card more often in the whole list than its ``max_copies``;
- ``banned-card``: no card the catalogue version in use bans;
- ``unknown-card``, ``bad-line``, ``duplicate-piece``: problems of the list itself (armylist.py).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from engines.akhedena.armylist import PIECE_LABELS, RESERVE, parse_text
from engines.akhedena.board import PIECE_SLOTS
from engines.akhedena.catalogue import DATA_DIR, Card, Catalogue, shipped_catalogue
from engines.base import DeckViolation
from engines.decks import DeckReport, StarterDeck

ARMY_PER_PIECE = 2
RESERVE_SIZE = 6

# slot -> (the leader card's kind, its main type or "", the Army cards' main type at set-up)
NEEDS: dict[str, tuple[str, str, str]] = {
    "hero": ("hero", "", "Infantry"),
    "castle": ("castle", "", "Infantry"),
    "archer": ("commander", "Ranged", "Ranged"),
    "infantry-left": ("commander", "Infantry", "Infantry"),
    "infantry-right": ("commander", "Infantry", "Infantry"),
    "cavalry-left": ("commander", "Cavalry", "Cavalry"),
    "cavalry-right": ("commander", "Cavalry", "Cavalry"),
}

RULES: dict[str, str] = {
    "missing-piece": "Every piece has its line: Hero, Castle, Archer, two Infantry, two Cavalry.",
    "leader-card": (
        "The Hero card on the Hero, the Castle card on the Castle, one Ranged Commander on the "
        "Archer, an Infantry Commander on each Infantry and a Cavalry Commander on each Cavalry."
    ),
    "army-count": f"{ARMY_PER_PIECE} Army cards on each Hero, Castle and Commander card.",
    "army-card": "Only Army cards go under a piece's card and into the reserve.",
    "army-main-type": (
        "Army cards match their piece: Infantry on the Hero, the Castle and the Infantry, "
        "Ranged on the Archer, Cavalry on the Cavalry."
    ),
    "reserve-size": f"The reserve holds exactly {RESERVE_SIZE} Army cards.",
    "copies": "No card more often than its copy limit in the catalogue.",
    "banned-card": "No card that the catalogue version in force bans.",
    "unknown-card": "Every card is in the catalogue.",
    "duplicate-piece": "Each piece has one line.",
    "bad-line": "Every line reads as 'Piece: card, Army card, Army card' or 'Reserve: ...'.",
}


def construction_text() -> str:
    """What :func:`validate` checks, in the words of the deck editor's intro, written from the
    rules' own constants (:data:`NEEDS`, :data:`ARMY_PER_PIECE`, :data:`RESERVE_SIZE`) so the
    intro and the checker cannot say different things. Pieces that need the same (the two
    Infantry, the two Cavalry) are named together."""
    groups: dict[tuple[str, str, str], list[str]] = {}
    for slot in PIECE_SLOTS:
        groups.setdefault(NEEDS[slot], []).append(PIECE_LABELS[slot].split()[0])
    army = _number(ARMY_PER_PIECE)
    parts = []
    for need, pieces in groups.items():
        who = f"each {pieces[0]}" if len(pieces) > 1 else f"the {pieces[0]}"
        slot = next(s for s in PIECE_SLOTS if NEEDS[s] == need)
        parts.append(f"{who}: {_want(slot)} and {army} {need[2]} Army cards")
    return (
        f"An Akhedena army list gives each of your {_number(len(PIECE_SLOTS))} pieces its card and "
        f"{army} Army cards of the type it takes — {'; '.join(parts)} — and a reserve of "
        f"exactly {RESERVE_SIZE} Army cards of any types, to draw replacements from during the "
        "game. No card more often than its copy limit in the catalogue, and no banned card."
    )


def _number(n: int) -> str:
    """A small count in words (``7`` -> ``"seven"``), larger ones in figures."""
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[n] if 0 <= n < len(words) else str(n)


def _a(words: str) -> str:
    """``"an Infantry Commander"``, ``"a Ranged Army"``."""
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def _want(slot: str) -> str:
    kind, main, _ = NEEDS[slot]
    return {"hero": "the Hero card", "castle": "the Castle card"}.get(
        kind, _a(f"{main} Commander card")
    )


def _cards_of(data: Any) -> tuple[dict[str, Any], list[Any], list[DeckViolation]]:
    """The pieces and the reserve of ``data``, or a violation when it is not shaped right."""
    if not isinstance(data, dict) or not isinstance(data.get("pieces"), dict):
        return {}, [], [DeckViolation("bad-line", "This is not an army list (no pieces).")]
    reserve = data.get("reserve", [])
    if not isinstance(reserve, list):
        return data["pieces"], [], [DeckViolation("bad-line", "The reserve is not a list.")]
    return data["pieces"], reserve, []


def validate(
    data: Any,
    catalogue: Catalogue,
    *,
    lines: dict[Any, int] | None = None,
    problems: list[DeckViolation] | tuple[DeckViolation, ...] = (),
) -> DeckReport:
    """Every rule the canonical army ``data`` breaks under ``catalogue`` (see the module doc).

    ``lines`` (card id or piece slot -> line of the list) adds line numbers; ``problems`` are
    the list's own problems from parsing (reported first).
    """
    lines = lines or {}
    out: list[DeckViolation] = list(problems)
    pieces, reserve, shape = _cards_of(data)
    out += shape
    counts: Counter[int] = Counter()
    unknown_reported = {v.cards[0] for v in problems if v.rule == "unknown-card" and v.cards}
    # a line naming an unknown card is reported once, not again as a card short
    unreadable = {v.line for v in problems if v.rule == "unknown-card" and v.line}

    def lookup(cid: Any, where: str, line: int | None) -> Card | None:
        card = catalogue.card(cid) if isinstance(cid, int) and not isinstance(cid, bool) else None
        if card is None and str(cid) not in unknown_reported:
            unknown_reported.add(str(cid))
            out.append(
                DeckViolation(
                    "unknown-card",
                    f"{where}: card {cid!r} is not in catalogue {catalogue.version or 'in use'}.",
                    (str(cid),),
                    line=line,
                )
            )
        if card is not None:
            counts[card.id] += 1
        return card

    for slot in PIECE_SLOTS:
        label = PIECE_LABELS[slot]
        line = lines.get(slot)
        kind, main, army_main = NEEDS[slot]
        piece = pieces.get(slot) if not shape else None
        if not shape and not isinstance(piece, dict):
            out.append(
                DeckViolation(
                    "missing-piece",
                    f"The army list has no {label} line: it needs {_want(slot)} and "
                    f"{ARMY_PER_PIECE} {army_main} Army cards.",
                    (label,),
                )
            )
            continue
        if shape:
            continue
        leader_id = piece.get("card")
        leader = None if leader_id is None else lookup(leader_id, label, line)
        if leader_id is None and line not in unreadable:
            out.append(
                DeckViolation(
                    "leader-card",
                    f"{label}: the piece has no card; it needs {_want(slot)}.",
                    (label,),
                    line=line,
                )
            )
        elif leader is not None and (leader.kind != kind or (main and leader.main_type != main)):
            out.append(
                DeckViolation(
                    "leader-card",
                    f"{label}: {leader.name} is {_a(leader.card_type)} card; the {label} needs "
                    f"{_want(slot)}.",
                    (leader.name,),
                    line=line,
                )
            )
        army = piece.get("army") if isinstance(piece.get("army"), list) else []
        if len(army) != ARMY_PER_PIECE and not (len(army) < ARMY_PER_PIECE and line in unreadable):
            out.append(
                DeckViolation(
                    "army-count",
                    f"{label}: {ARMY_PER_PIECE} Army cards go on the {label}'s card, not "
                    f"{len(army)}.",
                    (label,),
                    len(army),
                    line,
                )
            )
        for cid in army:
            card = lookup(cid, label, line)
            if card is None:
                continue
            if card.kind != "army":
                out.append(
                    DeckViolation(
                        "army-card",
                        f"{label}: {card.name} is {_a(card.card_type)} card, not an Army card.",
                        (card.name,),
                        line=line,
                    )
                )
            elif card.main_type != army_main:
                out.append(
                    DeckViolation(
                        "army-main-type",
                        f"{label}: {card.name} is {_a(card.main_type)} Army card; the {label} "
                        f"takes {army_main} Army cards.",
                        (card.name,),
                        line=line,
                    )
                )
    line = lines.get(RESERVE)
    for cid in reserve:
        card = lookup(cid, "Reserve", line)
        if card is not None and card.kind != "army":
            out.append(
                DeckViolation(
                    "army-card",
                    f"Reserve: {card.name} is {_a(card.card_type)} card; the reserve holds Army "
                    "cards only.",
                    (card.name,),
                    line=line,
                )
            )
    if not shape and len(reserve) != RESERVE_SIZE and line not in unreadable:
        diff = len(reserve) - RESERVE_SIZE
        more = f"remove {diff}" if diff > 0 else f"add {-diff}"
        out.append(
            DeckViolation(
                "reserve-size",
                f"The reserve holds exactly {RESERVE_SIZE} Army cards; this one has "
                f"{len(reserve)} ({more}).",
                count=len(reserve),
                line=line,
            )
        )
    for cid, n in sorted(counts.items()):
        card = catalogue.cards[cid]
        if card.banned:
            out.append(
                DeckViolation(
                    "banned-card",
                    f"{card.name} is banned in catalogue {catalogue.version or 'in use'}.",
                    (card.name,),
                    n,
                    lines.get(cid),
                )
            )
        if n > card.max_copies:
            out.append(
                DeckViolation(
                    "copies",
                    f"{card.name}: at most {card.max_copies} in an army list, not {n}.",
                    (card.name,),
                    n,
                    lines.get(cid),
                )
            )
    return DeckReport(
        legal=not out,
        total_value=None,
        cards=sum(counts.values()),
        faction=None,
        violations=out,
        catalogue=catalogue.version,
    )


STARTER_DIR = DATA_DIR / "starters"
RETIRED_DIR = STARTER_DIR / "retired"
"""Starter lists as older engine versions dealt them (a file here replaces the one of the same
name in ``STARTER_DIR`` for those versions: engines/akhedena/versions.py, ``decisive_lists``)."""


@cache
def starter_armies(retired: bool = False) -> tuple[StarterDeck, ...]:
    """The platform's starter army lists (``data/starters/*.txt``, in file-name order);
    ``retired``: as engine versions before 1.2.0 dealt them (``data/starters/retired/``)."""
    out = []
    catalogue = shipped_catalogue()
    for path in sorted(STARTER_DIR.glob("*.txt")):
        if retired and (RETIRED_DIR / path.name).exists():
            path = RETIRED_DIR / path.name
        parsed = parse_text(path.read_text(encoding="utf-8"), catalogue)
        key = path.stem.split("-", 1)[1] if path.stem[:1].isdigit() else path.stem
        out.append(StarterDeck(key, parsed.name or key, "", parsed.data))
    return tuple(out)
