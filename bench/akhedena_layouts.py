#!/usr/bin/env python
"""Akhedena's 3- and 4-player layouts: mirror games (every seat the same starter army list,
the same bot) and each seat's share of the wins, which should be within ±3 points of an equal
share (docs/rules/akhedena.md, "Layouts"; issue 31).

    PYTHONPATH=.:platform .venv/bin/python bench/akhedena_layouts.py --bot random --games 3000
    PYTHONPATH=.:platform .venv/bin/python bench/akhedena_layouts.py --bot heuristic --games 3000

A game's win is shared among the players still in at the turn cap (1/k each); ``cap_share`` is
the share of games that reached the cap. Prints JSON lines (bench/harness.py): one per seat
(``win_share``, percent), one per player count with the cap share, the largest deviation and
whether every seat is within the bound, and the games per second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
sys.path[:0] = [str(REPO), str(REPO / "platform")]

from harness import emitter  # noqa: E402

from engines.akhedena import GAME  # noqa: E402
from engines.base import derive_seed  # noqa: E402
from engines.bots.factory import make_bot  # noqa: E402

emit = emitter("akhedena_layouts")
BOUND = 3.0
"""Points of win share a seat may be off an equal share."""


def play(seed: int, n: int, bot: str) -> tuple[list[float], bool]:
    """One mirror game: each seat's share of the win and whether it reached the turn cap."""
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="random", help="random or a bot spec (heuristic)")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument(
        "--budget", type=float, default=0.0, help="stop a player count after this many seconds"
    )
    args = parser.parse_args()
    for n in args.seats:
        wins, caps, played = [0.0] * n, 0, 0
        start = time.perf_counter()
        for seed in range(args.first_seed, args.first_seed + args.games):
            shares, cap = play(seed, n, args.bot)
            wins = [w + s for w, s in zip(wins, shares, strict=True)]
            caps += cap
            played += 1
            if args.budget and time.perf_counter() - start > args.budget:
                break
        elapsed = time.perf_counter() - start
        args_games = args.games
        args.games = played
        case = f"{n}p-{args.bot}"
        equal = 100 / n
        worst = 0.0
        for seat, w in enumerate(wins):
            share = 100 * w / args.games
            worst = max(worst, abs(share - equal))
            emit(case, "win_share", share, "%", seat=seat, games=args.games)
        emit(
            case,
            "max_deviation",
            worst,
            "points",
            games=args.games,
            equal_share=round(equal, 2),
            within_bound=worst <= BOUND,
            cap_share=round(100 * caps / args.games, 2),
        )
        emit(case, "games_per_s", args.games / elapsed, "games/s", games=args.games)
        args.games = args_games


if __name__ == "__main__":
    main()
