#!/usr/bin/env python
"""Akhedena's 3- and 4-player layouts: mirror games (every seat the same army list and the same
bot) and each seat's share of the wins, which should be within ±3 points of an equal share
(docs/rules/akhedena.md, "Fairness of the layouts"; issue 31).

    PYTHONPATH=.:platform .venv/bin/python bench/akhedena_layouts.py --bot random heuristic \
        --games 3000 --jobs 2 [--budget SECONDS] [--lists in-turn]

Mirror games give every seat the same starter army list: list 1 in even seeds, list 2 in odd
ones (``--lists in-turn`` deals the starter lists seat by seat instead, as a new game without
army lists does, which measures the lists as well as the seats). A game's win is shared among
the players still in at the turn cap (1/k each). Prints JSON lines (bench/harness.py): per seat
its ``win_share`` in percent with a 95 % interval (``low``, ``high``: normal approximation over
the games' shares), and the same for each starter list's mirror games alone
(``win_share_by_list``); per player count and bot the largest deviation from an equal share,
whether every seat is within the bound, the share of games that reached the turn cap (``cap_share``,
with its interval) and the games per second.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
sys.path[:0] = [str(REPO), str(REPO / "platform")]

from harness import emitter  # noqa: E402

from engines.akhedena import GAME  # noqa: E402
from engines.akhedena.setup import starter_lists  # noqa: E402
from engines.base import derive_seed  # noqa: E402
from engines.bots.factory import make_bot  # noqa: E402

emit = emitter("akhedena_layouts")
BOUND = 3.0
"""Points of win share a seat may be off an equal share."""
Z95 = 1.96
MAX_JOBS = 2
"""The machine is shared: at most two worker processes."""


def play(seed: int, n: int, bot: str, lists: str = "mirror") -> tuple[list[float], bool]:
    """One game: each seat's share of the win and whether it reached the turn cap."""
    if lists == "mirror":
        starters = starter_lists(2)
        st = GAME.new_game(seed, n, [starters[seed % len(starters)]] * n)
    else:
        st = GAME.new_game(seed, n)
    if bot == "random":
        GAME.random_playout(st, random.Random(seed))
    else:
        bots = [make_bot(GAME.slug, bot, derive_seed(seed, "bot", seat)) for seat in range(n)]
        while not st.over:
            seat = st.to_act
            GAME.apply_fast(st, bots[seat].choose(GAME, st, seat))
    ranks = GAME.result(st).ranks
    firsts = [s for s in range(n) if ranks[s] == 0]
    return [1 / len(firsts) if s in firsts else 0.0 for s in range(n)], st.end == "cap"


def _play(job: tuple[int, int, str, str]) -> tuple[list[float], bool]:
    return play(*job)


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean of ``values`` and its 95 % interval (normal approximation), in percent."""
    k = len(values)
    mean = sum(values) / k
    var = sum((v - mean) ** 2 for v in values) / max(1, k - 1)
    half = Z95 * math.sqrt(var / k)
    return 100 * mean, 100 * max(0.0, mean - half), 100 * min(1.0, mean + half)


def measure(n: int, bot: str, args: argparse.Namespace) -> None:
    """Play ``args.games`` games of ``n`` players (fewer if ``args.budget`` seconds run out
    first) and print their figures."""
    last = args.first_seed + args.games
    jobs = [(seed, n, bot, args.lists) for seed in range(args.first_seed, last)]
    start = time.perf_counter()
    games: list[tuple[list[float], bool]] = []
    with Pool(args.jobs) as pool:
        for game in pool.imap(_play, jobs, chunksize=2):
            games.append(game)
            if args.budget and time.perf_counter() - start > args.budget:
                pool.terminate()
                break
    elapsed = time.perf_counter() - start
    case = f"{n}p-{bot}"
    equal = 100 / n
    worst = 0.0
    for seat in range(n):
        share, low, high = interval([shares[seat] for shares, _ in games])
        worst = max(worst, abs(share - equal))
        emit(
            case,
            "win_share",
            share,
            "%",
            seat=seat,
            games=len(games),
            low=round(low, 2),
            high=round(high, 2),
        )
    if args.lists == "mirror":
        for which in range(2):
            seeds = range(args.first_seed, args.first_seed + len(games))
            mine = [g for seed, g in zip(seeds, games, strict=True) if seed % 2 == which]
            if not mine:
                continue
            cap_here = interval([float(cap) for _, cap in mine])[0]
            for seat in range(n):
                share, low, high = interval([shares[seat] for shares, _ in mine])
                emit(
                    case,
                    "win_share_by_list",
                    share,
                    "%",
                    starter_list=which + 1,
                    seat=seat,
                    games=len(mine),
                    low=round(low, 2),
                    high=round(high, 2),
                    cap_share=round(cap_here, 2),
                )
    cap, cap_low, cap_high = interval([float(cap) for _, cap in games])
    emit(
        case,
        "max_deviation",
        worst,
        "points",
        games=len(games),
        lists=args.lists,
        equal_share=round(equal, 2),
        within_bound=worst <= BOUND,
        cap_share=round(cap, 2),
        cap_low=round(cap_low, 2),
        cap_high=round(cap_high, 2),
    )
    emit(case, "games_per_s", len(games) / elapsed, "games/s", games=len(games), jobs=args.jobs)
    emit(case, "elapsed", elapsed, "s", games=len(games), budget=args.budget or None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--bot", nargs="+", default=["random"], help="random and/or bot specs (heuristic)"
    )
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--lists", choices=("mirror", "in-turn"), default="mirror")
    parser.add_argument(
        "--jobs", type=int, default=1, help=f"worker processes (at most {MAX_JOBS})"
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=0.0,
        help="stop a player count after this many seconds (the games played so far count)",
    )
    args = parser.parse_args()
    args.jobs = max(1, min(MAX_JOBS, args.jobs))
    for bot in args.bot:
        for n in args.seats:
            measure(n, bot, args)


if __name__ == "__main__":
    main()
