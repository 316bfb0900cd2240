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
re-paired by maximum-weight matching), ``rounds``, ``score_groups`` (point groups in the last
round), ``process_peak_rss_mb`` (the whole bench process, simulated results included).

Run ``python bench/pairing.py [--sizes 1000,10000,100000] [--runs 3]``.
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


def run_case(n: int, runs: int, seed: int) -> None:
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
    for rnd in range(1, rounds + 1):
        timings, cpu = [], []
        for _ in range(runs):
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for size in (int(s) for s in args.sizes.split(",")):
        run_case(size, args.runs, args.seed)


if __name__ == "__main__":
    main()
