"""Free-for-all pods (3-5 player games), Swiss-style by points, and their standings.

Pod standings: a placing ``p`` (0 = first, equal = tied) scores ``placing_points[p]`` (the last
entry for placings beyond the list), a bye scores ``placing_points[0]`` (it counts as a first
place). Tiebreakers, in order: ``omw`` (mean over pod-mates, once per pod, of their points /
(``placing_points[0]`` x pods played)), ``gwp`` (mean share of pod-mates finished ahead of, a tie
counting half), ``ogw`` (mean of pod-mates' ``gwp``); no floor. In a :class:`Standing`, ``wins``
counts outright first places, ``draws`` shared first places, ``losses`` the other pods.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.standings import check_results, rank_rows
from tournaments.pairing.types import Entrant, Pairing, Result, Standing


def pod_sizes(n: int, sizes: Sequence[int] = (4, 3)) -> tuple[list[int], int]:
    """Split ``n`` players into pods of the allowed ``sizes`` (earlier sizes preferred).

    Returns the pod sizes, largest count of the first size first, and the number of players who
    must sit out with a bye (0 unless no split of ``n`` exists, e.g. 5 with sizes 4 and 3).
    """
    allowed = [s for s in dict.fromkeys(sizes) if s >= 2]
    if not allowed:
        raise ValueError(f"no usable pod size in {sizes}")
    for byes in range(n + 1):
        split = _split(n - byes, allowed)
        if split is not None:
            return split, byes
    raise AssertionError("unreachable: zero players always split")


def _split(n: int, sizes: list[int]) -> list[int] | None:
    if n == 0:
        return []
    if not sizes:
        return None
    first, rest = sizes[0], sizes[1:]
    for count in range(n // first, -1, -1):
        tail = _split(n - count * first, rest)
        if tail is not None:
            return [first] * count + tail
    return None


@dataclass
class _PodLine:
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    pods: int = 0
    beaten: float = 0.0  # sum over pods of the share of pod-mates finished ahead of


def pod_standings(
    entrants: Sequence[Entrant],
    results: Sequence[Result],
    placing_points: Sequence[int] = (3, 2, 1, 0),
) -> list[Standing]:
    """Standings of a pod event, best first (see the module docstring for the figures)."""
    ids = [e.id for e in entrants]
    check_results(ids, results)
    top = placing_points[0] if placing_points else 0
    lines = {pid: _PodLine() for pid in ids}
    mates: dict[int, list[int]] = {pid: [] for pid in ids}
    for result in results:
        if result.bye:
            line = lines[result.players[0]]
            line.points += top
            line.wins += 1
            line.byes += 1
            line.pods += 1
            line.beaten += 1.0
            continue
        if result.placings is None:
            raise ValueError(f"round {result.round}: a pod result needs placings: {result}")
        places = result.placings
        for i, pid in enumerate(result.players):
            place = places[i]
            line = lines[pid]
            line.points += placing_points[min(place, len(placing_points) - 1)]
            line.pods += 1
            tied = sum(1 for q in places if q == place) - 1
            ahead = sum(1 for q in places if q > place)
            others = len(places) - 1
            line.beaten += (ahead + 0.5 * tied) / others if others else 1.0
            if place == 0:
                if tied:
                    line.draws += 1
                else:
                    line.wins += 1
            else:
                line.losses += 1
            mates[pid].extend(q for q in result.players if q != pid)
    mwp = {p: (ln.points / (top * ln.pods) if top and ln.pods else 0.0) for p, ln in lines.items()}
    gwp = {p: (ln.beaten / ln.pods if ln.pods else 0.0) for p, ln in lines.items()}
    dropped = {e.id: e.dropped_after is not None for e in entrants}
    rows = []
    for pid in ids:
        line, opps = lines[pid], mates[pid]
        rows.append(
            Standing(
                player=pid,
                rank=0,
                match_points=line.points,
                wins=line.wins,
                losses=line.losses,
                draws=line.draws,
                byes=line.byes,
                mwp=mwp[pid],
                omw=sum(mwp[o] for o in opps) / len(opps) if opps else 0.0,
                gwp=gwp[pid],
                ogw=sum(gwp[o] for o in opps) / len(opps) if opps else 0.0,
                opponents=tuple(opps),
                dropped=dropped[pid],
            )
        )
    return rank_rows(rows, ("omw", "gwp", "ogw"))


def pods(
    entrants: Sequence[Entrant],
    results: Sequence[Result],
    round_number: int,
    seed: int,
    sizes: Sequence[int] = (4, 3),
    placing_points: Sequence[int] = (3, 2, 1, 0),
) -> list[Pairing]:
    """Seat the active players in pods for ``round_number``, Swiss-style by points.

    Players are ordered by pod standings (seeded random order within equal points; round 1 is all
    random) and cut top-down into pods of :func:`pod_sizes`. Players who met before are swapped
    with equal-point players of the next pod where that removes repeat meetings. When no split
    fits (5 players with sizes 4 and 3, or fewer players than the smallest pod), the
    lowest-ranked players with the fewest byes get a bye.
    """
    late = [r.round for r in results if r.round >= round_number]
    if late:
        raise ValueError(f"results already exist for round {max(late)}; cannot seat {round_number}")
    rows = pod_standings(entrants, results, placing_points)
    active = {e.id for e in entrants if e.active_in(round_number)}
    rng = random.Random(f"pods:{seed}:{round_number}")
    by_points: dict[int, list[int]] = {}
    for s in rows:
        if s.player in active:
            by_points.setdefault(s.match_points, []).append(s.player)
    order: list[int] = []
    for pts in sorted(by_points, reverse=True):
        group = sorted(by_points[pts])
        rng.shuffle(group)
        order += group
    info = {s.player: s for s in rows}
    split, n_byes = pod_sizes(len(order), sizes)

    out_byes: list[Pairing] = []
    if n_byes:
        fewest = sorted(order, key=lambda p: (info[p].byes, -order.index(p)))[:n_byes]
        for p in fewest:
            order.remove(p)
            out_byes.append(
                Pairing(
                    players=(p,),
                    bye=True,
                    flags=frozenset({"bye"}),
                    why=f"{len(active)} players cannot all be seated in pods of {tuple(sizes)}; "
                    f"bye to a lowest-ranked player with the fewest byes ({info[p].byes})",
                )
            )

    met = {p: set(info[p].opponents) for p in order}
    tables: list[list[int]] = []
    start = 0
    for size in split:
        tables.append(order[start : start + size])
        start += size
    for i in range(len(tables) - 1):
        _unclash(tables[i], tables[i + 1], met, info)

    out: list[Pairing] = []
    for table in tables:
        points = [info[p].match_points for p in table]
        flags = {"pod"}
        words = [
            f"pod of {len(table)}, points {max(points)}"
            + (f" to {min(points)}" if min(points) != max(points) else "")
        ]
        if min(points) != max(points):
            flags.add("pair-down")
        if _clashes(table, met):
            flags.add("rematch")
            words.append("some players met before: no swap with the next pod avoided it")
        out.append(Pairing(players=tuple(table), flags=frozenset(flags), why="; ".join(words)))
    return out + out_byes


def _clashes(table: list[int], met: dict[int, set[int]]) -> int:
    return sum(1 for i, a in enumerate(table) for b in table[i + 1 :] if b in met[a])


def _unclash(
    upper: list[int], lower: list[int], met: dict[int, set[int]], info: dict[int, Standing]
) -> None:
    """Swap equal-point players between two neighbouring pods while it removes repeat meetings."""
    improved = True
    while improved and _clashes(upper, met):
        improved = False
        before = _clashes(upper, met) + _clashes(lower, met)
        for i, x in enumerate(upper):
            for j, y in enumerate(lower):
                if info[x].match_points != info[y].match_points:
                    continue
                upper[i], lower[j] = y, x
                if _clashes(upper, met) + _clashes(lower, met) < before:
                    improved = True
                    break
                upper[i], lower[j] = x, y
            if improved:
                break
