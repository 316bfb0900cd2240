"""Card and Khan data: the 80 Location cards as small ints, their ids, kinds and values.

Card ``c`` belongs to Location deck ``c // 8``; ``c % 8`` is its slot in that deck:
0 Waha's Blessing, 1 Stampede!, 2 Tribal Champion, 3 Enemy Magic,
4 Raid! 100, 5 Raid! 50 (a), 6 Raid! 50 (b), 7 Raid! 20.
"""

from __future__ import annotations

N_DECKS = 10
DECK_SIZE = 8
N_CARDS = N_DECKS * DECK_SIZE

BLESSING, STAMPEDE, CHAMPION, MAGIC, RAID = range(5)

SLOT_NAMES = ("bless", "stampede", "champion", "magic", "raid100", "raid50a", "raid50b", "raid20")
SLOT_KIND = (BLESSING, STAMPEDE, CHAMPION, MAGIC, RAID, RAID, RAID, RAID)
SLOT_VALUE = (0, 0, 0, 0, 100, 50, 50, 20)

CARD_IDS: tuple[str, ...] = tuple(f"L{c // 8}:{SLOT_NAMES[c % 8]}" for c in range(N_CARDS))
CARD_OF_ID: dict[str, int] = {cid: c for c, cid in enumerate(CARD_IDS)}
KIND: tuple[int, ...] = tuple(SLOT_KIND[c % 8] for c in range(N_CARDS))
VALUE: tuple[int, ...] = tuple(SLOT_VALUE[c % 8] for c in range(N_CARDS))
ORIGIN: tuple[int, ...] = tuple(c // 8 for c in range(N_CARDS))
RAID_VALUES = (100, 50, 20)
"""Distinct Raid! values, highest first (the order value choices are listed in)."""

BLESSING_COWS = 20

# Khans, by index.
IMPALA, HIGH_LLAMA, MOROKANTH, SABLE, BISON = range(5)
KHAN_SLUGS = ("impala-people", "high-llama", "morokanth", "sable-nation", "bison-riders")
KHAN_NAMES = ("Impala People", "High Llama Tribe", "Morokanth", "Sable Nation", "Bison Riders")
KHAN_OF_SLUG: dict[str, int] = {slug: i for i, slug in enumerate(KHAN_SLUGS)}

CORRALS_BY_SEATS = {2: 4, 3: 3, 4: 3, 5: 2}
"""Corral tiles per player, before the Morokanth's extra tile."""


def hidden_id(card: int) -> str:
    """How a face-down Sable Nation Raid! card looks to others: its Location deck only."""
    return f"L{card // 8}:?"
