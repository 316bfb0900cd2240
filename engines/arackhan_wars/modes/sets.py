"""The three mode card sets (Strategy, Event, Objective): versioned CSV files read into frozen
cards whose effects are written in the engine's effect vocabulary (:class:`Aura`, drawing).

A set version is ``data/<kind>-v<N>.csv`` (``strategy``, ``events``, ``objectives``); the newest
shipped one is played. Every row says where its text comes from (``origin``); the shipped
version 1 is the platform's own starter set (see ``data/SOURCE.md``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engines.arackhan_wars.abilities import (
    ALL,
    ALLIES,
    ATTRIBUTES,
    CREATURE,
    ENEMIES,
    FLAGS,
    LAND,
    Aura,
)
from engines.arackhan_wars.board import BY_NAME
from engines.catalogue_csv import read_cards

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

KINDS = ("strategy", "events", "objectives")
"""The three set kinds (a file ``<kind>-v<N>.csv`` each)."""

PLATFORM_ORIGIN = "starter catalogue of the platform's design"
"""The ``origin`` of the shipped starter sets (the publisher's texts say otherwise)."""

SET_SIZES = {"strategy": 25, "events": 23, "objectives": 23}
"""Cards per pack, as the rulebook counts them (25 Strategy, 23 Event; 23 Objective cards)."""

BLITZ = "blitz"
SECRET = "secret"
DISCARDS = ("on_play", "end_of_round")
"""When a played Strategy card goes to the discard pile: at once, or in the End phase."""

AURA_FIELDS = frozenset(
    ("reach", "kinds", "family", "max_value", "attack", "defence", "gain", "lose", "range_bonus")
)
"""The :class:`Aura` fields a mode card may use (it has no source card, so no condition)."""

REQUIREMENTS = frozenset(("cards", "at_least", "spaces", "value", "discarded_enemies", "astral"))


class SetError(ValueError):
    """A mode card file that cannot be read; names the line and the field."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


@dataclass(frozen=True, slots=True)
class Effects:
    """What a mode card does: auras (reach seen from the player who plays it) and cards drawn."""

    auras: tuple[Aura, ...] = ()
    draw: int = 0


@dataclass(frozen=True, slots=True)
class ModeCard:
    """One card of a mode set. ``type``/``cost``/``discard``: Strategy cards; ``points`` and
    ``requirement``: Objective cards."""

    kind: str
    id: int
    name: str
    text: str
    origin: str
    effects: Effects = Effects()
    type: str = ""
    cost: int = 0
    discard: str = ""
    points: int = 0
    requirement: tuple[tuple[str, Any], ...] = ()

    @property
    def platform_design(self) -> bool:
        """True for the platform's own starter text (not the publisher's)."""
        return self.origin == PLATFORM_ORIGIN

    def requires(self) -> dict[str, Any]:
        """The objective's requirement as plain data."""
        return {k: json.loads(v) for k, v in self.requirement}

    def face(self) -> dict[str, Any]:
        """The card as pages and observations show it (name, text, numbers, origin)."""
        out: dict[str, Any] = {"id": self.id, "name": self.name, "text": self.text}
        if self.kind == "strategy":
            out.update(type=self.type, cost=self.cost)
        if self.kind == "objectives":
            out["points"] = self.points
        out["origin"] = self.origin
        return out


def _int(row: dict[str, str], col: str, line: int, low: int = 0) -> int:
    raw = (row.get(col) or "").strip()
    if not raw.lstrip("-").isdigit() or int(raw) < low:
        raise SetError(f"{col} must be a whole number >= {low}, not {raw!r}", line)
    return int(raw)


def _json(row: dict[str, str], col: str, line: int) -> Any:
    try:
        return json.loads(row.get(col) or "null")
    except json.JSONDecodeError as exc:
        raise SetError(f"{col} is not JSON: {exc.msg}", line) from None


