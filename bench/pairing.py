"""Swiss pairing and standings speed, with realistic score spreads from simulated events.

For each field size a whole Swiss event is simulated (default number of rounds): players have a
hidden strength, matches are best of three decided by it (a few drawn games, a few intentional
draws), about 2% of players with a losing record drop after each round. Every round is paired from
ready-made standings (``pair_swiss_standings``: standings excluded from the pairing time, as in
the tournaments issue) and the standings are timed separately.

Prints one JSON object per line, e.g.::

    {"bench": "pairing", "case": "swiss/10000", "metric": "pair_round_median_s", "value": ...}

Metrics per case: ``pair_round_median_s`` / ``pair_round_max_s`` (over the rounds from 2 on, each
the median of ``--runs`` timed pairings with different seeds), ``pair_peak_mb`` (peak memory
allocated while pairing the last round, tracemalloc), ``standings_round_max_s`` (the slowest
round's standings, each round the median of ``--runs``: the issue's "standings of 10,000 players"
figure), ``standings_median_s`` (over the rounds), ``standings_last_round_s`` (every result in),
``*_cpu_median_s`` (the same as process CPU time, steadier on a shared machine),
``rematches`` (pairings flagged as rematches over the whole event), ``fallbacks`` (pairings
paired by an exact window's matching), ``rounds``, ``score_groups`` (point groups in the last
round), ``process_peak_rss_mb`` (the whole bench process, simulated results included).

Quality (the documented cost of docs/tournaments.md, :mod:`tournaments.pairing.cost`): every
round is paired once more by ``pair_swiss_certified``, untimed, which returns the cost and a
proven lower bound on every legal pairing's cost; ``cost_ratio_vs_bound_max`` is the worst round's
cost / bound (1.0: every round provably optimal) and ``rounds_at_bound`` counts the rounds where
they are equal. Case ``reference/<n>`` plays held-out events (seeds no test uses, clubs, drops,
more rounds than the default so that rematches constrain) and compares every round's cost with
networkx's exact ``max_weight_matching`` over the complete graph (``cost.optimal_cost``):
``rounds_equal_networkx`` of ``rounds``, ``cost_ratio_vs_networkx_max``. networkx needs about a
minute for 500 players, so this runs at the ``--reference-sizes`` (default 30..200 players).

Run ``python bench/pairing.py [--sizes 1000,10000,100000] [--runs 5] [--standings-runs 1]
[--reference-sizes 30,60,120,200]``.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "bench")]

from harness import emitter  # noqa: E402

from tournaments.pairing import (  # noqa: E402
    Entrant,
    Pairing,
    Result,
    default_swiss_rounds,
    pair_swiss_standings,
    standings,
)
from tournaments.pairing.cost import optimal_cost  # noqa: E402
from tournaments.pairing.swiss import pair_swiss_certified  # noqa: E402

emit = emitter("pairing")


def play(pairing: Pairing, rnd: int, strength: dict[int, float], rng: random.Random) -> Result:
    """A plausible best-of-three result between the paired players."""
    if pairing.bye:
        return Result(round=rnd, players=pairing.players, bye=True)
    a, b = pairing.players
    if rng.random() < 0.03:  # intentional draw
        return Result(round=rnd, players=(a, b), wins=(0, 0), draws=1)
    p_a = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
    wins = [0, 0]
    draws = 0
    for _ in range(3):
        if max(wins) == 2:
            break
        roll = rng.random()
        if roll < 0.04:
            draws += 1
        elif roll < 0.04 + 0.96 * p_a:
            wins[0] += 1
        else:
            wins[1] += 1
    return Result(round=rnd, players=(a, b), wins=(wins[0], wins[1]), draws=draws)


def run_case(n: int, runs: int, seed: int, standings_runs: int) -> None:
    case = f"swiss/{n}"
    rng = random.Random(seed)
    strength = {i: rng.gauss(1500, 200) for i in range(n)}
    entrants = [Entrant(id=i, rating=strength[i]) for i in range(n)]
    results: list[Result] = []
    rounds = default_swiss_rounds(n)
    pair_times: list[float] = []
    standing_times: list[float] = []
    pair_cpu: list[float] = []
    standing_cpu: list[float] = []
    rematches = fallbacks = 0
    groups = 0
    peak_mb = 0.0
    ratios: list[float] = []
    for rnd in range(1, rounds + 1):
        timings, cpu = [], []
        for _ in range(standings_runs):
            t0, c0 = time.perf_counter(), time.process_time()
            rows = standings(entrants, results)
            timings.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        standing_times.append(statistics.median(timings))
        standing_cpu.append(statistics.median(cpu))
        timings = []
        cpu = []
        pairings: list[Pairing] = []
        for run in range(runs if rnd > 1 else 1):
            t0, c0 = time.perf_counter(), time.process_time()
            pairings = pair_swiss_standings(rows, entrants, rnd, seed=seed * 1000 + run)
            timings.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        if rnd > 1:
            pair_times.append(statistics.median(timings))
            pair_cpu.append(statistics.median(cpu))
        certified, certificate = pair_swiss_certified(rows, entrants, rnd, seed=seed * 1000)
        assert certified == pair_swiss_standings(rows, entrants, rnd, seed=seed * 1000)
        ratios.append(certificate.cost / certificate.lower_bound if certificate.lower_bound else 1)
        if rnd == rounds:
            groups = len({s.match_points for s in rows})
            tracemalloc.start()
            pair_swiss_standings(rows, entrants, rnd, seed=seed)
            peak_mb = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
        rematches += sum("rematch" in p.flags for p in pairings)
        fallbacks += sum("matched" in p.flags for p in pairings)
        results += [play(p, rnd, strength, rng) for p in pairings]
        # about 2% of the players with a losing record drop after the round
        losing = {s.player for s in rows if s.losses > s.wins}
        entrants = [
            Entrant(e.id, e.rating, rnd, e.group)
            if e.dropped_after is None and e.id in losing and rng.random() < 0.02
            else e
            for e in entrants
        ]
    emit(case, "pair_round_median_s", statistics.median(pair_times), "s", runs=runs)
    emit(case, "pair_round_max_s", max(pair_times), "s", runs=runs)
    emit(case, "pair_round_cpu_median_s", statistics.median(pair_cpu), "s", runs=runs)
    emit(case, "pair_peak_mb", peak_mb, "MiB")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    emit(case, "process_peak_rss_mb", rss, "MiB", note="whole bench process so far")
    # standings before rounds 2.. (before round 1 there is nothing to count), each the median of
    # the runs; the figure is the slowest round (standings_round_max_s)
    later = standing_times[1:] or standing_times
    emit(case, "standings_round_max_s", max(later), "s", runs=runs)
    emit(case, "standings_median_s", statistics.median(later), "s", runs=runs)
    emit(case, "standings_last_round_s", standing_times[-1], "s", runs=runs)
    emit(case, "standings_cpu_round_max_s", max(standing_cpu[1:] or standing_cpu), "s", runs=runs)
    emit(case, "standings_cpu_median_s", statistics.median(standing_cpu[1:] or standing_cpu), "s")
    emit(case, "rematches", rematches, "pairings")
    emit(case, "fallbacks", fallbacks, "pairings")
    emit(case, "rounds", rounds, "rounds")
    emit(case, "score_groups", groups, "groups")
    emit(case, "cost_ratio_vs_bound_max", max(ratios), "ratio", note="1.0: optimal, proven")
    emit(case, "rounds_at_bound", sum(r == 1 for r in ratios), "rounds", of=rounds)


def run_reference(n: int, seed: int) -> None:
    """Held-out events of ``n`` players: every round's cost against networkx's optimum."""
    case = f"reference/{n}"
    equal = total = 0
    worst = 1.0
    for event in range(3):
        event_seed = 90_000 + 100 * n + event  # no test uses these seeds
        rng = random.Random(event_seed)
        strength = {i: rng.gauss(1500, 200) for i in range(n)}
        clubs = (0, 4, 9)[event]
        entrants = [
            Entrant(i, rating=strength[i], group=f"c{i % clubs}" if clubs and i % 3 == 0 else None)
            for i in range(n)
        ]
        results: list[Result] = []
        for rnd in range(1, default_swiss_rounds(n) + 4):
            rows = standings(entrants, results)
            pairings, certificate = pair_swiss_certified(rows, entrants, rnd, seed=event_seed)
            order, points, met, mates, byes = _round_view(rows, entrants, rnd)
            fewest = min(byes[p] for p in order) if order else 0
            candidates = {p for p in order if byes[p] == fewest} if len(order) % 2 else None
            best = optimal_cost(order, points, met, mates, candidates)[0]
            total += 1
            equal += certificate.cost == best
            worst = max(worst, certificate.cost / best if best else 1.0)
            results += [play(p, rnd, strength, rng) for p in pairings]
            losing = {s.player for s in rows if s.losses > s.wins}
            entrants = [
                Entrant(e.id, e.rating, rnd, e.group)
                if e.dropped_after is None and e.id in losing and rng.random() < 0.05
                else e
                for e in entrants
            ]
    emit(case, "rounds_equal_networkx", equal, "rounds", of=total)
    emit(case, "cost_ratio_vs_networkx_max", worst, "ratio")


def _round_view(rows, entrants, rnd):  # type: ignore[no-untyped-def]
    """The active players best first, with points, met, teammates and byes, from the rows."""
    active = {e.id: e for e in entrants if e.active_in(rnd)}
    by_id = {s.player: s for s in rows}
    order = [s.player for s in rows if s.player in active]
    order += sorted(p for p in active if p not in by_id)
    points = {p: by_id[p].match_points if p in by_id else 0 for p in order}
    byes = {p: by_id[p].byes if p in by_id else 0 for p in order}
    seen = {p: set(by_id[p].opponents) if p in by_id else set() for p in order}

    def met(a: int, b: int) -> bool:
        return b in seen[a]

    def mates(a: int, b: int) -> bool:
        group = active[a].group
        return group is not None and group == active[b].group

    return order, points, met, mates, byes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--standings-runs", type=int, default=None, help="default: --runs")
    parser.add_argument("--reference-sizes", default="30,60,120,200")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for size in (int(s) for s in args.reference_sizes.split(",") if s):
        run_reference(size, args.seed)
    for size in (int(s) for s in args.sizes.split(",") if s):
        run_case(size, args.runs, args.seed, args.standings_runs or args.runs)


if __name__ == "__main__":
    main()
