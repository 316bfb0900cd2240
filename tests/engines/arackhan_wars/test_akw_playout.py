"""The guided playout the search bot uses for AracKhan Wars (``policy=guided``)."""

from __future__ import annotations

import random

from engines.arackhan_wars import GAME, playout
from engines.arackhan_wars.effects import compute
from engines.arackhan_wars.rounds import legal
from tests.engines.arackhan.akw_scene import scene


def test_guided_playouts_finish_legally_and_repeat_for_the_same_seed(monkeypatch) -> None:
    """Every action a guided playout plays is one the engine lists, it plays the game to its
    end, and the same rng gives the same game."""
    real_play = playout.play
    checked_actions = []

    def checking_play(st, action, events):
        assert action in legal(st), action
        checked_actions.append(action)
        real_play(st, action, events)

    for seed in range(6):
        for n in (2, 4):
            state = GAME.new_game(seed, n)
            checked = GAME.clone(state)
            with monkeypatch.context() as m:
                m.setattr(playout, "play", checking_play)
                GAME.guided_playout(checked, random.Random(seed))
            again = GAME.clone(state)
            GAME.guided_playout(again, random.Random(seed))
            assert checked.over and again.over
            assert GAME.digest(checked) == GAME.digest(again)
    assert len(checked_actions) > 12 * 30


def test_guided_playout_takes_the_attack_that_wins_the_most() -> None:
    """With two enemies its Ice Golem beats, the playout attacks the one worth more."""
    s = scene(
        [(0, "Ice Golem", "3,2"), (1, "Swamp Ogre", "4,2"), (1, "Nihilist Penguin@p", "3,1")],
        factions=("Whitelands", "Blight"),
    )
    stats = compute(s.st)
    golem, ogre, penguin = s["Ice Golem"], s["Swamp Ogre"], s["p"]
    assert (
        stats.attack[golem] > stats.defence[ogre] and stats.attack[golem] > stats.defence[penguin]
    )
    worth = max((ogre, penguin), key=lambda t: stats.info[t].value)
    assert stats.info[ogre].value != stats.info[penguin].value
    choice = playout.activation_choice(s.st, s.legal(), random.Random(0))
    assert choice == f"attack c{worth} c{golem}"


def test_guided_playout_does_not_attack_into_a_loss() -> None:
    """A lone attack that does not beat the Defence is never the playout's choice."""
    s = scene([(0, "Nihilist Penguin@weak", "3,2"), (1, "Ice Golem", "4,2")])
    stats = compute(s.st)
    assert stats.attack[s["weak"]] <= stats.defence[s["Ice Golem"]]
    losing = f"attack c{s['Ice Golem']} c{s['weak']}"
    assert losing in s.legal()
    for seed in range(20):
        assert playout.activation_choice(s.st, s.legal(), random.Random(seed)) != losing


def test_heuristic_ranking_orders_a_timed_search_root() -> None:
    """The heuristic bot's ranking (the order a timed paired search tries its root actions):
    a permutation of the legal actions, placements by the score its own choice maximises, and
    a winning attack before passing."""
    from engines.arackhan_wars.bots import HeuristicBot

    bot = HeuristicBot(0)
    state = GAME.new_game(3, 2)
    rng = random.Random(3)
    while state.phase != "place":
        GAME.apply(state, rng.choice(GAME.legal_actions(state, state.to_act)))
    seat = state.to_act
    options = GAME.legal_actions(state, seat)
    ranked = bot.rank(GAME, state, seat, options)
    assert sorted(ranked) == sorted(options) and len(options) > 2
    scores = dict(
        (a, g) for g, a in bot.placement_scores(GAME.observation(state, seat), seat, options)
    )
    assert [scores[a] for a in ranked] == sorted(scores.values(), reverse=True)
    s = scene(
        [(0, "Ice Golem", "3,2"), (1, "Swamp Ogre", "4,2")], factions=("Whitelands", "Blight")
    )
    options = s.legal()
    ranked = bot.rank(GAME, s.st, 0, options)
    attack = f"attack c{s['Swamp Ogre']} c{s['Ice Golem']}"
    assert ranked.index(attack) < ranked.index("pass")
