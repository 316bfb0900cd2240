"""``python -m engines play arackhan-wars`` and ``replay`` work end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_play_random_against_heuristic_then_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out = run(capsys, "play", "arackhan-wars", "--seats", "random,heuristic", "--seed", "1")
    assert code == 0 and "heuristic" in out and "ninth round" in out
    code, out = run(
        capsys, "play", "arackhan-wars", "--seats", "random,heuristic", "--seed", "1", "--json"
    )
    record = json.loads(out)
    assert record["game"] == "arackhan-wars" and record["actions"]
    path = tmp_path / "match.json"
    path.write_text(out)
    code, out = run(capsys, "replay", str(path))
    assert code == 0 and "reproduce" in out
    record["actions"][5] = "pass"
    path.write_text(json.dumps(record))
    code, out = run(capsys, "replay", str(path))
    assert code != 0


def test_play_with_deck_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    blight = tmp_path / "blight.txt"
    blight.write_text("Faction: Blight\n23 Swamp Ogre\n")
    nakka = tmp_path / "nakka.txt"
    nakka.write_text("23 Hexacarias\n")
    code, out = run(
        capsys,
        "play",
        "arackhan-wars",
        "--seats",
        "heuristic,random",
        "--decks",
        str(blight),
        str(nakka),
    )
    assert code == 0 and "rank" in out
