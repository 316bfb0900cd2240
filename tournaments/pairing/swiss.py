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
from operator import itemgetter

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
    """The active players by rank (0 = best): their ids, points, byes, opponents' ids, teams."""

    ids: list[int]
    points: list[int]
    byes: list[int]
    opponents: list[tuple[int, ...]]  # a short tuple scans as fast as a set hashes
    team: list[str | None] | None  # None: nobody has a team

    def met(self, a: int, b: int) -> bool:
        """Whether the players ranked ``a`` and ``b`` played before."""
        return self.ids[b] in self.opponents[a]

    def teammates(self, a: int, b: int) -> bool:
        """Whether the players ranked ``a`` and ``b`` are teammates."""
        if self.team is None:
            return False
        g = self.team[a]
        return g is not None and g == self.team[b]


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
        rank = {pid: i for i, pid in enumerate(field.ids)}
        pairs = [(rank[t.players[0]], rank[t.players[1]]) for t in pairings if not t.bye]
        bye = next((rank[t.players[0]] for t in pairings if t.bye), None)
        order = range(len(field.ids))
        cost = round_cost(pairs, bye, order, field.points, field.met, field.teammates)
        if method == "bound":
            below = len(order) - 1 - bye if bye is not None else 0
            spread = max(field.points) - min(field.points) if field.points else 0
            bound += weights(len(order), spread).bye * below
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
    inactive = {
        e.id
        for e in entrants
        if e.joined_round > rnd or (e.dropped_after is not None and rnd > e.dropped_after)
    }
    first = not any(s.opponents or s.byes for s in rows)
    rng = random.Random(f"swiss:{seed}:{round_number}")
    has_teams = any(e.group is not None for e in entrants)
    quick = not first and not has_teams and len(rows) == len(entrants)
    if quick:  # the rows are these entrants' standings: drop the inactive rows only
        kept = [s for s in rows if s[0] not in inactive] if inactive else list(rows)
        quick = len(kept) == len(entrants) - len(inactive)
    if not quick:
        active = {e.id: e for e in entrants if e.id not in inactive}
    if first:
        ids = sorted(active)
        if seeded_first_round:
            ids.sort(key=lambda pid: (-active[pid].rating, pid))
        else:
            ids = _shuffled(ids, rng)
        n = len(ids)
        points, byes, opponents = [0] * n, [0] * n, [()] * n
    else:
        if not quick:
            kept = [s for s in rows if s[0] in active]  # Standing: a named tuple, 0 the player
        ids = list(map(itemgetter(0), kept))
        points = list(map(itemgetter(2), kept))
        byes = list(map(itemgetter(6), kept))
        opponents = list(map(itemgetter(11), kept))
        if not quick and len(ids) != len(active):  # late entries missing from the rows
            late = sorted(set(active) - set(ids))
            ids += late
            points += [0] * len(late)
            byes += [0] * len(late)
            opponents += [()] * len(late)
    team = [active[pid].group for pid in ids] if has_teams else None
    return _Field(ids, points, byes, opponents, team), rng, first


