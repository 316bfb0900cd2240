"""Swiss pairing: point groups top-down with pair-downs, rematch and teammate avoidance, byes.

Round 1 is random from the seed (or seeded by rating: top half against bottom half). Later rounds:

1. the active players (not dropped before this round) are ordered by the standings;
2. with an odd count, the bye (a 2–0 win) goes to the lowest-ranked active player among those
   with the fewest byes (so nobody gets a second bye while an active player has none);
3. point groups are paired top-down in a seeded random order; a group with an odd count floats its
   lowest-ranked player down to the next group (a pair-down); each player takes the first partner
   they have not played and who is not a teammate, and floats down when there is none;
4. if players are left over at the bottom, the last pairs are re-paired by maximum-weight matching
   (:mod:`tournaments.pairing.matching`), over a growing window up to the whole field, so that a
   rematch-free pairing is found whenever one exists (then the fewest teammate pairings).

Everything is deterministic for a seed. Every pairing carries flags and a plain reason.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.matching import match_window
from tournaments.pairing.standings import paused_gc, standings
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

    def met(self, a: int, b: int) -> bool:
        return b in self.opponents[a]

    def teammates(self, a: int, b: int) -> bool:
        g = self.group[a]
        return g is not None and g == self.group[b]


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
        return _pair_standings(rows, entrants, round_number, seed, seeded_first_round)


def _pair_standings(
    rows: Sequence[Standing],
    entrants: Sequence[Entrant],
    round_number: int,
    seed: int,
    seeded_first_round: bool,
) -> list[Pairing]:
    active = {e.id: e for e in entrants if e.active_in(round_number)}
    order = [s.player for s in rows if s.player in active]
    listed = set(order)
    order += sorted(pid for pid in active if pid not in listed)
    by_player = {s.player: s for s in rows}
    first = not any(s.opponents or s.byes for s in rows)
    rng = random.Random(f"swiss:{seed}:{round_number}")
    if first:
        if seeded_first_round:
            order.sort(key=lambda pid: (-active[pid].rating, pid))
        else:
            order.sort()
            order = _shuffled(order, rng)
    empty: tuple[int, ...] = ()
    field = _Field(
        order=order,
        position={pid: i for i, pid in enumerate(order)},
        points={pid: by_player[pid].match_points if pid in by_player else 0 for pid in order},
        byes={pid: by_player[pid].byes if pid in by_player else 0 for pid in order},
        opponents={pid: by_player[pid].opponents if pid in by_player else empty for pid in order},
        group={pid: active[pid].group for pid in order},
    )
    return _pair(field, rng, first, seeded_first_round)


def _pair(field: _Field, rng: random.Random, first: bool, seeded: bool) -> list[Pairing]:
    order = field.order
    bye: int | None = None
    candidates: set[int] | None = None
    if len(order) % 2:
        fewest = min(field.byes.values())
        candidates = {p for p in order if field.byes[p] == fewest}
        bye = next(p for p in reversed(order) if p in candidates)
    players = [p for p in order if p != bye]

    if first and seeded:
        pairs, left = _fold(players, field)
    else:
        groups: list[list[int]] = []
        for p in players:
            if groups and field.points[groups[-1][-1]] == field.points[p]:
                groups[-1].append(p)
            else:
                groups.append([p])
        pairs, left = _greedy(groups, field, rng)

    matched: set[int] = set()
    window_size = 0
    if left:
        pairs, bye, matched = _repair(pairs, left, bye, candidates, field, rng)
        window_size = len(matched)

    out: list[Pairing] = []
    position = field.position
    pairs = [(a, b, k) if position[a] < position[b] else (b, a, k) for a, b, k in pairs]
    pairs.sort(key=lambda pair: position[pair[0]])  # table 1 holds the best-ranked player
    points = field.points
    same: frozenset[str] = frozenset()
    down = frozenset({"pair-down"})
    for a, b, skipped in pairs:
        if skipped or first or a in matched:
            out.append(_describe(a, b, skipped, field, first, seeded, a in matched, window_size))
            continue
        # fast path: a clean greedy pair (no rematch, no teammates by construction)
        pa, pb = points[a], points[b]
        if pa == pb:
            out.append(_make_pairing((a, b), same, f"same point group ({_points(pa)})"))
        else:
            why = f"pair-down: {a} ({_points(pa)}) v {b} ({_points(pb)})"
            out.append(_make_pairing((a, b), down, why))
    if bye is not None:
        out.append(_describe_bye(bye, field, candidates or set(), first, seeded))
    return out


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


def _greedy(
    groups: list[list[int]], field: _Field, rng: random.Random
) -> tuple[list[tuple[int, int, frozenset[str]]], list[int]]:
    """Pair point groups top-down; return the pairs and the players left at the bottom."""
    opponents, group, position = field.opponents, field.group, field.position
    pairs: list[tuple[int, int, frozenset[str]]] = []
    carry: list[int] = []
    for members in groups:
        members = list(members)
        floater: list[int] = []
        if (len(carry) + len(members)) % 2 and members:
            floater.append(members.pop())  # the group's lowest-ranked player floats down
        queue = carry + _shuffled(members, rng)
        taken = [False] * len(queue)
        carry = []
        size = len(queue)
        for i in range(size):
            if taken[i]:
                continue
            taken[i] = True
            p = queue[i]
            met = opponents[p]
            team = group[p]
            skipped: set[str] = set()
            for j in range(i + 1, size):
                if taken[j]:
                    continue
                q = queue[j]
                if q in met:
                    skipped.add("rematch-avoided")
                elif team is not None and group[q] == team:
                    skipped.add("teammates-avoided")
                else:
                    taken[j] = True
                    pairs.append((p, q, frozenset(skipped)))
                    break
            else:
                carry.append(p)
        carry.extend(floater)
        carry.sort(key=position.__getitem__)
    return pairs, carry


def _fold(
    players: list[int], field: _Field
) -> tuple[list[tuple[int, int, frozenset[str]]], list[int]]:
    """Seeded round 1: i-th best against the i-th of the bottom half; teammates go to repair."""
    half = len(players) // 2
    pairs: list[tuple[int, int, frozenset[str]]] = []
    left: list[int] = []
    for a, b in zip(players[:half], players[half:], strict=True):
        if field.teammates(a, b):
            left += [a, b]
        else:
            pairs.append((a, b, frozenset()))
    return pairs, left


def _repair(
    pairs: list[tuple[int, int, frozenset[str]]],
    left: list[int],
    bye: int | None,
    candidates: set[int] | None,
    field: _Field,
    rng: random.Random,
) -> tuple[list[tuple[int, int, frozenset[str]]], int | None, set[int]]:
    """Re-pair the last pairs plus the leftovers by maximum-weight matching, growing the window."""
    total = len(field.order)
    take = 4
    while True:
        kept = pairs[: max(0, len(pairs) - take)]
        window = [p for a, b, _ in pairs[len(kept) :] for p in (a, b)] + left
        if bye is not None:
            window.append(bye)
        whole = len(window) >= total
        found = match_window(
            window,
            points=field.points,
            position=field.position,
            met=field.met,
            teammates=field.teammates,
            bye_candidates=(set(window) & candidates) if candidates is not None else None,
            rng=rng,
            whole=whole,
        )
        if found is not None:
            new_pairs, new_bye = found
            return kept + [(a, b, frozenset()) for a, b in new_pairs], new_bye, set(window)
        take *= 4


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
            f"re-paired by maximum-weight matching of the last {window} players, "
            "as greedy pairing was left with players it could not pair cleanly"
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
