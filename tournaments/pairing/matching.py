"""Exact repair of a window of point groups: networkx's blossom on a relaxed, local problem.

:mod:`tournaments.pairing.sweep` pairs point groups one at a time. Where a group cannot be paired
at the lower bound (the incoming floater has no legal partner, or the group has no pairing
without a rematch or teammates), the groups ``lo..hi`` around it are solved by
:func:`solve_window`: a minimum-cost matching of the window's players where, besides pairing two
players of the window (legal pairs only: cost = squared point difference), a player may leave the
window at a price that bounds from below what any pairing outside would charge for it:

- leaving upwards: ``(p_lo - p)^2 + gap_above^2`` (``gap_above`` = points of the group above the
  window minus points of group ``lo``); downwards: ``(p - p_hi)^2 + gap_below^2``;
- when an odd number of players sits above the window, one crossing of its top edge is forced:
  a ``top`` port node must be matched (to a player leaving upwards, or to the ``bottom`` port,
  a pair spanning the whole window); the same for the bottom edge.

This relaxed problem's optimum is a lower bound on the window's share of any pairing's cost (the
proof is in docs/tournaments.md). It is solved as a maximum-weight matching of *savings* (a pair
saves the two leaving prices minus its cost; pairs that save nothing are not edges), so rematches
and teammates are simply absent. The solution *certifies* the window when nobody leaves except
through the ports, the top port's player is in group ``lo`` and may meet the floater from above
(a seeded tiebreak prefers one who may), and the bottom port's player is in group ``hi``: then
the window's pairing costs exactly its lower bound. Otherwise :func:`solve_window` returns
``None`` and the caller widens the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import networkx as nx

TOP = ("top",)
RESERVOIR = 24  # groups larger than this enter a window as a reservoir of copies
BOTTOM = ("bottom",)


@dataclass(frozen=True)
class WindowSolution:
    """A certified window: its pairs, the players on the ports, and its lower bound (= cost)."""

    pairs: list[tuple[int, int]]
    top: int | None  # paired with the floater from above
    bottom: int | None  # floats down to the group below
    bound: int


def solve_window(
    groups: Sequence[Sequence[int]],
    points: Sequence[int],
    gap_above: int | None,
    gap_below: int | None,
    top_port: bool,
    bottom_port: bool,
    floater: int | None,
    compatible: Callable[[int, int], bool],
    reservoir: int = RESERVOIR,
) -> WindowSolution | None:
    """Solve the window made of ``groups`` (points ``points``, best first) exactly.

    ``gap_above`` / ``gap_below`` are ``None`` at the top / bottom of the field (nobody can leave
    that way). ``floater`` is the player coming down into the window's top port. Players are
    ints >= 0. A group of more than ``reservoir`` players enters as a *reservoir*: a few
    interchangeable copies whose pairs are all legal (a relaxation, so the bound stays a lower
    bound); an optimum never sends more of a group's players out than there are other nodes, so
    that many copies (same parity as the group) lose nothing. The copies are then given real
    players who may meet their partners, and the rest of the group is paired within; if that
    fails the window is not certified.
    """
    lo_points, hi_points = points[0], points[-1]
    small = sum(len(g) for g in groups if len(g) <= reservoir)
    pools = sum(len(g) > reservoir for g in groups)
    players: list[int] = []
    group_of: dict[int, int] = {}
    next_copy = -1
    for g, group in enumerate(groups):
        if len(group) <= reservoir:
            nodes = list(group)
        else:
            count = min(len(group), small + pools + 4)
            count += (len(group) - count) % 2
            nodes = list(range(next_copy, next_copy - count, -1))
            next_copy -= count
        players += nodes
        group_of.update((p, g) for p in nodes)

    def legal(a: int, b: int) -> bool:
        return a < 0 or b < 0 or compatible(a, b)

    point = {p: points[g] for p, g in group_of.items()}
    up: dict[int, int] = {}
    down: dict[int, int] = {}
    leave: dict[int, int] = {}
    for p in players:
        options = []
        if gap_above is not None:
            up[p] = (lo_points - point[p]) ** 2 + gap_above**2
            options.append(up[p])
        if gap_below is not None:
            down[p] = (point[p] - hi_points) ** 2 + gap_below**2
            options.append(down[p])
        leave[p] = min(options)
    span = None
    if gap_above is not None and gap_below is not None:
        span = (lo_points - hi_points) ** 2 + gap_above**2 + gap_below**2
    big = 2 * sum(leave.values()) + (span or 0) + 1
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        pa, la = point[a], leave[a]
        for b in players[i + 1 :]:
            saving = la + leave[b] - (pa - point[b]) ** 2
            if saving > 0 and legal(a, b):
                graph.add_edge(a, b, weight=2 * saving)
    if top_port:
        for p in players:
            tie = 1 if floater is not None and legal(floater, p) else 0
            graph.add_edge(TOP, p, weight=2 * (big + leave[p] - up[p]) + tie)
    if bottom_port:
        for p in players:
            graph.add_edge(BOTTOM, p, weight=2 * (big + leave[p] - down[p]))
    if top_port and bottom_port and span is not None:
        graph.add_edge(TOP, BOTTOM, weight=2 * (2 * big - span))
    chosen = nx.max_weight_matching(graph)
    seated: set[int] = set()
    pairs: list[tuple[int, int]] = []
    top = bottom = None
    bound = sum(leave.values())
    for u, v in chosen:
        if isinstance(u, tuple) and isinstance(v, tuple):
            return None  # a pair spanning the window: not a pairing at the bound
        if isinstance(u, tuple) or isinstance(v, tuple):
            port, p = (u, v) if isinstance(u, tuple) else (v, u)
            seated.add(p)
            if port == TOP:
                top, bound = p, bound - leave[p] + up[p]
            else:
                bottom, bound = p, bound - leave[p] + down[p]
            continue
        seated.update((u, v))
        pairs.append((u, v))
        bound -= leave[u] + leave[v] - (point[u] - point[v]) ** 2
    if len(seated) != len(players):
        return None  # somebody leaves the window: widen it
    if top_port and (top is None or group_of[top] != 0 or not legal(floater, top)):  # type: ignore[arg-type]
        return None
    if bottom_port and (bottom is None or group_of[bottom] != len(groups) - 1):
        return None
    if next_copy < -1:
        real = _realize(pairs, top, bottom, groups, group_of, floater, compatible)
        if real is None:
            return None
        pairs, top, bottom = real
    return WindowSolution(pairs=pairs, top=top, bottom=bottom, bound=bound)


def _realize(
    pairs: list[tuple[int, int]],
    top: int | None,
    bottom: int | None,
    groups: Sequence[Sequence[int]],
    group_of: dict[int, int],
    floater: int | None,
    compatible: Callable[[int, int], bool],
) -> tuple[list[tuple[int, int]], int | None, int | None] | None:
    """Give the copies real players who may meet their partners; pair each group's rest."""
    free = {g: list(groups[g]) for g in {group_of[c] for c in group_of if c < 0}}

    def take(copy: int, partner: int | None) -> int | None:
        pool = free[group_of[copy]]
        for i, p in enumerate(pool):
            if partner is None or compatible(p, partner):
                return pool.pop(i)
        return None

    if top is not None and top < 0:
        top = take(top, floater)
        if top is None:
            return None
    if bottom is not None and bottom < 0:
        bottom = take(bottom, None)
        if bottom is None:
            return None
    real: list[tuple[int, int]] = []
    for a, b in pairs:
        if a >= 0 and b >= 0:
            real.append((a, b))
        elif a < 0 and b < 0 and group_of[a] == group_of[b]:
            continue  # within the group: paired with its rest below
        else:
            if a >= 0:
                a, b = b, a
            partner = b if b >= 0 else None
            x = take(a, partner)
            if x is not None and partner is None:
                partner = take(b, x)
            if x is None or partner is None:
                return None
            real.append((x, partner))
    for pool in free.values():
        half = len(pool) // 2
        firsts, seconds = pool[:half], pool[half:]
        for i in range(half):
            if not compatible(firsts[i], seconds[i]) and not _exchange(
                i, firsts, seconds, compatible
            ):
                return None
        real += zip(firsts, seconds, strict=True)
    return real, top, bottom


def _exchange(
    i: int, firsts: list[int], seconds: list[int], compatible: Callable[[int, int], bool]
) -> bool:
    """Swap partners between pair ``i`` and another so both are legal."""
    a, b = firsts[i], seconds[i]
    for j in range(len(firsts)):
        c, d = firsts[j], seconds[j]
        if j != i and compatible(a, d) and compatible(c, b):
            seconds[i], seconds[j] = d, b
            return True
    return False
