#!/usr/bin/env python
"""Throughput of the whole match pipeline in distributed mode, and a paired run against a commit.

Starts the no-Docker distributed mode (``deploy/distributed.sh``: PostgreSQL, Redis, daphne,
N Celery workers, beat) on a database of its own, schedules bot matches on one ladder per case,
queues them in batches (``matches.run_matches``), waits until every match is finished and rated,
and prints one JSON object per line: finished rated matches per second (median of ``--runs``),
the worker time per match split into engine, database, receivers (``rating``: ratings, matchup
counts, notifications, spectators' payloads), commit (with its on-commit hooks: the spectators'
events) and broker/queueing, the workers' resident memory and the load average.

    .venv/bin/python bench/pipeline.py                      # Khan of Khans 4p and AracKhan 1v1
    .venv/bin/python bench/pipeline.py --cases khan-of-khans:4:4000 --runs 3
    .venv/bin/python bench/pipeline.py --against main~3     # paired: old/new alternately, ratio

``--against REV`` checks REV out into a temporary worktree and alternates runs of that checkout
and this one (old, new, new, old, ...: drift of a shared machine falls on both), each in a fresh
distributed mode of its own code; it prints both medians and the ratio new/old per case, which
is the figure that counts on a busy machine. A case is ``game:seats[:matches per run]``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))

from harness import distributed_mode, emitter, supervised_processes  # noqa: E402

emit = emitter("pipeline")

DEFAULT_CASES = "khan-of-khans:4:1500,arackhan-wars:2:300"
STAGES = ("engine", "database", "rating", "commit")
NATIVE_FILES = (
    "engines/*/*.so",
    "engines/*/native-build.json",
    "*.so",
)
"""Built native modules (not in git): a checkout of another commit gets this one's copies."""


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


def worker_cpu_seconds(run_dir: Path, workers: int) -> float:
    """CPU seconds (user + system) the workers' processes have used so far: a figure that a
    busy machine inflates far less than wall time."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for i in range(1, workers + 1):
        main, pool = supervised_processes(run_dir, f"worker{i}")
        for proc in [main, *pool] if main is not None else []:
            try:
                fields = Path(f"/proc/{proc}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def parse_cases(text: str, default_matches: int | None) -> list[tuple[str, int, int]]:
    """``game:seats[:matches]`` items, comma-separated, as ``(game, seats, matches)``."""
    cases = []
    for item in text.split(","):
        parts = item.strip().split(":")
        if len(parts) not in (2, 3):
            sys.exit(f"a case is game:seats[:matches], not {item!r}")
        matches = int(parts[2]) if len(parts) == 3 else (default_matches or 1000)
        cases.append((parts[0], int(parts[1]), matches))
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", default=DEFAULT_CASES, help="game:seats[:matches],...")
    parser.add_argument("--matches", type=int, default=None, help="matches per run (all cases)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--batch", type=int, default=50, help="matches per task")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--against", metavar="REV", help="paired run against this commit")
    parser.add_argument("--db", default="gauntlet_bench", help="PostgreSQL database (prefix)")
    parser.add_argument("--redis-db", type=int, default=10, help="Celery broker's Redis DB")
    parser.add_argument("--channel-redis-db", type=int, default=11, help="channel layer's DB")
    parser.add_argument("--port", type=int, default=8011, help="daphne's port")
    parser.add_argument("--repo", type=Path, default=REPO, help=argparse.SUPPRESS)
    parser.add_argument("--keep-running", action="store_true")
    args = parser.parse_args()
    if args.against:
        paired(args)
        return
    one_side(args, args.repo, args.db)


def settings(args: argparse.Namespace, repo: Path, db: str) -> dict[str, str]:
    """The distributed mode's knobs for one checkout."""
    return {
        "GAUNTLET_DB_NAME": db,
        "GAUNTLET_PORT": str(args.port),
        "GAUNTLET_REDIS_DB": str(args.redis_db),
        "GAUNTLET_CHANNEL_REDIS_DB": str(args.channel_redis_db),
        "GAUNTLET_RUN_DIR": str(repo / "var" / "bench-distributed"),
        "GAUNTLET_WORKERS": str(args.workers),
        "GAUNTLET_WORKER_PREFIX": "bench",
    }


