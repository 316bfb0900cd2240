#!/usr/bin/env python
"""Throughput of the whole match pipeline in distributed mode.

Starts the no-Docker distributed mode (``deploy/distributed.sh``: PostgreSQL, Redis, daphne,
N Celery workers, beat) on a database of its own, schedules bot matches on one ladder, queues them
in batches (``matches.run_matches``), waits until every match is finished and rated, and prints
one JSON object per line: finished rated matches per second, the time per match split into
engine, database, rating and broker/queueing, and the workers' resident memory before and after.

    .venv/bin/python bench/pipeline.py --matches 4000 --batch 50
    .venv/bin/python bench/pipeline.py --matches 10000 --batch 50   # the memory check

The figure is the median of ``--runs`` runs (each on the same running workers).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))

from harness import distributed_mode, emitter, supervised_processes  # noqa: E402

emit = emitter("pipeline")


def worker_rss_kib(run_dir: Path, workers: int) -> list[int]:
    """Resident memory of each worker's pool child (where tasks run), in KiB."""
    sizes = []
    for i in range(1, workers + 1):
        main, pool = supervised_processes(run_dir, f"worker{i}")
        for proc in pool or [main]:
            for line in Path(f"/proc/{proc}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    sizes.append(int(line.split()[1]))
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=2000, help="matches per run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--batch", type=int, default=50, help="matches per task")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", default="khan-of-khans")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--keep-running", action="store_true")
    args = parser.parse_args()

    run_dir = REPO / "var" / "bench-distributed"
    env = {
        "GAUNTLET_DB_NAME": "gauntlet_bench",
        "GAUNTLET_PORT": "8011",
        "GAUNTLET_REDIS_DB": "10",
        "GAUNTLET_CHANNEL_REDIS_DB": "11",
        "GAUNTLET_RUN_DIR": str(run_dir),
        "GAUNTLET_WORKERS": str(args.workers),
        "GAUNTLET_WORKER_PREFIX": "bench",
    }
    with distributed_mode(env, args.keep_running):
        measure(args, run_dir)


def measure(args, run_dir: Path) -> None:
    from django.db.models import Count

    from matches.models import Match, MatchState
    from matches.scheduling import SeatSpec, schedule_match
    from matches.tasks import run_matches
    from players.models import Player
    from ratings.models import Ladder

    ladder, _ = Ladder.objects.get_or_create(
        slug=f"bench-{args.game}-{args.seats}p",
        defaults={"name": "bench", "game": args.game, "seats": args.seats},
    )
    bots = [
        Player.objects.get_or_create(username=f"bench-bot-{i}", defaults={"is_bot": True})[0]
        for i in range(args.seats * 2)
    ]
    case = f"{args.game}/{args.seats}p/{args.bot}/{args.workers}w/batch{args.batch}"

    def schedule(n: int, offset: int) -> list[int]:
        ids = []
        for k in range(n):
            table = [bots[(offset + k + j) % len(bots)] for j in range(args.seats)]
            match = schedule_match(
                args.game,
                [SeatSpec(p, args.bot) for p in table],
                ladder=ladder,
                origin="bench",
                enqueue=False,
            )
            ids.append(match.pk)
        return ids

    def play(ids: list[int]) -> tuple[float, dict[str, float]]:
        started = time.perf_counter()
        results = [
            run_matches.delay(ids[i : i + args.batch]) for i in range(0, len(ids), args.batch)
        ]
        split = {"engine": 0.0, "database": 0.0, "rating": 0.0, "task": 0.0}
        for result in results:
            for key, value in result.get(timeout=3600)["timings"].items():
                split[key] = split.get(key, 0.0) + value
        elapsed = time.perf_counter() - started
        finished = Match.objects.filter(pk__in=ids, state=MatchState.FINISHED).count()
        if finished != len(ids):
            sys.exit(f"only {finished} of {len(ids)} matches finished")
        return elapsed, split

    # Warm-up: imports, connections, first-use caches.
    play(schedule(args.batch * args.workers, 0))
    rss_before = worker_rss_kib(run_dir, args.workers)

    rates, splits = [], []
    total = 0
    for run in range(args.runs):
        ids = schedule(args.matches, run)
        elapsed, split = play(ids)
        total += len(ids)
        rates.append(len(ids) / elapsed)
        splits.append({k: v / len(ids) for k, v in split.items()} | {"wall": elapsed / len(ids)})
    rss_after = worker_rss_kib(run_dir, args.workers)

    rated = (
        Match.objects.filter(ladder=ladder, state=MatchState.FINISHED)
        .annotate(n=Count("rating_changes"))
        .filter(n=args.seats)
        .count()
    )
    finished = Match.objects.filter(ladder=ladder, state=MatchState.FINISHED).count()
    emit(
        case,
        "finished_rated_matches_per_s",
        statistics.median(rates),
        "matches/s",
        runs=[round(r, 1) for r in rates],
        matches_per_run=args.matches,
    )
    median_split = {k: statistics.median(s[k] for s in splits) for k in splits[0]}
    workers = args.workers
    for part in ("engine", "database", "rating"):
        emit(case, f"{part}_ms_per_match", median_split[part] * 1000, "ms")
    # Worker-seconds per match not spent inside tasks: broker round trips, serialisation, queueing.
    broker = max(0.0, median_split["wall"] * workers - median_split["task"])
    emit(case, "broker_and_queue_ms_per_match", broker * 1000, "ms")
    emit(
        case,
        "worker_rss_growth_mb",
        (max(rss_after) - max(rss_before)) / 1024,
        "MB",
        before_kib=rss_before,
        after_kib=rss_after,
        matches=total,
    )
    emit(case, "rated_matches_check", rated, "matches", finished=finished)
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT avg(pg_column_size(actions)), avg(pg_column_size(digests)), "
            "avg(pg_column_size(m.*)) FROM matches_match m WHERE state = 'finished'"
        )
        actions, digests, row = cursor.fetchone()
    emit(
        case,
        "stored_bytes_per_match",
        float(row),
        "bytes",
        actions_bytes=float(actions),
        digests_bytes=float(digests),
    )


if __name__ == "__main__":
    main()