def _pair(
    field: _Field, rng: random.Random, first: bool, seeded: bool
) -> tuple[list[Pairing], int, str]:
    ids, points = field.ids, field.points
    n = len(ids)
    bye: int | None = None
    if n % 2:
        fewest = min(field.byes)
        bye = next(p for p in range(n - 1, -1, -1) if field.byes[p] == fewest)
    players = [p for p in range(n) if p != bye] if bye is not None else range(n)
    legal = legal_pairs(ids, field.opponents, field.team)
    pairs: list[tuple[int, int, frozenset[str]]] | None = None
    matched: set[int] = set()
    bound, method = 0, "first" if first else "bound"
    if first and seeded:
        half = len(players) // 2
        firsts, seconds = list(players[:half]), list(players[half:])
        flags = mend(firsts, seconds, legal, field.met)
        if flags is not None:
            pairs = _in_table_order(list(zip(firsts, seconds, flags, strict=True)))
    else:
        found = sweep(players, points, ids, field.opponents, field.team, rng)
        if found is not None:
            pairs, matched, bound = found.pairs, found.matched, found.bound
    if pairs is None:  # no pairing without a rematch or teammates: networkx, the whole round
        fewest = min(field.byes) if n % 2 else 0
        candidates = {p for p in range(n) if field.byes[p] == fewest} if n % 2 else None
        _, chosen, bye = optimal_cost(range(n), points, field.met, field.teammates, candidates)
        pairs = _in_table_order([(a, b, frozenset()) for a, b in chosen])
        matched = set(range(n))
        method = "blossom"

    out: list[Pairing] = []
    same: frozenset[str] = frozenset()
    down = frozenset({"pair-down"})
    window = len(matched)
    said: dict[int, str] = {}
    for a, b, skipped in pairs:
        if skipped or first or a in matched:
            out.append(_describe(a, b, skipped, field, first, seeded, a in matched, window))
            continue
        # fast path: a clean pair (no rematch, no teammates by construction)
        pa, pb = points[a], points[b]
        if pa == pb:
            why = said.get(pa)
            if why is None:
                why = said[pa] = f"same point group ({_points(pa)})"
            out.append(_make_pairing((ids[a], ids[b]), same, why))
        else:
            why = f"pair-down: {ids[a]} ({_points(pa)}) v {ids[b]} ({_points(pb)})"
            out.append(_make_pairing((ids[a], ids[b]), down, why))
    if bye is not None:
        out.append(_describe_bye(bye, field, first, seeded))
    return out, bound, method


def _in_table_order(
    pairs: list[tuple[int, int, frozenset[str]]],
) -> list[tuple[int, int, frozenset[str]]]:
    """Higher-ranked player first, tables by their first player's rank."""
    return sorted((a, b, k) if a < b else (b, a, k) for a, b, k in pairs)


def _make_pairing(players: tuple[int, ...], flags: frozenset[str], why: str) -> Pairing:
    """A Pairing without the frozen dataclass's per-field ``object.__setattr__`` calls."""
    table = object.__new__(Pairing)
    slots = table.__dict__
    slots["players"] = players
    slots["bye"] = False
    slots["flags"] = flags
    slots["why"] = why
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
    ia, ib = field.ids[a], field.ids[b]
    if first:
        flags.add("seeded" if seeded else "random")
        words.append("round 1, seeded by rating" if seeded else "round 1, random from the seed")
    elif pa != pb:
        flags.add("pair-down")
        words.append(f"pair-down: {ia} ({_points(pa)}) v {ib} ({_points(pb)})")
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
    return Pairing(players=(ia, ib), flags=frozenset(flags), why="; ".join(words))


def _describe_bye(p: int, field: _Field, first: bool, seeded: bool) -> Pairing:
    active = len(field.ids)
    if first:
        how = "to the lowest-rated player" if seeded else "drawn at random"
        why = f"odd number of players ({active}); round 1 bye {how}"
    else:
        fewest = field.byes[p]
        below = [q for q in range(p + 1, active) if field.byes[q] == fewest]
        who = "without a bye" if fewest == 0 else f"with the fewest byes ({fewest})"
        why = (
            f"odd number of active players ({active}); lowest-ranked active player {who}: "
            f"rank {p + 1} of {active}, {field.points[p]} points"
        )
        if below:
            past = "1 player" if len(below) == 1 else f"{len(below)} players"
            why += f"; moved up past {past} to avoid a rematch or teammates"
    return Pairing(players=(field.ids[p],), bye=True, flags=frozenset({"bye"}), why=why)


def _points(points: float) -> str:
    """ "1 point", "3 points" (the reasons' words)."""
    return f"{points:g} point" if points == 1 else f"{points:g} points"
