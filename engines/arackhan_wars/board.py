"""The battle mat, in one place: its 40 spaces, adjacency, distance and the starting area.

Coordinates are ``(x, y)`` with ``x`` 0..7 (left to right) and ``y`` 0..5 (top to bottom), as
the digital edition lays the mat out: rows of 4, 8, 8, 8, 8 and 4 spaces, the short rows offset
(the top row holds x 3..6, the bottom row x 1..4)::

    y=0        . . . # # # # .
    y=1        # # # # # # # #
    y=2        # # # S S # # #
    y=3        # # # S S # # #
    y=4        # # # # # # # #
    y=5        . # # # # . . .

``S`` marks the starting area (the four central spaces). Spaces are numbered 0..39 row by row;
``SPACES[i]`` is the coordinate of space ``i``. Two spaces are adjacent when they share a border
(up, down, left, right); the distance between two spaces is the number of orthogonal steps
between them (``|dx| + |dy|``), whether or not the spaces between are occupied.
"""

from __future__ import annotations

from functools import cache
from typing import Final

XS: Final = 8
YS: Final = 6
ROWS: Final[tuple[tuple[int, ...], ...]] = (
    (3, 4, 5, 6),
    tuple(range(8)),
    tuple(range(8)),
    tuple(range(8)),
    tuple(range(8)),
    (1, 2, 3, 4),
)

SPACES: Final[tuple[tuple[int, int], ...]] = tuple(
    (x, y) for y, row in enumerate(ROWS) for x in row
)
N_SPACES: Final[int] = len(SPACES)
INDEX: Final[dict[tuple[int, int], int]] = {xy: i for i, xy in enumerate(SPACES)}
NAMES: Final[tuple[str, ...]] = tuple(f"{x},{y}" for x, y in SPACES)
BY_NAME: Final[dict[str, int]] = {name: i for i, name in enumerate(NAMES)}

DIRECTIONS: Final[tuple[tuple[int, int], ...]] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""Up, right, down, left."""

STARTING_AREA: Final[tuple[int, ...]] = tuple(INDEX[xy] for xy in ((3, 2), (4, 2), (3, 3), (4, 3)))
"""Where the first cards of a round go when the battlefield is empty (every mode)."""


SEAT_SIDES: Final[tuple[dict[str, tuple[int, int]], ...]] = (
    {"right": (1, 0), "bottom": (0, 1)},
    {"right": (-1, 0), "bottom": (0, -1)},
    {"right": (0, 1), "bottom": (-1, 0)},
    {"right": (0, -1), "bottom": (1, 0)},
)
"""How each seat sees a card it controls: seat 0 sits below row 5, seat 1 above row 0 (turned
round), seats 2 and 3 (free-for-all) left of column 0 and right of column 7. "The card's right
border" is the step ``SEAT_SIDES[seat]["right"]`` from its space."""


def step(space: int, direction: tuple[int, int]) -> int | None:
    """The space next to ``space`` in ``direction``, or None off the mat."""
    x, y = SPACES[space]
    return INDEX.get((x + direction[0], y + direction[1]))


ADJACENT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(n for d in DIRECTIONS if (n := step(i, d)) is not None) for i in range(N_SPACES)
)
"""``ADJACENT[i]``: the spaces sharing a border with space ``i``."""

ADJACENT_SETS: Final[tuple[frozenset[int], ...]] = tuple(frozenset(a) for a in ADJACENT)
ADJACENT_MASK: Final[tuple[int, ...]] = tuple(sum(1 << n for n in a) for a in ADJACENT)
"""``ADJACENT_MASK[i]``: the spaces next to space ``i`` as the bits of an int (bit ``n`` for
space ``n``), for questions about the whole mat at once."""


def distance(a: int, b: int) -> int:
    """Orthogonal steps between spaces ``a`` and ``b``."""
    (ax, ay), (bx, by) = SPACES[a], SPACES[b]
    return abs(ax - bx) + abs(ay - by)


DISTANCE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(distance(a, b) for b in range(N_SPACES)) for a in range(N_SPACES)
)


WITHIN: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(b for b in range(N_SPACES) if 1 <= DISTANCE[a][b] <= r) for r in range(XS + YS))
    for a in range(N_SPACES)
)
"""``WITHIN[a][r]``: the other spaces at most ``r`` steps from ``a`` (``r`` below 14), by space."""


def direction(a: int, b: int) -> tuple[int, int] | None:
    """The unit step from ``a`` to an adjacent ``b`` (None when not adjacent)."""
    (ax, ay), (bx, by) = SPACES[a], SPACES[b]
    d = (bx - ax, by - ay)
    return d if d in DIRECTIONS else None


@cache
def spelled(verb: str, card: int) -> tuple[str, ...]:
    """``verb c<card> <x,y>`` for every space, by space (the action strings, built once)."""
    return tuple(f"{verb} c{card} {name}" for name in NAMES)


@cache
def paired(verb: str, card: int) -> tuple[str, ...]:
    """``verb c<card> c<other>`` for every instance number ``other`` a game may have."""
    return tuple(f"{verb} c{card} c{other}" for other in range(MAX_INSTANCES))


MAX_INSTANCES: Final[int] = 4 * 23
"""Card instances in the largest game (four decks of 23)."""

MOVES: Final[tuple[tuple[str, ...], ...]] = tuple(spelled("move", i) for i in range(MAX_INSTANCES))
"""``MOVES[i][s]``: ``move c<i> <s>`` (the hot rows of :func:`spelled`, indexed directly)."""
PLACES: Final[tuple[tuple[str, ...], ...]] = tuple(
    spelled("place", i) for i in range(MAX_INSTANCES)
)
ATTACKS: Final[tuple[tuple[str, ...], ...]] = tuple(
    paired("attack", t) for t in range(MAX_INSTANCES)
)
"""``ATTACKS[t][a]``: ``attack c<t> c<a>`` (and ``GROUPS``: ``group c<t> c<a>``)."""
GROUPS: Final[tuple[tuple[str, ...], ...]] = tuple(paired("group", t) for t in range(MAX_INSTANCES))


def parse_space(text: str) -> int | None:
    """The space named ``"x,y"``, or None."""
    return BY_NAME.get(text)


def render(cells: dict[int, str], width: int = 3) -> str:
    """A text picture of the mat: ``cells`` maps spaces to short labels (others show ``.``)."""
    lines = []
    for y in range(YS):
        row = []
        for x in range(XS):
            i = INDEX.get((x, y))
            label = " " if i is None else cells.get(i, ".")
            row.append(label[:width].ljust(width))
        lines.append(" ".join(row).rstrip())
    return "\n".join(lines)
