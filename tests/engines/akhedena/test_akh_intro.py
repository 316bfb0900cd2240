"""The deck editor's intro to an Akhedena army list says exactly what the checker enforces:
each piece's card and the type of its Army cards, the reserve's size and types, copies and
bans. Each sentence of the intro is read and compared with what ``validate`` accepts."""

from __future__ import annotations

import copy
import re

from engines.akhedena.armylist import PIECE_LABELS
from engines.akhedena.board import PIECE_SLOTS
from engines.akhedena.format import construction_text, starter_armies, validate
from engines.decks import get_deck_format
from tests.engines.akhedena.akh_helpers import CATALOGUE

INTRO = construction_text()
PIECE = re.compile(r"(?:the|each) (\w+): (the \w+ card|an? \w+ Commander card) and two (\w+) Army")


def said() -> dict[str, tuple[str, str]]:
    """What the intro says each piece takes: ``{"Archer": ("a Ranged Commander card",
    "Ranged")}``."""
    return {piece: (leader, army) for piece, leader, army in PIECE.findall(INTRO)}


def piece_of(slot: str) -> str:
    return PIECE_LABELS[slot].split()[0]  # "Infantry left" -> "Infantry"


def leader_words(card) -> str:
    """A leader card as the intro names what a piece needs."""
    if card.kind in ("hero", "castle"):
        return f"the {card.kind.title()} card"
    article = "an" if card.main_type[0] in "AEIOU" else "a"
    return f"{article} {card.main_type} Commander card"


def rules_broken(data) -> set[str]:
    return {v.rule for v in validate(data, CATALOGUE).violations}


def starter():
    return copy.deepcopy(starter_armies()[0].data)


def test_the_intro_names_every_piece_and_the_format_shows_it():
    assert set(said()) == {piece_of(slot) for slot in PIECE_SLOTS}
    assert get_deck_format("akhedena").construction_text() == INTRO
    assert "any type on the Hero" not in INTRO  # what the old intro said, against the checker


def test_each_piece_takes_the_army_cards_the_intro_names_and_no_other():
    """Two Army cards of every main type on every piece: the checker takes exactly the type
    the intro gives that piece (the Hero too: Infantry, as the rules' distribution says)."""
    by_type: dict[str, list[int]] = {}
    for card in CATALOGUE.cards.values():
        if card.kind == "army":
            by_type.setdefault(card.main_type, []).append(card.id)
    for slot in PIECE_SLOTS:
        wanted = said()[piece_of(slot)][1]
        for main, ids in by_type.items():
            data = starter()
            data["pieces"][slot]["army"] = ids[:2]
            takes = "army-main-type" not in rules_broken(data)
            assert takes == (main == wanted), (slot, main, wanted)


def test_each_piece_takes_the_leader_card_the_intro_names_and_no_other():
    for slot in PIECE_SLOTS:
        wanted = said()[piece_of(slot)][0]
        for card in CATALOGUE.cards.values():
            if card.kind == "army":
                continue
            data = starter()
            data["pieces"][slot]["card"] = card.id
            takes = "leader-card" not in rules_broken(data)
            assert takes == (leader_words(card) == wanted), (slot, card.name, wanted)


def test_the_reserve_is_the_size_the_intro_says_of_any_types():
    size = int(re.search(r"a reserve of exactly (\d+) Army cards of any types", INTRO).group(1))
    for n in (size - 1, size, size + 1):
        data = starter()
        data["reserve"] = (data["reserve"] * 2)[:n]
        assert ("reserve-size" in rules_broken(data)) == (n != size), n
    cavalry = [
        c.id for c in CATALOGUE.cards.values() if c.kind == "army" and c.main_type == "Cavalry"
    ]
    data = starter()
    data["reserve"] = (cavalry * size)[:size]  # one type only is as good as a mix
    assert not rules_broken(data) & {"reserve-size", "army-main-type", "army-card"}


def test_the_intro_names_the_copy_limit_and_the_bans_the_checker_applies():
    assert "copy limit" in INTRO and "no banned card" in INTRO
    data = starter()
    hero_army = data["pieces"]["hero"]["army"][0]
    data["reserve"] = [hero_army] * 6  # far more copies of one card than its limit
    assert "copies" in rules_broken(data)
