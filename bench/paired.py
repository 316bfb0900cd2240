"""Two builds of an engine compared in turn, for a machine whose speed swings from one minute to
the next: the ratio of each pair of runs, taken seconds apart, is the figure to read.

Two processes are started once (imports and catalogues paid before timing). They play the
same seeded random games through the protocol (``new_game``, ``legal_actions``, random choice,
validated ``apply``) in turn, the order alternating, and each run reports games per CPU second.
Prints one JSON object per line and seat count, the paired median ratio B/A as the value::

    {"bench": "paired", "case": "arackhan-wars/2p/protocol", "metric": "b_over_a", ...}

Examples::

    # the compiled build against its own Python sources
    python bench/paired.py --b-env GAUNTLET_PURE_PYTHON=0 --a-env GAUNTLET_PURE_PYTHON=1
    # this checkout against another one (git worktree add /tmp/base <commit>)
    python bench/paired.py --a /tmp/base
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def serve(slug: str) -> None:
    """The worker: for each line ``seats games first_seed`` on stdin, play those games and print
    games per CPU second. The loop is bench/engines.py's protocol case written out: the worker
    runs in the other checkout, whose bench/ may predate any shared helper."""
    sys.path[:0] = [str(Path.cwd()), str(Path.cwd() / "platform")]
    from engines.base import derive_seed
    from engines.registry import get_game

    game = get_game(slug)
    print("ready", flush=True)
    for line in sys.stdin:
        n, games, first = map(int, line.split())
        start = time.process_time()
        for seed in range(first, first + games):
            state = game.new_game(seed, n)
            rng = random.Random(derive_seed(seed, "playout"))
            while not game.is_over(state):
                seat = game.to_act(state)
                game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
        print(games / (time.process_time() - start), flush=True)


def _worker(folder: Path, env: list[str], slug: str) -> subprocess.Popen[str]:
    environ = dict(os.environ, PYTHONPATH=f"{folder}:{folder / 'platform'}")
    environ.update(item.split("=", 1) for item in env)
    worker = subprocess.Popen(
        [sys.executable, __file__, "--serve", slug],
        cwd=folder,
        env=environ,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert worker.stdout is not None and worker.stdout.readline().strip() == "ready"
    return worker


def _run(worker: subprocess.Popen[str], n: int, games: int, first: int) -> float:
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(f"{n} {games} {first}\n")
    worker.stdin.flush()
    return float(worker.stdout.readline())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="arackhan-wars")
    parser.add_argument("--a", type=Path, default=ROOT, help="checkout A (default: this one)")
    parser.add_argument("--b", type=Path, default=ROOT, help="checkout B (default: this one)")
    parser.add_argument("--a-env", action="append", default=[], help="KEY=VALUE for A")
    parser.add_argument("--b-env", action="append", default=[], help="KEY=VALUE for B")
    parser.add_argument("--pairs", type=int, default=16, help="pairs of runs per seat count")
    parser.add_argument("--seats", type=int, action="append", help="seat counts (default 2, 4)")
    parser.add_argument("--games", type=int, default=10, help="2-seat games per run")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve)
        return 0
    workers = [_worker(args.a, args.a_env, args.game), _worker(args.b, args.b_env, args.game)]
    for n in args.seats or [2, 4]:
        games = max(1, args.games * 2 // n)  # about the same time per run
        rates: tuple[list[float], list[float]] = ([], [])
        for k in range(args.pairs):
            for side in (0, 1) if k % 2 == 0 else (1, 0):
                rates[side].append(_run(workers[side], n, games, k * 1000))
        ratios = [b / a for a, b in zip(*rates, strict=True)]
        line = {
            "bench": "paired",
            "case": f"{args.game}/{n}p/protocol",
            "metric": "b_over_a",
            "value": round(statistics.median(ratios), 3),
            "unit": "ratio",
            "a_games_per_cpu_s": round(statistics.median(rates[0]), 1),
            "b_games_per_cpu_s": round(statistics.median(rates[1]), 1),
            "b_best": round(max(rates[1]), 1),
            "pairs": args.pairs,
            "games": games,
        }
        print(json.dumps(line), flush=True)
    for worker in workers:
        worker.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
