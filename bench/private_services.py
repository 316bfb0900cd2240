"""Throw-away PostgreSQL and Redis servers for the benches that stop and start them (faults) or
load them (load): their own ports, in a temporary directory, so nothing else on the machine is
disturbed."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


def _as_postgres(cmd: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as the postgres user then."""
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


class PrivatePostgres:
    """A throw-away PostgreSQL cluster on its own port (trust auth, no fsync)."""

    def __init__(self, root: Path, port: int) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not found:
            sys.exit("the bench needs PostgreSQL's server binaries (/usr/lib/postgresql/*/bin)")
        self.bin = Path(found[-1]).parent
        self.data, self.port, self.log = root / "pg", port, root / "pg.log"
        self.data.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.data, "postgres")
            self.log.touch()
            shutil.chown(self.log, "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run(
            _as_postgres([str(self.bin / tool), *args]), capture_output=True, text=True
        )
        if done.returncode != 0:
            sys.exit(f"{tool} failed: {done.stderr[-2000:]}")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")


class PrivateRedis:
    """A Redis server on its own port that keeps its data in an append-only file, like the one
    ``distributed.sh`` starts."""

    def __init__(self, root: Path, port: int) -> None:
        self.dir, self.port = root / "redis", port
        self.dir.mkdir()

    def start(self) -> None:
        subprocess.run(
            ["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "--port", str(self.port),
             "--save", "", "--appendonly", "yes", "--appendfsync", "everysec",
             "--dir", str(self.dir), "--logfile", str(self.dir / "redis.log")],
            check=True, capture_output=True,
        )  # fmt: skip
        self._wait(up=True)

    def stop(self) -> None:
        subprocess.run(["redis-cli", "-p", str(self.port), "shutdown"], capture_output=True)
        self._wait(up=False)

    def _wait(self, up: bool, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            answer = subprocess.run(
                ["redis-cli", "-p", str(self.port), "ping"], capture_output=True, text=True
            ).stdout.strip()
            if (answer == "PONG") == up:
                return
            time.sleep(0.2)
        sys.exit(f"Redis on port {self.port} did not come {'up' if up else 'down'}")


@contextlib.contextmanager
def private_services(
    name: str, pg_port: int, redis_port: int, web_port: int, workers: int, keep_running: bool
) -> Iterator[tuple[PrivatePostgres, PrivateRedis, dict[str, str]]]:
    """Start a PostgreSQL and a Redis of the bench's own in a temporary directory; yield them
    with the ``GAUNTLET_*`` settings of a distributed mode on them (database ``gauntlet_<name>``,
    run directory ``var/bench-<name>``); stop and remove them afterwards unless
    ``keep_running``."""
    root = Path(tempfile.mkdtemp(prefix=f"gauntlet-{name}-"))
    root.chmod(0o755)
    postgres, broker = PrivatePostgres(root, pg_port), PrivateRedis(root, redis_port)
    postgres.start()
    broker.start()
    env = {
        "GAUNTLET_DB_NAME": f"gauntlet_{name}",
        "GAUNTLET_PG_PORT": str(postgres.port),
        "GAUNTLET_REDIS_PORT": str(broker.port),
        "GAUNTLET_REDIS_DIR": str(broker.dir),
        "GAUNTLET_PORT": str(web_port),
        "GAUNTLET_RUN_DIR": str(Path(__file__).resolve().parent.parent / "var" / f"bench-{name}"),
        "GAUNTLET_WORKERS": str(workers),
        "GAUNTLET_WORKER_PREFIX": name,
    }
    try:
        yield postgres, broker, env
    finally:
        if not keep_running:
            broker.stop()
            postgres.stop()
            shutil.rmtree(root, ignore_errors=True)
