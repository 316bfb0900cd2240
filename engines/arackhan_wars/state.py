"""The game state: every card instance, where it is, who controls it and in what state.

Card instances are numbered ``0 .. 23 * n - 1``; seat ``s`` owns ``23 * s .. 23 * s + 22``,
numbered in the order of its deck after the set-up shuffle (so an instance number tells nothing
about the card). ``ctype[i]`` is the catalogue id of instance ``i``. Instances are written
``c<i>`` in actions and observations.

Places: ``hand[s]``, ``draw[s]`` (top = last), ``discard[s]``, ``astral[s]`` (the astral plane,
not part of the battlefield), ``board`` (space -> instance or -1), ``under[i]`` (cards kept under
a card, e.g. Dragon Slayer's trophies).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Final

from engines.arackhan_wars.board import N_SPACES
from engines.arackhan_wars.rules import CURRENT, VERSIONS, Rules

DECK_SIZE: Final = 23
ROUNDS: Final = 9
OPENING_HAND: Final = 7
DRAW_PER_ROUND: Final = 2
PLACE_PER_ROUND: Final = 2

# phases
CHOOSE: Final = "choose"
"""The randomly drawn seat chooses who begins round 1."""
MULLIGAN: Final = "mulligan"
PLACE: Final = "place"
INITIATIVE: Final = "initiative"
TURN: Final = "turn"
PENDING: Final = "pending"
"""A card action with several steps is being resolved (moves of Marching Order...)."""
OVER: Final = "over"


@dataclass
class Pending:
    """A multi-step card action in progress: who acts, which card, what is left to do."""

    seat: int
    card: int
    kind: str
    left: int = 0
    data: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> Pending:
        return Pending(self.seat, self.card, self.kind, self.left, copy.deepcopy(self.data))


@dataclass
class State:
    n: int
    rng: random.Random
    ctype: list[int]
    owner: list[int]
    hand: list[list[int]]
    draw: list[list[int]]
    discard: list[list[int]]
    astral: list[list[int]]
    board: list[int] = field(default_factory=lambda: [-1] * N_SPACES)
    where: list[int] = field(default_factory=list)
    """instance -> space on the battlefield, or -1."""
    face_up: list[bool] = field(default_factory=list)
    control: list[int] = field(default_factory=list)
    """instance -> the seat whose faction token is on it (spells: their owner)."""
    active: list[bool] = field(default_factory=list)
    moved: list[bool] = field(default_factory=list)
    extra_tokens: list[int] = field(default_factory=list)
    under: dict[int, list[int]] = field(default_factory=dict)
    temp: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Per-round changes on an instance, cleared in the End phase."""
    used: set[int] = field(default_factory=set)
    """Instances whose once-per-round action was used this round."""
    round: int = 1
    first: int = 0
    order: list[int] = field(default_factory=list)
    phase: str = CHOOSE
    step: int = 0
    placed: list[int] = field(default_factory=list)
    """Instances the seat placing now has placed this round."""
    chooser: int = 0
    mulliganed: list[int] = field(default_factory=list)
    """Instances the seat taking its mulligan has put aside so far."""
    pending: Pending | None = None
    team: list[int] = field(default_factory=list)
    """seat -> its side: every seat alone (1v1, free-for-all) or seats 0+2 and 1+3 (2v2)."""
    rounds: int = ROUNDS
    over: bool = False
    end_reason: str = ""
    version: int = 0
    """Bumped on every change; caches of derived characteristics key on it."""
    rules: Rules = VERSIONS[CURRENT]
    """The readings this game is played with (its engine version's; see ``rules.py``)."""
    modes: Any = None
    """The Strategy phase, Event and Objective modes in play (``modes/mstate.py``), or None."""
    _stats: Any = None
    _stats_version: int = -1
    _stats_key: Any = None
    _legal: Any = field(default=None, compare=False, repr=False)
    """The last legal actions listed and the state they were listed for (``rounds.legal``)."""

    @property
    def to_act(self) -> int | None:
        if self.over:
            return None
        if self.phase == CHOOSE:
            return self.chooser
        if self.phase == PENDING and self.pending is not None:
            return self.pending.seat
        return self.order[self.step]

    def acting_seat(self) -> int:
        """The seat to act in a game that is not over (:attr:`to_act` without its None)."""
        seat = self.to_act
        assert seat is not None, "the game is over: no seat acts"
        return seat

    def pending_action(self) -> Pending:
        """The card action of several steps being resolved (in the ``pending`` phase)."""
        assert self.pending is not None, "no card action of several steps is being resolved"
        return self.pending

    def copy(self) -> State:
        rng = random.Random.__new__(random.Random)  # no reseeding from the OS: setstate follows
        rng.setstate(self.rng.getstate())
        return State(
            n=self.n,
            rng=rng,
            ctype=self.ctype[:],
            owner=self.owner,
            hand=[h[:] for h in self.hand],
            draw=[d[:] for d in self.draw],
            discard=[d[:] for d in self.discard],
            astral=[a[:] for a in self.astral],
            board=self.board[:],
            where=self.where[:],
            face_up=self.face_up[:],
            control=self.control[:],
            active=self.active[:],
            moved=self.moved[:],
            extra_tokens=self.extra_tokens[:],
            under={k: v[:] for k, v in self.under.items()},
            temp={
                k: {a: b[:] if isinstance(b, list) else b for a, b in v.items()}
                for k, v in self.temp.items()
            },
            used=set(self.used),
            round=self.round,
            first=self.first,
            order=self.order[:],
            phase=self.phase,
            step=self.step,
            placed=self.placed[:],
            chooser=self.chooser,
            mulliganed=self.mulliganed[:],
            pending=self.pending.copy() if self.pending else None,
            team=self.team,
            rounds=self.rounds,
            over=self.over,
            end_reason=self.end_reason,
            version=self.version,
            rules=self.rules,
            modes=self.modes.copy() if self.modes is not None else None,
            # the characteristics computed last (immutable, keyed on their inputs) carry over
            _stats=self._stats,
            _stats_key=self._stats_key,
        )

    # -- places ------------------------------------------------------------------------------
    def friends(self, a: int, b: int) -> bool:
        """True when seats ``a`` and ``b`` are on the same side (the same seat, or allies)."""
        return self.team[a] == self.team[b]

    def on_battlefield(self) -> list[int]:
        """Instances on the battlefield, by space."""
        return [i for i in self.board if i >= 0]

    def in_play(self) -> list[int]:
        """Instances on the battlefield or an astral plane."""
        out = [i for i in self.board if i >= 0]
        for a in self.astral:
            out.extend(a)
        return out

    def remove_from_play(self, i: int) -> None:
        """Take ``i`` off the battlefield or astral plane (no destination yet)."""
        space = self.where[i]
        if space >= 0:
            self.board[space] = -1
            self.where[i] = -1
        else:
            for a in self.astral:
                if i in a:
                    a.remove(i)
        self.face_up[i] = False
        self.active[i] = False
        self.moved[i] = False
        self.extra_tokens[i] = 0
        self.temp.pop(i, None)
        self.control[i] = self.owner[i]
        self.version += 1

    def put(self, i: int, space: int) -> None:
        """Put ``i`` on an empty ``space`` of the battlefield."""
        self.board[space] = i
        self.where[i] = space
        self.version += 1

    def move(self, i: int, space: int) -> None:
        """Move ``i`` from its space to the empty ``space``."""
        self.board[self.where[i]] = -1
        self.board[space] = i
        self.where[i] = space
        self.version += 1


