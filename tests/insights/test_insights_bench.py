"""Smoke test of bench/ratings.py on tiny histories: every case prints its JSON line."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ratings.py"


def load():
    spec = importlib.util.spec_from_file_location("bench_ratings", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.django_db
def test_every_case_prints_a_figure(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))  # the bench adds its folders; undone after
    bench = load()
    bench.bench_systems(300, 20, 1)
    bench.bench_ladder_recompute(200, 10)
    bench.bench_matchup_page(200, 1)
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    cases = {line["case"]: line for line in lines}
    for system in ("TrueSkill", "OpenSkill", "Glicko-2"):
        assert cases[f"recompute/{system}"]["value"] > 0
        assert 0 < cases[f"backtest/{system}"]["log_loss"] < 1
    assert cases["ladder-recompute/TrueSkill"]["matches"] == 200
    assert cases["matchups/rebuild"]["matches"] == 200
    assert cases["matchups/page"]["unit"] == "ms" and cases["matchups/page"]["value"] > 0
