"""A bounded CPU hog for the benches: busy-loop processes that keep the cores busy while faults
or load are measured, and that can never outlive the bench.

Each hog is a child Python process spinning at nice 0 until a deadline of its own (so it ends
even if the bench is killed with SIGKILL), is asked by the kernel to die with its parent
(``PR_SET_PDEATHSIG`` on Linux), and is killed by :func:`cpu_hog` on the way out (``finally``)
and by an ``atexit`` hook (Ctrl-C, ``sys.exit``).
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import os
import signal
import subprocess
import sys
from collections.abc import Iterator

SPIN = "import sys, time\nend = time.monotonic() + float(sys.argv[1])\nwhile time.monotonic() < end:\n    pass\n"
"""The hog's program: spin until its own deadline (seconds given as argument)."""

_running: list[subprocess.Popen] = []


def _die_with_parent() -> None:
    """In the child before exec: SIGKILL when the bench process dies (Linux; else nothing)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def stop_all() -> None:
    """Kill every hog still running (idempotent; also registered with ``atexit``)."""
    while _running:
        proc = _running.pop()
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)


atexit.register(stop_all)


@contextlib.contextmanager
def cpu_hog(processes: int = 2, max_seconds: float = 1800.0) -> Iterator[list[int]]:
    """Run ``processes`` busy loops (nice 0) for at most ``max_seconds`` while the block runs;
    yields their pids. ``processes`` 0 runs nothing (a quiet run)."""
    started = [
        subprocess.Popen(
            [sys.executable, "-c", SPIN, str(max_seconds)],
            stdin=subprocess.DEVNULL,
            preexec_fn=_die_with_parent if os.name == "posix" else None,  # noqa: PLW1509
        )
        for _ in range(processes)
    ]
    _running.extend(started)
    try:
        yield [p.pid for p in started]
    finally:
        stop_all()
