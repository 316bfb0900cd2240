"""Bot strength from fixed-seed matches: heuristic vs random and search vs heuristic per game.

The candidate bot takes one seat (alternating over the seats from game to game), the baseline
bot all the others. Two players: the candidate's win rate (ties half) with a one-sided exact
binomial (sign test) p-value against 50% over the decisive games. More players: its win share
(a shared first place counts 1/k) with a one-sided binomial p-value against 1/n.

Prints JSON lines like bench/engines.py. Run ``python bench/strength.py [--games N]
[--search search:200] [--players 2 4] [--game SLUG] [--jobs 4] [--duplicate] [--mixed]``.
``--mixed`` seats the candidate in every other seat (A B A B, shifted each game) and reports the
candidate side's win share against a null of its share of the seats.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines.base import Action, Game, derive_seed  # noqa: E402
from engines.bots.base import Bot  # noqa: E402
from engines.bots.factory import make_bot  # noqa: E402
from engines.record import bot_seed, play_match  # noqa: E402
from engines.registry import game_slugs, get_game  # noqa: E402


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p), exact (summed in log space)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    if p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    logs = [
        math.lgamma(n + 1)
        - math.lgamma(i + 1)
        - math.lgamma(n - i + 1)
        + i * math.log(p)
        + (n - i) * math.log1p(-p)
        for i in range(k, n + 1)
    ]
    top = max(logs)
    return min(1.0, math.exp(top) * sum(math.exp(v - top) for v in logs))


class TimedBot(Bot):
    """Wraps a bot and times its decisions (moves with more than one legal action)."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(0)
        self.bot = bot
        self.spec = bot.spec
        self.decisions: list[float] = []

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(game, state, seat)
        elapsed = time.perf_counter() - start
        if len(game.legal_actions(state, seat)) > 1:
            self.decisions.append(elapsed)
        return action


