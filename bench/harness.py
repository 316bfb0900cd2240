"""What the benchmarks share: JSON lines and running inside the no-Docker distributed mode."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "deploy" / "distributed.sh"


def emitter(bench: str) -> Callable[..., None]:
    """A function printing one JSON object per line: bench, case, metric, value, unit, extras."""

    def emit(case: str, metric: str, value: float, unit: str, **extra) -> None:
        row = {
            "bench": bench,
            "case": case,
            "metric": metric,
            "value": round(value, 4),
            "unit": unit,
            **extra,
        }
        print(json.dumps(row), flush=True)

    return emit


def distributed(command: str, env: dict[str, str], script: Path = SCRIPT) -> str:
    """Run ``deploy/distributed.sh COMMAND`` (this checkout's unless ``script`` names another's);
    exit with its log tail when it fails."""
    done = subprocess.run(
        ["bash", str(script), command],
        cwd=script.parent.parent,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"distributed.sh {command} failed:\n{done.stderr[-4000:]}")
    return done.stdout


def supervised_processes(run_dir: Path, name: str) -> tuple[int | None, list[int]]:
    """The process ``distributed.sh`` runs as component ``name`` (under its supervisor) and
    that process's children (a Celery worker's pool): ``(None, [])`` when it is not running."""

    def children(pid: int) -> list[int]:
        found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
        return [int(p) for p in found.stdout.split()]

    try:
        supervisor = int((run_dir / f"{name}.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None, []
    # The supervisor's children: the component, and a `sleep` while it waits to restart it.
    mains = [
        p for p in children(supervisor) if "sleep" not in Path(f"/proc/{p}/cmdline").read_text()
    ]
    if not mains:
        return None, []
    return mains[0], children(mains[0])


def process_started(pid: int) -> float:
    """When process ``pid`` started (seconds since the epoch, Linux's /proc), 0.0 if gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        boot = next(
            float(line.split()[1])
            for line in Path("/proc/stat").read_text().splitlines()
            if line.startswith("btime ")
        )
    except (OSError, StopIteration, IndexError, ValueError):
        return 0.0
    # Field 22 of stat (the 20th after the command's closing parenthesis): clock ticks.
    return boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")


@contextmanager
def distributed_mode(
    settings: dict[str, str], keep_running: bool = False, repo: Path = REPO
) -> Iterator[None]:
    """Start the distributed mode of the checkout ``repo`` (this one unless given) with these
    ``GAUNTLET_*`` settings (a fresh database), point this process's Django at it (that
    checkout's code), and stop it afterwards (unless ``keep_running``)."""
    # The services (and later distributed.sh calls) run with the bench's own interpreter
    # unless told otherwise.
    os.environ.setdefault("GAUNTLET_PYTHON", sys.executable)
    env = {
        **os.environ,
        "GAUNTLET_FRESH": "1",
        "GAUNTLET_COLLECTSTATIC": "0",
        **settings,
    }
    script = repo / "deploy" / "distributed.sh"
    distributed("start", env, script)
    try:
        for line in distributed("env", env, script).splitlines():
            key, _, value = line.removeprefix("export ").partition("=")
            os.environ[key] = value.strip("'\"")
        sys.path[:0] = [str(repo), str(repo / "platform")]
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gauntlet.settings")
        import django

        django.setup()
        yield
    finally:
        if not keep_running:
            distributed("stop", env, script)
