"""The game state: flat lists of card numbers and small ints, cheap to clone.

Decks keep their top card at the end of the list; the Monster Deck's bottom is index 0.
Equipment hangs on Units through ``eq`` (three slots per card number: Aura, Armor, Weapon)
and ``host`` (the Unit a piece of Equipment is attached to, or -1).
"""

from __future__ import annotations

import random
from typing import Final

from engines.heroes_of_graxia.tables import Tables
from engines.heroes_of_graxia.versions import VERSIONS, Rules

# phases: what the seat to act is deciding
MULLIGAN: Final = 0
MAIN: Final = 1
HEALING: Final = 2
PICK: Final = 3
HIRE: Final = 4
SPELLS: Final = 5
CLASH: Final = 6
WOUNDS: Final = 7
LOSING: Final = 8
OVER: Final = 9
PHASE_NAMES = (
    "mulligan",
    "main",
    "heal",
    "new-hand",
    "hire",
    "spells",
    "clash",
    "wounds",
    "lose-monster",
    "over",
)
NO_COMBAT: Final = 0
VS_MONSTER: Final = 1
VS_LEGION: Final = 2
COMBAT_NAMES = ("", "monster", "legion")

_LISTS_PER_SEAT = ("deck", "hand", "disc", "legion", "loot", "played")
_SCALARS = (
    "n",
    "phase",
    "to_act",
    "cur",
    "first",
    "ap",
    "attacked",
    "gold",
    "mgold",
    "mull",
    "started",
    "pick",
    "cmode",
    "ctarget",
    "cslot",
    "passes",
    "mon_known",
    "rounds",
    "turns",
    "over",
    "end_reason",
    "max_rounds",
)


class State:
    """Everything about one game (see the module docstring for the layout)."""

    __slots__ = (
        "t",
        "r",
        *_LISTS_PER_SEAT,
        *_SCALARS,
        "hero",
        "prestige",
        "safe",
        "cast",
        "catk",
        "cdef",
        "doubled",
        "eq",
        "host",
        "wounds",
        "mkt_deck",
        "mkt_row",
        "mon_deck",
        "mon_row",
        "mon_box",
        "box",
        "gave",
        "pend",
        "fallen",
        "mq",
        "moves",
        "rng",
        "rng_shared",
        "rng_digest",
    )

    t: Tables
    r: Rules
    """The rules version's readings (not part of the digest)."""
    n: int
    deck: list[list[int]]
    hand: list[list[int]]
    disc: list[list[int]]
    legion: list[list[int]]
    loot: list[list[int]]
    played: list[list[int]]
    """Mercenaries and Spells each seat has in play in the current combat."""
    hero: list[int]
    prestige: list[int]
    safe: list[bool]
    """Attacked since the end of its own last turn: not eligible to be attacked."""
    cast: list[int]
    """Spells each seat has cast in the current combat."""
    catk: list[int]
    cdef: list[int]
    doubled: list[int]
    """Per card number: 1 listed Attack doubled, 2 listed Defense doubled (bits), this combat."""
    eq: list[int]
    host: list[int]
    wounds: list[int]
    mkt_deck: list[list[int]]
    mkt_row: list[list[int]]
    mon_deck: list[int]
    mon_row: list[int]
    mon_box: list[int]
    """Monsters left out of the Monster Deck at setup (face down: nobody knows which)."""
    box: list[int]
    """Cards out of the game, face up (unused Heroes, leftover Alesanas, lost Monsters)."""
    gave: set[int]
    """Cards that have given their Gold this turn."""
    pend: list[list[int]]
    """Wounds still to distribute: ``[seat, wounds, seat credited with eliminations or -1]``."""
    fallen: list[int]
    """Prestige the attacker still loses for Units a Monster eliminated (rulebook step 7)."""
    mq: list[int]
    """Seats still to decide on their mulligan (the setup queue, or the seat ending its turn)."""
    moves: list[tuple[int, int, int]] | None
    """The legal moves now, once computed (cleared by every move)."""
    phase: int
    to_act: int
    cur: int
    first: int
    ap: int
    attacked: bool
    gold: int
    mgold: int
    mull: int
    """Redraws left to the seat deciding its mulligan (2: five cards, 1: four cards)."""
    started: bool
    pick: int
    cmode: int
    ctarget: int
    cslot: int
    passes: int
    mon_known: int
    """How many cards at the bottom of the Monster Deck everyone knows (returned Monsters)."""
    rounds: int
    turns: int
    over: bool
    end_reason: str
    max_rounds: int
    rng: random.Random
    rng_shared: bool
    rng_digest: str | None
    """The generator's fingerprint, cached until it next draws."""

    def own_rng(self) -> random.Random:
        """The state's random generator, ready to draw from (copy on write after a clone)."""
        if self.rng_shared:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self.rng.getstate())
            self.rng = rng
            self.rng_shared = False
        self.rng_digest = None
        return self.rng

    def copy(self) -> State:
        """An independent copy (the random generator is shared until either side draws)."""
        s = State.__new__(State)
        s.t = self.t
        s.r = self.r
        for name in _LISTS_PER_SEAT:
            setattr(s, name, [x[:] for x in getattr(self, name)])
        for name in _SCALARS:
            setattr(s, name, getattr(self, name))
        s.hero = self.hero[:]
        s.prestige = self.prestige[:]
        s.safe = self.safe[:]
        s.cast = self.cast[:]
        s.catk = self.catk[:]
        s.cdef = self.cdef[:]
        s.doubled = self.doubled[:]
        s.eq = self.eq[:]
        s.host = self.host[:]
        s.wounds = self.wounds[:]
        s.mkt_deck = [d[:] for d in self.mkt_deck]
        s.mkt_row = [r[:] for r in self.mkt_row]
        s.mon_deck = self.mon_deck[:]
        s.mon_row = self.mon_row[:]
        s.mon_box = self.mon_box[:]
        s.box = self.box[:]
        s.gave = set(self.gave)
        s.pend = [p[:] for p in self.pend]
        s.fallen = self.fallen[:]
        s.mq = self.mq[:]
        s.moves = self.moves
        s.rng = self.rng
        s.rng_shared = self.rng_shared = True
        s.rng_digest = self.rng_digest
        return s

    # -- small queries the rules share ---------------------------------------------------
    def units_in_combat(self, seat: int) -> list[int]:
        """The seat's Legion plus the Mercenaries it has in play."""
        t = self.t
        return self.legion[seat] + [c for c in self.played[seat] if t.CLS[c] == 2]


