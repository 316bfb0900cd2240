"""bench/pairing.py runs and prints one JSON object per line in the bench format."""

from __future__ import annotations

from tests.support.bench import run_bench


def test_bench_prints_json_lines() -> None:
    lines = run_bench("pairing.py", "--sizes", "60", "--runs", "1", timeout=120)
    metrics = {line["metric"]: line for line in lines}
    assert {line["bench"] for line in lines} == {"pairing"}
    assert {line["case"] for line in lines} == {"swiss/60"}
    assert {"pair_round_median_s", "standings_median_s", "rematches", "pair_peak_mb"} <= set(
        metrics
    )
    assert metrics["rematches"]["value"] == 0
    assert all({"value", "unit"} <= set(line) for line in lines)
