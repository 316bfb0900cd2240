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

SIDES_BY_SEATS: dict[int, tuple[str, ...]] = {
    2: ("south", "north"),
    3: ("south", "west", "north"),
    4: ("south", "west", "north", "east"),
}
"""Which edge each seat plays from; play passes clockwise (seat order)."""


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
}
"""Two players: the Cavalry stand in the corners. Three and four players: neighbouring sides
share the corners, so each Cavalry stands one square in from its corner."""


def start_squares(n_seats: int) -> list[list[int]]:
    """For each seat, the starting square of each of its seven pieces (PIECE_SLOTS order)."""
    layout = LAYOUT_X["corners" if n_seats == 2 else "inset"]
    return [[to_board(side, x, 0) for x in layout] for side in SIDES_BY_SEATS[n_seats]]


def diagram(n_seats: int) -> str:
    """The starting layout as text, north at the top (``H`` Hero, ``C`` Castle, ``A`` Archer,
    ``I`` Infantry, ``V`` Cavalry, seat number after the letter, ``*`` the Crown)."""
    letters = "HCAIIVV"
    cells = ["  ."] * N_SQUARES
    for seat, squares in enumerate(start_squares(n_seats)):
        for k, sq in enumerate(squares):
            cells[sq] = f" {letters[k]}{seat}"
    cells[CENTRE] = "  *"
    lines = []
    for r in range(SIZE - 1, -1, -1):
        lines.append(f"{r + 1:>2} " + "".join(cells[r * SIZE : (r + 1) * SIZE]))
    lines.append("   " + "".join(f"  {f}" for f in FILES))
    return "\n".join(lines)
