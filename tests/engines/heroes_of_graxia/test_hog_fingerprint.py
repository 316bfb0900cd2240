"""The engine's choices pinned before any speed work: random games through the protocol (the
bench's loop: ``legal_actions``, a seeded choice, ``apply``) for 2 to 6 players end in the same
states after the same number of actions, and the raw playout makes the same choices. Each rules
version keeps its own fingerprint: 1.0.0's never moves (its matches must replay)."""

from __future__ import annotations

import hashlib
import random

import pytest

from engines.base import IllegalAction, derive_seed
from engines.heroes_of_graxia import GAME
from engines.heroes_of_graxia.actions import parse
from engines.heroes_of_graxia.rules import legal_moves

# sha256 over "<final digest>:<actions>;" of the games below, per rules version: 1.0.0's taken
# before the protocol's speed work (at commit 86bea90), 1.1.0's once its rule fixes were in
# (issue 31, the last one a hand step's lone pass left to the seat). A change to any choice,
# legal list or rule changes it.
FINGERPRINTS = {
    "1.0.0": "9bfe77db0066c5a49384d74fa729bc4515867f475f06bcec5a8db5dd046fddd0",
    "1.1.0": "5a15a18408dde8300ff919017e2ea7797f857b4433010156af225382b2d947a5",
}


def protocol_game(seed: int, n: int, version: str = GAME.version) -> tuple[str, int]:
    game = GAME.at_version(version)
    state = game.new_game(seed, n)
    rng = random.Random(derive_seed(seed, "playout"))
    count = 0
    while not game.is_over(state):
        seat = game.to_act(state)
        game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
        count += 1
    return game.digest(state), count


@pytest.mark.parametrize("version", sorted(FINGERPRINTS))
def test_random_protocol_games_are_unchanged(version: str) -> None:
    h = hashlib.sha256()
    for n in range(2, 7):
        for seed in range(3):
            digest, count = protocol_game(seed, n, version)
            h.update(f"{digest}:{count};".encode())
    assert h.hexdigest() == FINGERPRINTS[version]


def test_the_raw_playout_makes_the_protocols_choices() -> None:
    for n in (2, 4, 6):
        seed = 11 + n
        state = GAME.new_game(seed, n)
        GAME.random_playout(state, random.Random(derive_seed(seed, "playout")))
        assert GAME.digest(state) == protocol_game(seed, n)[0]


def test_an_offered_action_is_the_move_parsing_it_names() -> None:
    """``apply`` takes an action of the last ``legal_actions`` list without parsing it: for
    every action offered, the move listed beside it is the one parsing names (the first copy
    of a card), and no two moves share a text."""
    for n in range(2, 7):
        state = GAME.new_game(100 + n, n)
        rng = random.Random(n)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)
            offered = GAME.legal_actions(state, seat)
            assert len(set(offered)) == len(offered)
            moves = legal_moves(state)
            assert [parse(state, seat, a) for a in offered] == moves
            GAME.apply(state, rng.choice(offered), seat)


def test_an_action_not_offered_is_still_checked() -> None:
    """The shortcut never admits what parsing refuses: a stale or foreign text is refused
    with the reason, and the state is unchanged."""
    state = GAME.new_game(3, 2)
    seat = GAME.to_act(state)
    GAME.legal_actions(state, seat)
    before = GAME.digest(state)
    with pytest.raises(IllegalAction, match="there is no card named"):
        GAME.apply(state, "buy no-such-card", seat)
    assert GAME.digest(state) == before
