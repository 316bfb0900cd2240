"""Card definitions by faction, and the one list of cards the engine can play.

Each faction module (``whitelands.py``, ``nakka.py``, ``grey_order.py``, ``blight.py``) holds a
``DEFS`` dict: catalogue card id -> :class:`~engines.arackhan_wars.abilities.CardDef`. A card is
playable when its id is in a ``DEFS`` (a card with no text beyond its numbers and attributes maps
to ``VANILLA``). Any other card is refused at deck validation for play (``card-not-playable``).
See ``engines/arackhan_wars/CARDS.md`` for how to add one.
"""

from __future__ import annotations

from functools import cache

from engines.arackhan_wars.abilities import CardDef
from engines.arackhan_wars.cards import blight, grey_order, nakka, whitelands

FACTION_MODULES = (whitelands, nakka, grey_order, blight)


@cache
def definitions() -> dict[int, CardDef]:
    """Every implemented card: catalogue id -> definition."""
    out: dict[int, CardDef] = {}
    for module in FACTION_MODULES:
        for cid, definition in module.DEFS.items():
            if cid in out:
                raise ValueError(f"card {cid} is defined twice")
            out[cid] = definition
    return out


def implemented() -> frozenset[int]:
    """Catalogue ids of the cards the engine plays."""
    return frozenset(definitions())
