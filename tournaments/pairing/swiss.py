"""Swiss pairing: point groups top-down with pair-downs, rematch and teammate avoidance, byes.

Round 1 is random from the seed (or seeded by rating: top half against bottom half). Later rounds:

1. the active players (not dropped before this round) are ordered by the standings;
2. with an odd count, the bye (a 2–0 win) goes to the lowest-ranked active player among those
   with the fewest byes (so nobody gets a second bye while an active player has none);
3. the rest are paired at the optimum of the documented cost (:mod:`tournaments.pairing.cost`:
   fewest rematches, then teammates, then the lowest bye, then the smallest squared point
   differences) by :func:`tournaments.pairing.sweep.sweep`: point groups top-down, one floater
   across each boundary with an odd count above it, exact windows where a group cannot be paired
   cleanly, and a lower bound that the result meets (the proof of optimality);
4. when no pairing avoids every rematch and teammate pair, the whole round is solved by
   networkx's maximum-weight matching of the same cost (:func:`tournaments.pairing.cost.optimal_cost`).

:func:`pair_swiss_certified` also returns the round's cost and the proven lower bound.
Everything is deterministic for a seed. Every pairing carries flags and a plain reason.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.cost import optimal_cost, round_cost, weights
from tournaments.pairing.standings import paused_gc, standings
from tournaments.pairing.sweep import legal_pairs, mend, sweep
from tournaments.pairing.types import DEFAULT_SWISS, Entrant, Pairing, Result, Standing, SwissConfig


def default_swiss_rounds(n_entrants: int) -> int:
    """Rounds to play for ``n_entrants``: ceil(log2 n), enough to leave one undefeated player."""
    if n_entrants < 2:
        return 0
    return math.ceil(math.log2(n_entrants))


def pair_swiss(
    entrants: Sequence[Entrant],
    results: Sequence[Result],
    round_number: int,
    seed: int,
    config: SwissConfig = DEFAULT_SWISS,
    seeded_first_round: bool = False,
) -> list[Pairing]:
    """Pair ``round_number`` of a Swiss event from the results of the earlier rounds.

    Raises ValueError if ``results`` already hold a result for this round or a later one.
    """
    late = [r.round for r in results if r.round >= round_number]
    if late:
        raise ValueError(f"results already exist for round {max(late)}; cannot pair {round_number}")
    rows = standings(entrants, results, config)
    return pair_swiss_standings(rows, entrants, round_number, seed, seeded_first_round)


@dataclass
class _Field:
    """What pairing needs to know about the active players."""

    order: list[int]  # best first
    position: dict[int, int]
    points: dict[int, int]
    byes: dict[int, int]
    opponents: dict[int, tuple[int, ...]]  # a short tuple scans as fast as a set hashes
    group: dict[int, str | None]
    has_teams: bool

    def met(self, a: int, b: int) -> bool:
        return b in self.opponents[a]

    def teammates(self, a: int, b: int) -> bool:
        g = self.group[a]
        return g is not None and g == self.group[b]


@dataclass(frozen=True)
class RoundCertificate:
    """A round's documented cost and a proven lower bound on every legal pairing's cost.

    ``method``: ``"bound"`` (the sweep's lower bound, met exactly), ``"blossom"`` (networkx over
    the whole round: exact by construction) or ``"first"`` (round 1: every pair costs 0).
    """

    cost: int
    lower_bound: int
    method: str


def pair_swiss_standings(
    rows: Sequence[Standing],
    entrants: Sequence[Entrant],
    round_number: int,
    seed: int,
    seeded_first_round: bool = False,
) -> list[Pairing]:
    """Pair a round from ready-made standings (what :func:`pair_swiss` does after ``standings``).

    Entrants missing from ``rows`` (late entries) count as 0 points below everyone.
    """
    with paused_gc():
        field, rng, first = _field(rows, entrants, round_number, seed, seeded_first_round)
        return _pair(field, rng, first, seeded_first_round)[0]


def pair_swiss_certified(
    rows: Sequence[Standing],
    entrants: Sequence[Entrant],
    round_number: int,
    seed: int,
    seeded_first_round: bool = False,
) -> tuple[list[Pairing], RoundCertificate]:
    """:func:`pair_swiss_standings` plus the round's cost and lower bound (equal: optimal)."""
    with paused_gc():
        field, rng, first = _field(rows, entrants, round_number, seed, seeded_first_round)
        pairings, bound, method = _pair(field, rng, first, seeded_first_round)
        pairs = [t.players for t in pairings if not t.bye]
        bye = next((t.players[0] for t in pairings if t.bye), None)
        cost = round_cost(pairs, bye, field.order, field.points, field.met, field.teammates)  # type: ignore[arg-type]
        if method == "bound":
            below = len(field.order) - 1 - field.position[bye] if bye is not None else 0
            spread = max(field.points.values()) - min(field.points.values())
            bound += weights(len(field.order), spread).bye * below
        else:
            bound = cost
        return pairings, RoundCertificate(cost=cost, lower_bound=bound, method=method)


