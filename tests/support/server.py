"""A real daphne process serving the site, for tests that need HTTP or websockets over a socket;
and an embedded site of its own behind one (SQLite file, tasks in-process, in-memory layer)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def daphne_server(var_dir: Path, env: dict[str, str] | None = None) -> Iterator[str]:
    """Serve ``gauntlet.asgi:application`` on a free port; yields its base URL.

    ``env`` overrides the environment (``DATABASE_URL``...); its log goes to ``var_dir``.
    """
    port = free_port()
    full_env = {
        **os.environ,
        "GAUNTLET_VAR_DIR": str(var_dir),
        "PYTHONPATH": f"{REPO}{os.pathsep}{REPO / 'platform'}",
        "DJANGO_SETTINGS_MODULE": "gauntlet.settings",
        **(env or {}),
    }
    log_path = var_dir / "daphne.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "gauntlet.asgi:application",
            ],
            cwd=REPO,
            env=full_env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise AssertionError(
                            f"daphne did not start: {log_path.read_text()}"
                        ) from None
                    time.sleep(0.2)
            yield f"http://127.0.0.1:{port}"
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=10)


@dataclass(frozen=True)
class EmbeddedSite:
    """A served embedded site: its base URL, what its setup printed, its SQLite file."""

    url: str
    data: Any
    database: Path


@contextmanager
def embedded_site(
    var_dir: Path, setup: str = "", commands: Sequence[Sequence[str]] = ()
) -> Iterator[EmbeddedSite]:
    """A daphne serving a fresh site in the embedded mode, as ``make demo`` runs it: a SQLite
    file of its own under ``var_dir``, tasks in-process, the in-memory channel layer (the
    requests and the sockets they reach are one process), static files from the apps.

    It is migrated, then each ``manage.py`` command of ``commands`` runs (``["load_demo",
    "--matches", "1"]``), then ``setup`` (Python run by ``manage.py shell``; its last printed
    line, JSON, is the site's ``data``).
    """
    database = var_dir / "site.sqlite3"
    served = {
        "DATABASE_URL": f"sqlite:///{database}",
        "CELERY_BROKER_URL": "",  # tasks in-process
        "CHANNEL_LAYER_URL": "",  # the in-memory layer: daphne's own process
        "DEBUG": "1",  # static files from the apps
    }
    env = {
        **os.environ,
        **served,
        "GAUNTLET_VAR_DIR": str(var_dir),
        "PYTHONPATH": f"{REPO}{os.pathsep}{REPO / 'platform'}",
        "DJANGO_SETTINGS_MODULE": "gauntlet.settings",
    }
    manage = [sys.executable, str(REPO / "manage.py")]
    for command in (["migrate", "-v0"], *commands):
        subprocess.run(
            [*manage, *command], env=env, cwd=REPO, check=True, timeout=600, capture_output=True
        )
    data = None
    if setup:
        made = subprocess.run(
            [*manage, "shell", "-c", setup],
            env=env,
            cwd=REPO,
            check=True,
            timeout=120,
            capture_output=True,
            text=True,
        )
        data = json.loads(made.stdout.strip().splitlines()[-1])
    with daphne_server(var_dir, served) as base:
        yield EmbeddedSite(base, data, database)
