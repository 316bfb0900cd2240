#!/usr/bin/env python
"""How fast a ladder's top 10 reaches the true order: today's matchmaker (match quality) against
matchmaking for information, on a 200-bot synthetic field of known strengths; then the closing
run on that field (issue 33).

    PYTHONPATH=.:platform .venv/bin/python bench/ladder_convergence.py --seeds 3 --closing-seeds 20

No database: the matchmakers are the platform's pure functions (``ratings.matchmaking
.form_groups``, ``ratings.information.information_groups``, ``ratings.closing_plan``), the
ratings the ``trueskill`` package's (``trueskill.rate_1vs1``, the project's default parameters:
mu 25, sigma 25/3, beta sigma/2, tau sigma/100), each outcome drawn from the true strengths
(performance = skill + N(0, beta^2), the model TrueSkill assumes).

The field: the top 11 bots two points apart (50, 48, ... 30: a gap of about half of beta),
the 189 others evenly between 29 and 0. Every bot is queued every round (the arena refills the
queue); today's matchmaker pairs everyone it can, the information one the games worth at
least ``MIN_GAIN`` bits. *Games to the true top 10*: games played when the leaderboard's top 10
(conservative rating, its order) is the true top 10 in order and stays so for ``STAY`` rounds;
a seed that never gets there in ``MAX_ROUNDS`` rounds prints the games played, flagged
``censored`` (a lower bound: it favours the matchmaker that failed).

The closing run: after a season of ``SEASON`` rounds of today's matchmaker, the leaderboard's
top ``CONTENDERS`` are frozen and play up to ``PER_CONTENDER`` more matches each, scheduled by
``ratings.closing_plan`` until every adjacent pair of the top 10 (and the pair across 10th
place) is ordered with ``CONFIDENCE``; the run
succeeds when its final ranking's top 10 is the true top 10 in order.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
sys.path[:0] = [str(REPO), str(REPO / "platform")]

import trueskill  # noqa: E402
from harness import emitter  # noqa: E402

from ratings.candidates import Candidate  # noqa: E402
from ratings.closing_plan import by_skill, plan_round, verdict  # noqa: E402
from ratings.information import information_groups  # noqa: E402
from ratings.matchmaking import form_groups  # noqa: E402

emit = emitter("ladder_convergence")
BOTS = 200
TOP = 10
STAY = 10
MAX_ROUNDS = 400
SEASON = 100
CONTENDERS = 16
PER_CONTENDER = 500
CONFIDENCE = 0.998


def true_strengths() -> list[float]:
    """Bot k's true skill, 0 the strongest."""
    top = [50.0 - 2.0 * k for k in range(11)]
    rest = [29.0 - 29.0 * i / (BOTS - 12) for i in range(BOTS - 11)]
    return top + rest


def make_env(drift: bool = True) -> trueskill.TrueSkill:
    """The package's defaults; ``drift`` false: tau 0, as the platform rates a closing run."""
    env = trueskill.TrueSkill(draw_probability=0.01)
    return env if drift else trueskill.TrueSkill(draw_probability=0.01, tau=0.0)


class Ladder:
    """The ratings of a synthetic field and its games."""

    def __init__(self, env: trueskill.TrueSkill, rng: random.Random) -> None:
        self.env, self.rng = env, rng
        self.skill = true_strengths()
        self.ratings = [env.create_rating() for _ in self.skill]
        self.games = 0

    def candidates(self, who=None) -> list[Candidate]:
        ids = range(len(self.skill)) if who is None else who
        return [
            Candidate(k, k, self.ratings[k].mu, self.ratings[k].sigma, 0.0, f"bot{k}") for k in ids
        ]

    def play(self, a: int, b: int) -> None:
        perf_a = self.rng.gauss(self.skill[a], self.env.beta)
        perf_b = self.rng.gauss(self.skill[b], self.env.beta)
        winner, loser = (a, b) if perf_a > perf_b else (b, a)
        self.ratings[winner], self.ratings[loser] = trueskill.rate_1vs1(
            self.ratings[winner], self.ratings[loser], env=self.env
        )
        self.games += 1

    def top(self, n: int = TOP) -> list[int]:
        key = [(-(r.mu - 3 * r.sigma), k) for k, r in enumerate(self.ratings)]
        return [k for _, k in sorted(key)[:n]]


