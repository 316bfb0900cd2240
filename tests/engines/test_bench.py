"""Smoke tests of bench/engines.py and bench/strength.py on the toy game."""

from __future__ import annotations

import json
import math

import pytest

from bench import engines as bench_engines
from bench import strength
from tests.engines.toy_game import register_toy
from tests.support.bench import run_bench


@pytest.fixture(autouse=True)
def _toy_in_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)


def lines(capsys: pytest.CaptureFixture[str]) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_binomial_tail() -> None:
    assert strength.binomial_tail(0, 10, 0.5) == 1.0
    assert strength.binomial_tail(11, 10, 0.5) == 0.0
    assert strength.binomial_tail(20, 20, 0.5) == pytest.approx(2**-20)
    exact = sum(math.comb(12, i) * 0.25**i * 0.75 ** (12 - i) for i in range(5, 13))
    assert strength.binomial_tail(5, 12, 0.25) == pytest.approx(exact)
    assert 0.0 < strength.binomial_tail(600, 1000, 0.5) < 1e-9


def test_engine_bench_prints_every_case(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "toy-tricks", "--runs", "2", "--games", "3", "--playouts", "10"]
    assert bench_engines.main(args) == 0
    out = lines(capsys)
    cases = {(o["case"], o["metric"]) for o in out}
    for n in (2, 3):
        for kind, metric in [
            ("raw", "games_per_s"),
            ("raw", "actions_per_s"),
            ("protocol", "games_per_s"),
            ("recorded", "games_per_s"),
            ("search", "playouts_per_s"),
            ("search", "playouts_per_cpu_s"),
        ]:
            assert (f"toy-tricks/{n}p/{kind}", metric) in cases
    assert all(o["bench"] == "engines" and o["value"] > 0 for o in out)
    raw = next(o for o in out if o["case"] == "toy-tricks/2p/raw" and "mean_actions" in o)
    assert raw["mean_actions"] == 12.0  # every toy game plays all 12 cards


def test_strength_bench(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "--game",
        "toy-tricks",
        "--games",
        "20",
        "--players",
        "2",
        "3",
        "--search",
        "search:20",
        "--pairings",
        "heuristic-random,search-random",
    ]
    assert strength.main(args) == 0
    out = {o["case"]: o for o in lines(capsys)}
    two = out["toy-tricks/2p/heuristic-vs-random"]
    assert two["metric"] == "win_rate" and two["games"] == 20
    assert two["wins"] + two["ties"] + two["losses"] == 20
    assert two["value"] == pytest.approx((two["wins"] + two["ties"] / 2) / 20)
    assert two["p_value"] == pytest.approx(
        strength.binomial_tail(two["wins"], 20 - two["ties"], 0.5), rel=1e-2
    )
    three = out["toy-tricks/3p/search:20-vs-random"]
    assert three["metric"] == "win_share" and three["null"] == pytest.approx(1 / 3, abs=1e-3)
    assert three["value"] > 1 / 3  # search wins more than its share against random bots
    # the candidate's thinking is timed per decision (the budget is per move)
    assert three["candidate_decisions"] > 20
    assert 0 < three["candidate_mean_s_per_decision"] <= three["candidate_max_s_per_decision"]
    assert three["candidate_p99_s_per_decision"] <= three["candidate_max_s_per_decision"]


def test_strength_duplicate_deals(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "toy-tricks", "--games", "21", "--players", "3", "--duplicate"]
    args += ["--pairings", "heuristic-random"]
    assert strength.main(args) == 0
    (line,) = lines(capsys)
    assert line["games"] == 21 and line["deals"] == 7
    assert line["deals_won"] + line["deals_lost"] <= 7
    assert line["deal_p_value"] == pytest.approx(
        strength.binomial_tail(line["deals_won"], line["deals_won"] + line["deals_lost"], 0.5),
        rel=1e-2,
    )


def test_duplicate_seatings_share_their_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, list[str]]] = []
    real = strength.play_match

    def spy(slug: str, seed: int, bots: list):
        seen.append((seed, [bot.spec for bot in bots]))
        return real(slug, seed, bots)

    monkeypatch.setattr(strength, "play_match", spy)
    for g in range(4):
        strength.play_one(("toy-tricks", 2, "heuristic", "random", 7, g, True))
    assert [specs for _, specs in seen] == [["heuristic", "random"], ["random", "heuristic"]] * 2
    assert seen[0][0] == seen[1][0] != seen[2][0] == seen[3][0]
    strength.play_one(("toy-tricks", 2, "heuristic", "random", 7, 1, False))
    assert seen[-1][0] != seen[1][0]  # without duplicate every game has its own deal


def test_deal_test_counts_deals() -> None:
    won = {"share": 1.0}
    lost = {"share": 0.0}
    tie = {"share": 0.5}
    out = strength.deal_test([won, won, won, lost, lost, lost, tie, tie], 2)
    assert (out["deals"], out["deals_won"], out["deals_lost"]) == (4, 1, 1)


def test_mixed_tables_alternate_the_two_strategies(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--mixed``: the candidate in every other seat; its share is its side's share of the
    winners."""
    seen: list[tuple[list[str], list[int]]] = []
    real = strength.play_match

    def spy(slug: str, seed: int, bots: list):
        record = real(slug, seed, bots)
        seen.append(([bot.spec for bot in bots], record.result["ranks"]))
        return record

    monkeypatch.setattr(strength, "play_match", spy)
    outcomes = [
        strength.play_one(("toy-tricks", 3, "heuristic", "random", 7, g, False, True))
        for g in range(4)
    ]
    assert [specs for specs, _ in seen[:2]] == [
        ["heuristic", "random", "heuristic"],
        ["random", "heuristic", "random"],
    ]
    for (specs, ranks), outcome in zip(seen, outcomes, strict=True):
        winners = [s for s, r in enumerate(ranks) if r == 0]
        ours = [s for s in winners if specs[s] == "heuristic"]
        assert outcome["share"] == len(ours) / len(winners)
    line = strength.matchup("toy-tricks", 3, "heuristic", "random", 6, 7, 1, mixed=True)
    assert line["case"].endswith("/mixed") and line["null"] == 0.5


def test_engine_bench_runs_only_the_cases_asked_and_names_the_build(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--game", "toy-tricks", "--runs", "1", "--games", "2", "--seats", "3"]
    assert bench_engines.main(args + ["--kind", "protocol"]) == 0
    out = lines(capsys)
    assert {o["case"] for o in out} == {"toy-tricks/3p/protocol"}
    assert {o["build"] for o in out} == {"python"}  # the toy engine has no compiled build


def test_paired_bench_gives_the_ratio_of_runs_taken_in_turn() -> None:
    """Two worker processes of this checkout play Khan of Khans in turn; one line comes out."""
    args = ["--game", "khan-of-khans", "--pairs", "3", "--games", "4", "--seats", "2"]
    (line,) = run_bench("paired.py", *args)
    assert (line["bench"], line["case"], line["metric"]) == (
        "paired",
        "khan-of-khans/2p/protocol",
        "b_over_a",
    )
    assert line["pairs"] == 3 and line["games"] == 4
    assert line["a_games_per_cpu_s"] > 0 and line["b_games_per_cpu_s"] > 0
    assert line["value"] > 0 and line["b_best"] >= line["b_games_per_cpu_s"]