def _aura(spec: Any, kind: str, name: str, line: int) -> Aura:
    if not isinstance(spec, dict) or set(spec) - AURA_FIELDS:
        extra = sorted(set(spec) - AURA_FIELDS) if isinstance(spec, dict) else spec
        raise SetError(f"{name}: aura fields {extra} are not in the vocabulary", line)
    reaches = (ALL,) if kind == "events" else (ALLIES, ENEMIES, ALL)
    if spec.get("reach") not in reaches:
        raise SetError(f"{name}: an aura's reach is one of {', '.join(reaches)}", line)
    for key in ("gain", "lose"):
        bad = [a for a in spec.get(key, ()) if a not in ATTRIBUTES + FLAGS]
        if bad:
            raise SetError(f"{name}: unknown attribute or flag {bad[0]!r} in {key}", line)
    kinds = tuple(spec.get("kinds", (CREATURE,)))
    if not kinds or any(k not in (CREATURE, LAND) for k in kinds):
        raise SetError(f"{name}: an aura affects creatures and/or lands", line)
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in spec.items()}
    values["kinds"] = kinds
    try:
        return Aura(**values)
    except TypeError as exc:
        raise SetError(f"{name}: {exc}", line) from None


def _effects(row: dict[str, str], kind: str, name: str, line: int) -> Effects:
    spec = _json(row, "effects", line)
    if not isinstance(spec, list):
        raise SetError(f"{name}: effects is a JSON list", line)
    auras, draw = [], 0
    for item in spec:
        if isinstance(item, dict) and set(item) == {"draw"} and isinstance(item["draw"], int):
            draw += item["draw"]
        elif isinstance(item, dict) and set(item) == {"aura"}:
            auras.append(_aura(item["aura"], kind, name, line))
        else:
            raise SetError(f"{name}: an effect is {{'aura': ...}} or {{'draw': n}}", line)
    return Effects(tuple(auras), draw)


def _requirement(row: dict[str, str], name: str, line: int) -> tuple[tuple[str, Any], ...]:
    spec = _json(row, "requirement", line)
    if not isinstance(spec, dict) or not spec or set(spec) - REQUIREMENTS:
        raise SetError(f"{name}: requirement uses {sorted(REQUIREMENTS)}", line)
    bad = [s for s in spec.get("spaces", ()) if s not in BY_NAME]
    if bad:
        raise SetError(f"{name}: unknown space {bad[0]!r}", line)
    attr = (spec.get("cards") or {}).get("attribute")
    if attr and attr not in ATTRIBUTES:
        raise SetError(f"{name}: unknown attribute {attr!r}", line)
    return tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in spec.items()))


def _card(kind: str):
    def from_row(row: dict[str, str], line: int) -> ModeCard:
        name = (row.get("name") or "").strip()
        if not name:
            raise SetError("name is empty", line)
        common = dict(
            kind=kind,
            id=_int(row, "id", line, 1),
            name=name,
            text=(row.get("text") or "").strip(),
            origin=(row.get("origin") or "").strip(),
        )
        if not common["text"] or not common["origin"]:
            raise SetError(f"{name}: text and origin are required", line)
        if kind == "objectives":
            return ModeCard(
                **common,
                points=_int(row, "points", line, 1),
                requirement=_requirement(row, name, line),
            )
        effects = _effects(row, kind, name, line)
        if kind == "events":
            return ModeCard(**common, effects=effects)
        ctype = (row.get("type") or "").strip()
        discard = (row.get("discard") or "").strip()
        if ctype not in (BLITZ, SECRET):
            raise SetError(f"{name}: type is blitz or secret, not {ctype!r}", line)
        if discard not in DISCARDS:
            raise SetError(f"{name}: discard is one of {', '.join(DISCARDS)}", line)
        return ModeCard(
            **common, effects=effects, type=ctype, cost=_int(row, "cost", line), discard=discard
        )

    return from_row


COLUMNS = {
    "strategy": ("id", "name", "type", "cost", "text", "effects", "discard", "origin"),
    "events": ("id", "name", "text", "effects", "origin"),
    "objectives": ("id", "name", "points", "text", "requirement", "origin"),
}


