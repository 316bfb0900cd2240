"""The game state: flat lists and ints, cheap to clone, plus its canonical JSON form."""

from __future__ import annotations

import hashlib
import random
from array import array
from itertools import permutations
from typing import Any

from engines.khan_of_khans.cards import (
    BISON,
    CARD_IDS,
    CORRALS_BY_SEATS,
    DECK_SIZE,
    HIGH_LLAMA,
    IMPALA,
    KHAN_SLUGS,
    MOROKANTH,
    N_CARDS,
    N_DECKS,
    SABLE,
)

NO_PENDING, PENDING_BLESSING, PENDING_IMPALA = 0, 1, 2
ORDERS: tuple[tuple[int, ...], ...] = tuple(permutations(range(DECK_SIZE)))
"""Every order of one Location deck (8! = 40,320), so a shuffle is a single random draw."""
N_ORDERS = len(ORDERS)
DECK_BASES = tuple(range(0, N_CARDS, DECK_SIZE))
PENDING_NAMES = ("none", "blessing", "impala")


class State:
    """Everything about one game. Decks keep their top card at the end of the list."""

    __slots__ = (
        "n",
        "khans",
        "decks",
        "top_known",
        "mask",
        "left",
        "herd",
        "champ",
        "corrals",
        "extra",
        "tiles",
        "kept",
        "used",
        "box",
        "token",
        "impala",
        "llama",
        "sable",
        "bison",
        "pub",
        "to_act",
        "first",
        "pending",
        "pend_card",
        "revealed",
        "over",
        "turns",
        "rng",
        "rng_shared",
        "rng_digest",
    )

    n: int
    khans: list[int]
    decks: list[list[int]]
    top_known: list[bool]
    mask: int
    left: int
    herd: list[list[int]]
    champ: list[int]
    corrals: list[list[list[int]]]
    extra: list[list[int]]
    tiles: list[int]
    kept: list[list[int]]
    used: list[list[int]]
    box: list[int]
    token: bool
    impala: int
    llama: int
    sable: int
    bison: int
    pub: bytearray
    to_act: int
    first: int
    pending: int
    pend_card: int
    revealed: list[int]
    over: bool
    turns: int
    rng: random.Random
    rng_shared: bool
    rng_digest: str | None

    def own_rng(self) -> random.Random:
        """The state's random generator, ready to draw from.

        Clones share one generator object until either of them draws (copy on write), so
        cloning stays cheap; always draw through this method. The cached digest is dropped.
        """
        if self.rng_shared:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self.rng.getstate())
            self.rng = rng
            self.rng_shared = False
        self.rng_digest = None
        return self.rng

    def rng_hash(self) -> str:
        """A short stable hash of the generator's state (cached until the next draw)."""
        if self.rng_digest is None:
            version, internal, gauss = self.rng.getstate()
            data = array("Q", internal).tobytes() + repr((version, gauss)).encode()
            self.rng_digest = hashlib.sha256(data).hexdigest()[:16]
        return self.rng_digest

    def copy(self) -> State:
        """An independent copy (random generator included, shared until one side draws)."""
        s = State.__new__(State)
        s.n = self.n
        s.khans = self.khans[:]
        s.decks = [d[:] for d in self.decks]
        s.top_known = self.top_known[:]
        s.mask = self.mask
        s.left = self.left
        s.herd = [h[:] for h in self.herd]
        s.champ = self.champ[:]
        s.corrals = [[c[:] for c in cs] for cs in self.corrals]
        s.extra = [e[:] for e in self.extra]
        s.tiles = self.tiles[:]
        s.kept = [k[:] for k in self.kept]
        s.used = [u[:] for u in self.used]
        s.box = self.box[:]
        s.token = self.token
        s.impala = self.impala
        s.llama = self.llama
        s.sable = self.sable
        s.bison = self.bison
        s.pub = bytearray(self.pub)
        s.to_act = self.to_act
        s.first = self.first
        s.pending = self.pending
        s.pend_card = self.pend_card
        s.revealed = self.revealed[:]
        s.over = self.over
        s.turns = self.turns
        s.rng = self.rng
        s.rng_shared = self.rng_shared = True
        s.rng_digest = self.rng_digest
        return s


