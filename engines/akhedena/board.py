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

# x along the last row (from the player's left) of each piece; y is 0 (the last row).
LAYOUT_X: dict[str, tuple[int, ...]] = {
    # hero, castle, archer, infantry left/right, cavalry left/right
    "corners": (3, 6, 9, 5, 7, 0, 12),
    "inset": (3, 6, 9, 5, 7, 1, 11),
    "two": (4, 6, 2, 5, 7, 0, 12),
    "more": (4, 6, 2, 5, 7, 0, 10),
    "more-mirrored": (8, 6, 10, 5, 7, 2, 12),
}
"""1.0.0: ``corners`` (two players) and ``inset`` (three and four: each Cavalry one square in
from its corner, on a neighbour's second row). 1.1.0: ``two`` (Hero and Archer two squares
apart on the player's left, the Cavalry in the corners of its last row) and ``more`` (three
and four players: one Cavalry in the corner at the player's left, which no neighbour shares,
the other on the fourth square from the right, clear of the neighbour's second row);
``more-mirrored`` is ``more`` seen in a mirror (docs/rules/akhedena.md, "Layouts")."""

LAYOUTS: dict[tuple[bool, int], tuple[tuple[str, str], ...]] = {
    (False, 2): (("south", "corners"), ("north", "corners")),
    (False, 3): (("south", "inset"), ("west", "inset"), ("north", "inset")),
    (False, 4): (("south", "inset"), ("west", "inset"), ("north", "inset"), ("east", "inset")),
    (True, 2): (("south", "two"), ("north", "two")),
    (True, 3): (("south", "more-mirrored"), ("north", "more-mirrored"), ("east", "more-mirrored")),
    (True, 4): (("south", "more"), ("west", "more"), ("north", "more"), ("east", "more")),
}
"""``LAYOUTS[(text_layouts, n_seats)]``: each seat's edge and layout, in seat (play) order."""


def sides(n_seats: int, text_layouts: bool = True) -> tuple[str, ...]:
    """The edge each seat plays from, in seat order."""
    return tuple(side for side, _ in LAYOUTS[(text_layouts, n_seats)])


def start_squares(n_seats: int, text_layouts: bool = True) -> list[list[int]]:
    """For each seat, the starting square of each of its seven pieces (PIECE_SLOTS order);
    ``text_layouts`` False gives the 1.0.0 layouts."""
    return [
        [to_board(side, x, 0) for x in LAYOUT_X[name]]
        for side, name in LAYOUTS[(text_layouts, n_seats)]
    ]


def diagram(n_seats: int, text_layouts: bool = True) -> str:
    """The starting layout as text, north at the top (``H`` Hero, ``C`` Castle, ``A`` Archer,
    ``I`` Infantry, ``V`` Cavalry, seat number after the letter, ``*`` the Crown)."""
    letters = "HCAIIVV"
    cells = ["  ."] * N_SQUARES
    for seat, squares in enumerate(start_squares(n_seats, text_layouts)):
        for k, sq in enumerate(squares):
            cells[sq] = f" {letters[k]}{seat}"
    cells[CENTRE] = "  *"
    lines = []
    for r in range(SIZE - 1, -1, -1):
        lines.append(f"{r + 1:>2} " + "".join(cells[r * SIZE : (r + 1) * SIZE]))
    lines.append("   " + "".join(f"  {f}" for f in FILES))
    return "\n".join(lines)
