"""The 13×13 board: square names, precomputed geometry and the starting layouts.

Squares are numbered ``rank * 13 + file`` (``a1`` = 0, ``m1`` = 12, ``a13`` = 156); files are
``a``..``m`` from west to east and ranks ``1``..``13`` from south to north, as a player at the
south edge reads the board. Everything a move generator needs (rays, neighbours, ranged targets)
is computed once at import.

Each seat sits at one edge (its *side*) and sets up on its last row, the row along that edge
(docs/rules/akhedena.md, "Layouts"). A layout is written in the seat's own terms — ``x`` counts
squares along the last row from the player's left, ``y`` squares away from the edge — and turned
to the board by :func:`to_board`.
"""

from __future__ import annotations

SIZE = 13
N_SQUARES = SIZE * SIZE
FILES = "abcdefghijklm"
CENTRE = (SIZE // 2) * SIZE + SIZE // 2
"""g7, where the Crown starts."""

NAMES: tuple[str, ...] = tuple(f"{FILES[sq % SIZE]}{sq // SIZE + 1}" for sq in range(N_SQUARES))
BY_NAME: dict[str, int] = {name: sq for sq, name in enumerate(NAMES)}

DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))
"""North, south, east, west as (file step, rank step)."""


def _on(f: int, r: int) -> bool:
    return 0 <= f < SIZE and 0 <= r < SIZE


def _ray(sq: int, df: int, dr: int) -> tuple[int, ...]:
    f, r = sq % SIZE, sq // SIZE
    out = []
    f, r = f + df, r + dr
    while _on(f, r):
        out.append(r * SIZE + f)
        f, r = f + df, r + dr
    return tuple(out)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(sq, df, dr) for df, dr in DIRECTIONS) for sq in range(N_SQUARES)
)
"""``RAYS[sq]``: the four straight lines from ``sq`` to the edge, nearest square first."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[sq] if ray) for sq in range(N_SQUARES)
)
"""Orthogonally adjacent squares (what "adjacent" means in these rules)."""

RANGE_2: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for ray in RAYS[sq] for s in ray[:2]) for sq in range(N_SQUARES)
)
"""Squares a ranged attack reaches: one or two squares up, down, left or right."""


def distance(a: int, b: int) -> int:
    """Orthogonal (Manhattan) distance between two squares."""
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


# -- sides and layouts -----------------------------------------------------------------------
SIDES = ("south", "west", "north", "east")
"""Board edges in clockwise order seen from above (north at the top)."""


def to_board(side: str, x: int, y: int) -> int:
    """The square ``x`` squares from the player's left along its last row, ``y`` rows in."""
    last = SIZE - 1
    if side == "south":
        f, r = x, y
    elif side == "north":
        f, r = last - x, last - y
    elif side == "west":
        f, r = y, last - x
    elif side == "east":
        f, r = last - y, x
    else:
        raise ValueError(f"unknown side {side!r}")
    return r * SIZE + f


PIECE_SLOTS = (
    "hero",
    "castle",
    "archer",
    "infantry-left",
    "infantry-right",
    "cavalry-left",
    "cavalry-right",
)
"""The seven pieces of every seat, in the order of the army list."""
HERO, CASTLE, ARCHER, INFANTRY_LEFT, INFANTRY_RIGHT, CAVALRY_LEFT, CAVALRY_RIGHT = range(7)
PIECES_PER_SEAT = len(PIECE_SLOTS)

Spot = tuple[int, int]
"""``(x, y)`` in a seat's own terms: ``x`` along its last row from its left, ``y`` rows in."""


def _row(*xs: int) -> tuple[Spot, ...]:
    return tuple((x, 0) for x in xs)


