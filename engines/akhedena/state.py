"""The game state: flat lists of ints, cheap to clone, plus its canonical JSON form.

Pieces are numbered ``seat * 7 + k`` with ``k`` the index in :data:`board.PIECE_SLOTS` (0 Hero,
1 Castle, 2 Archer, 3-4 Infantry, 5-6 Cavalry). Cards are *instances*: every card of every army
list gets a number, ``seat * 27 + i``, and a unique id (``"0:101#2"``: seat 0, catalogue card
101, its second copy in that list). What never changes during a game (which catalogue card each
instance is, its numbers) lives in one shared :class:`Deal`; the :class:`State` only says where
each card is.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from engines.akhedena import board as B
from engines.akhedena.catalogue import MAIN_TYPES, Card, Catalogue
from engines.akhedena.versions import CURRENT, VERSIONS, Rules

EMPTY = -1
CROWN = -2
"""``State.board`` value of the centre square while the Crown lies there (it blocks moves)."""
ON_BOARD = -1
"""``State.crown`` while nobody holds the Crown."""
INFANTRY, CAVALRY, RANGED = range(3)
TYPE_NAMES = tuple(t.lower() for t in MAIN_TYPES)
"""``infantry``, ``cavalry``, ``ranged``: main types as actions spell them."""
NO_TYPE = -1
CARDS_PER_SEAT = 27
PIECE_TYPE = (NO_TYPE, INFANTRY, RANGED, INFANTRY, INFANTRY, CAVALRY, CAVALRY)
"""The main type of the Army cards each piece takes (the Hero takes any)."""
MOVE_RANGE = (3, 0, 5, 5, 5, B.SIZE - 1, B.SIZE - 1)
"""How far each piece moves: Hero 3, Castle never, Archer and Infantry 5, Cavalry any."""
PIECE_NAMES = ("Hero", "Castle", "Archer", "Infantry", "Infantry", "Cavalry", "Cavalry")
DEFAULT_TURN_CAP = 100
"""Turns per player before the game stops (docs/rules/akhedena.md, "Turn cap")."""

OWNER = tuple(p // B.PIECES_PER_SEAT for p in range(4 * B.PIECES_PER_SEAT))
KIND = tuple(p % B.PIECES_PER_SEAT for p in range(4 * B.PIECES_PER_SEAT))


class Deal:
    """The fixed facts of one game's cards (shared by every copy of the state).

    ``cards[i]`` is instance ``i``'s catalogue card, ``ids[i]`` its unique id; ``atk``, ``dfn``,
    ``wpn`` (weapon number) and ``main`` (main type or ``NO_TYPE``) are read by combat.
    """

    __slots__ = ("cards", "ids", "atk", "dfn", "wpn", "main", "lists", "digest")

    def __init__(
        self,
        armies: list[list[Card]],
        lists: list[dict[str, Any]],
        ids: Callable[[int, str], str] | None = None,
    ) -> None:
        """``ids``: instance index and default id -> the id to use (a re-deal keeps the ids of
        the cards seen, ``engines.akhedena.redeal``)."""
        weapons: dict[str, int] = {}
        cards: list[Card] = []
        names: list[str] = []
        for seat, army in enumerate(armies):
            copies: Counter[int] = Counter()
            for card in army:
                copies[card.id] += 1
                cards.append(card)
                names.append(f"{seat}:{card.id}#{copies[card.id]}")
        self.cards = tuple(cards)
        self.ids = tuple(names if ids is None else [ids(i, n) for i, n in enumerate(names)])
        self.atk = tuple(c.attack for c in cards)
        self.dfn = tuple(c.defence for c in cards)
        self.wpn = tuple(weapons.setdefault(c.weapon, len(weapons)) for c in cards)
        self.main = tuple(MAIN_TYPES.index(c.main_type) if c.main_type else NO_TYPE for c in cards)
        self.lists = lists
        """Each seat's army list as given (canonical data)."""
        self.digest = hashlib.blake2b("\n".join(self.ids).encode(), digest_size=8).digest()
        """A hash of every card instance id (part of each state digest)."""


class State:
    """Where everything is. ``army[p]`` lists piece ``p``'s Army cards (card 1 first);
    ``reserve[seat][type]`` is a face-down pile (top card last); ``public[i]`` is 1 once card
    ``i`` has been shown to everyone."""

    __slots__ = (
        "n",
        "rules",
        "deal",
        "pos",
        "board",
        "leader",
        "army",
        "reserve",
        "discard",
        "public",
        "crown",
        "alive",
        "out",
        "to_act",
        "pending",
        "turns",
        "turn_cap",
        "over",
        "end",
        "cache",
    )

    n: int
    rules: Rules
    """The readings this game is played under (its engine version)."""
    deal: Deal
    pos: list[int]
    board: list[int]
    leader: list[int]
    army: list[list[int]]
    reserve: list[list[list[int]]]
    discard: list[list[int]]
    public: bytearray
    crown: int
    alive: list[bool]
    out: list[tuple[int, int, str]]
    """Eliminated seats in order: (seat, the seat that eliminated it, "hero" or "castle")."""
    to_act: int
    pending: bool
    """True while a Crown holder may make its second card replacement this turn."""
    turns: int
    turn_cap: int
    over: bool
    end: str
    """How the game ended: "hero" or "castle" (the last elimination) or "cap"."""
    cache: list[str] | None

    def copy(self) -> State:
        s = State.__new__(State)
        s.n = self.n
        s.rules = self.rules
        s.deal = self.deal
        s.pos = self.pos[:]
        s.board = self.board[:]
        s.leader = self.leader[:]
        s.army = [a[:] for a in self.army]
        s.reserve = [[pile[:] for pile in piles] for piles in self.reserve]
        s.discard = [d[:] for d in self.discard]
        s.public = bytearray(self.public)
        s.crown = self.crown
        s.alive = self.alive[:]
        s.out = self.out[:]
        s.to_act = self.to_act
        s.pending = self.pending
        s.turns = self.turns
        s.turn_cap = self.turn_cap
        s.over = self.over
        s.end = self.end
        s.cache = self.cache  # never mutated: replaced whenever the state changes
        return s

    def castles_open(self, seat: int) -> bool:
        """Whether ``seat`` may attack the other players' Castles now."""
        if self.crown == ON_BOARD:
            return False
        return self.crown == seat or not self.rules.holder_attacks_castles

    def crown_square(self) -> int:
        """Where the Crown is: the centre, or its holder's Castle."""
        if self.crown == ON_BOARD:
            return B.CENTRE
        return self.pos[self.crown * B.PIECES_PER_SEAT + B.CASTLE]


