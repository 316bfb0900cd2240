"""Every physical card of a catalogue's box as a number (0..N-1), with flat per-card tables.

The rules read these tuples instead of :class:`~engines.heroes_of_graxia.catalogue.Card`
objects, which keeps a random game fast. Card ids are ``<slug>#<copy>`` (``bone-sword#3``).
Wound and Prestige Point cards are not dealt: the engine counts them (see docs/rules).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from engines.heroes_of_graxia.catalogue import Card, Catalogue

EQUIP: Final = 0
SPELL: Final = 1
UNIT: Final = 2
HERO: Final = 3
MONSTER: Final = 4
CLASS_CODE = {"Equipment": EQUIP, "Spell": SPELL, "Unit": UNIT, "Hero": HERO, "Monster": MONSTER}
AURA: Final = 0
ARMOR: Final = 1
WEAPON: Final = 2
"""Equipment slots, in the order the rulebook names them (Auras, Armor, Weapons)."""
MERC: Final = 0
ARMY: Final = 1
HENCH: Final = 2
HERO_SUB: Final = 3
SUB_CODE = {
    "Aura": AURA,
    "Armor": ARMOR,
    "Weapon": WEAPON,
    "Mercenary": MERC,
    "Army": ARMY,
    "Henchman": HENCH,
}
PRESTIGE_FOR = {ARMY: 3, HENCH: 4, HERO_SUB: 5, MERC: 0}
"""Prestige for eliminating a Unit (and lost for losing one to a Monster): rulebook step 6 / 7."""
T_NONE: Final = 0
T_OWN: Final = 1
T_ENEMY: Final = 2
CAN_COMBAT: Final = 1
CAN_OUT: Final = 2
MARKET_DECKS = ("Equipment", "Unit", "Spell")
"""The three market decks, in the order of the table's row (``market:0`` is Equipment)."""


class Tables:
    """The instance tables of one catalogue (shared by every game that uses it)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        cards: list[Card] = [c for c in catalogue.cards.values() if c.classification in CLASS_CODE]
        self.card_list = cards
        ids: list[str] = []
        kind: list[int] = []
        for k, card in enumerate(cards):
            for copy in range(1, card.copies + 1):
                ids.append(f"{card.slug}#{copy}")
                kind.append(k)
        self.n = len(ids)
        self.ID: tuple[str, ...] = tuple(ids)
        self.KIND: tuple[int, ...] = tuple(kind)
        """uid -> index of its card in ``card_list`` (copies share it)."""
        self.uid_of: dict[str, int] = {cid: u for u, cid in enumerate(ids)}
        self.kind_of_slug: dict[str, int] = {c.slug: k for k, c in enumerate(cards)}
        self.SLUG: tuple[str, ...] = tuple(c.slug for c in cards)
        self.NAME: tuple[str, ...] = tuple(c.name for c in cards)

        def per_uid(fn) -> tuple:
            values = [fn(c) for c in cards]
            return tuple(values[k] for k in kind)

        def effect(c: Card, name: str, source: str = "specials") -> int:
            return sum(e.n for e in getattr(c, source) if e.name == name)

        def has(c: Card, name: str) -> bool:
            return any(e.name == name for e in c.specials)

        self.CLS = per_uid(lambda c: CLASS_CODE[c.classification])
        self.SUB = per_uid(
            lambda c: HERO_SUB if c.classification == "Hero" else SUB_CODE.get(c.type, -1)
        )
        self.COST = per_uid(lambda c: c.cost or 0)
        self.SELL = per_uid(lambda c: c.sell)
        self.HP = per_uid(lambda c: c.health or 0)
        self.ATK = per_uid(lambda c: c.attack)
        self.DEF = per_uid(lambda c: c.defense)
        self.TROPHY = per_uid(lambda c: c.trophy)
        self.BANNER = per_uid(lambda c: c.banner)
        races = sorted({c.race for c in cards if c.race})
        self.races = races
        race_code = {r: i for i, r in enumerate(races)}
        self.RACE = per_uid(lambda c: race_code.get(c.race, -1))
        # passive specials (Heroes, Units, Equipment)
        self.GOLD = per_uid(lambda c: effect(c, "gold") if c.classification != "Spell" else 0)
        self.DDRAW = per_uid(lambda c: effect(c, "defend_draw"))
        self.MATK = per_uid(lambda c: effect(c, "monster_attack"))
        self.MDEF = per_uid(lambda c: effect(c, "monster_defense"))
        self.LATK = per_uid(lambda c: effect(c, "legion_attack"))
        self.LDEF = per_uid(lambda c: effect(c, "legion_defense"))
        self.MEND = per_uid(lambda c: effect(c, "mend"))
        self.SPELLS = per_uid(lambda c: effect(c, "spells"))
        self.BOUNTY = per_uid(lambda c: effect(c, "bounty"))
        self.E_DBL = per_uid(
            lambda c: (
                sum(bit for bit, n in ((1, "double_attack"), (2, "double_defense")) if has(c, n))
                if c.classification == "Equipment"
                else 0
            )
        )
        """Per Equipment card: 1 doubles its Unit's listed Attack, 2 its listed Defense (bits)."""
        self.ALLY = per_uid(
            lambda c: tuple(
                (race_code[e.race], e.n)
                for e in c.specials
                if e.name == "ally" and e.race in race_code
            )
        )

        # spells
        def timing(c: Card) -> int:
            t = c.timing
            return {"combat": CAN_COMBAT, "out": CAN_OUT, "any": CAN_COMBAT | CAN_OUT}.get(t, 0)

        self.WHEN = per_uid(timing)
        self.TARGET = per_uid(lambda c: {"own": T_OWN, "enemy": T_ENEMY}.get(c.target, T_NONE))
        spell = lambda name: per_uid(  # noqa: E731 - a local shorthand
            lambda c: effect(c, name) if c.classification == "Spell" else 0
        )
        self.S_ATK = spell("attack")
        self.S_DEF = spell("defense")
        self.S_WOUND = spell("wound")
        self.S_HEAL = spell("heal")
        self.S_DRAW = spell("draw")
        self.S_GOLD = spell("gain_gold")
        self.S_ACTS = spell("gain_actions")
        self.S_DBL_A = per_uid(lambda c: any(e.name == "double_attack" for e in c.specials))
        self.S_DBL_D = per_uid(lambda c: any(e.name == "double_defense" for e in c.specials))
        # monsters
        self.R_GOLD = per_uid(lambda c: effect(c, "gold", "reward"))
        self.R_DRAW = per_uid(lambda c: effect(c, "draw", "reward"))
        self.R_PRESTIGE = per_uid(lambda c: effect(c, "prestige", "reward"))
        self.R_ACTS = per_uid(lambda c: effect(c, "actions", "reward"))

        self.start_kinds: tuple[int, ...] = tuple(k for k, c in enumerate(cards) if c.banner)
        self.copies_of: dict[int, list[int]] = {}
        for u, k in enumerate(kind):
            self.copies_of.setdefault(k, []).append(u)
        self.heroes: tuple[int, ...] = tuple(u for u in range(self.n) if self.CLS[u] == HERO)
        self.hero_of_slug: dict[str, int] = {self.SLUG[self.KIND[u]]: u for u in self.heroes}
        self.monsters: tuple[int, ...] = tuple(u for u in range(self.n) if self.CLS[u] == MONSTER)

    def card(self, u: int) -> Card:
        """The catalogue card of instance ``u``."""
        return self.card_list[self.KIND[u]]


@cache
def tables_for(catalogue: Catalogue) -> Tables:
    """The (cached) tables of ``catalogue``."""
    return Tables(catalogue)