def new_state(seed: int, khans: list[int] | None, n: int) -> State:
    """Set up a game: shuffle each Location deck, deal Khans (if not given), hand out Corrals."""
    rng = random.Random(seed)
    if khans is None:
        khans = rng.sample(range(len(KHAN_SLUGS)), n)
    s = State.__new__(State)
    s.n = n
    s.khans = list(khans)
    # One uniform draw among the 8! orders per deck: the same distribution as rng.shuffle.
    randbelow = rng.randrange
    s.decks = [[base + i for i in ORDERS[randbelow(N_ORDERS)]] for base in DECK_BASES]
    s.top_known = [False] * N_DECKS
    s.mask = (1 << N_DECKS) - 1
    s.left = N_CARDS
    s.herd = [[] for _ in range(n)]
    s.champ = [-1] * n
    s.corrals = [[] for _ in range(n)]
    s.extra = [[] for _ in range(n)]
    base = CORRALS_BY_SEATS[n]
    s.tiles = [base + (1 if k == MOROKANTH else 0) for k in khans]
    s.kept = [[] for _ in range(n)]
    s.used = [[] for _ in range(n)]
    s.box = []
    s.token = False
    seat_of = {k: i for i, k in enumerate(khans)}
    s.impala = seat_of.get(IMPALA, -1)
    s.llama = seat_of.get(HIGH_LLAMA, -1)
    s.sable = seat_of.get(SABLE, -1)
    s.bison = seat_of.get(BISON, -1)
    s.pub = bytearray(N_CARDS)
    s.first = s.impala if s.impala >= 0 else 0
    s.to_act = s.first
    s.pending = 0
    s.pend_card = -1
    s.revealed = []
    s.over = False
    s.turns = 0
    s.rng = rng
    s.rng_shared = False
    s.rng_digest = None
    return s


def _ids(cards: list[int]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def canonical_state(s: State) -> dict[str, Any]:
    """The whole state as JSON data (hidden cards and deck order included)."""
    return {
        "n_seats": s.n,
        "khans": [KHAN_SLUGS[k] for k in s.khans],
        "decks": [_ids(d[::-1]) for d in s.decks],
        "top_known": list(s.top_known),
        "herds": [_ids(h) for h in s.herd],
        "champions": [CARD_IDS[c] if c >= 0 else None for c in s.champ],
        "corrals": [[_ids(c) for c in cs] for cs in s.corrals],
        "sneaked": [[CARD_IDS[c] if c >= 0 else None for c in e] for e in s.extra],
        "open_tiles": list(s.tiles),
        "kept_blessings": [_ids(k) for k in s.kept],
        "used_blessings": [_ids(u) for u in s.used],
        "box": _ids(s.box),
        "impala_token": "coloured" if s.token else "brown",
        "public_cards": [CARD_IDS[c] for c in range(N_CARDS) if s.pub[c]],
        "to_act": None if s.over else s.to_act,
        "first": s.first,
        "pending": PENDING_NAMES[s.pending],
        "pending_card": CARD_IDS[s.pend_card] if s.pend_card >= 0 else None,
        "revealed": list(s.revealed),
        "over": s.over,
        "turns": s.turns,
        "rng": s.rng_hash(),
    }


_END, _GROUP = b"\xff", b"\xfe"
_END_GROUP = _END + _GROUP
_join = _END.join
_plus_one = (1).__add__


def _lists(lists: list[list[int]]) -> bytes:
    """Each list's bytes closed by the separator, then the group's mark."""
    return _join(map(bytes, lists)) + _END_GROUP if lists else _GROUP


def state_digest(s: State) -> str:
    """16 hex digits of BLAKE2b over a compact, exact byte spelling of the whole state.

    It covers the same facts as :func:`canonical_state` (card numbers stand for card ids) and is
    far cheaper, which matters because recorded matches take a digest after every action. Every
    list becomes its bytes (values shifted by one so that -1, "none", fits) closed by a
    separator that no value can take, so two different states never spell the same bytes. The
    spelling is pinned by recorded matches (``tests/engines/khan_of_khans/records``): built
    with C-level ``map``/``join`` rather than a generator a list, it is the same bytes.
    """
    end = _END
    extra = s.extra
    parts = [
        bytes((s.n, s.mask >> 8, s.mask & 255, s.token, s.over, s.first, s.pending)),
        end,
        _lists(s.decks),
        _lists(s.herd),
        _lists(s.kept),
        _lists(s.used),
        *map(_lists, s.corrals),
        _join([bytes(map(_plus_one, e)) for e in extra]) + _END_GROUP if extra else _GROUP,
        bytes(s.khans),
        end,
        bytes(s.top_known),
        end,
        bytes(map(_plus_one, s.champ)),
        end,
        bytes(s.tiles),
        end,
        bytes(s.box),
        end,
        bytes(s.pub),
        end,
        bytes(s.revealed),
        end,
        bytes((s.pend_card + 1, 255 if s.over else s.to_act)),
        end,
        s.turns.to_bytes(4, "big"),
        s.left.to_bytes(2, "big"),
        s.rng_hash().encode(),
    ]
    return hashlib.blake2b(b"".join(parts), digest_size=8).hexdigest()