def army_cards(data: dict[str, Any], catalogue: Catalogue) -> list[Card]:
    """A legal army list as its 27 cards: each piece's card and Army cards, then the reserve."""
    out = []
    for slot in B.PIECE_SLOTS:
        piece = data["pieces"][slot]
        out.append(catalogue.cards[piece["card"]])
        out.extend(catalogue.cards[cid] for cid in piece["army"])
    out.extend(catalogue.cards[cid] for cid in sorted(data["reserve"]))
    return out


def new_state(seed: int, deal: Deal, turn_cap: int, rules: Rules = VERSIONS[CURRENT]) -> State:
    """Set up: every piece on its starting square with its cards, each reserve pile shuffled
    (``rules``: the engine version's readings)."""
    n = len(deal.lists)
    rng = random.Random(seed)
    s = State.__new__(State)
    s.n = n
    s.rules = rules
    s.deal = deal
    s.board = [EMPTY] * B.N_SQUARES
    s.board[B.CENTRE] = CROWN
    s.pos = []
    s.leader = []
    s.army = []
    s.reserve = []
    for seat, squares in enumerate(B.start_squares(n, rules.layouts)):
        base = seat * CARDS_PER_SEAT
        for k, sq in enumerate(squares):
            p = seat * B.PIECES_PER_SEAT + k
            s.pos.append(sq)
            s.board[sq] = p
            s.leader.append(base + 3 * k)
            s.army.append([base + 3 * k + 1, base + 3 * k + 2])
        piles: list[list[int]] = [[], [], []]
        for i in range(base + 21, base + CARDS_PER_SEAT):
            piles[deal.main[i]].append(i)
        for pile in piles:
            rng.shuffle(pile)
        s.reserve.append(piles)
    s.discard = [[] for _ in range(n)]
    s.public = bytearray(n * CARDS_PER_SEAT)
    s.crown = ON_BOARD
    s.alive = [True] * n
    s.out = []
    s.to_act = 0
    s.pending = False
    s.turns = 0
    s.turn_cap = turn_cap
    s.over = False
    s.end = ""
    s.cache = None
    return s


def canonical_state(s: State) -> dict[str, Any]:
    """The whole state as JSON data (hidden cards and pile order included)."""
    ids = s.deal.ids
    pieces = []
    for p, sq in enumerate(s.pos):
        pieces.append(
            {
                "seat": OWNER[p],
                "piece": B.PIECE_SLOTS[KIND[p]],
                "square": B.NAMES[sq] if sq >= 0 else None,
                "card": ids[s.leader[p]],
                "army": [ids[c] for c in s.army[p]],
            }
        )
    return {
        "n_seats": s.n,
        "pieces": pieces,
        "reserve": [[[ids[c] for c in pile] for pile in piles] for piles in s.reserve],
        "discard": [[ids[c] for c in d] for d in s.discard],
        "public": [ids[i] for i, shown in enumerate(s.public) if shown],
        "crown": None if s.crown == ON_BOARD else s.crown,
        "alive": list(s.alive),
        "eliminated": [list(pair) for pair in s.out],
        "to_act": None if s.over else s.to_act,
        "pending": s.pending,
        "turns": s.turns,
        "turn_cap": s.turn_cap,
        "over": s.over,
        "end": s.end,
    }


def state_digest(s: State) -> str:
    """16 hex digits of BLAKE2b over a compact, exact byte spelling of the whole state.

    It covers the same facts as :func:`canonical_state` (card numbers stand for card ids, the
    deal's own hash for the ids themselves) and is far cheaper, which matters because recorded
    matches take a digest after every action. Every list becomes its bytes (values shifted by
    one so that -1 fits) closed by a separator no value takes.
    """
    end = b"\xff"
    parts = [
        s.deal.digest,
        bytes(x + 1 for x in s.pos),
        end,
        bytes(s.leader),
        end,
    ]
    parts.extend(bytes(a) + end for a in s.army)
    for piles in s.reserve:
        parts.extend(bytes(pile) + end for pile in piles)
    parts.extend(bytes(d) + end for d in s.discard)
    parts += [
        bytes(s.public),
        end,
        bytes(s.alive),
        end,
        bytes(x for triple in s.out for x in (triple[0], triple[1], triple[2] == "hero")),
        end,
        bytes((s.crown + 1, s.to_act, s.pending, s.over)),
        s.end.encode(),
        end,
        s.turns.to_bytes(4, "big"),
        s.turn_cap.to_bytes(4, "big"),
    ]
    return hashlib.blake2b(b"".join(parts), digest_size=8).hexdigest()
