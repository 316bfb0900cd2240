"""``python -m engines list/play/replay/validate-deck`` with Akhedena."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.akhedena.armylist import export_text
from engines.cli import main
from engines.record import replay
from tests.engines.akhedena.akh_helpers import CATALOGUE, army


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_list_shows_akhedena(capsys) -> None:
    code, out = run(capsys, "list")
    line = next(x for x in out.splitlines() if x.startswith("akhedena "))
    assert code == 0 and "Akhedena Quick Match" in line and "seats 2-4" in line


def test_play_and_replay_a_match(capsys, tmp_path: Path) -> None:
    code, out = run(
        capsys, "play", "akhedena", "--seats", "heuristic,random", "--seed", "4", "--json"
    )
    assert code == 0
    record = json.loads(out)
    assert record["game"] == "akhedena" and replay(record).ok
    path = tmp_path / "match.json"
    path.write_text(out)
    code, out = run(capsys, "replay", str(path))
    assert code == 0 and out.startswith("ok: ") and "actions reproduce" in out
    code, out = run(capsys, "play", "akhedena", "--players", "4", "--seed", "1")
    assert code == 0 and "seat 3 random" in out


def test_play_with_army_list_files_and_options(capsys, tmp_path: Path) -> None:
    text = tmp_path / "mine.txt"
    text.write_text(export_text(army(), CATALOGUE, "Mine"))
    data = tmp_path / "theirs.json"
    data.write_text(json.dumps(army()))
    code, out = run(
        capsys,
        "play",
        "akhedena",
        "--seats",
        "random,random",
        "--decks",
        str(text),
        str(data),
        "--options",
        '{"turn_cap": 3}',
        "--json",
    )
    record = json.loads(out)
    assert code == 0 and len(record["actions"]) <= 6 and record["options"] == {"turn_cap": 3}


def test_validate_deck_names_the_broken_rules(capsys, tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(export_text(army(), CATALOGUE, "Mine"))
    code, out = run(capsys, "validate-deck", "akhedena", str(good))
    assert code == 0 and out.startswith("Akhedena Quick Match: legal: 27 cards")
    bad = tmp_path / "bad.txt"
    bad.write_text("Hero: Dawn Warlord, Lancers, Swordsmen\n")
    code, out = run(capsys, "validate-deck", "akhedena", str(bad))
    assert code == 1
    assert "[army-main-type] Hero: Lancers is a Cavalry Army card" in out
    assert "[missing-piece] The army list has no Castle line" in out
