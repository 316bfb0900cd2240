"""Maximum-weight matching fallback for Swiss pairing (networkx's blossom algorithm).

Greedy pairing, top-down by point groups, is fast and almost always clean. When it is left with
players it cannot pair without a rematch (or teammates), the bottom of the draw is re-paired by
:func:`match_window`: first over a small window of the last pairs, growing until the window is the
whole field. On the whole field every pair of players is an edge and the weights are tiered, so
the matching has, in this order of priority:

1. the fewest rematches (none whenever a rematch-free pairing exists);
2. the fewest teammate pairings;
3. the bye on the lowest-ranked player allowed one (fewest byes so far);
4. the smallest point differences, squared (then a seeded random tiebreak).

Smaller windows only use edges without a rematch or teammates and are accepted when they pair
everyone in the window.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import networkx as nx

BYE = "bye"  # the dummy node whose partner gets the bye


def match_window(
    players: Sequence[int],
    *,
    points: dict[int, int],
    position: dict[int, int],
    met: Callable[[int, int], bool],
    teammates: Callable[[int, int], bool],
    bye_candidates: set[int] | None,
    rng: random.Random,
    whole: bool,
) -> tuple[list[tuple[int, int]], int | None] | None:
    """Pair ``players`` (plus the bye when ``bye_candidates`` is given) by maximum weight.

    ``met(a, b)``: they played before; ``teammates(a, b)``: same team (both avoided if possible).
    Returns the pairs and the bye player; ``None`` when ``whole`` is false and no pairing of the
    window avoids every conflict.
    """
    n = len(players)
    spread = max(points[p] for p in players) - min(points[p] for p in players)
    d_max = spread * spread
    d_unit = 100
    d_top = d_unit * d_max + d_unit - 1
    d_total = (n // 2 + 1) * (d_top + 1)
    c_unit = d_total + 1
    c_total = c_unit * (n + 1)
    b_unit = c_total + d_total + 1
    a_unit = (n // 2 + 1) * b_unit + c_total + d_total + 1

    by_rank = sorted(players, key=position.__getitem__)
    graph = nx.Graph()
    graph.add_nodes_from(by_rank)
    for i, a in enumerate(by_rank):
        pa = points[a]
        for b in by_rank[i + 1 :]:
            rematch = met(a, b)
            team = teammates(a, b)
            if (rematch or team) and not whole:
                continue
            dp = pa - points[b]
            weight = d_unit * (d_max - min(dp * dp, d_max)) + rng.randrange(d_unit)
            if not rematch:
                weight += a_unit
            if not team:
                weight += b_unit
            graph.add_edge(a, b, weight=weight)
    if bye_candidates is not None:
        for place, p in enumerate(by_rank):
            if p in bye_candidates:
                graph.add_edge(BYE, p, weight=a_unit + b_unit + c_unit * (place + 1) + d_top)
    chosen = nx.max_weight_matching(graph, maxcardinality=True)
    size = n + (bye_candidates is not None)
    if 2 * len(chosen) != size:
        if whole:  # cannot happen: the whole field is a complete graph
            raise AssertionError("no perfect matching over the whole field")
        return None
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for u, v in chosen:
        if u == BYE or v == BYE:
            bye = v if u == BYE else u
        else:
            pairs.append((u, v) if position[u] < position[v] else (v, u))
    return pairs, bye