def one_side(args: argparse.Namespace, repo: Path, db: str) -> None:
    """Every case, ``--runs`` runs each, in the distributed mode of checkout ``repo``."""
    run_dir = repo / "var" / "bench-distributed"
    with distributed_mode(settings(args, repo, db), args.keep_running, repo):
        emit(
            "machine",
            "load_average_1min",
            os.getloadavg()[0],
            "load",
            cores=os.cpu_count(),
        )
        for game, seats, matches in parse_cases(args.cases, args.matches):
            measure(args, run_dir, game, seats, matches)
        emit(
            "machine",
            "load_average_1min",
            os.getloadavg()[0],
            "load",
            cores=os.cpu_count(),
        )


def measure(args: argparse.Namespace, run_dir: Path, game: str, seats: int, n: int) -> float:
    """Warm up, then ``--runs`` runs of ``n`` matches of ``game`` with ``seats`` bots; prints
    the figures and returns the median of finished rated matches per second."""
    from django.db.models import Count

    from matches.models import Match, MatchState
    from matches.scheduling import SeatSpec, schedule_match
    from matches.tasks import run_matches
    from players.models import Player
    from ratings.models import Ladder

    ladder, _ = Ladder.objects.get_or_create(
        slug=f"bench-{game}-{seats}p",
        defaults={"name": "bench", "game": game, "seats": seats},
    )
    bots = [
        Player.objects.get_or_create(username=f"bench-bot-{i}", defaults={"is_bot": True})[0]
        for i in range(seats * 2)
    ]
    case = f"{game}/{seats}p/{args.bot}/{args.workers}w/batch{args.batch}"

    def schedule(count: int, offset: int) -> list[int]:
        return [
            schedule_match(
                game,
                [SeatSpec(bots[(offset + k + j) % len(bots)], args.bot) for j in range(seats)],
                ladder=ladder,
                origin="bench",
                enqueue=False,
            ).pk
            for k in range(count)
        ]

    def play(ids: list[int]) -> tuple[float, dict[str, float]]:
        started = time.perf_counter()
        results = [
            run_matches.delay(ids[i : i + args.batch]) for i in range(0, len(ids), args.batch)
        ]
        split: dict[str, float] = {}
        for result in results:
            for key, value in result.get(timeout=3600)["timings"].items():
                split[key] = split.get(key, 0.0) + value
        elapsed = time.perf_counter() - started
        finished = Match.objects.filter(pk__in=ids, state=MatchState.FINISHED).count()
        if finished != len(ids):
            sys.exit(f"only {finished} of {len(ids)} matches finished")
        return elapsed, split

    play(schedule(args.batch * args.workers, 0))  # warm-up: imports, connections, caches
    rss_before = worker_rss_kib(run_dir, args.workers)
    rates, splits = [], []
    for run in range(args.runs):
        ids = schedule(n, run)
        cpu = worker_cpu_seconds(run_dir, args.workers)
        elapsed, split = play(ids)
        cpu = worker_cpu_seconds(run_dir, args.workers) - cpu
        rates.append(n / elapsed)
        splits.append({k: v / n for k, v in split.items()} | {"wall": elapsed / n, "cpu": cpu / n})
    rss_after = worker_rss_kib(run_dir, args.workers)
    rated = (
        Match.objects.filter(ladder=ladder, state=MatchState.FINISHED)
        .annotate(c=Count("rating_changes"))
        .filter(c=seats)
        .count()
    )
    finished = Match.objects.filter(ladder=ladder, state=MatchState.FINISHED).count()
    emit(
        case,
        "finished_rated_matches_per_s",
        statistics.median(rates),
        "matches/s",
        runs=[round(r, 1) for r in rates],
        matches_per_run=n,
        load=round(os.getloadavg()[0], 2),
    )
    median = {k: statistics.median(s.get(k, 0.0) for s in splits) for k in splits[0]}
    for part in STAGES:
        if part in median:
            emit(case, f"{part}_ms_per_match", median[part] * 1000, "ms")
    emit(
        case,
        "worker_cpu_ms_per_match",
        median["cpu"] * 1000,
        "ms",
        note="CPU of the worker processes (user+system) per match: busy-machine proof",
    )
    # Worker-seconds per match not spent inside tasks: broker round trips, serialisation, queueing.
    broker = max(0.0, median["wall"] * args.workers - median["task"])
    emit(case, "broker_and_queue_ms_per_match", broker * 1000, "ms")
    emit(
        case,
        "worker_rss_growth_mb",
        (max(rss_after) - max(rss_before)) / 1024,
        "MB",
        before_kib=rss_before,
        after_kib=rss_after,
    )
    emit(case, "rated_matches_check", rated, "matches", finished=finished)
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT avg(pg_column_size(actions)), avg(pg_column_size(digests)), "
            "avg(pg_column_size(m.*)) FROM matches_match m WHERE state = 'finished' AND game = %s",
            [game],
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
    return statistics.median(rates)


