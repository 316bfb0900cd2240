"""bench/pairing.py runs and prints one JSON object per line in the bench format."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def test_bench_prints_json_lines() -> None:
    out = subprocess.run(
        [sys.executable, str(REPO / "bench" / "pairing.py"), "--sizes", "60", "--runs", "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    lines = [json.loads(line) for line in out.splitlines()]
    metrics = {line["metric"]: line for line in lines}
    assert {line["bench"] for line in lines} == {"pairing"}
    assert {line["case"] for line in lines} == {"swiss/60"}
    assert {"pair_round_median_s", "standings_median_s", "rematches", "pair_peak_mb"} <= set(
        metrics
    )
    assert metrics["rematches"]["value"] == 0
    assert all({"value", "unit"} <= set(line) for line in lines)