def new_state(
    seed: int,
    decks: list[list[int]],
    team: list[int] | None = None,
    rounds: int = ROUNDS,
    opening_hand: int = OPENING_HAND,
    rules: Rules = VERSIONS[CURRENT],
) -> State:
    """The state after the set-up shuffle: instance numbers follow each shuffled deck."""
    rng = random.Random(seed)
    n = len(decks)
    ctype: list[int] = []
    owner: list[int] = []
    draw: list[list[int]] = []
    for s, deck in enumerate(decks):
        cards = list(deck)
        rng.shuffle(cards)
        base = len(ctype)
        ctype.extend(cards)
        owner.extend([s] * len(cards))
        # the top of a draw pile is its last element: instance base + 0 is drawn first
        draw.append(list(range(base + len(cards) - 1, base - 1, -1)))
    total = len(ctype)
    st = State(
        n=n,
        rng=rng,
        ctype=ctype,
        owner=owner,
        hand=[[] for _ in range(n)],
        draw=draw,
        discard=[[] for _ in range(n)],
        astral=[[] for _ in range(n)],
        where=[-1] * total,
        face_up=[False] * total,
        control=owner[:],
        active=[False] * total,
        moved=[False] * total,
        extra_tokens=[0] * total,
        team=list(team) if team is not None else list(range(n)),
        rounds=rounds,
        rules=rules,
    )
    st.chooser = rng.randrange(n)
    for s in range(n):
        for _ in range(opening_hand):
            st.hand[s].append(st.draw[s].pop())
    return st
