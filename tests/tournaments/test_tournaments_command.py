"""``manage.py tournament_standings FILE.json``: paper events through the platform's computation."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

EVENT = {
    "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
    "rounds": [
        [
            {"players": ["Ann", "Bob"], "wins": [2, 0], "draws": 0},
            {"players": ["Cat", "Dan"], "wins": [2, 1], "draws": 0},
            {"players": ["Eve"], "bye": True},
        ],
        [
            {"players": ["Ann", "Cat"], "wins": [1, 1], "draws": 1},
            {"players": ["Eve", "Bob"], "wins": [0, 2], "draws": 0},
            {"players": ["Dan"], "bye": True},
        ],
    ],
    "drops": {"Bob": 2},
}


def run(tmp_path, event) -> list[dict]:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event))
    out = io.StringIO()
    call_command("tournament_standings", str(path), stdout=out)
    return json.loads(out.getvalue())


def test_hand_worked_paper_event(tmp_path):
    rows = run(tmp_path, EVENT)
    by = {r["player"]: r for r in rows}
    # Ann: win + draw = 4 points; Cat: win + draw = 4; Dan: loss + bye = 3; Bob: loss + win = 3;
    # Eve: bye + loss = 3.
    assert {n: r["match_points"] for n, r in by.items()} == {
        "Ann": 4,
        "Cat": 4,
        "Dan": 3,
        "Bob": 3,
        "Eve": 3,
    }
    # Ann's opponents: Bob (3 of 6 = 0.5) and Cat (4 of 6 = 0.6667): omw 0.5833.
    assert by["Ann"]["omw"] == pytest.approx(0.5833, abs=1e-4)
    # Ann's games: won 3 of 5 games with one drawn: (2+1)*3 + 1 = 10 of 15 -> 0.6667.
    assert by["Ann"]["gw"] == pytest.approx(0.6667, abs=1e-4)
    # Eve's only opponent is Bob (byes are no opponent): omw 0.5.
    assert by["Eve"]["omw"] == pytest.approx(0.5, abs=1e-4)
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    assert set(rows[0]) == {"rank", "player", "match_points", "omw", "gw", "ogw"}


def test_bad_files_are_command_errors(tmp_path):
    with pytest.raises(CommandError):
        call_command("tournament_standings", str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CommandError):
        call_command("tournament_standings", str(bad))
    with pytest.raises(CommandError):
        run(tmp_path, {"players": ["A"], "rounds": [[{"players": ["A", "Z"], "wins": [1, 0]}]]})