# -- paired runs ------------------------------------------------------------------------------
def checkout(rev: str) -> Path:
    """REV in a temporary worktree of this repository, with this checkout's native modules."""
    where = Path(tempfile.mkdtemp(prefix="gauntlet-against-"))
    done = subprocess.run(
        ["git", "-C", str(REPO), "worktree", "add", "--detach", str(where), rev],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"cannot check out {rev}: {done.stderr.strip()}")
    for pattern in NATIVE_FILES:
        for found in REPO.glob(pattern):
            shutil.copy2(found, where / found.relative_to(REPO))
    return where


def side_run(args: argparse.Namespace, repo: Path, db: str) -> list[dict]:
    """One run of every case in the distributed mode of ``repo`` (a process of its own: that
    checkout's code is imported), as the JSON rows it printed."""
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--runs",
        "1",
        "--repo",
        str(repo),
    ]
    for flag in (
        "cases",
        "matches",
        "batch",
        "workers",
        "bot",
        "redis_db",
        "channel_redis_db",
    ):
        value = getattr(args, flag)
        if value is not None:
            command += [f"--{flag.replace('_', '-')}", str(value)]
    command += ["--db", db, "--port", str(args.port)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"run in {repo} failed:\n{done.stderr[-4000:]}")
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    for row in rows:
        print(json.dumps({**row, "side": "old" if repo != REPO else "new"}), flush=True)
    return rows


def paired(args: argparse.Namespace) -> None:
    """Alternate runs of ``--against`` (old) and this checkout (new); print the ratios."""
    old_repo = checkout(args.against)
    sides = {"old": (old_repo, f"{args.db}_old"), "new": (REPO, f"{args.db}_new")}
    found: dict[str, list[dict]] = {"old": [], "new": []}
    try:
        for run in range(args.runs):
            for side in ("old", "new") if run % 2 == 0 else ("new", "old"):
                found[side] += side_run(args, *sides[side])
    finally:
        subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(old_repo)])
        shutil.rmtree(old_repo, ignore_errors=True)
    cases = sorted({r["case"] for r in found["new"] if r["case"] != "machine"})
    for case in cases:
        metrics = ("finished_rated_matches_per_s", "worker_cpu_ms_per_match")
        for metric in (*metrics, *(f"{s}_ms_per_match" for s in STAGES)):
            old = [r["value"] for r in found["old"] if r["case"] == case and r["metric"] == metric]
            new = [r["value"] for r in found["new"] if r["case"] == case and r["metric"] == metric]
            if not new:
                continue
            extra = {"old_runs": old, "new_runs": new, "against": args.against}
            if old and statistics.median(old) > 0:
                ratio = statistics.median(new) / statistics.median(old)
                pairs = [round(n / o, 3) for o, n in zip(old, new, strict=False) if o > 0]
                emit(
                    case,
                    f"{metric}_ratio_new_over_old",
                    ratio,
                    "ratio",
                    pairs=pairs,
                    **extra,
                )
            else:
                emit(case, f"{metric}_new", statistics.median(new), "", **extra)


if __name__ == "__main__":
    main()
