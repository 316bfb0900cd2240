#!/usr/bin/env python
"""Scale-out: finished rated matches per second with 1, 2 and 4 worker processes.

Runs the distributed mode (``deploy/distributed.sh``) as it would run on many machines: daphne
(the web), each Celery worker, the upkeep's worker and the beat are separate process groups
(``setsid``: a session and process group each, sharing nothing but PostgreSQL and Redis over
TCP, as separate machines would), checks that they are, and measures the pipeline
(:mod:`pipeline`'s cases: bot matches queued in batches, finished and rated) once per worker
count. Prints one JSON object per line: each count's median rate, its speed-up over one worker
and its efficiency (speed-up / workers), and the cores the machine has (a curve cannot climb
past the cores: on 2 cores, 4 workers share them).

    .venv/bin/python bench/scaleout.py                          # 1, 2, 4 workers
    .venv/bin/python bench/scaleout.py --workers 1,2 --cases khan-of-khans:4:2000
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))

from harness import distributed_mode, emitter, supervised_processes  # noqa: E402
from pipeline import measure, parse_cases, settings  # noqa: E402

emit = emitter("scaleout")


def process_group(pid: int) -> int:
    """The process group of ``pid`` (field 5 of ``/proc/<pid>/stat``)."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[2])


def groups(run_dir: Path, workers: int) -> dict[str, int]:
    """Each component's process group (its supervisor's, which ``setsid`` made a leader)."""
    names = ["web", *(f"worker{i}" for i in range(1, workers + 1)), "maintenance", "beat"]
    found = {}
    for name in names:
        main, _ = supervised_processes(run_dir, name)
        if main is not None:
            found[name] = process_group(main)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", default="1,2,4", help="worker counts, comma-separated")
    parser.add_argument("--cases", default="khan-of-khans:4:1500")
    parser.add_argument("--matches", type=int, default=None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--db", default="gauntlet_scaleout")
    parser.add_argument("--redis-db", type=int, default=10)
    parser.add_argument("--channel-redis-db", type=int, default=11)
    parser.add_argument("--port", type=int, default=8012)
    args = parser.parse_args()
    counts = [int(n) for n in args.workers.split(",")]
    run_dir = REPO / "var" / "bench-distributed"
    curve: dict[str, dict[int, float]] = {}
    for count in counts:
        args.workers = count
        with distributed_mode(settings(args, REPO, args.db), False, REPO):
            found = groups(run_dir, count)
            emit(
                f"{count}w",
                "separate_process_groups",
                len(set(found.values())),
                "groups",
                components=len(found),
                groups=found,
            )
            emit(f"{count}w", "load_average_1min", os.getloadavg()[0], "load")
            for game, seats, n in parse_cases(args.cases, args.matches):
                rate = measure(args, run_dir, game, seats, n)
                curve.setdefault(f"{game}/{seats}p", {})[count] = rate
            from django.db import connections

            connections.close_all()  # the next count starts on a fresh database
    for case, rates in curve.items():
        one = rates.get(1)
        for count, rate in sorted(rates.items()):
            extra = {"cores": os.cpu_count()}
            if one:
                extra |= {
                    "speedup": round(rate / one, 3),
                    "efficiency": round(rate / one / count, 3),
                }
            emit(f"{case}/{count}w", "finished_rated_matches_per_s", rate, "matches/s", **extra)


if __name__ == "__main__":
    main()