def quality_round(ladder: Ladder) -> None:
    for g in form_groups(ladder.candidates(), 2, ladder.env):
        ladder.play(g.members[0].player_id, g.members[1].player_id)


def information_round(ladder: Ladder) -> None:
    for g in information_groups(ladder.candidates(), ladder.env):
        ladder.play(g.members[0].player_id, g.members[1].player_id)


def games_to_true_top(seed: int, round_fn) -> tuple[int | None, int]:
    """Games when the top 10 reached the true order for good (None: not in MAX_ROUNDS)."""
    ladder = Ladder(make_env(), random.Random(seed))
    truth = list(range(TOP))
    reached, streak = None, 0
    for _ in range(MAX_ROUNDS):
        round_fn(ladder)
        if ladder.top() == truth:
            reached = ladder.games if streak == 0 else reached
            streak += 1
            if streak >= STAY:
                return reached, ladder.games
        else:
            streak = 0
    return None, ladder.games


def closing_run(seed: int) -> tuple[bool, int, str]:
    """A season, then the closing run on its top CONTENDERS: whether the final top 10 is right,
    the closing run's games and why it ended."""
    ladder = Ladder(make_env(), random.Random(seed))
    for _ in range(SEASON):
        quality_round(ladder)
    contenders = ladder.top(CONTENDERS)
    ladder.env = make_env(drift=False)  # frozen contenders: no drift (ratings.service)
    remaining = dict.fromkeys(contenders, PER_CONTENDER)
    start = ladder.games
    while True:
        field = ladder.candidates(contenders)
        ruling = verdict(field, remaining, CONFIDENCE, TOP)
        if ruling.over:
            break
        for g in plan_round(field, ladder.env, remaining, CONFIDENCE, TOP):
            a, b = (m.player_id for m in g.members)
            ladder.play(a, b)
            remaining[a] -= 1
            remaining[b] -= 1
    final = [c.player_id for c in by_skill(ladder.candidates(contenders))]
    return final[:TOP] == list(range(TOP)), ladder.games - start, ruling.reason


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--seeds", type=int, default=3, help="seeds of the convergence race")
    parser.add_argument("--closing-seeds", type=int, default=20)
    parser.add_argument("--closing-from", type=int, default=0, help="first closing seed (of 1000+)")
    args = parser.parse_args()
    for name, fn in (("quality", quality_round), ("information", information_round)):
        if not args.seeds:
            break
        games, seconds, censored = [], [], 0
        for seed in range(args.seeds):
            t0 = time.perf_counter()
            reached, played = games_to_true_top(seed, fn)
            seconds.append(time.perf_counter() - t0)
            # Not reached in MAX_ROUNDS: the games played, a lower bound (censored).
            games.append(reached if reached is not None else played)
            emit(
                f"{name}-seed{seed}",
                "games_to_true_top10",
                games[-1],
                "games",
                played=played,
                censored=reached is None,
            )
            censored += reached is None
        emit(
            name, "games_to_true_top10_median", statistics.median(games), "games", censored=censored
        )
        emit(name, "seconds_per_seed_median", statistics.median(seconds), "s")
    if args.closing_seeds:
        outcomes = []
        for s in range(args.closing_from, args.closing_from + args.closing_seeds):
            outcomes.append(closing_run(1000 + s))
            ok, games, reason = outcomes[-1]
            emit(
                f"closing-run-seed{1000 + s}",
                "top10_correct",
                float(ok),
                "bool",
                games=games,
                ended_on=reason,
            )
        right = sum(ok for ok, _, _ in outcomes)
        emit(
            "closing-run",
            "top10_correct_share",
            100.0 * right / len(outcomes),
            "%",
            seeds=len(outcomes),
            ended_on_budget=sum(reason == "budget" for _, _, reason in outcomes),
        )
        emit(
            "closing-run",
            "games_median",
            statistics.median(g for _, g, _ in outcomes),
            "games",
        )


if __name__ == "__main__":
    main()
