"""The rulebook's mode compatibility table and the modes as engine options."""

from __future__ import annotations

import pytest

from engines.arackhan_wars import GAME
from engines.arackhan_wars.catalogue import shipped_catalogue
from engines.arackhan_wars.modes import sets
from engines.base import BadSetup


def test_strategy_cards_are_played_in_2v2_only() -> None:
    """Table: "Strategy — 1v1 No, 3 to 4 player free-for-all No, 2v2 Yes"."""
    assert GAME.new_game(1, 4, None, {"mode": "2v2", "strategy": True}).modes.strategy
    with pytest.raises(BadSetup, match="Strategy phase is not played in 1v1"):
        GAME.new_game(1, 2, None, {"strategy": True})
    with pytest.raises(BadSetup, match="Strategy phase is not played in free-for-all"):
        GAME.new_game(1, 4, None, {"strategy": True})


def test_objective_cards_are_not_played_in_2v2() -> None:
    """Table: "Objective — 1v1 Yes, free-for-all Yes, 2v2 No"."""
    assert GAME.new_game(1, 2, None, {"objectives": True}).modes.objectives
    assert GAME.new_game(1, 3, None, {"objectives": True}).modes.objectives
    with pytest.raises(BadSetup, match="Objective mode is not played in 2v2"):
        GAME.new_game(1, 4, None, {"mode": "2v2", "objectives": True})


def test_event_cards_are_played_in_every_mode() -> None:
    """Table: "Event — 1v1 Yes, free-for-all Yes, 2v2 Yes"."""
    for n, opts in ((2, {}), (4, {}), (4, {"mode": "2v2", "strategy": True})):
        assert GAME.new_game(1, n, None, {**opts, "events": True}).modes.events


def test_modes_off_leave_no_mode_state_and_options_are_checked() -> None:
    """Modes are options: off by default (play is the plain game's; 2v2's Strategy phase is
    on by default since 1.2.0 and turned off with false), true or false only."""
    assert GAME.new_game(1, 4, None, {"mode": "2v2", "strategy": False}).modes is None
    assert GAME.new_game(1, 4, None, {"mode": "2v2"}).modes.strategy == 1
    assert GAME.new_game(1, 2, None, {"events": False}).modes is None
    with pytest.raises(
        BadSetup, match=r"option events is true, false or a events set version \(1\)"
    ):
        GAME.new_game(1, 2, None, {"events": "yes"})
    with pytest.raises(BadSetup, match="not 7"):
        GAME.new_game(1, 2, None, {"events": 7})
    assert GAME.new_game(1, 2, None, {"events": 1}).modes.events == 1
    with pytest.raises(BadSetup, match="unknown AracKhan Wars options"):
        GAME.new_game(1, 2, None, {"weather": True})


def test_the_shipped_sets_have_the_rulebooks_counts_and_say_they_are_the_platforms() -> None:
    """ "the pack of twenty-five Strategy cards", "twenty-three Event cards", "twenty-three
    Objective cards"; the starter texts are the platform's own design."""
    assert [len(sets.shipped_set(k)) for k in sets.KINDS] == [25, 23, 23]
    for kind in sets.KINDS:
        assert all(c.platform_design for c in sets.shipped_set(kind))
    types = {c.type for c in sets.shipped_set("strategy")}
    assert types == {"blitz", "secret"}


def test_no_mode_card_shares_its_name_with_a_faction_card() -> None:
    """The starter sets are the platform's own design, so nothing forces a clash: a log line
    or a page naming "Shield Wall" or "Earthquake" would not say whether the Grey Order spell,
    the Nakka land or the mode card is meant (they were renamed Braced Ranks and Tremors)."""
    faction = {c.name.lower() for c in shipped_catalogue().cards.values()}
    names = [c.name for kind in sets.KINDS for c in sets.shipped_set(kind)]
    assert [n for n in names if n.lower() in faction] == []
    assert len({n.lower() for n in names}) == len(names), "each mode card's name is its own"


def test_a_set_file_with_a_word_outside_the_vocabulary_is_refused_naming_it() -> None:
    """Mode cards are data in the engine's effect vocabulary: anything else is refused."""
    head = "id,name,text,effects,origin\n"
    row = '1,Odd,Text,"[{""aura"": {""reach"": ""all"", ""gain"": [""teleport""]}}]",mine\n'
    with pytest.raises(sets.SetError, match="Odd: unknown attribute or flag 'teleport'"):
        sets.parse_set("events", head + row)
    row = '1,Odd,Text,"[{""aura"": {""reach"": ""allies"", ""attack"": 1}}]",mine\n'
    with pytest.raises(sets.SetError, match="an aura's reach is one of all"):
        sets.parse_set("events", head + row)
    good = '1,Calm,Text,"[]",mine\n'
    with pytest.raises(sets.SetError, match="a pack has 23 cards, this file 1"):
        sets.parse_set("events", head + good)
