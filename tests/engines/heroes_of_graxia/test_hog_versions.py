"""Rules versions side by side: 1.0.0's matches replay under 1.0.0, new matches play 1.1.0
(docs/matches.md "Engine versions")."""

from __future__ import annotations

import random

import pytest

from engines.base import UnknownEngineVersion, derive_seed
from engines.heroes_of_graxia import GAME
from engines.registry import get_game


def test_the_engine_keeps_1_0_0_beside_the_current_version() -> None:
    assert GAME.version == "1.1.0" and GAME.versions == ("1.0.0", "1.1.0")
    old = get_game("heroes-of-graxia", "1.0.0")
    assert old.version == "1.0.0" and old.at_version("1.1.0") is GAME
    assert GAME.at_version("1.0.0") is old
    assert GAME.new_game(1, 3).r.version == "1.1.0" and old.new_game(1, 3).r.version == "1.0.0"
    with pytest.raises(UnknownEngineVersion, match="1.0.0, 1.1.0"):
        GAME.at_version("0.9.0")


def test_a_state_keeps_its_rules_through_clones_and_determinizing() -> None:
    old = GAME.at_version("1.0.0")
    st = old.new_game(5, 4)
    assert old.clone(st).r.version == "1.0.0"
    assert old.determinize(st, 0, random.Random(1)).r.version == "1.0.0"


def test_the_versions_play_the_same_seed_differently() -> None:
    """The fixes change games: the same seed and choices end elsewhere under 1.1.0."""
    ends = {}
    for version in ("1.0.0", "1.1.0"):
        game = GAME.at_version(version)
        digests = []
        for seed in range(4):
            st = game.new_game(seed, 4)
            game.random_playout(st, random.Random(derive_seed(seed, "playout")))
            digests.append(game.digest(st))
        ends[version] = digests
    assert ends["1.0.0"] != ends["1.1.0"]
