#!/usr/bin/env python
"""A bot self-play study on real workers: AracKhan Wars' eight starter decks (the rulebook's
four pre-built decks and its four named lists), every ordered pair in turn, played in batches
by ``--workers`` Celery workers of the no-Docker distributed mode (PostgreSQL, Redis), until
the matchup matrix is full.

    .venv/bin/python bench/study.py --matches 2000 --workers 2

Prints JSON lines: the study's matches per second and wall time, and how full the matrix is
(key pairs with games, the fewest games in a cell). ``--kill-one`` kills one worker (SIGKILL)
a third of the way through: the study must still finish with every match recorded once.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))

from harness import distributed_mode, emitter  # noqa: E402

emit = emitter("study")
GAME = "arackhan-wars"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--kill-one", action="store_true")
    parser.add_argument("--db", default="gauntlet_ins")
    parser.add_argument("--redis-db", type=int, default=6)
    parser.add_argument("--port", type=int, default=8016)
    parser.add_argument("--keep-running", action="store_true")
    args = parser.parse_args()
    run_dir = REPO / "var" / "bench-study"
    env = {
        "GAUNTLET_DB_NAME": args.db,
        "GAUNTLET_PORT": str(args.port),
        "GAUNTLET_REDIS_DB": str(args.redis_db),
        "GAUNTLET_CHANNEL_REDIS_DB": str(args.redis_db + 1),
        "GAUNTLET_RUN_DIR": str(run_dir),
        "GAUNTLET_WORKERS": str(args.workers),
        "GAUNTLET_WORKER_PREFIX": "study",
    }
    with distributed_mode(env, args.keep_running):
        measure(args, run_dir)


def kill_worker(run_dir: Path) -> int:
    """SIGKILL the first worker's pool child (where its task runs); returns its pid."""
    import subprocess

    pid = int((run_dir / "worker1.pid").read_text().split()[0])
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    victim = int((children.stdout.split() or [str(pid)])[0])
    os.kill(victim, signal.SIGKILL)
    return victim


def measure(args, run_dir: Path) -> None:
    from engines.decks import get_deck_format
    from insights.matrix import matrix
    from insights.studies import progress, start_study
    from matches.models import Match, MatchState

    keys = [s.key for s in get_deck_format(GAME).starter_decks()]
    started = time.perf_counter()
    study = start_study(None, GAME, keys, args.bot, args.matches, batch_size=args.batch)
    created = time.perf_counter() - started
    killed = None
    while True:
        p = progress(study)
        if killed is None and args.kill_one and p.done >= args.matches // 3:
            killed = kill_worker(run_dir)
        if p.state == "finished":
            break
        if time.perf_counter() - started > 3 * 3600:
            sys.exit(f"study {study.pk} unfinished: {p}")
        time.sleep(1)
    elapsed = time.perf_counter() - started
    case = f"{GAME}/{len(keys)}decks/{args.bot}/{args.workers}w/batch{args.batch}"
    emit(
        case,
        "matches_per_s",
        args.matches / elapsed,
        "matches/s",
        matches=args.matches,
        wall_s=round(elapsed, 1),
        scheduling_s=round(created, 1),
        killed_worker_pid=killed,
    )
    finished = Match.objects.filter(study_match__study=study, state=MatchState.FINISHED).count()
    data = matrix(GAME, sources=["study"])
    cells = list(data.cells.values())
    emit(
        case,
        "matrix_cells_filled",
        len(cells),
        "cells",
        factions=data.keys,
        fewest_games=min(c.games for c in cells),
        finished=finished,
        counted_seat_games=sum(c.games for c in data.seats),
        overall={k: round(v.rate, 3) for k, v in data.overall.items()},
    )
    decks = matrix(GAME, sources=["study"], by="deck")
    cells = list(decks.cells.values())
    emit(
        case,
        "deck_matrix_cells_filled",
        len(cells),
        "cells",
        decks=len(decks.keys),
        fewest_games=min(c.games for c in cells),
        small_cells=sum(c.small for c in cells),
    )


if __name__ == "__main__":
    main()
