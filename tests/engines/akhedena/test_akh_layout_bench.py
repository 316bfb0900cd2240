"""bench/akhedena_layouts.py prints each seat's win share as JSON lines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_layout_bench_prints_each_seats_share_and_the_deviation() -> None:
    done = subprocess.run(
        [sys.executable, "bench/akhedena_layouts.py", "--games", "12", "--seats", "3", "4"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    for n in (3, 4):
        shares = [
            r["value"] for r in rows if r["case"] == f"{n}p-random" and r["metric"] == "win_share"
        ]
        assert len(shares) == n and abs(sum(shares) - 100) < 0.01
        (worst,) = [
            r for r in rows if r["case"] == f"{n}p-random" and r["metric"] == "max_deviation"
        ]
        assert abs(worst["value"] - max(abs(s - 100 / n) for s in shares)) < 0.001
        assert worst["within_bound"] == (worst["value"] <= 3)
        by_list = [
            r for r in rows if r["case"] == f"{n}p-random" and r["metric"] == "win_share_by_list"
        ]
        assert sorted((r["starter_list"], r["seat"]) for r in by_list) == [
            (k, seat) for k in (1, 2) for seat in range(n)
        ]
        assert all(r["games"] == 6 for r in by_list)
