"""Every card of the catalogue has a test: vanilla cards in test_arackhan_vanilla.py, the others
by name in the test file of their faction."""

from __future__ import annotations

from pathlib import Path

from engines.arackhan_wars.abilities import VANILLA
from engines.arackhan_wars.cards import definitions
from engines.arackhan_wars.catalogue import shipped_catalogue

HERE = Path(__file__).parent
FILES = {
    "Whitelands": "test_arackhan_cards_whitelands.py",
    "Nakka": "test_arackhan_cards_nakka.py",
    "Grey Order": "test_arackhan_cards_grey_order.py",
    "Blight": "test_arackhan_cards_blight.py",
}


def test_every_card_with_an_ability_is_named_in_its_factions_tests() -> None:
    texts = {f: (HERE / name).read_text() for f, name in FILES.items()}
    missing = [
        card.label
        for card in shipped_catalogue().cards.values()
        if definitions()[card.id] is not VANILLA and card.name not in texts[card.faction]
    ]
    assert not missing, missing
