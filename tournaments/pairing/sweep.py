"""Swiss pairing of the point groups at the optimal cost: a top-down sweep with exact windows.

Why not a general matcher: the documented cost (docs/tournaments.md, :mod:`cost`) depends on the
players' points, and a point group is a clique of cost-0 pairs. A general blossom (networkx, or a
C library) would need the whole field's dense graph: networkx takes about a minute for 500
players, and no well-kept library on PyPI matches 100,000 players (5 * 10^9 pairs) in well under
a second. The structure gives an exact shortcut instead:

**Lower bound.** Number the point groups best first; ``gap_t`` is the difference in points across
boundary ``t`` (between groups ``t`` and ``t+1``) and ``odd_t`` whether an odd number of players
sits above it. Any pairing crosses boundary ``t`` at least ``odd_t`` times, and a pair spanning
several boundaries costs at least the sum of their squared gaps, so ``D >= sum gap_t^2 * odd_t``.
A pairing meets this bound exactly when every odd boundary is crossed once, between neighbouring
groups, and no other pair leaves its group.

**The sweep** builds such a pairing: group by group, top down, the floater from above (if any)
takes the first legal partner, the lowest-ranked player floats down when the count is odd, and
the rest are paired in a seeded random order, a pair that would be a rematch (or teammates)
swapping partners with another pair. Where a group cannot be paired this way, the groups around it
form a *window* solved exactly by :func:`tournaments.pairing.matching.solve_window` (a relaxed
problem whose optimum bounds the window's share of *any* pairing's cost), widened one group each
way until the solution meets its own bound. The total lower bound is then the sum of the windows'
bounds and ``gap_t^2 * odd_t`` over the boundaries outside and not on the edge of any window, and
the sweep's pairing costs exactly that: it is optimal, with no rematch and no teammates. When
even the whole field cannot be paired without one, :func:`sweep` returns ``None`` and the caller
falls back to networkx over the whole field (small fields only, in practice).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournaments.pairing.matching import solve_window

Pair = tuple[int, int, frozenset[str]]
_NONE: frozenset[str] = frozenset()
_REMATCH = frozenset({"rematch-avoided"})
_TEAM = frozenset({"teammates-avoided"})


@dataclass
class SweepResult:
    """The pairs (with the reasons skipped), the players re-paired by windows, the lower bound."""

    pairs: list[Pair]
    matched: set[int]
    bound: int  # lower bound on D over every pairing of these players; the pairs' D equals it
    windows: int


def sweep(
    players: Sequence[int],
    points: Sequence[int],
    ids: Sequence[int],
    opponents: Sequence[tuple[int, ...]],
    team: Sequence[str | None] | None,
    rng: random.Random,
) -> SweepResult | None:
    """Pair ``players`` (best first, an even count) at the lower bound, or ``None`` (see above).

    Players are indices (ranks): player ``p`` has ``points[p]``, id ``ids[p]``, the ids of its
    past opponents ``opponents[p]`` and team ``team[p]`` (``team`` None: nobody has one). The
    pairs come higher-ranked player first, in table order (by the first player's rank).
    """
    groups: list[list[int]] = []
    last = None
    for p in players:
        pts = points[p]
        if pts == last:
            groups[-1].append(p)
        else:
            groups.append([p])
            last = pts
    k = len(groups)
    gpts = [points[g[0]] for g in groups]
    odd: list[int] = []
    run = 0
    for g in groups:
        run += len(g)
        odd.append(run & 1)
    compatible = legal_pairs(ids, opponents, team)
    draw = rng.random
    done: list[list[Pair] | None] = [None] * k
    carry_in: list[int | None] = [None] * k
    window_of: list[int | None] = [None] * k  # the first group of the window holding a group
    bounds: dict[int, tuple[int, int]] = {}  # first group -> (last group, bound)
    matched: set[int] = set()
    carry: int | None = None
    g = 0
    while g < k:
        carry_in[g] = carry
        found = _pair_group(groups[g], carry, odd[g], ids, opponents, team, draw, compatible)
        if found is not None:
            done[g], carry = found
            g += 1
            continue
        lo = hi = g
        while True:
            while lo > 0 and window_of[lo - 1] is not None:  # touching a window: take it in
                first = window_of[lo - 1]
                assert first is not None
                lo = first
            if lo == 0 and hi == k - 1:
                return None
            solution = solve_window(
                groups[lo : hi + 1],
                gpts[lo : hi + 1],
                gpts[lo - 1] - gpts[lo] if lo > 0 else None,
                gpts[hi] - gpts[hi + 1] if hi < k - 1 else None,
                lo > 0 and bool(odd[lo - 1]),
                hi < k - 1 and bool(odd[hi]),
                carry_in[lo],
                compatible,
            )
            if solution is not None:
                break
            lo, hi = max(0, lo - 1), min(k - 1, hi + 1)
        found_pairs = list(solution.pairs)
        if solution.top is not None:
            floater = carry_in[lo]
            assert floater is not None
            found_pairs.append((floater, solution.top))
        pairs: list[Pair] = sorted((min(a, b), max(a, b), _NONE) for a, b in found_pairs)
        for x in range(lo, hi + 1):
            done[x] = None
            window_of[x] = lo
            bounds.pop(x, None)
        done[lo] = pairs
        bounds[lo] = (hi, solution.bound)
        matched.update(p for a, b, _ in pairs for p in (a, b))
        carry = solution.bottom
        g = hi + 1
    bound = sum(b for _, b in bounds.values())
    for t in range(k - 1):
        inside = window_of[t] is not None or window_of[t + 1] is not None
        if odd[t] and not inside:
            bound += (gpts[t] - gpts[t + 1]) ** 2
    out = [pair for chunk in done if chunk for pair in chunk]
    return SweepResult(pairs=out, matched=matched, bound=bound, windows=len(bounds))


def legal_pairs(
    ids: Sequence[int], opponents: Sequence[tuple[int, ...]], team: Sequence[str | None] | None
) -> Callable[[int, int], bool]:
    """``legal(a, b)``: not met before and not teammates (``team`` None: nobody has a team)."""
    if team is None:
        return lambda a, b: ids[b] not in opponents[a]

    def compatible(a: int, b: int) -> bool:
        t = team[a]
        return ids[b] not in opponents[a] and (t is None or t != team[b])

    return compatible


def _pair_group(
    members: list[int],
    carry: int | None,
    out: int,
    ids: Sequence[int],
    opponents: Sequence[tuple[int, ...]],
    team: Sequence[str | None] | None,
    draw: Callable[[], float],
    compatible: Callable[[int, int], bool],
) -> tuple[list[Pair], int | None] | None:
    """One group at the bound: the floater in, the lowest-ranked out if odd, the rest paired.

    Works on indices into ``members`` (standings order), so the pairs come out higher-ranked
    first and in table order without a sort.
    """
    m = len(members)
    keys = [draw() for _ in members]
    queue = sorted(range(m), key=keys.__getitem__)
    pairs: list[Pair] = []
    taken = -1
    if carry is not None:
        skipped: set[str] = set()
        met = opponents[carry]
        for j, i in enumerate(queue):
            q = members[i]
            if compatible(carry, q):
                taken = queue.pop(j)
                break
            skipped |= _REMATCH if ids[q] in met else _TEAM
        else:
            return None
        pairs.append((carry, members[taken], frozenset(skipped)))
    floater = None
    if out:
        last = m - 1 if m - 1 != taken else m - 2
        floater = members[last]
        queue.remove(last)
    firsts, seconds = queue[0::2], queue[1::2]
    if team is None:
        bad = [
            k
            for k, (i, j) in enumerate(zip(firsts, seconds, strict=True))
            if ids[members[j]] in opponents[members[i]]
        ]
    else:
        bad = [
            k
            for k, (i, j) in enumerate(zip(firsts, seconds, strict=True))
            if not compatible(members[i], members[j])
        ]
    reasons: dict[int, frozenset[str]] = {}
    if bad:
        flags = mend(
            firsts,
            seconds,
            lambda i, j: compatible(members[i], members[j]),
            lambda i, j: ids[members[j]] in opponents[members[i]],
            bad,
        )
        if flags is None:
            return None
        reasons = {min(i, j): f for i, j, f in zip(firsts, seconds, flags, strict=True) if f}
    slot = [-1] * m
    for i, j in zip(firsts, seconds, strict=True):
        if i < j:
            slot[i] = j
        else:
            slot[j] = i
    if reasons:
        pairs += [
            (members[i], members[j], reasons.get(i, _NONE)) for i, j in enumerate(slot) if j >= 0
        ]
    else:
        pairs += [(members[i], members[j], _NONE) for i, j in enumerate(slot) if j >= 0]
    return pairs, floater


def mend(
    firsts: list[int],
    seconds: list[int],
    compatible: Callable[[int, int], bool],
    met: Callable[[int, int], bool],
    suspects: Sequence[int] | None = None,
) -> list[frozenset[str]] | None:
    """Make every pair ``(firsts[i], seconds[i])`` legal by exchanging partners between pairs.

    ``met(a, b)``: they played before (else an illegal pair is teammates). Returns the reason
    per pair (empty when it did not change), ``None`` when a pair cannot be mended that way.
    ``suspects``: the only pairs that may be illegal (all of them when not given).
    """
    flags = [_NONE] * len(firsts)
    for i in range(len(firsts)) if suspects is None else suspects:
        a, b = firsts[i], seconds[i]
        if compatible(a, b):
            continue
        reason = _REMATCH if met(a, b) else _TEAM
        if not _swap(i, firsts, seconds, compatible):
            return None
        flags[i] = reason
    return flags


def _swap(
    i: int, firsts: list[int], seconds: list[int], compatible: Callable[[int, int], bool]
) -> bool:
    """Mend the illegal pair ``i`` by exchanging partners with another pair; False if none can."""
    a, b = firsts[i], seconds[i]
    n = len(firsts)
    for step in range(1, n):
        j = (i + step) % n
        c, d = firsts[j], seconds[j]
        if compatible(a, d) and compatible(c, b):
            seconds[i], seconds[j] = d, b
            return True
        if compatible(a, c) and compatible(b, d):
            seconds[i], firsts[j] = c, b
            return True
    return False
