#!/usr/bin/env python
"""Fault injection: bot matches in the distributed mode while workers, broker and database die.

Starts a PostgreSQL cluster and a Redis server of its own (ports 5440 and 6390, in a temporary
directory: stopping them disturbs nothing else on the machine), the no-Docker distributed mode
on them (``deploy/distributed.sh``: daphne, N match workers, the maintenance worker, beat, each
under its supervisor), and keeps a few bot matches of one ladder queued while it

* SIGKILLs workers: alternately a whole worker (main process and pool child) and only the pool
  child that is playing a match;
* restarts the broker (Redis with its append-only file, down for ``--broker-down`` seconds);
* stops the database for ``--db-down`` seconds (once).

Then it waits for every match to end and prints one JSON object per line: matches scheduled,
finished, lost (never finished), given up, recorded twice, rated twice, workers left dead, and,
for each kind of fault, the recovery time of the matches it hit: from their last heartbeat
before the fault (or the fault, for a match still waiting in the queue) to the match finished,
p50/p95/max.

    .venv/bin/python bench/faults.py                       # 300+ matches, 30 kills, 5 + 1
    .venv/bin/python bench/faults.py --matches 60 --kills 6 --broker-restarts 1 --db-down 20
    .venv/bin/python bench/faults.py --load                # the same while 2 busy loops run
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))


from cpu_hog import cpu_hog  # noqa: E402
from harness import (  # noqa: E402
    distributed_mode,
    emitter,
    process_started,
    supervised_processes,
)
from private_services import PrivatePostgres, PrivateRedis, private_services  # noqa: E402

emit = emitter("faults")


@dataclass
class Fault:
    kind: str  # kill, broker restart, db stop
    started: float  # time.time()
    ended: float = 0.0
    target: str = ""
    # match id -> the moment its recovery is measured from (last heartbeat, or the fault)
    hit: dict[int, float] = field(default_factory=dict)


class Run:
    """Keeps matches queued, injects the faults, and measures what happened."""

    def __init__(self, args: argparse.Namespace, run_dir: Path, env: dict[str, str],
                 postgres: PrivatePostgres, broker: PrivateRedis) -> None:  # fmt: skip
        self.args, self.run_dir, self.env = args, run_dir, env
        self.postgres, self.broker = postgres, broker
        self.faults: list[Fault] = []
        self.scheduled: list[int] = []
        self.stop_feeding = threading.Event()
        self.rng = random.Random(args.seed)

    # -- the matches ---------------------------------------------------------------------
    def setup(self) -> None:
        from players.models import Player
        from ratings.models import Ladder

        self.ladder, _ = Ladder.objects.get_or_create(
            slug=f"faults-{self.args.game}", defaults={"name": "faults", "game": self.args.game}
        )
        self.bots = [
            Player.objects.get_or_create(username=f"faults-bot-{i}", defaults={"is_bot": True})[0]
            for i in range(8)
        ]

    def feed(self) -> None:
        """Keep ``--depth`` matches unfinished until stopped and ``--matches`` are scheduled."""
        from django.db import close_old_connections

        from matches.models import Match, MatchState
        from matches.scheduling import SeatSpec, schedule_match

        while not (self.stop_feeding.is_set() and len(self.scheduled) >= self.args.matches):
            try:
                waiting = Match.objects.filter(
                    pk__in=self.scheduled, state__in=[MatchState.SCHEDULED, MatchState.RUNNING]
                ).count()
                for _ in range(max(0, self.args.depth - waiting)):
                    k = len(self.scheduled)
                    seats = [self.bots[(k + j) % len(self.bots)] for j in range(2)]
                    match = schedule_match(
                        self.args.game,
                        [SeatSpec(p, self.args.bot) for p in seats],
                        ladder=self.ladder,
                        origin="bench",
                    )
                    self.scheduled.append(match.pk)
            except Exception:  # the database or the broker is down: that is the point
                close_old_connections()
            time.sleep(0.5)

    def in_flight(self, worker: str | None = None, since: float = 0.0) -> dict[int, float]:
        """Unfinished matches (on ``worker`` only, when given, in attempts it started after
        ``since``: a restarted worker has the same name) -> last heartbeat or now."""
        from datetime import UTC, datetime

        from matches.models import AttemptOutcome, Match, MatchAttempt, MatchState

        now = time.time()
        if worker is not None:
            running = MatchAttempt.objects.filter(
                outcome=AttemptOutcome.RUNNING,
                worker=worker,
                match__state=MatchState.RUNNING,
                started_at__gte=datetime.fromtimestamp(since, UTC),
            )
            return {a.match_id: min(now, a.heartbeat.timestamp()) for a in running}
        hit = {
            pk: now
            for pk in Match.objects.filter(
                pk__in=self.scheduled, state__in=[MatchState.SCHEDULED, MatchState.RUNNING]
            ).values_list("pk", flat=True)
        }
        for attempt in MatchAttempt.objects.filter(
            match_id__in=hit, outcome=AttemptOutcome.RUNNING
        ):
            hit[attempt.match_id] = min(hit[attempt.match_id], attempt.heartbeat.timestamp())
        return hit

    # -- the faults ----------------------------------------------------------------------
    def plan(self) -> list[str]:
        """Kills, with the broker restarts spread among them and the database stop halfway."""
        plan = ["kill"] * self.args.kills
        gaps = self.args.broker_restarts + 1
        for i in range(self.args.broker_restarts, 0, -1):
            plan.insert(i * len(plan) // gaps, "broker restart")
        if self.args.db_down > 0:
            plan.insert(len(plan) // 2, "db stop")
        return plan

    def kill(self, whole: bool) -> Fault | None:
        """SIGKILL a worker playing a match: the whole worker, or only its pool child."""
        import socket

        host = socket.gethostname()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            for i in self.rng.sample(range(1, self.args.workers + 1), self.args.workers):
                node = f"faults{i}@{host}"
                main, pool = supervised_processes(self.run_dir, f"worker{i}")
                if main is None:
                    continue
                # Only a worker playing a match now: not one still starting after a kill,
                # whose predecessor's attempts bear its name.
                hit = self.in_flight(worker=node, since=process_started(main))
                if not hit:
                    continue
                victims = [main, *pool] if whole else pool
                if not victims:
                    continue
                fault = Fault("kill", time.time(), target=f"{node} {'whole' if whole else 'pool'}")
                for pid in victims:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                fault.ended, fault.hit = time.time(), hit
                return fault
            time.sleep(0.3)
        return None

    def restart_broker(self) -> Fault:
        fault = Fault("broker restart", time.time(), target=f"redis :{self.broker.port}")
        fault.hit = self.in_flight()
        self.broker.stop()
        time.sleep(self.args.broker_down)
        self.broker.start()
        fault.ended = time.time()
        return fault

    def stop_database(self) -> Fault:
        from django.db import close_old_connections, connections

        fault = Fault("db stop", time.time(), target=f"postgresql :{self.postgres.port}")
        fault.hit = self.in_flight()
        connections.close_all()
        self.postgres.stop()
        time.sleep(self.args.db_down)
        self.postgres.start()
        close_old_connections()
        fault.ended = time.time()
        return fault

    def inject(self) -> None:
        whole = True
        for kind in self.plan():
            if kind == "kill":
                fault = self.kill(whole)
                whole = not whole
                pause = self.args.interval
            elif kind == "broker restart":
                self.settle(pk for f in self.faults for pk in f.hit)
                fault, pause = self.restart_broker(), 0.0
            else:
                self.settle(pk for f in self.faults for pk in f.hit)
                fault, pause = self.stop_database(), 0.0
            if fault is not None:
                # A match still recovering from an earlier fault stays that fault's.
                for earlier in self.faults:
                    for pk in earlier.hit:
                        fault.hit.pop(pk, None)
                self.faults.append(fault)
                print(f"# {fault.kind} {fault.target}: {len(fault.hit)} matches hit",
                      file=sys.stderr, flush=True)  # fmt: skip
            if fault is not None and fault.kind != "kill":
                self.settle(fault.hit)
            time.sleep(pause)

    def settle(self, match_ids) -> None:
        """Wait (at most ``--settle`` seconds) for these matches to finish: around an outage,
        so that one fault's recovery is not counted as another's."""
        from django.db import close_old_connections

        from matches.models import Match, MatchState

        match_ids = list(match_ids)
        deadline = time.monotonic() + self.args.settle
        while time.monotonic() < deadline:
            try:
                if not Match.objects.filter(
                    pk__in=match_ids, state__in=[MatchState.SCHEDULED, MatchState.RUNNING]
                ).exists():
                    return
            except Exception:
                close_old_connections()
            time.sleep(1)

    # -- the outcome ---------------------------------------------------------------------
    def wait_for_the_end(self) -> None:
        from matches.models import Match, MatchState

        deadline = time.monotonic() + self.args.drain
        while time.monotonic() < deadline:
            left = Match.objects.filter(
                pk__in=self.scheduled, state__in=[MatchState.SCHEDULED, MatchState.RUNNING]
            ).count()
            if not left:
                return
            time.sleep(2)

    def report(self, elapsed: float) -> None:
        from django.db.models import Count, Q

        from matches.models import AttemptOutcome, Match, MatchState
        from ratings.models import RatingChange

        case = f"{self.args.game}/{self.args.bot}/{self.args.workers}w"
        if self.args.load:
            case += f"+{self.args.load}hog"
        matches = Match.objects.filter(pk__in=self.scheduled)
        states = dict(matches.values_list("state").annotate(n=Count("pk")))
        finished_at = {
            pk: t.timestamp()
            for pk, t in matches.filter(state=MatchState.FINISHED).values_list("pk", "finished_at")
        }
        recorded_twice = (
            matches.annotate(
                n=Count("attempts", filter=Q(attempts__outcome=AttemptOutcome.RECORDED))
            )
            .filter(n__gt=1)
            .count()
        )
        rated_twice = len(
            {
                row["match_id"]
                for row in RatingChange.objects.filter(match_id__in=self.scheduled)
                .values("match_id", "player_id")
                .annotate(n=Count("pk"))
                .filter(n__gt=1)
            }
        )
        emit(case, "matches_scheduled", len(self.scheduled), "matches", seconds=round(elapsed))
        emit(case, "matches_finished", states.get(MatchState.FINISHED, 0), "matches")
        lost = states.get(MatchState.SCHEDULED, 0) + states.get(MatchState.RUNNING, 0)
        emit(case, "matches_lost", lost, "matches")
        emit(case, "matches_given_up", states.get(MatchState.ABORTED, 0), "matches")
        emit(case, "matches_recorded_twice", recorded_twice, "matches")
        emit(case, "matches_rated_twice", rated_twice, "matches")
        for kind in ("kill", "broker restart", "db stop"):
            faults = [f for f in self.faults if f.kind == kind]
            waits = [
                finished_at[pk] - since
                for f in faults
                for pk, since in f.hit.items()
                if pk in finished_at
            ]
            extra = {"faults": len(faults), "matches_hit": len(waits)}
            if not waits:
                emit(case, f"{kind.replace(' ', '_')}_recovery_max", 0.0, "s", **extra)
                continue
            cuts = (
                statistics.quantiles(waits, n=20, method="inclusive")
                if len(waits) > 1
                else waits * 19
            )
            for name, value in (
                ("p50", statistics.median(waits)),
                ("p95", cuts[18]),
                ("max", max(waits)),
            ):
                emit(case, f"{kind.replace(' ', '_')}_recovery_{name}", value, "s", **extra)
        emit(case, "workers_dead_at_end", self.dead_workers(), "workers")
        emit(case, "load_average_1min", os.getloadavg()[0], "runnable")
        if self.args.explain:
            self.explain(finished_at)

    def explain(self, finished_at: dict[int, float]) -> None:
        """To stderr: each fault's matches, their attempts and when they finished (seconds
        after the fault's reference moment)."""
        from matches.models import MatchAttempt

        def rel(moment, since: float) -> str:
            return "-" if moment is None else f"{moment.timestamp() - since:+.1f}"

        for fault in self.faults:
            at = time.strftime("%H:%M:%S", time.gmtime(fault.started))
            print(f"# {at} {fault.kind} {fault.target} (lasted {fault.ended - fault.started:.1f}s)",
                  file=sys.stderr)  # fmt: skip
            for pk, since in fault.hit.items():
                tries = [
                    f"[{a.worker or '?'} start {rel(a.started_at, since)} beat "
                    f"{rel(a.heartbeat, since)} end {rel(a.ended_at, since)} {a.outcome}"
                    f"{' ' + a.error[:50] if a.error else ''}]"
                    for a in MatchAttempt.objects.filter(match_id=pk).order_by("started_at")
                ]
                done = finished_at.get(pk)
                print(f"#   match {pk} ref {time.strftime('%H:%M:%S', time.gmtime(since))} fault {fault.started - since:+.1f} finished "
                      f"{'-' if done is None else f'{done - since:+.1f}'} " + " ".join(tries),
                      file=sys.stderr)  # fmt: skip

    def dead_workers(self) -> int:
        """Worker processes not running, or not answering the broker, once the run is over."""
        import json

        answering: set[str] = set()
        for _ in range(3):  # a worker on a loaded machine may miss one ping: asked thrice
            done = subprocess.run(
                ["bash", str(REPO / "deploy" / "distributed.sh"), "status", "--json",
                 "--timeout", "5"],
                cwd=REPO, env=self.env, capture_output=True, text=True,
            )  # fmt: skip
            try:
                status = json.loads(done.stdout)
            except ValueError:
                status = {}
            answering |= set((status.get("broker") or {}).get("workers") or [])
            if len(answering) >= self.args.workers:
                break
            print(f"# status: {done.stdout[-300:]!r} {done.stderr[-300:]!r}", file=sys.stderr)
        dead = 0
        for i in range(1, self.args.workers + 1):
            main, _ = supervised_processes(self.run_dir, f"worker{i}")
            if main is None or not any(w.startswith(f"faults{i}@") for w in answering):
                dead += 1
        return dead


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=300, help="matches at least")
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--broker-restarts", type=int, default=5)
    parser.add_argument("--broker-down", type=float, default=5.0, help="seconds")
    parser.add_argument("--db-down", type=float, default=60.0, help="seconds (0: no stop)")
    parser.add_argument("--interval", type=float, default=4.0, help="seconds between kills")
    parser.add_argument(
        "--settle",
        type=float,
        default=120.0,
        help="at most this long after an outage, wait for the matches it hit to finish",
    )
    parser.add_argument("--drain", type=float, default=600.0, help="seconds to wait at the end")
    parser.add_argument("--depth", type=int, default=6, help="unfinished matches kept queued")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", default="arackhan-wars")
    parser.add_argument("--bot", default="search:15ms")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep-running", action="store_true")
    parser.add_argument("--pg-port", type=int, default=5440)
    parser.add_argument("--redis-port", type=int, default=6390)
    parser.add_argument("--web-port", type=int, default=8041)
    parser.add_argument("--explain", action="store_true", help="each hit match, to stderr")
    parser.add_argument(
        "--load", type=int, nargs="?", const=2, default=0, metavar="N",
        help="while the faults run, N busy-loop processes (nice 0; 2 when no N) keep the cores busy",
    )  # fmt: skip
    args = parser.parse_args()

    services = private_services(
        "faults", args.pg_port, args.redis_port, args.web_port, args.workers, args.keep_running
    )
    with services as (postgres, broker, env):
        run_dir = Path(env["GAUNTLET_RUN_DIR"])
        with distributed_mode(env, args.keep_running), cpu_hog(args.load, max_seconds=3600):
            run = Run(args, run_dir, {**os.environ, **env}, postgres, broker)
            run.setup()
            started = time.monotonic()
            feeder = threading.Thread(target=run.feed, daemon=True)
            feeder.start()
            run.inject()
            run.stop_feeding.set()
            feeder.join()
            run.wait_for_the_end()
            run.report(time.monotonic() - started)


if __name__ == "__main__":
    main()
