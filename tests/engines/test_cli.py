"""``python -m engines``: list, play, replay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engines.cli import main
from engines.record import play_match, replay
from engines.registry import game_slugs
from tests.engines.toy_game import GAME, register_toy

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _toy_in_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("toy-tricks"))
    assert "Toy Tricks" in line and "seats 2-3" in line and "version 1" in line
    code, out, _ = run(capsys, "list", "--json")
    rows = {row["slug"]: row for row in json.loads(out)}
    assert rows["toy-tricks"]["max_seats"] == 3 and set(game_slugs()) <= set(rows)


def test_play_json_prints_a_record_that_replays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "play", "toy-tricks", "--seats", "random,heuristic", "--seed", "9", "--json"
    )
    assert code == 0
    record = json.loads(out)
    assert record == play_match(GAME, 9, ["random", "heuristic"]).to_json()
    assert replay(record).ok


def test_play_summary_and_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "toy-tricks", "--seats", "search:5", "--players", "3")
    assert code == 0
    assert "toy-tricks (engine 1) seed 0" in out
    assert [line.split()[2] for line in out.splitlines() if line.startswith("  seat")] == [
        "search:5"
    ] * 3
    code, out, _ = run(capsys, "play", "toy-tricks", "--players", "2", "--json")
    assert code == 0 and json.loads(out)["seats"] == ["random", "random"]


def test_seats_keep_search_settings_with_their_spec(capsys: pytest.CaptureFixture[str]) -> None:
    from engines.cli import split_seats

    assert split_seats("heuristic, search:700,margin=150,paired=1 ,random") == [
        "heuristic",
        "search:700,margin=150,paired=1",
        "random",
    ]
    assert split_seats("search,c=0.5,search:5") == ["search,c=0.5", "search:5"]
    code, out, _ = run(capsys, "play", "toy-tricks", "--seats", "random,search:8,paired=1")
    assert code == 0
    assert [line.split()[2] for line in out.splitlines() if line.startswith("  seat")] == [
        "random",
        "search:8,paired=1",
    ]
    code, _, err = run(capsys, "play", "toy-tricks", "--seats", "random,paired=1")
    assert code != 0 and "paired=1" in err  # a setting without a search spec is a bad bot


def test_play_with_deck_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    files = []
    for seat, deck in enumerate([[9, 9, 9, 9, 9, 9], [1, 1, 1, 1, 1, 1]]):
        path = tmp_path / f"deck{seat}.json"
        path.write_text(json.dumps(deck))
        files.append(str(path))
    code, out, _ = run(
        capsys, "play", "toy-tricks", "--seats", "random,random", "--decks", *files, "--json"
    )
    assert code == 0
    record = json.loads(out)
    assert record["decks"] == [[9] * 6, [1] * 6] and replay(record).ok
    code, _, err = run(
        capsys, "play", "toy-tricks", "--seats", "random,random", "--decks", files[0]
    )
    assert code == 2 and "1 deck files for 2 seats" in err
    code, _, err = run(
        capsys,
        "play",
        "toy-tricks",
        "--seats",
        "random,random",
        "--decks",
        files[0],
        str(tmp_path / "missing.json"),
    )
    assert code == 2 and "cannot read deck file" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "toy-tricks", "--seats", "random"], "seats 2-3 players, not 1"),
        (["play", "toy-tricks", "--players", "5"], "seats 2-3 players, not 5"),
        (["play", "toy-tricks", "--seats", "random,random", "--players", "3"], "names 2 bots"),
        (["play", "toy-tricks", "--seats", "random,wizard"], "unknown bot 'wizard'"),
        (["play", "toy-tricks", "--options", "{bad"], "--options is not JSON"),
        (["play", "toy-tricks", "--options", '{"hand_size": 0}'], "hand_size"),
    ],
)
def test_play_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err


def test_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = play_match(GAME, 4, ["random", "random", "heuristic"]).to_json()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(good))
    assert code == 0 and out.startswith("ok: 18 actions reproduce")

    record["actions"][3], record["actions"][4] = record["actions"][4], record["actions"][3]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(bad))
    assert code == 1 and "at action 3" in out
    code, out, _ = run(capsys, "replay", str(bad), "--json")
    assert code == 1 and json.loads(out)["first_divergent_action"] == 3

    code, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read match record" in err
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    code, _, err = run(capsys, "replay", str(garbage))
    assert code == 2 and "is not JSON" in err


def test_module_entry_point() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "engines", "list"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert [line.split()[0] for line in proc.stdout.splitlines()] == [
        slug for slug in game_slugs() if slug != GAME.slug
    ]
    proc = subprocess.run(
        [sys.executable, "-m", "engines", "play"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and "game" in proc.stderr