def _field(
    rows: Sequence[Standing],
    entrants: Sequence[Entrant],
    round_number: int,
    seed: int,
    seeded_first_round: bool,
) -> tuple[_Field, random.Random, bool]:
    rnd = round_number
    active = {
        e.id: e
        for e in entrants
        if e.joined_round <= rnd and (e.dropped_after is None or rnd <= e.dropped_after)
    }
    order = [s.player for s in rows if s.player in active]
    listed = set(order)
    late = sorted(pid for pid in active if pid not in listed)
    order += late
    first = not any(s.opponents or s.byes for s in rows)
    rng = random.Random(f"swiss:{seed}:{round_number}")
    if first:
        if seeded_first_round:
            order.sort(key=lambda pid: (-active[pid].rating, pid))
        else:
            order.sort()
            order = _shuffled(order, rng)
    kept = [s for s in rows if s.player in active]
    points = {s.player: s.match_points for s in kept}
    byes = {s.player: s.byes for s in kept}
    opponents = {s.player: s.opponents for s in kept}
    for pid in late:
        points[pid], byes[pid], opponents[pid] = 0, 0, ()
    group = {pid: e.group for pid, e in active.items()}
    field = _Field(
        order=order,
        position={pid: i for i, pid in enumerate(order)},
        points=points,
        byes=byes,
        opponents=opponents,
        group=group,
        has_teams=any(g is not None for g in group.values()),
    )
    return field, rng, first


def _pair(
    field: _Field, rng: random.Random, first: bool, seeded: bool
) -> tuple[list[Pairing], int, str]:
    order = field.order
    bye: int | None = None
    candidates: set[int] | None = None
    if len(order) % 2:
        fewest = min(field.byes.values())
        candidates = {p for p in order if field.byes[p] == fewest}
        bye = next(p for p in reversed(order) if p in candidates)
    players = [p for p in order if p != bye]
    team = field.group if field.has_teams else None
    legal = legal_pairs(field.opponents, team)
    pairs: list[tuple[int, int, frozenset[str]]] | None = None
    matched: set[int] = set()
    bound, method = 0, "first" if first else "bound"
    if first and seeded:
        half = len(players) // 2
        firsts, seconds = players[:half], players[half:]
        flags = mend(firsts, seconds, field.opponents, team, legal)
        if flags is not None:
            pairs = [(a, b, f) for a, b, f in zip(firsts, seconds, flags or [frozenset()] * half)]
    else:
        found = sweep(players, field.points, field.opponents, team, rng)
        if found is not None:
            pairs, matched, bound = found.pairs, found.matched, found.bound
    if pairs is None:  # no pairing without a rematch or teammates: networkx, the whole round
        _, chosen, bye = optimal_cost(order, field.points, field.met, field.teammates, candidates)
        pairs = [(a, b, frozenset()) for a, b in chosen]
        matched = set(order)
        method = "blossom"

    out: list[Pairing] = []
    position = field.position
    pairs = [(a, b, k) if position[a] < position[b] else (b, a, k) for a, b, k in pairs]
    pairs.sort(key=lambda pair: position[pair[0]])  # table 1 holds the best-ranked player
    points = field.points
    same: frozenset[str] = frozenset()
    down = frozenset({"pair-down"})
    window = len(matched)
    for a, b, skipped in pairs:
        if skipped or first or a in matched:
            out.append(_describe(a, b, skipped, field, first, seeded, a in matched, window))
            continue
        # fast path: a clean pair (no rematch, no teammates by construction)
        pa, pb = points[a], points[b]
        if pa == pb:
            out.append(_make_pairing((a, b), same, f"same point group ({_points(pa)})"))
        else:
            why = f"pair-down: {a} ({_points(pa)}) v {b} ({_points(pb)})"
            out.append(_make_pairing((a, b), down, why))
    if bye is not None:
        out.append(_describe_bye(bye, field, candidates or set(), first, seeded))
    return out, bound, method