def parse_set(kind: str, text: str) -> tuple[ModeCard, ...]:
    """The cards of a ``kind`` set file; raises :class:`SetError` naming the line and field."""
    if kind not in KINDS:
        raise SetError(f"unknown mode set {kind!r} (known: {', '.join(KINDS)})")
    cards = read_cards(text, COLUMNS[kind], _card(kind), SetError, comments=True)
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise SetError(f"{kind}: card ids are not unique")
    if len(cards) != SET_SIZES[kind]:
        raise SetError(f"{kind}: a pack has {SET_SIZES[kind]} cards, this file {len(cards)}")
    return tuple(cards)


def shipped_versions(kind: str) -> list[Path]:
    """The shipped files of ``kind``, oldest first."""
    found = []
    for path in DATA_DIR.glob(f"{kind}-v*.csv"):
        number = path.stem.removeprefix(f"{kind}-v")
        if number.isdigit():
            found.append((int(number), path))
    return [p for _, p in sorted(found)]


def shipped_numbers(kind: str) -> list[int]:
    """The version numbers of ``kind`` shipped with the engine, oldest first."""
    return [int(p.stem.removeprefix(f"{kind}-v")) for p in shipped_versions(kind)]


@cache
def shipped_set(kind: str, version: int | None = None) -> tuple[ModeCard, ...]:
    """Version ``version`` (default: the newest) of the shipped ``kind`` set (cached)."""
    paths = shipped_versions(kind)
    if version is not None:
        paths = [p for p in paths if p.stem == f"{kind}-v{version}"]
    if not paths:
        raise SetError(f"no shipped {kind} set" + (f" version {version}" if version else ""))
    return parse_set(kind, paths[-1].read_text(encoding="utf-8"))


def card(kind: str, cid: int, version: int = 1) -> ModeCard:
    """Card ``cid`` of version ``version`` of the shipped ``kind`` set."""
    return _by_id(kind, version)[cid]


@cache
def _by_id(kind: str, version: int) -> dict[int, ModeCard]:
    return {c.id: c for c in shipped_set(kind, version)}


LABELS = {"strategy": "Strategy", "events": "Event", "objectives": "Objective"}
"""How pages name each kind's cards."""


@dataclass(frozen=True)
class SetCatalogue:
    """One version of a mode set as the platform's catalogue loader reads it (``rows()``: one
    plain dict per card, the catalogue browser's columns plus the text and its origin)."""

    kind: str
    cards: tuple[ModeCard, ...]
    source: str = ""
    version: str = ""

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for c in self.cards:
            card_type = {"blitz": "Blitz", "secret": "Secret message"}.get(c.type, LABELS[c.kind])
            out.append(
                {
                    "id": c.id,
                    "name": c.name,
                    "faction": LABELS[c.kind],
                    "kind": c.kind,
                    "card_type": card_type,
                    "value": c.points if c.kind == "objectives" else c.cost,
                    "deck_building_value": None,
                    "budget_value": 0,
                    "attack": None,
                    "defense": None,
                    "attributes": [],
                    "family": "",
                    "individual_limit": None,
                    "legendary": False,
                    "banned": False,
                    "max_copies": None,
                    "alt_ids": [],
                    "text": c.text,
                    "origin": c.origin,
                    "platform_design": c.platform_design,
                }
            )
        return out


def shipped_catalogue(kind: str) -> SetCatalogue:
    """The newest shipped version of ``kind``, for the platform's loader."""
    path = shipped_versions(kind)[-1]
    return SetCatalogue(kind, shipped_set(kind), str(path.relative_to(DATA_DIR.parent.parent)))


def parse_catalogue(kind: str, text: str, source: str = "") -> SetCatalogue:
    """A ``kind`` set file (checked: columns, vocabulary, ids, the pack's count)."""
    return SetCatalogue(kind, parse_set(kind, text), source)
