"""Printed characteristics of each card as the engine reads them (from the shipped catalogue)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engines.arackhan_wars.abilities import (
    CREATURE,
    LAND,
    MOVEMENT,
    RANGED,
    SPELL,
    VANILLA,
    CardDef,
)
from engines.arackhan_wars.cards import definitions
from engines.arackhan_wars.catalogue import Card, shipped_catalogue


@dataclass(frozen=True, slots=True)
class CardInfo:
    id: int
    name: str
    kind: str
    """creature, land or spell."""
    value: int
    attack: int | None
    defence: int | None
    attributes: frozenset[str]
    movement: int
    ranged: int
    family: str
    astral: bool
    defn: CardDef


def _info(card: Card, defn: CardDef) -> CardInfo:
    attrs: set[str] = set()
    movement = ranged = 0
    for text in card.attributes:
        word, _, number = text.lower().partition(" ")
        if word == "movement":
            attrs.add(MOVEMENT)
            movement = int(number)
        elif word == "ranged":
            attrs.add(RANGED)
            ranged = int(number.split()[-1])
        else:
            attrs.add(word)
    kind = card.kind
    assert kind in (CREATURE, LAND, SPELL), kind
    return CardInfo(
        id=card.id,
        name=card.name,
        kind=kind,
        value=card.value,
        attack=card.attack,
        defence=card.defense,
        attributes=frozenset(attrs),
        movement=movement,
        ranged=ranged,
        family=card.family,
        astral=card.astral_plane,
        defn=defn,
    )


@cache
def infos() -> dict[int, CardInfo]:
    """Every card of the shipped catalogue (alternative printing ids included)."""
    cat = shipped_catalogue()
    defs = definitions()
    out: dict[int, CardInfo] = {}
    for card in cat.cards.values():
        info = _info(card, defs.get(card.id, VANILLA))
        out[card.id] = info
        for alt in card.alt_ids:
            out[alt] = info
    return out


def info(card_id: int) -> CardInfo:
    """The engine's view of catalogue card ``card_id``."""
    return infos()[card_id]