# Each piece's spot (PIECE_SLOTS order): hero, castle, archer, infantry left/right, cavalry
# left/right.
LAYOUT_SPOTS: dict[str, tuple[Spot, ...]] = {
    "corners": _row(3, 6, 9, 5, 7, 0, 12),
    "inset": _row(3, 6, 9, 5, 7, 1, 11),
    "two": _row(4, 6, 2, 5, 7, 0, 12),
    "more": _row(4, 6, 2, 5, 7, 0, 10),
    "more-mirrored": _row(8, 6, 10, 5, 7, 2, 12),
    "apart": _row(1, 6, 3, 5, 7, 2, 12),
    "apart-3": _row(8, 6, 10, 5, 7, 0, 9),
    "apart-3-mirrored": _row(4, 6, 2, 7, 5, 12, 3),
}
"""1.0.0: ``corners`` (two players) and ``inset`` (three and four: each Cavalry one square in
from its corner, on a neighbour's second row). 1.1.0: ``two`` (Hero and Archer two squares
apart on the player's left, the Cavalry in the corners of its last row) and ``more`` (three
and four players: one Cavalry in the corner at the player's left, which no neighbour shares,
the other on the fourth square from the right, clear of the neighbour's second row);
``more-mirrored`` is ``more`` seen in a mirror. 1.2.0 (``apart``, ``apart-3``): see
docs/rules/akhedena.md, "Layouts"."""

LAYOUTS: dict[tuple[int, int], tuple[tuple[str, str], ...]] = {
    (0, 2): (("south", "corners"), ("north", "corners")),
    (0, 3): (("south", "inset"), ("west", "inset"), ("north", "inset")),
    (0, 4): (("south", "inset"), ("west", "inset"), ("north", "inset"), ("east", "inset")),
    (1, 2): (("south", "two"), ("north", "two")),
    (1, 3): (("south", "more-mirrored"), ("north", "more-mirrored"), ("east", "more-mirrored")),
    (1, 4): (("south", "more"), ("west", "more"), ("north", "more"), ("east", "more")),
    (2, 2): (("south", "two"), ("north", "two")),
    (2, 3): (("south", "apart-3"), ("north", "apart-3-mirrored"), ("east", "apart-3")),
    (2, 4): (("south", "apart"), ("west", "apart"), ("north", "apart"), ("east", "apart")),
}
"""``LAYOUTS[(layouts, n_seats)]``: each seat's edge and layout, in seat (play) order;
``layouts`` is :attr:`versions.Rules.layouts` (0: 1.0.0, 1: 1.1.0, 2: 1.2.0)."""
CURRENT_LAYOUTS = 2


def sides(n_seats: int, layouts: int = CURRENT_LAYOUTS) -> tuple[str, ...]:
    """The edge each seat plays from, in seat order."""
    return tuple(side for side, _ in LAYOUTS[(layouts, n_seats)])


def start_squares(n_seats: int, layouts: int = CURRENT_LAYOUTS) -> list[list[int]]:
    """For each seat, the starting square of each of its seven pieces (PIECE_SLOTS order);
    ``layouts`` 0 and 1 give the layouts of 1.0.0 and 1.1.0."""
    return [
        [to_board(side, x, y) for x, y in LAYOUT_SPOTS[name]]
        for side, name in LAYOUTS[(layouts, n_seats)]
    ]


def diagram(n_seats: int, layouts: int = CURRENT_LAYOUTS) -> str:
    """The starting layout as text, north at the top (``H`` Hero, ``C`` Castle, ``A`` Archer,
    ``I`` Infantry, ``V`` Cavalry, seat number after the letter, ``*`` the Crown)."""
    letters = "HCAIIVV"
    cells = ["  ."] * N_SQUARES
    for seat, squares in enumerate(start_squares(n_seats, layouts)):
        for k, sq in enumerate(squares):
            cells[sq] = f" {letters[k]}{seat}"
    cells[CENTRE] = "  *"
    lines = []
    for r in range(SIZE - 1, -1, -1):
        lines.append(f"{r + 1:>2} " + "".join(cells[r * SIZE : (r + 1) * SIZE]))
    lines.append("   " + "".join(f"  {f}" for f in FILES))
    return "\n".join(lines)
