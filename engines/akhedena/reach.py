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
    for ray in _rays(MOVE_RANGE[u.k])[u.sq]:
        for d in ray:
            if d == target:
                return True
            if d in occupied:
                break
    return False


_CUT: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}
"""``_CUT[n][sq]``: the four rays from ``sq`` cut to ``n`` squares."""


def _rays(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    found = _CUT.get(n)
    if found is None:
        found = _CUT[n] = tuple(tuple(ray[:n] for ray in rays) for rays in B.RAYS)
    return found


def reach(sq: int, reach: int, occupied: set[int]) -> list[int]:
    """The squares a piece on ``sq`` that moves up to ``reach`` squares can end its move on."""
    out = []
    for ray in _rays(reach)[sq]:
        for d in ray:
            if d in occupied:
                break
            out.append(d)
    return out
