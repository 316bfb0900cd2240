"""Engine versions: 1.0.0 (the code before issue 31), 1.1.0 and 1.2.0 play side by side; the
records each older version played replay under it, and the current rules play them differently
from the start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.akhedena import GAME, combat
from engines.akhedena import board as B
from engines.base import UnknownEngineVersion
from engines.record import play_match, replay
from engines.registry import get_game

HERE = Path(__file__).parent
RECORDS = json.loads((HERE / "records" / "akh-1.0.0.json").read_text())["records"]
RECORDS_1_1 = json.loads((HERE / "records" / "akh-1.1.0.json").read_text())["records"]


def test_a_1_0_0_record_replays_under_1_0_0_and_diverges_under_1_1_0() -> None:
    """Records written by main's code before the fixes (2 to 4 players, random bots) verify
    under 1.0.0; under 1.1.0 their first move already meets another layout."""
    assert len(RECORDS) == 4
    for record in RECORDS:
        assert record["engine_version"] == "1.0.0"
        report = replay(record)
        assert report.ok, report.message
        assert report.engine_version == "1.0.0"
        assert not replay(record, GAME).ok


def test_a_1_1_0_record_replays_under_1_1_0_and_diverges_under_1_2_0() -> None:
    """Records written by the 1.1.0 code (main before the 1.2.0 layouts and starter list: 2 to
    4 players, random and heuristic bots, the starter lists in turn) verify under 1.1.0; under
    1.2.0 three and four players set up on other squares, and two players' first list has
    another right Infantry (so their set-up differs too)."""
    assert sorted(len(r["seats"]) for r in RECORDS_1_1) == [2, 2, 3, 3, 4]
    for record in RECORDS_1_1:
        assert record["engine_version"] == "1.1.0" and record["decks"] is None
        report = replay(record)
        assert report.ok, report.message
        assert report.engine_version == "1.1.0"
        assert not replay(record, GAME).ok


def test_versions_by_name_and_unknown_versions_named() -> None:
    old = get_game("akhedena", "1.0.0")
    assert old.version == "1.0.0" and not old.rules.optional_crown
    assert get_game("akhedena") is GAME and GAME.version == "1.2.0"
    assert GAME.versions == ("1.0.0", "1.1.0", "1.2.0")
    middle = get_game("akhedena", "1.1.0").rules
    assert middle.text_layouts and not middle.apart_layouts and not middle.decisive_lists
    assert old.new_game(5, 2).rules is old.rules, "the state plays its engine's rules"
    with pytest.raises(UnknownEngineVersion, match=r"0\.9"):
        get_game("akhedena", "0.9")


def test_a_new_record_replays_under_the_current_version() -> None:
    record = play_match("akhedena", 7, ["random"] * 3, options={"turn_cap": 10})
    assert record.engine_version == "1.2.0"
    assert replay(record).ok


def test_the_starter_lists_of_1_2_0_can_end_their_mirror_games_and_1_1_0_s_could_not() -> None:
    """1.2.0 (``decisive_lists``): in a mirror game of list 1 its Axe Infantry (attack 15)
    beats its Castle (defence 14) and its Hero (12) a Hero like itself (11); list 2's Hero,
    the Axe King (15), beats its Castle (13). In 1.1.0 (the lists kept in
    data/starters/retired/ for its matches) no piece of list 1 reached above 12 against a
    Castle of 14 and a Hero of 13, and list 2's Hero (8/15) could beat neither: a game down to
    Heroes and Castles could only run to the turn cap."""

    def numbers(engine, deck):  # noqa: ANN001, ANN202 - (attacks, Castle's and Hero's defence)
        st = engine.new_game(0, 2, [deck, deck])
        attack = {p: combat.attack(st, p) for p in range(B.PIECES_PER_SEAT) if p != B.CASTLE}
        return attack, combat.defence(st, B.CASTLE), combat.defence(st, B.HERO)

    for deck in GAME.default_decks(2):
        attack, castle, hero = numbers(GAME, deck)
        assert attack[B.HERO] > hero and max(attack.values()) > castle
    two = GAME.default_decks(2)[1]
    assert numbers(GAME, two)[0][B.HERO] > numbers(GAME, two)[1]
    old = GAME.at_version("1.1.0")
    for deck in old.default_decks(2):
        attack, castle, hero = numbers(old, deck)
        assert attack[B.HERO] <= min(hero, castle)
    attack, castle, hero = numbers(old, old.default_decks(2)[0])
    assert max(attack.values()) == 12 and (castle, hero) == (14, 13)
    assert GAME.matchup_keys(0, 2, None) == ["Sword and Spear", "Axe and Crossbow"]
    assert GAME.at_version("1.1.0").matchup_keys(0, 2, None) == GAME.matchup_keys(0, 2, None)
