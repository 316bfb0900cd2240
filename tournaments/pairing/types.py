"""Plain data that goes in and out of the pairing functions (no Django, no I/O)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


@dataclass(frozen=True)
class Entrant:
    """A registered player.

    ``dropped_after`` is the last round the player played (``None`` while still in the event);
    a dropped player is never paired again but stays in opponents' tiebreakers. Entrants with the
    same non-``None`` ``group`` are teammates and do not meet while that can be avoided.
    ``joined_round`` is the first round a late entry is paired in; the rounds before it count as
    missed (a loss each, or the late-entry score of :class:`SwissConfig`), with no opponent.
    """

    id: int
    rating: float = 0.0
    dropped_after: int | None = None
    group: str | None = None
    joined_round: int = 1

    def active_in(self, round_number: int) -> bool:
        """True when the player is in the event for ``round_number`` (joined, not dropped)."""
        if round_number < self.joined_round:
            return False
        return self.dropped_after is None or round_number <= self.dropped_after


@dataclass(frozen=True, slots=True)
class Result:
    """One finished match of one round.

    Two players: ``wins`` holds the games won by each player and ``draws`` the drawn games; the
    player who won more games won the match, equal games make a drawn match (``wins=()`` is a 0–0
    draw). A bye has one player, ``bye=True``, and counts as a 2–0 win. Pods (free-for-all) give
    ``placings`` instead: one per player, 0 = first, equal numbers = tied.
    """

    round: int
    players: tuple[int, ...]
    wins: tuple[int, ...] = ()
    draws: int = 0
    bye: bool = False
    placings: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Pairing:
    """One table of a round: the players (higher-ranked first), whether it is a bye, and why.

    ``flags`` are short machine-readable reasons (``pair-down``, ``rematch-avoided``, ``rematch``,
    ``teammates-avoided``, ``teammates``, ``bye``, ``random``, ``seeded``, ``matched``, ``pod``);
    ``why`` says the same in plain words.
    """

    players: tuple[int, ...]
    bye: bool = False
    flags: frozenset[str] = frozenset()
    why: str = ""


class Standing(NamedTuple):
    """A player's line in the standings. Percentages are fractions (0.6667, not 66.67).

    A named tuple (immutable, fields by name): standings of a large event make many of these, and
    :func:`tournaments.pairing.standings.standings` builds them straight from columns.
    """

    player: int
    rank: int
    match_points: int
    wins: int
    losses: int
    draws: int
    byes: int
    mwp: float
    omw: float
    gwp: float
    ogw: float
    opponents: tuple[int, ...]
    dropped: bool


@dataclass(frozen=True)
class SwissConfig:
    """Points per match result, the tiebreakers in the order applied, and the percentage floor.

    Tiebreaker names: ``mwp``, ``omw``, ``gwp``, ``ogw``, ``wins`` (see ``standings.METRICS``).
    ``late_entry`` is what each round a late entry missed counts as: ``"loss"`` or ``"draw"``
    (a match of their own record, no games, no opponent: nobody else's tiebreakers change).
    """

    win: int = 3
    draw: int = 1
    loss: int = 0
    tiebreakers: tuple[str, ...] = ("omw", "gwp", "ogw")
    floor: float = 1 / 3
    late_entry: str = "loss"


#: The default configuration (frozen, so safe to share as a default argument).
DEFAULT_SWISS = SwissConfig()


class Placing(NamedTuple):
    """An entrant's final place: ``place`` is the best place of its group, ``last`` the worst
    place the group shares (``place`` when alone: "3rd"; 3 and 4 read "3rd–4th"), ``how`` says in
    words how the place was decided ("lost in the semi-finals", "won the third-place match")."""

    entrant: int
    place: int
    last: int
    how: str


class Meeting(NamedTuple):
    """What one player scored against another over all their matches (a cell of a cross-table).

    ``wins``, ``losses``, ``draws`` count matches; ``games_*`` count games; ``points`` are the
    match points taken (by the event's points for a win, draw and loss). No match: all zero.
    """

    matches: int
    wins: int
    losses: int
    draws: int
    games_won: int
    games_lost: int
    games_drawn: int
    points: int