def fresh_state(t: Tables, n: int, rng: random.Random, rules: Rules | None = None) -> State:
    """An empty state for ``n`` seats (setup fills it); ``rules``: the version's readings
    (default: 1.0.0's)."""
    s = State.__new__(State)
    s.t = t
    s.r = rules if rules is not None else VERSIONS["1.0.0"]
    s.n = n
    for name in _LISTS_PER_SEAT:
        setattr(s, name, [[] for _ in range(n)])
    s.hero = [-1] * n
    s.prestige = [0] * n
    s.safe = [False] * n
    s.cast = [0] * n
    s.catk = [0] * n
    s.cdef = [0] * n
    s.doubled = [0] * t.n
    s.eq = [-1] * (3 * t.n)
    s.host = [-1] * t.n
    s.wounds = [0] * t.n
    s.mkt_deck = [[], [], []]
    s.mkt_row = [[], [], []]
    s.mon_deck = []
    s.mon_row = []
    s.mon_box = []
    s.box = []
    s.gave = set()
    s.pend = []
    s.fallen = []
    s.mq = []
    s.moves = None
    s.phase = MULLIGAN
    s.to_act = 0
    s.cur = 0
    s.first = 0
    s.ap = 0
    s.attacked = False
    s.gold = 0
    s.mgold = 0
    s.mull = 2
    s.started = False
    s.pick = 0
    s.cmode = NO_COMBAT
    s.ctarget = -1
    s.cslot = -1
    s.passes = 0
    s.mon_known = 0
    s.rounds = 0
    s.turns = 0
    s.over = False
    s.end_reason = ""
    s.max_rounds = 0
    s.rng = rng
    s.rng_shared = False
    s.rng_digest = None
    return s
