"""Where a piece can get: the squares it can end its next move on, and how many moves it needs
to reach a square (the heuristic bot's sense of distance: pieces move in straight lines and never
through another piece)."""

from __future__ import annotations

from engines.akhedena import board as B
from engines.akhedena.beliefs import Unit
from engines.akhedena.state import MOVE_RANGE


def steps(sq: int, k: int, target: int, occupied: set[int]) -> int:
    """Moves a piece of kind ``k`` on ``sq`` needs to end on ``target``: 1, 2 or 3 (more)."""
    first = reach(sq, MOVE_RANGE[k], occupied)
    if target in first:
        return 1
    rest = occupied - {sq}
    if any(target in reach(r, MOVE_RANGE[k], rest) for r in first):
        return 2
    return 3


def lands(u: Unit, target: int, occupied: set[int]) -> bool:
    """Whether ``u`` can end its next move on ``target`` (were ``target`` free)."""
    for ray in B.RAYS[u.sq]:
        for d in ray[: MOVE_RANGE[u.k]]:
            if d == target:
                return True
            if d in occupied:
                break
    return False


def reach(sq: int, reach: int, occupied: set[int]) -> list[int]:
    out = []
    for ray in B.RAYS[sq]:
        for d in ray[:reach]:
            if d in occupied:
                break
            out.append(d)
    return out
