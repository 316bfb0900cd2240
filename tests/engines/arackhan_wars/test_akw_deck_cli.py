"""``python -m engines validate-deck GAME FILE [--json]``: exit 0 legal, 1 not, 2 unreadable."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engines.arackhan_wars.catalogue import DATA_DIR
from engines.arackhan_wars.decklist import export_text
from engines.arackhan_wars.format import starter_decks
from engines.cli import main
from tests.engines.arackhan_wars.akw_helpers import CAT

REPO = Path(__file__).resolve().parents[3]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_legal_deck_exits_0(capsys, tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(export_text(starter_decks()[2].data, CAT, "Grey Order"))
    code, out, _ = run(capsys, "validate-deck", "arackhan-wars", str(path), "--json")
    assert code == 0
    assert json.loads(out) | {} == {
        "legal": True,
        "total_value": 125,
        "cards": 23,
        "faction": "Grey Order",
        "catalogue": "v1",
        "violations": [],
    }
    code, out, _ = run(capsys, "validate-deck", "arackhan-wars", str(path))
    assert code == 0 and "legal" in out and "125 points" in out


def test_an_illegal_deck_exits_1_with_every_violation(capsys, tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("# mine\n2 The Seneschal\n3 Horse of Avalon\n2 Phalanks\n")
    code, out, _ = run(capsys, "validate-deck", "arackhan-wars", str(path), "--json")
    assert code == 1
    report = json.loads(out)
    assert report["legal"] is False
    by_rule = {v["rule"]: v for v in report["violations"]}
    assert set(by_rule) == {"unknown-card", "deck-size", "legendary-copies", "individual-limit"}
    assert by_rule["unknown-card"]["line"] == 4 and by_rule["legendary-copies"]["line"] == 2
    assert by_rule["individual-limit"]["cards"] == ["Horse of Avalon"]
    for v in report["violations"]:
        assert {"rule", "message", "cards", "line"} <= set(v)


def test_json_deck_files_and_other_games(capsys, tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(starter_decks()[0].data))
    assert run(capsys, "validate-deck", "arackhan-wars", str(path))[0] == 0
    khan = tmp_path / "khan.txt"
    khan.write_text("Morokanth\n")
    assert run(capsys, "validate-deck", "khan-of-khans", str(khan))[0] == 0
    khan.write_text("Elves\n")
    assert run(capsys, "validate-deck", "khan-of-khans", str(khan))[0] == 1


def test_a_catalogue_file_can_be_given(capsys, tmp_path: Path) -> None:
    text = (
        (DATA_DIR / "cards-v1.csv")
        .read_text()
        .replace("1113,Phalanx,Grey Order,Creature,3,", "1113,Phalanx,Grey Order,Creature,3,9")
    )
    catalogue = tmp_path / "cards-v2.csv"
    catalogue.write_text(text)
    deck = tmp_path / "deck.txt"
    deck.write_text(export_text(starter_decks()[2].data, CAT))
    code, out, _ = run(
        capsys,
        "validate-deck",
        "arackhan-wars",
        str(deck),
        "--catalogue",
        str(catalogue),
        "--json",
    )
    assert code == 1 and json.loads(out)["violations"][0]["rule"] == "point-budget"


@pytest.mark.parametrize(
    ("game", "content", "message"),
    [
        ("arackhan-wars", b"", "empty"),
        ("arackhan-wars", b"\x00\x01binary", "binary"),
        ("arackhan-wars", b"3 Phalanx\n" * 1_000_000, "at most"),
        ("chess", b"3 Phalanx", "unknown game"),
        ("arackhan-wars", None, "cannot read"),
    ],
)
def test_unreadable_input_exits_2(capsys, tmp_path: Path, game, content, message) -> None:
    path = tmp_path / "deck.txt"
    if content is not None:
        path.write_bytes(content)
    code, out, err = run(capsys, "validate-deck", game, str(path))
    assert code == 2 and out == "" and message in err


def test_module_entry_point(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("23 Drunk Knight\n")
    done = subprocess.run(
        [sys.executable, "-m", "engines", "validate-deck", "arackhan-wars", str(path), "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["legal"] is True