def play_one(task: tuple[Any, ...]) -> dict[str, Any]:
    """One match: ``candidate`` in seat ``g % n``, ``baseline`` elsewhere (mixed: the candidate
    in every other seat from ``g % 2``). In duplicate mode games ``g`` with the same ``g // n``
    share their seed (the same deal, every seat once)."""
    slug, n, candidate, baseline, base_seed, g, duplicate, *rest = task
    mixed = bool(rest and rest[0])
    seat = g % n
    specs = [baseline] * n
    specs[seat] = candidate
    if mixed:
        seat = g % 2
        specs = [candidate if (s - seat) % 2 == 0 else baseline for s in range(n)]
        seed = derive_seed(base_seed, slug, n, "mixed", candidate, baseline, g)
    elif duplicate:
        seed = derive_seed(base_seed, slug, n, "deal", g // n)
    else:
        seed = derive_seed(base_seed, slug, n, candidate, baseline, g)
    bots: list[Bot] = [make_bot(slug, spec, bot_seed(seed, s)) for s, spec in enumerate(specs)]
    timed = bots[seat] = TimedBot(bots[seat])
    start = time.perf_counter()
    record = play_match(slug, seed, bots)
    ranks = record.result["ranks"]
    winners = [s for s, r in enumerate(ranks) if r == 0]
    ours = [s for s in range(n) if specs[s] == candidate] if mixed else [seat]
    won = [s for s in winners if s in ours]
    return {
        "seat": seat,
        "rank": ranks[seat],
        "share": len(won) / len(winners),
        "sole_win": bool(won) and len(won) == len(winners),
        "tie": bool(won) and len(won) < len(winners),
        "forfeit": record.forfeit["seat"] if record.forfeit else None,
        "seconds": time.perf_counter() - start,
        "actions": len(record.actions),
        "decisions": timed.decisions,
    }


def matchup(
    slug: str,
    n: int,
    candidate: str,
    baseline: str,
    games: int,
    base_seed: int,
    jobs: int,
    duplicate: bool = False,
    mixed: bool = False,
) -> dict[str, Any]:
    if duplicate:
        games -= games % n
    tasks = [(slug, n, candidate, baseline, base_seed, g, duplicate, mixed) for g in range(games)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            outcomes = pool.map(play_one, tasks, chunksize=1)
    else:
        outcomes = [play_one(t) for t in tasks]
    wins = sum(o["sole_win"] for o in outcomes)
    ties = sum(o["tie"] for o in outcomes)
    line: dict[str, Any] = {
        "bench": "strength",
        "case": f"{slug}/{n}p/{candidate}-vs-{baseline}" + ("/mixed" if mixed else ""),
        "games": games,
        "wins": wins,
        "ties": ties,
        "losses": games - wins - ties,
        "forfeits": sum(o["forfeit"] is not None for o in outcomes),
        "mean_actions": round(sum(o["actions"] for o in outcomes) / games, 1),
        "seconds_per_game": round(sum(o["seconds"] for o in outcomes) / games, 3),
        "seed": base_seed,
    }
    decisions = sorted(t for o in outcomes for t in o["decisions"])
    if decisions:
        line |= {
            "candidate_decisions": len(decisions),
            "candidate_mean_s_per_decision": round(sum(decisions) / len(decisions), 4),
            "candidate_p99_s_per_decision": round(decisions[int(0.99 * (len(decisions) - 1))], 4),
            "candidate_max_s_per_decision": round(decisions[-1], 4),
        }
    if n == 2 and not mixed:
        decisive = games - ties
        line |= {
            "metric": "win_rate",
            "value": round((wins + 0.5 * ties) / games, 4),
            "unit": "fraction",
            "null": 0.5,
            "p_value": binomial_tail(wins, decisive, 0.5),
        }
    else:
        share = sum(o["share"] for o in outcomes)
        null = 0.5 if mixed else 1 / n  # mixed: half the seats on average
        line |= {
            "metric": "win_share",
            "value": round(share / games, 4),
            "unit": "fraction",
            "null": round(null, 4),
            "p_value": binomial_tail(math.floor(share), games, null),
        }
    line["p_value"] = float(f"{line['p_value']:.3g}")
    if duplicate:
        line |= deal_test(outcomes, n)
    return line


def deal_test(outcomes: list[dict[str, Any]], n: int) -> dict[str, Any]:
    """Duplicate games: a deal is won when the candidate's win shares over its ``n`` seatings
    beat ``1`` (what an equal bot expects), lost when below; the sign test over the decisive
    deals removes most of the luck of the deal from the comparison."""
    won = lost = 0
    for d in range(0, len(outcomes), n):
        total = sum(o["share"] for o in outcomes[d : d + n])
        won += total > 1
        lost += total < 1
    return {
        "deals": len(outcomes) // n,
        "deals_won": won,
        "deals_lost": lost,
        "deal_p_value": float(f"{binomial_tail(won, won + lost, 0.5):.3g}"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--games", type=int, default=100, help="matches per pairing")
    parser.add_argument(
        "--players", type=int, nargs="+", help="seat counts (default: each game's minimum)"
    )
    parser.add_argument("--search", default="search:200", help="search bot spec")
    parser.add_argument("--heuristic", default="heuristic", help="heuristic bot spec")
    parser.add_argument(
        "--pairings",
        default="heuristic-random,search-heuristic",
        help="comma-separated candidate-baseline pairs of: random, heuristic, search",
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="play every deal once with the candidate in each seat (adds a sign test per deal)",
    )
    parser.add_argument(
        "--mixed",
        action="store_true",
        help="the candidate in every other seat (a table of two strategies, e.g. 2 + 2)",
    )
    args = parser.parse_args(argv)
    specs = {"random": "random", "heuristic": args.heuristic, "search": args.search}
    pairings = []
    for pair in args.pairings.split(","):
        candidate, _, baseline = pair.partition("-")
        if candidate not in specs or baseline not in specs:
            parser.error(f"bad pairing {pair!r}")
        pairings.append((specs[candidate], specs[baseline]))
    for slug in args.game or game_slugs():
        game = get_game(slug)
        counts = args.players or [game.min_seats]
        for n in counts:
            if not game.min_seats <= n <= game.max_seats:
                continue
            for candidate, baseline in pairings:
                line = matchup(
                    slug,
                    n,
                    candidate,
                    baseline,
                    args.games,
                    args.seed,
                    args.jobs,
                    args.duplicate,
                    args.mixed,
                )
                print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
