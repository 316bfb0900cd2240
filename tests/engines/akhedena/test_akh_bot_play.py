"""How the heuristic bot plays for every seat (issue 31, item 6): its games vary with its seed,
it does not take a Crown that lays its Castle open, and it does not weaken its own Castle."""

from __future__ import annotations

from engines.akhedena import GAME, combat
from engines.akhedena import board as B
from engines.akhedena.bots import HeuristicBot
from engines.base import derive_seed
from tests.engines.akhedena.akh_helpers import army, game, place


def _moves(game_seed: int, bot_seed: int, n: int = 3, turns: int = 40) -> list[str]:
    st = GAME.new_game(game_seed, n)
    bots = [HeuristicBot(derive_seed(bot_seed, "bot", seat)) for seat in range(n)]
    out = []
    while not st.over and len(out) < turns:
        action = bots[st.to_act].choose(GAME, st, st.to_act)
        out.append(action)
        GAME.apply_fast(st, action)
    return out


def test_the_heuristic_bot_takes_its_tie_breaks_from_its_seed() -> None:
    """The same game seed with two bot seeds gives two different games; the same bot seed
    gives the same game again."""
    first = _moves(7, 1)
    assert _moves(7, 1) == first
    games = {tuple(_moves(7, s)) for s in range(6)}
    assert len(games) == 6


def test_the_heuristic_bot_keeps_the_crown_off_a_castle_an_enemy_can_reach() -> None:
    """Only the Crown's holder attacks Castles (1.1.0), but the Crown then sits on the holder's
    Castle, where anyone who steps beside it takes it, and strikes. With an enemy Cavalry one
    move from a weak Castle's open side the bot leaves the Crown in the centre (the bot before
    counted no risk at all in taking it from the centre); with no enemy piece near it takes
    it."""
    weak = army(castle=("Bastion", "Berserkers", "Berserkers"))  # defence 4
    where = {"0:infantry-left": "g3", "1:cavalry-left": "a2"}
    st = place(game(weak, army()), where, clear=True)
    assert "move g3 g6 crown" in GAME.legal_actions(st, 0)
    for seed in range(5):
        assert not HeuristicBot(seed).choose(GAME, st, 0).endswith(" crown")
    st = place(game(weak, army()), {"0:infantry-left": "g3"}, clear=True)
    assert all(HeuristicBot(s).choose(GAME, st, 0) == "move g3 g6 crown" for s in range(5))


def test_the_heuristic_bot_does_not_weaken_its_own_castle() -> None:
    """In mirror games of the first starter list (Castle: Stone Keep, Pikemen, Pikemen, defence
    14, which no piece of that list can beat) the bot before swapped its Castle's Pikemen for
    the Swordsmen or Spearmen of its reserve (defence 7), and its Castle fell."""
    old = GAME.at_version("1.1.0")  # its list 1 (1.2.0 gave it an Axe Infantry that can)
    lists = [old.default_decks(1)[0]] * 3
    for seed in (2, 4):
        st = old.new_game(seed, 3, lists)
        bots = [HeuristicBot(derive_seed(seed, "bot", seat)) for seat in range(3)]
        while not st.over and st.turns < 150:
            seat = st.to_act
            action = bots[seat].choose(old, st, seat)
            castle = seat * B.PIECES_PER_SEAT + B.CASTLE
            before = combat.defence(st, castle)
            old.apply_fast(st, action)
            if action.startswith("draw ") and st.pos[castle] >= 0:
                assert combat.defence(st, castle) >= before, (seed, st.turns, action)
        assert all(st.alive), seed
