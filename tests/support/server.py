"""A real daphne process serving the site, for tests that need HTTP or websockets over a socket."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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
