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


class Threats:
    """Where enemy pieces (``movers``) can end their next move and the one after, found square
    by square when first asked (the heuristic bot asks about a few squares a decision)."""

    def __init__(self, movers: list[Unit], occupied: set[int]) -> None:
        self.movers, self.occupied = movers, occupied
        self.first = {id(u): set(reach(u.sq, MOVE_RANGE[u.k], occupied)) for u in movers}
        self.second: dict[int, set[int]] = {}
        self.near: dict[int, list[Unit]] = {}
        self.far: dict[int, list[Unit]] = {}

    def two_moves(self, u: Unit) -> set[int]:
        """The squares enemy ``u`` can end its move after next on."""
        found = self.second.get(id(u))
        if found is None:
            found = self.second[id(u)] = set()
            rest, far = self.occupied - {u.sq}, MOVE_RANGE[u.k]
            for r in self.first[id(u)]:
                found.update(reach(r, far, rest))
        return found

    def near_of(self, sq: int) -> list[Unit]:
        """Enemies that can end their next move next to ``sq``."""
        found = self.near.get(sq)
        if found is None:
            nbs = B.NEIGHBOURS[sq]
            found = self.near[sq] = [
                u for u in self.movers if not self.first[id(u)].isdisjoint(nbs)
            ]
        return found

    def far_of(self, sq: int) -> list[Unit]:
        """Enemies that can end their move after next next to ``sq``."""
        found = self.far.get(sq)
        if found is None:
            nbs = B.NEIGHBOURS[sq]
            found = self.far[sq] = [u for u in self.movers if not self.two_moves(u).isdisjoint(nbs)]
        return found
