"""bench/pairing.py runs and prints one JSON object per line in the bench format."""

from __future__ import annotations

from tests.support.bench import run_bench


def test_bench_prints_json_lines() -> None:
    args = ("--sizes", "60", "--runs", "1", "--reference-sizes", "16")
    lines = run_bench("pairing.py", *args, timeout=120)
    metrics = {(line["case"], line["metric"]): line for line in lines}
    assert {line["bench"] for line in lines} == {"pairing"}
    assert {line["case"] for line in lines} == {"swiss/60", "reference/16"}
    swiss = {metric for case, metric in metrics if case == "swiss/60"}
    assert {"pair_round_median_s", "standings_median_s", "rematches", "pair_peak_mb"} <= swiss
    assert metrics["swiss/60", "rematches"]["value"] == 0
    assert metrics["swiss/60", "cost_ratio_vs_bound_max"]["value"] == 1
    at_bound = metrics["swiss/60", "rounds_at_bound"]
    assert at_bound["value"] == at_bound["of"] == metrics["swiss/60", "rounds"]["value"]
    equal = metrics["reference/16", "rounds_equal_networkx"]
    assert equal["value"] == equal["of"] > 0
    assert metrics["reference/16", "cost_ratio_vs_networkx_max"]["value"] == 1
    assert all({"value", "unit"} <= set(line) for line in lines)
