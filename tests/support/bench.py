"""Running a script of bench/ as a person would, and reading the JSON lines it prints."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run_bench(script: str, *args: str, timeout: float = 300) -> list[dict]:
    """Run ``bench/<script>`` with ``args`` in a fresh interpreter (it must exit 0); its stdout,
    one JSON object per line."""
    done = subprocess.run(
        [sys.executable, str(REPO / "bench" / script), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=timeout,
        cwd=REPO,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]
