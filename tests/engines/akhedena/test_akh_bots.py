"""The bots: the heuristic plays legally for 2 to 4 players, sees only its seat's information and
beats random play; the search bot and the factory."""

from __future__ import annotations

import random

from engines.akhedena import GAME
from engines.akhedena import board as B
from engines.akhedena.bots import HeuristicBot
from engines.bots.factory import make_bot
from engines.bots.search import SearchBot
from engines.record import play_match
from tests.engines.akhedena.akh_helpers import army, game, place


def test_the_heuristic_bot_beats_random_play() -> None:
    wins = 0
    for g in range(30):
        seats = ["heuristic", "random"] if g % 2 == 0 else ["random", "heuristic"]
        ranks = play_match(GAME, 500 + g, seats, record=False).result["ranks"]
        mine = g % 2
        wins += ranks[mine] == 0 and ranks[1 - mine] == 1
    assert wins >= 27  # measured: see docs/bots.md


def test_the_heuristic_bot_plays_legally_for_every_player_count() -> None:
    for n in (2, 3, 4):
        record = play_match(GAME, 40 + n, ["heuristic"] * n)
        assert record.forfeit is None and record.result["ranks"]


def test_the_heuristic_bot_only_uses_what_its_seat_can_see() -> None:
    rng = random.Random(3)
    st = game(n=3, seed=3)
    checked = 0
    while not GAME.is_over(st) and checked < 40:
        seat = GAME.to_act(st)
        world = GAME.determinize(st, seat, random.Random(rng.getrandbits(32)))
        assert HeuristicBot(9).choose(GAME, world, seat) == HeuristicBot(9).choose(GAME, st, seat)
        GAME.apply(st, HeuristicBot(seat).choose(GAME, st, seat))
        checked += 1
    assert checked >= 20


def test_the_heuristic_bot_takes_a_hero_it_can_beat_and_keeps_its_own_out_of_reach() -> None:
    weak = army(hero=("Axe King", "Axemen", "Axemen"))  # defence 8
    st = place(game(army(), weak), {"0:cavalry-left": "c9", "1:hero": "e10"})
    assert HeuristicBot(0).choose(GAME, st, 0) == "move c9 e9 e10"
    # a weak Hero on e5 with an enemy Cavalry (attack 12) on c12: squares next to the c file
    # or rank 12 are within the Cavalry's reach next turn
    st = place(game(weak, army()), {"1:cavalry-left": "c12", "0:hero": "e5"}, clear=True)
    reach = {f"c{r}" for r in range(1, 14) if r != 12} | {f"{f}12" for f in "abdefghijklm"}
    near = {B.NAMES[n] for sq in reach for n in B.NEIGHBOURS[B.BY_NAME[sq]]}
    hero_moves = {a.split()[2] for a in GAME.legal_actions(st, 0) if a.startswith("move e5 ")}
    assert hero_moves & near and hero_moves - near
    choice = HeuristicBot(0).choose(GAME, st, 0)
    assert not (choice.startswith("move e5 ") and choice.split()[2] in near), choice


def test_the_factory_builds_every_bot_and_the_search_bot_plays_legally() -> None:
    assert isinstance(make_bot("akhedena", "heuristic", 1), HeuristicBot)
    bot = make_bot("akhedena", "search:20", 1)
    assert isinstance(bot, SearchBot)
    st = game(seed=2)
    played = 0
    while played < 4 and not GAME.is_over(st):  # 1.2.0's lists can end a game in 3 moves
        action = bot.choose(GAME, st, GAME.to_act(st))
        assert action in GAME.legal_actions(st, GAME.to_act(st))
        GAME.apply(st, action)
        played += 1
    assert played >= 3
    assert 0.0 <= GAME.heuristic_value(st, 0) <= 1.0


def test_the_guided_playout_takes_sure_wins_and_refuses_losing_battles() -> None:
    """The search bots' fast playout (``policy=guided``) sees every card of its determinized
    world: it takes a battle it wins for sure and never one it loses."""
    from engines.akhedena import playout, rules

    weak = army(hero=("Axe King", "Axemen", "Axemen"))
    st = place(game(army(), weak), {"0:cavalry-left": "c9", "1:hero": "e10"})
    assert playout.choose(st, rules.legal(st), random.Random(0)) == "move c9 e9 e10"
    st = place(game(army(), army()), {"0:cavalry-left": "c9", "1:hero": "e10"}, clear=True)
    picks = {playout.choose(st, rules.legal(st), random.Random(k)) for k in range(60)}
    assert "move c9 e9 e10" not in picks and len(picks) > 10
    for seed in range(5):
        world = game(seed=seed)
        GAME.guided_playout(world, random.Random(seed))
        assert GAME.is_over(world)
