"""The game state: flat lists of card ids, a few ints and the random generator."""

from __future__ import annotations

import random
from typing import Any

from .cards import ACTIONS, CARD_IDS

LEAD, RESPOND, OVER = 0, 1, 2
PHASE_NAMES = ("lead", "respond", "over")


class KowState:
    """Everything about one game of Kingdom of Warlords.

    Piles are lists of int card ids; an army's top card is the *last* element. ``grp[c]`` is -1
    for a card everyone has seen face up (troop piles, battlefield) and otherwise the hidden
    group it was shuffled in (0/1: the starting armies, 2+: one per troop-pile reshuffle).
    """

    __slots__ = (
        "army",
        "hand",
        "troop",
        "up",
        "down",
        "grp",
        "rng",
        "leader",
        "actor",
        "phase",
        "war",
        "dragon_war",
        "lead_str",
        "lead_aid",
        "wl_laid",
        "bonus",
        "extra_used",
        "battles",
        "cap",
        "winner",
        "reason",
        "next_group",
        "first_draw",
        "last",
        "yields",
    )

    def __init__(self) -> None:
        self.army: list[list[int]] = [[], []]
        self.hand: list[list[int]] = [[], []]
        self.troop: list[list[int]] = [[], []]
        self.up: list[list[int]] = [[], []]
        self.down: list[list[int]] = [[], []]
        self.grp: list[int] = []
        self.rng = random.Random(0)
        self.leader = 0
        self.actor = 0
        self.phase = LEAD
        self.war = 0
        self.dragon_war = False
        self.lead_str = 0
        self.lead_aid = -1
        self.wl_laid = 0
        self.bonus = [False, False]
        self.extra_used = [False, False]
        self.battles = 0
        self.cap = 500
        self.winner = -1  # -1 playing, 0/1 a seat won, 2 a draw
        self.reason = ""
        self.next_group = 2
        self.first_draw: list[list[int]] = [[], []]
        self.last: tuple[int, int, str] | None = None  # (winner, cards won, how)
        self.yields = True
        """Engine 1.1.0 on: a seat with nothing to play yields (``yield``) instead of the engine
        ending the battle for it (not part of the canonical state: the version says it)."""

    def clone(self) -> KowState:
        """An independent copy, random generator included."""
        s = KowState.__new__(KowState)
        s.army = [self.army[0][:], self.army[1][:]]
        s.hand = [self.hand[0][:], self.hand[1][:]]
        s.troop = [self.troop[0][:], self.troop[1][:]]
        s.up = [self.up[0][:], self.up[1][:]]
        s.down = [self.down[0][:], self.down[1][:]]
        s.grp = self.grp[:]
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        s.leader = self.leader
        s.actor = self.actor
        s.phase = self.phase
        s.war = self.war
        s.dragon_war = self.dragon_war
        s.lead_str = self.lead_str
        s.lead_aid = self.lead_aid
        s.wl_laid = self.wl_laid
        s.bonus = self.bonus[:]
        s.extra_used = self.extra_used[:]
        s.battles = self.battles
        s.cap = self.cap
        s.winner = self.winner
        s.reason = self.reason
        s.next_group = self.next_group
        s.first_draw = [self.first_draw[0][:], self.first_draw[1][:]]
        s.last = self.last
        s.yields = self.yields
        return s

    def rng_fingerprint(self) -> str:
        """The next 64 bits the generator would give (read from a copy), as hex."""
        copy = random.Random()
        copy.setstate(self.rng.getstate())
        return f"{copy.getrandbits(64):016x}"

    def canonical(self) -> dict[str, Any]:
        """The whole state as JSON data (hidden cards included; the generator by fingerprint)."""

        def ids(pile: list[int]) -> list[str]:
            return [CARD_IDS[c] for c in pile]

        return {
            "army": [ids(p) for p in self.army],
            "hand": [ids(p) for p in self.hand],
            "troop": [ids(p) for p in self.troop],
            "field": [ids(p) for p in self.up],
            "war_cards": [ids(p) for p in self.down],
            "groups": self.grp[:],
            "rng": self.rng_fingerprint(),
            "leader": self.leader,
            "actor": self.actor,
            "phase": PHASE_NAMES[self.phase],
            "war": self.war,
            "dragon_war": self.dragon_war,
            "lead_strength": self.lead_str,
            "lead": ACTIONS[self.lead_aid] if self.lead_aid >= 0 else None,
            "warlords_laid": self.wl_laid,
            "triple_bonus": self.bonus[:],
            "extra_used": self.extra_used[:],
            "battles": self.battles,
            "cap": self.cap,
            "winner": self.winner,
            "reason": self.reason,
            "next_group": self.next_group,
            "first_draw": [ids(p) for p in self.first_draw],
            "last": list(self.last) if self.last else None,
        }
