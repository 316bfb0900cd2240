"""The heuristic bot and its two styles, and the guided playout the search bot may use."""

from __future__ import annotations

import random

import pytest

from engines.bots.factory import UnknownBot, make_bot
from engines.heroes_of_graxia import GAME
from engines.heroes_of_graxia.bots import HeuristicBot, LegionAttackerBot, MonsterHunterBot
from engines.record import play_match
from tests.engines.heroes_of_graxia.hog_helpers import GAME as RULES_GAME
from tests.engines.heroes_of_graxia.hog_helpers import (
    act,
    cid,
    empty_hand,
    equip,
    give,
    pass_own,
    refresh,
    set_monsters,
    started,
)

STYLES = ["heuristic", "heuristic:legion-attacker", "heuristic:monster-hunter"]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_every_style_plays_whole_games_legally(n: int) -> None:
    specs = [STYLES[i % 3] for i in range(n)]
    record = play_match(GAME, 100 + n, specs)
    assert record.forfeit is None and record.result is not None
    assert len(record.result["ranks"]) == n


def test_the_factory_makes_the_styles() -> None:
    assert isinstance(make_bot("heroes-of-graxia", "heuristic", 1), HeuristicBot)
    assert isinstance(
        make_bot("heroes-of-graxia", "heuristic:legion-attacker", 1), LegionAttackerBot
    )
    assert isinstance(make_bot("heroes-of-graxia", "heuristic:monster-hunter", 1), MonsterHunterBot)
    with pytest.raises(UnknownBot, match="known: balanced, legion-attacker, monster-hunter"):
        make_bot("heroes-of-graxia", "heuristic:pacifist", 1)
    with pytest.raises(UnknownBot, match="no heuristic style"):
        make_bot("khan-of-khans", "heuristic:legion-attacker", 1)


def test_the_heuristic_bot_beats_random_play() -> None:
    wins = 0
    for seed in range(12):
        record = play_match(
            GAME, seed, ["heuristic", "random"] if seed % 2 else ["random", "heuristic"]
        )
        seat = 0 if seed % 2 else 1
        wins += record.result["ranks"][seat] == 0
    assert wins >= 11


def _attacks(record, seat_specs: list[str], style: str) -> tuple[int, int]:
    """(Monster fights, Legion attacks) of the seats playing ``style`` in a record."""
    st = GAME.new_game(record.seed, len(seat_specs), record.decks)
    fights = raids = 0
    for action in record.actions:
        if seat_specs[st.to_act] == style:
            fights += action.startswith("fight ")
            raids += action.startswith("attack ")
        GAME.apply(st, action)
    return fights, raids


def test_the_styles_keep_to_their_strategy() -> None:
    """The balance study's two one-sided strategies: one never fights a Monster, the other
    never attacks a Legion."""
    specs = ["heuristic:legion-attacker", "heuristic:monster-hunter"] * 2
    record = play_match(GAME, 7, specs)
    fights, raids = _attacks(record, specs, "heuristic:legion-attacker")
    assert fights == 0 and raids > 0
    fights, raids = _attacks(record, specs, "heuristic:monster-hunter")
    assert raids == 0 and fights > 0


def test_wounds_go_where_no_unit_falls() -> None:
    """The bot places a wound on the Unit with the most Health to spare."""
    st = started(2, heroes=["Shadd", "Flist"])
    empty_hand(st, 0)
    weak = give(st, 0, "skeleton-legion", "legion")  # Health 2
    strong = give(st, 0, "gorthox-shieldbreaker", "legion")  # Health 3
    st.wounds[st.hero[0]] = 6  # one left
    st.wounds[weak] = 1
    equip(st, "flame-blade", st.hero[0])
    set_monsters(st, ["cave-troll"])  # Attack 6 against Defense 2+1+2 = 5: one wound
    refresh(st)
    act(st, "fight cave-troll")
    pass_own(st)
    bot = HeuristicBot(0)
    assert bot.choose(RULES_GAME, st, 0) == f"wound {cid(strong)}"


def test_the_guided_playout_ends_the_game_and_leaves_the_original_alone() -> None:
    st = GAME.new_game(3, 4)
    before = GAME.digest(st)
    copy = GAME.clone(st)
    GAME.guided_playout(copy, random.Random(1))
    assert GAME.is_over(copy) and GAME.digest(st) == before
    # it fights Monsters: a guided game ends with Monsters in the Loot Piles
    assert sum(len(loot) for loot in copy.loot) > 0
