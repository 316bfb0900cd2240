"""The cost of a Swiss round's pairing, and its optimum by maximum-weight matching (networkx).

The cost is the one documented in docs/tournaments.md ("What a pairing costs"). For a round with
``n`` active players whose match points span ``S`` (highest minus lowest):

- ``R``: pairs of players who met before (rematches);
- ``T``: pairs of teammates (same non-``None`` group);
- ``B``: the active players ranked below the bye (0 when the bye is on the lowest-ranked player;
  only players with the fewest byes so far may get one: that is a rule, not a cost);
- ``D``: the sum over the pairs of the squared difference of the two players' match points.

``cost = W_R*R + W_T*T + W_B*B + D`` with ``W_B = D_max + 1``, ``W_T = n*W_B + D_max + 1`` and
``W_R = (n//2 + 1)*W_T`` where ``D_max = (n//2)*S*S``: each weight exceeds everything below it, so
the cost orders pairings by the fewest rematches, then the fewest teammates, then the lowest bye,
then the smallest point differences.

:func:`optimal_cost` is the reference: networkx's exact blossom (``max_weight_matching``) on the
complete graph of the round (every pair an edge of weight ``K - cost``, a bye node joined to the
players allowed one), so it answers for small fields only (a few hundred players).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import networkx as nx


@dataclass(frozen=True)
class Weights:
    """The tier weights of one round (see the module docstring)."""

    rematch: int
    teammates: int
    bye: int
    d_max: int


def weights(n_players: int, spread: int) -> Weights:
    """The weights for a round of ``n_players`` active players whose points span ``spread``."""
    d_max = (n_players // 2) * spread * spread
    w_b = d_max + 1
    w_t = n_players * w_b + d_max + 1
    return Weights(rematch=(n_players // 2 + 1) * w_t, teammates=w_t, bye=w_b, d_max=d_max)


def pair_cost(
    a: int,
    b: int,
    points: Mapping[int, int],
    met: Callable[[int, int], bool],
    teammates: Callable[[int, int], bool],
    w: Weights,
) -> int:
    """The cost of seating ``a`` against ``b``."""
    dp = points[a] - points[b]
    return dp * dp + w.rematch * met(a, b) + w.teammates * teammates(a, b)


def round_cost(
    pairs: Sequence[tuple[int, int]],
    bye: int | None,
    order: Sequence[int],
    points: Mapping[int, int],
    met: Callable[[int, int], bool],
    teammates: Callable[[int, int], bool],
) -> int:
    """The documented cost of a round: ``pairs`` and the ``bye`` over ``order`` (best first)."""
    spread = max(points[p] for p in order) - min(points[p] for p in order) if order else 0
    w = weights(len(order), spread)
    total = sum(pair_cost(a, b, points, met, teammates, w) for a, b in pairs)
    if bye is not None:
        total += w.bye * (len(order) - 1 - list(order).index(bye))
    return total


def optimal_cost(
    order: Sequence[int],
    points: Mapping[int, int],
    met: Callable[[int, int], bool],
    teammates: Callable[[int, int], bool],
    bye_candidates: set[int] | None,
) -> tuple[int, list[tuple[int, int]], int | None]:
    """The optimum by networkx's maximum-weight matching on the complete graph: cost, pairs, bye.

    ``bye_candidates`` (the players with the fewest byes) is given when the count is odd.
    """
    n = len(order)
    spread = max(points[p] for p in order) - min(points[p] for p in order) if order else 0
    w = weights(n, spread)
    top = w.rematch + w.teammates + w.bye * n + w.d_max + 1
    graph = nx.Graph()
    graph.add_nodes_from(order)
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            graph.add_edge(a, b, weight=top - pair_cost(a, b, points, met, teammates, w))
    if bye_candidates is not None:
        for place, p in enumerate(order):
            if p in bye_candidates:
                graph.add_edge(("bye",), p, weight=top - w.bye * (n - 1 - place))
    chosen = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for u, v in chosen:
        if isinstance(u, tuple) or isinstance(v, tuple):
            bye = v if isinstance(u, tuple) else u
        else:
            pairs.append((u, v))
    if 2 * len(pairs) + (bye is not None) != n:
        raise AssertionError("no perfect matching over a complete graph")
    return round_cost(pairs, bye, order, points, met, teammates), pairs, bye