def _make_pairing(players: tuple[int, ...], flags: frozenset[str], why: str) -> Pairing:
    """A Pairing without the frozen dataclass's per-field ``object.__setattr__`` calls."""
    table = object.__new__(Pairing)
    table.__dict__.update(players=players, bye=False, flags=flags, why=why)
    return table


def _shuffled(items: list[int], rng: random.Random) -> list[int]:
    """A seeded random order (sorting on random keys: several times faster than shuffle)."""
    draw = rng.random
    keyed = sorted(zip([draw() for _ in items], items, strict=True))
    return [item for _, item in keyed]


def _describe(
    a: int,
    b: int,
    skipped: frozenset[str],
    field: _Field,
    first: bool,
    seeded: bool,
    matched: bool,
    window: int,
) -> Pairing:
    flags = set(skipped)
    words: list[str] = []
    pa, pb = field.points[a], field.points[b]
    if first:
        flags.add("seeded" if seeded else "random")
        words.append("round 1, seeded by rating" if seeded else "round 1, random from the seed")
    elif pa != pb:
        flags.add("pair-down")
        words.append(f"pair-down: {a} ({_points(pa)}) v {b} ({_points(pb)})")
    else:
        words.append(f"same point group ({_points(pa)})")
    if "rematch-avoided" in skipped:
        words.append("skipped opponents already played")
    if "teammates-avoided" in skipped:
        words.append("skipped teammates")
    if matched:
        flags.add("matched")
        words.append(
            f"paired by an exact maximum-weight matching of {window} players around point "
            "groups that could not be paired cleanly one at a time"
        )
    if field.met(a, b):
        flags.add("rematch")
        words.append("a rematch: no pairing of the round avoids one")
    elif matched:
        flags.add("rematch-avoided")
    if field.teammates(a, b):
        flags.add("teammates")
        words.append("teammates: no pairing of the round avoids it")
    return Pairing(players=(a, b), flags=frozenset(flags), why="; ".join(words))


def _describe_bye(
    p: int, field: _Field, candidates: set[int], first: bool, seeded: bool
) -> Pairing:
    active = len(field.order)
    if first:
        how = "to the lowest-rated player" if seeded else "drawn at random"
        why = f"odd number of players ({active}); round 1 bye {how}"
    else:
        below = [q for q in field.order[field.position[p] + 1 :] if q in candidates]
        fewest = field.byes[p]
        who = "without a bye" if fewest == 0 else f"with the fewest byes ({fewest})"
        why = (
            f"odd number of active players ({active}); lowest-ranked active player {who}: "
            f"rank {field.position[p] + 1} of {active}, {field.points[p]} points"
        )
        if below:
            past = "1 player" if len(below) == 1 else f"{len(below)} players"
            why += f"; moved up past {past} to avoid a rematch or teammates"
    return Pairing(players=(p,), bye=True, flags=frozenset({"bye"}), why=why)


def _points(points: float) -> str:
    """ "1 point", "3 points" (the reasons' words)."""
    return f"{points:g} point" if points == 1 else f"{points:g} points"
