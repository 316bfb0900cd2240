"""Engine speed on one core, for every registered game and player count.

Cases per game and seat count (``<slug>/<n>p/<kind>``):

- ``raw``: ``new_game`` + ``random_playout`` (games/s and actions/s);
- ``protocol``: ``new_game``, then ``legal_actions``, a random choice and ``apply`` (validated,
  with events) for every action — what a caller of the protocol pays (games/s);
- ``recorded``: :func:`engines.record.play_match` with random bots and per-action digests;
- ``search``: ISMCTS playouts per second for a search bot thinking at the start of the game.

Prints one JSON object per line, each value the median of ``--runs`` runs::

    {"bench": "engines", "case": "khan-of-khans/4p/raw", "metric": "games_per_s", ...}

Every line names the ``build`` that ran: ``compiled`` where the engine's hot modules are a
compiled build (``engines/native.py``: AracKhan Wars, Heroes of Graxia), else ``python``. Run with
``GAUNTLET_PURE_PYTHON=1`` to measure the Python sources of a compiled engine.

Run ``python bench/engines.py [--quick] [--game SLUG] [--seats N] [--kind KIND]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines import native  # noqa: E402
from engines.base import Game, derive_seed  # noqa: E402
from engines.bots.search import SearchBot  # noqa: E402
from engines.record import play_match  # noqa: E402
from engines.registry import game_slugs, get_game  # noqa: E402


def build_of(game: Game) -> str:
    """``compiled`` when ``game``'s engine runs its compiled build (``engines.native``), else
    ``python``."""
    build = native.build_for(type(game).__module__.rpartition(".")[0])
    return "compiled" if build is not None and build.status()["compiled"] else "python"


def emit(case: str, metric: str, value: float, unit: str, **extra: object) -> None:
    line = {
        "bench": "engines",
        "case": case,
        "metric": metric,
        "value": round(value, 3),
        "unit": unit,
        "build": BUILDS.get(case.partition("/")[0], "python"),
        **extra,
    }
    print(json.dumps(line), flush=True)


BUILDS: dict[str, str] = {}
"""slug -> the build its engine runs (filled by :func:`main`)."""


def count_actions(game: Game, seed: int, n: int) -> int:
    """Actions in the random game ``raw`` plays for ``seed`` (same choices, counted)."""
    state = game.new_game(seed, n)
    rng = random.Random(derive_seed(seed, "playout"))
    count = 0
    while not game.is_over(state):
        game.apply_fast(state, rng.choice(game.legal_actions(state, game.to_act(state))))
        count += 1
    return count


def timed(runs: int, once: Callable[[int], int]) -> tuple[list[float], int]:
    """Seconds of each of ``runs`` runs of ``once(run)``, and the work units of the last."""
    times, units = [], 0
    for run in range(runs):
        start = time.perf_counter()
        units = once(run)
        times.append(time.perf_counter() - start)
    return times, units


def bench_raw(game: Game, n: int, games: int, runs: int) -> None:
    case = f"{game.slug}/{n}p/raw"

    def once(run: int) -> int:
        for g in range(games):
            seed = run * 100_000 + g
            state = game.new_game(seed, n)
            game.random_playout(state, random.Random(derive_seed(seed, "playout")))
        return games

    times, _ = timed(runs, once)
    actions = [
        sum(count_actions(game, run * 100_000 + g, n) for g in range(games)) for run in range(runs)
    ]
    emit(
        case,
        "games_per_s",
        statistics.median(games / t for t in times),
        "games/s",
        runs=runs,
        games=games,
    )
    emit(
        case,
        "actions_per_s",
        statistics.median(a / t for a, t in zip(actions, times, strict=True)),
        "actions/s",
        mean_actions=round(statistics.mean(actions) / games, 1),
    )


def bench_protocol(game: Game, n: int, games: int, runs: int) -> None:
    case = f"{game.slug}/{n}p/protocol"

    def once(run: int) -> int:
        actions = 0
        for g in range(games):
            seed = run * 100_000 + g
            state = game.new_game(seed, n)
            rng = random.Random(derive_seed(seed, "playout"))
            while not game.is_over(state):
                seat = game.to_act(state)
                game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
                actions += 1
        return actions

    times, cpu, units = [], [], []
    for run in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        units.append(once(run))
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    emit(
        case,
        "games_per_s",
        statistics.median(games / t for t in times),
        "games/s",
        runs=runs,
        games=games,
        mean_actions=round(statistics.mean(units) / games, 1),
    )
    # CPU time of this process: the same figure on a machine shared with other jobs
    emit(case, "games_per_cpu_s", statistics.median(games / t for t in cpu), "games/s")


def bench_recorded(game: Game, n: int, games: int, runs: int) -> None:
    case = f"{game.slug}/{n}p/recorded"
    rates_g, rates_a = [], []
    for run in range(runs):
        start = time.perf_counter()
        actions = sum(
            len(play_match(game, run * 100_000 + g, ["random"] * n).actions) for g in range(games)
        )
        elapsed = time.perf_counter() - start
        rates_g.append(games / elapsed)
        rates_a.append(actions / elapsed)
    emit(case, "games_per_s", statistics.median(rates_g), "games/s", runs=runs, games=games)
    emit(case, "actions_per_s", statistics.median(rates_a), "actions/s")


def bench_search(game: Game, n: int, playouts: int, runs: int) -> None:
    case = f"{game.slug}/{n}p/search"
    rates, cpu_rates = [], []
    for run in range(runs):
        state = game.new_game(run, n)
        seat = game.to_act(state)
        rng = random.Random(run)
        # step into the game until there is a real choice to make
        while len(game.legal_actions(state, seat)) < 2 and not game.is_over(state):
            game.apply_fast(state, rng.choice(game.legal_actions(state, seat)))
            seat = game.to_act(state)
        bot = SearchBot(run, playouts=playouts)
        start, start_cpu = time.perf_counter(), time.process_time()
        bot.search(game, state, seat, random.Random(run))
        rates.append(bot.last_iterations / (time.perf_counter() - start))
        cpu_rates.append(bot.last_iterations / (time.process_time() - start_cpu))
    emit(
        case, "playouts_per_s", statistics.median(rates), "playouts/s", runs=runs, playouts=playouts
    )
    # CPU time of this process: the same figure on a machine shared with other jobs
    emit(case, "playouts_per_cpu_s", statistics.median(cpu_rates), "playouts/s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="few games, 3 runs")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--runs", type=int, help="runs per case (median reported; default 5)")
    parser.add_argument("--games", type=int, help="games per run (default 40, quick 5)")
    parser.add_argument("--playouts", type=int, help="search playouts (default 300, quick 50)")
    parser.add_argument("--seats", type=int, action="append", help="only this seat count")
    parser.add_argument("--kind", action="append", choices=KINDS, help="only this case kind")
    args = parser.parse_args(argv)
    runs = args.runs or (3 if args.quick else 5)
    games = args.games or (5 if args.quick else 40)
    playouts = args.playouts or (50 if args.quick else 300)
    slugs = args.game or game_slugs()
    kinds = args.kind or KINDS
    for slug in slugs:
        game = get_game(slug)
        BUILDS[slug] = build_of(game)
        for n in range(game.min_seats, game.max_seats + 1):
            if args.seats and n not in args.seats:
                continue
            if "raw" in kinds:
                bench_raw(game, n, games * 5, runs)
            if "protocol" in kinds:
                bench_protocol(game, n, games * 5, runs)
            if "recorded" in kinds:
                bench_recorded(game, n, max(1, games // 2), runs)
            if "search" in kinds:
                bench_search(game, n, playouts, runs)
    return 0


KINDS = ("raw", "protocol", "recorded", "search")


if __name__ == "__main__":
    sys.exit(main())
