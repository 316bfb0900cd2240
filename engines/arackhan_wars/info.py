"""Printed characteristics of each card as the engine reads them (from the shipped catalogue)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Final

from engines.arackhan_wars.abilities import (
    CREATURE,
    LAND,
    MOVEMENT,
    RANGED,
    SKILL,
    SPELL,
    VANILLA,
    WEAKNESS,
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


_INFOS: Final[dict[int, CardInfo]] = {}
"""The table :func:`infos` fills on first use (a constant the compiled build reads directly)."""


def infos() -> dict[int, CardInfo]:
    """Every card of the shipped catalogue (alternative printing ids included)."""
    if not _INFOS:
        defs = definitions()
        table: dict[int, CardInfo] = {}
        for card in shipped_catalogue().cards.values():
            info = _info(card, defs.get(card.id, VANILLA))
            table[card.id] = info
            for alt in card.alt_ids:
                table[alt] = info
        _INFOS.update(table)  # in one step: another thread never reads a half-filled table
    return _INFOS


def info(card_id: int) -> CardInfo:
    """The engine's view of catalogue card ``card_id``."""
    return infos()[card_id]


SKILL_PARAMS: Final[tuple[str, ...]] = (
    "end_of_turn_move",
    "bonus_movement",
    "trophies",
    "mercenary_leader",
    "hits_allies",
)
"""Definition parameters that are skills or weaknesses (the others belong to the card action)."""


@cache
def absorbed_info(card_id: int, absorbed: tuple[int, ...]) -> CardInfo:
    """Card ``card_id`` having added the characteristics of the ``absorbed`` cards (Essence
    Absorption, since 1.1.0): their values, skills and weaknesses (auras, Attack modifiers,
    skill parameters) join its own; its name, family, kind and action stay its own. Attack,
    Defence and attributes are added where the characteristics are computed (``effects``),
    as in 1.0.0."""
    own = info(card_id)
    auras, mods, value = list(own.defn.auras), list(own.defn.attack_mods), own.value
    params: dict[str, Any] = {}
    for x in absorbed:
        extra = info(x)
        value += extra.value
        auras.extend(a for a in extra.defn.auras if a.source in (SKILL, WEAKNESS))
        mods.extend(extra.defn.attack_mods)
        params.update((k, v) for k, v in extra.defn.params.items() if k in SKILL_PARAMS)
    params.update(own.defn.params)
    defn = replace(own.defn, auras=tuple(auras), attack_mods=tuple(mods), params=params)
    return replace(own, value=value, defn=defn)
