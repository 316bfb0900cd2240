"""Real Celery worker processes for tests, each on a queue of the test's choosing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import connection

REPO = Path(__file__).resolve().parents[2]


def subprocess_database_url() -> str:
    """The URL of the database this test run uses (pytest-django's test database)."""
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    return f"postgres://{s['USER']}{password}@{s['HOST']}:{s['PORT'] or 5432}/{s['NAME']}"


class Worker:
    """``celery worker -P solo`` on ``queue``, started and stopped by the test."""

    def __init__(self, queue: str, name: str, extra_env: dict[str, str] | None = None) -> None:
        env = {
            **os.environ,
            "PYTHONPATH": f"{REPO}:{REPO / 'platform'}",
            "DATABASE_URL": subprocess_database_url(),
            **(extra_env or {}),
        }
        self.queue = queue
        self.name = f"{name}@{queue}"
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "gauntlet.celery_app",
                "worker",
                "-P",
                "solo",
                "-Q",
                queue,
                "-n",
                self.name,
                "-l",
                "warning",
                "--without-gossip",
                "--without-mingle",
            ],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )

    def wait_ready(self, app, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            replies = app.control.ping(destination=[self.name], timeout=0.5) or []
            if replies:
                return
            if self.proc.poll() is not None:
                raise AssertionError(f"worker {self.name} exited: {self.proc.stdout.read()}")
        raise AssertionError(f"worker {self.name} did not answer within {timeout} s")

    def kill(self) -> None:
        """SIGKILL: no clean-up, no acknowledgement, like a machine losing power."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


@contextmanager
def running_workers(
    app, name: str, count: int = 1, queue: str | None = None
) -> Iterator[list[Worker]]:
    """``count`` workers on ``queue`` (default: the app's default queue, this test process's
    own), named ``<name>-<i>``, ready before the body runs and stopped after it."""
    queue = queue or app.conf.task_default_queue
    started = [Worker(queue, f"{name}-{i}") for i in range(count)]
    try:
        for worker in started:
            worker.wait_ready(app)
        yield started
    finally:
        for worker in started:
            worker.stop()
