#!/usr/bin/env python
"""Rating systems' speed, and the matchup page's, on large made-up histories.

Cases (one JSON object per line, each value the median of ``--runs`` runs)::

    {"bench": "ratings", "case": "recompute/TrueSkill", "metric": "s_per_million", ...}

- ``recompute/<system>``: TrueSkill, OpenSkill and Glicko-2 learning ``--matches`` duels in
  time order (the ratings only), as seconds per million matches;
- ``backtest/<system>``: the same with the prediction before every match and its scoring
  (what ``manage.py rating_backtest`` does), seconds per million;
- ``ladder-recompute/TrueSkill``: the ladders' own ``recompute_ladder`` on ``--db-matches``
  matches in a fresh SQLite (or ``--database``) database, reading and writing the rows, per
  million;
- ``matchups/page``: the matchup page's server time with ``--page-matches`` finished AracKhan
  Wars matches counted (it reads the pre-aggregated rows), and ``matchups/rebuild``, the
  time to count them again from the history.

Run ``.venv/bin/python bench/ratings.py [--matches 100000] [--runs 3] [--skip-db]``.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "platform"), str(REPO / "bench")]

from harness import emitter  # noqa: E402

emit = emitter("ratings")


def setup_django(database: str | None) -> None:
    if database is None:
        database = f"sqlite:///{Path(tempfile.mkdtemp(prefix='gauntlet-bench-')) / 'r.sqlite3'}"
    os.environ["DATABASE_URL"] = database
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.pop("CHANNEL_LAYER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gauntlet.settings")
    if database.startswith("postgres"):  # a fresh database of the bench's own
        import psycopg

        name = database.rsplit("/", 1)[1]
        admin = database.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def history(n: int, players: int, seed: int = 7) -> list:
    """``n`` duels between ``players`` players of known strengths (Bradley-Terry)."""
    from insights.backtest import Contest

    rng = random.Random(seed)
    strength = [rng.gauss(0, 1) for _ in range(players)]
    out = []
    for _ in range(n):
        i, j = rng.sample(range(players), 2)
        won = rng.random() < 1 / (1 + math.exp(strength[j] - strength[i]))
        out.append(Contest(((i,), (j,)), (0, 1) if won else (1, 0)))
    return out


def bench_systems(n: int, players: int, runs: int) -> None:
    from insights.backtest import replay
    from insights.rating_systems import SYSTEMS
    from ratings.models import Ladder

    ladder = Ladder(slug="bench", game="khan-of-khans")
    games = history(n, players)
    for system in SYSTEMS:
        learn, full = [], []
        for _ in range(runs):
            s = system(ladder)
            started = time.perf_counter()
            for c in games:
                s.update(c.groups, c.ranks)
            learn.append(time.perf_counter() - started)
            score = replay(system(ladder), games)
            full.append(score.seconds)
        per = 1e6 / n
        extra = {"runs": runs, "matches": n, "players": players}
        emit(
            f"recompute/{system.name}",
            "s_per_million",
            statistics.median(learn) * per,
            "s",
            **extra,
        )
        emit(
            f"backtest/{system.name}",
            "s_per_million",
            statistics.median(full) * per,
            "s",
            log_loss=round(score.log_loss, 4),
            pair_accuracy=round(score.pair_accuracy, 4),
            **extra,
        )


def fill_ladder(n: int, players: int) -> object:
    """A ladder with ``n`` finished, never rated duels between ``players`` accounts."""
    from datetime import UTC, datetime, timedelta

    from matches.models import Match, MatchSeat, MatchState
    from players.models import Player
    from ratings.models import Ladder

    ladder, _ = Ladder.objects.get_or_create(
        slug="bench-recompute", defaults={"name": "Bench", "game": "khan-of-khans"}
    )
    people = Player.objects.bulk_create(
        Player(username=f"bench-r-{i}", is_bot=True) for i in range(players)
    )
    rng = random.Random(11)
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    for start in range(0, n, 5000):
        size = min(5000, n - start)
        matches = Match.objects.bulk_create(
            Match(
                game="khan-of-khans",
                ladder=ladder,
                state=MatchState.FINISHED,
                seed=start + k,
                seed_nonce="n",
                seed_commitment="c",
                engine_version="bench",
                finished_at=t0 + timedelta(seconds=start + k),
            )
            for k in range(size)
        )
        seats = []
        for m in matches:
            a, b = rng.sample(people, 2)
            r = rng.randint(0, 1)
            seats += [
                MatchSeat(match=m, seat=0, player=a, bot="random", rank=r),
                MatchSeat(match=m, seat=1, player=b, bot="random", rank=1 - r),
            ]
        MatchSeat.objects.bulk_create(seats)
    return ladder


def bench_ladder_recompute(n: int, players: int) -> None:
    from ratings.recompute import recompute_ladder

    ladder = fill_ladder(n, players)
    started = time.perf_counter()
    summary = recompute_ladder(ladder)
    seconds = time.perf_counter() - started
    emit(
        "ladder-recompute/TrueSkill",
        "s_per_million",
        seconds * 1e6 / n,
        "s",
        matches=n,
        players=players,
        seconds=round(seconds, 2),
        summary=str(summary.as_dict())[:200],
    )


def bench_matchup_page(n: int, runs: int) -> None:
    from datetime import UTC, datetime, timedelta

    from django.test import Client

    from engines.decks import get_deck_format
    from insights.store import rebuild
    from matches.models import Match, MatchSeat, MatchState
    from players.models import Player

    decks = [s.data for s in get_deck_format("arackhan-wars").starter_decks()]
    a, b = (Player.objects.get_or_create(username=f"bench-m-{i}")[0] for i in range(2))
    rng = random.Random(5)
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    for start in range(0, n, 5000):
        size = min(5000, n - start)
        matches = Match.objects.bulk_create(
            Match(
                game="arackhan-wars",
                origin="study",
                state=MatchState.FINISHED,
                rated=False,
                seed=start + k,
                seed_nonce="n",
                seed_commitment="c",
                engine_version="",
                decks=rng.sample(decks, 2),
                result={"ranks": (r := rng.sample([0, 1], 2)), "scores": [0, 0], "reason": "b"},
                finished_at=t0 + timedelta(seconds=start + k),
            )
            for k in range(size)
        )
        MatchSeat.objects.bulk_create(
            MatchSeat(match=m, seat=s, player=p, bot="random", rank=m.result["ranks"][s])
            for m in matches
            for s, p in enumerate((a, b))
        )
        del r
    started = time.perf_counter()
    counted = rebuild("arackhan-wars")
    emit("matchups/rebuild", "seconds", time.perf_counter() - started, "s", matches=counted)
    client = Client()
    url = "/insights/matchups/arackhan-wars/"
    assert client.get(url).status_code == 200  # warm the templates and caches
    times = []
    for _ in range(max(runs, 5)):
        started = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - started)
        assert response.status_code == 200
    emit(
        "matchups/page",
        "ms",
        statistics.median(times) * 1000,
        "ms",
        matches=counted,
        runs=len(times),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--db-matches", type=int, default=20_000)
    parser.add_argument("--page-matches", type=int, default=100_000)
    parser.add_argument(
        "--database",
        help="a PostgreSQL URL, dropped and created afresh (default: a new SQLite file)",
    )
    parser.add_argument("--skip-db", action="store_true", help="only the in-memory cases")
    args = parser.parse_args()
    setup_django(args.database)
    bench_systems(args.matches, args.players, args.runs)
    if not args.skip_db:
        bench_ladder_recompute(args.db_matches, min(args.players, 500))
        bench_matchup_page(args.page_matches, args.runs)


if __name__ == "__main__":
    main()
