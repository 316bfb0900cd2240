"""Fingerprints of seeded Heroes of Graxia games, to pin the engine's behaviour while it is made
faster: the same games, choice for choice, before and after.

For every engine version (1.0.0, 1.1.0) and player count (2 to 6) games are played through the
protocol (``new_game``, ``legal_actions``, a seeded random choice, ``apply`` with validation)
and summed up as ``[seed, actions, final digest, trace digest]``: the final digest is the
canonical state's, the trace digest hashes every legal-action list, every action, every event
list, the acting seat's observation every few actions and every seat's observation and the
result at the end. A few games of the heuristic bot against random are fingerprinted the same
way.

``python bench/hog_fingerprints.py`` rewrites the fixture
(``tests/engines/heroes_of_graxia/data/fingerprints.json``); ``--check`` compares instead
(exit 1 on a difference). The test ``test_hog_fingerprints.py`` replays a sample of it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import fingerprints  # noqa: E402
from engines.base import derive_seed  # noqa: E402
from engines.heroes_of_graxia import GAME  # noqa: E402
from engines.heroes_of_graxia.bots import HeuristicBot  # noqa: E402
from engines.heroes_of_graxia.versions import VERSIONS  # noqa: E402

FIXTURE = (
    Path(__file__).resolve().parents[1]
    / "tests"
    / "engines"
    / "heroes_of_graxia"
    / "data"
    / "fingerprints.json"
)

SEATS = (2, 3, 4, 5, 6)
GAMES = 30
"""Random games per version and player count."""

HEURISTIC_GAMES = 8
"""Games of the heuristic bot (seat alternating) against random, 2 players, per version."""

OBSERVE_EVERY = 11
"""The acting seat's observation enters the trace every this many actions."""


def fingerprint(version: str, n: int, seed: int) -> list[Any]:
    """``[seed, actions, final digest, trace digest]`` of one seeded random game."""
    return fingerprints.fingerprint_game(
        GAME.at_version(version), seed, n, observe_every=OBSERVE_EVERY
    )


def heuristic_fingerprint(version: str, seed: int) -> list[Any]:
    """The same for a heuristic-against-random game (the heuristic bot in seat ``seed % 2``)."""
    bot = HeuristicBot(derive_seed(seed, "heuristic"))
    return fingerprints.fingerprint_game(
        GAME.at_version(version), seed, 2, bot=bot, observe_every=OBSERVE_EVERY
    )


def build() -> dict[str, Any]:
    """The whole fixture: every version, player count and seed."""
    out: dict[str, Any] = {}
    for version in VERSIONS:
        out[version] = {
            f"{n}p": [fingerprint(version, n, seed) for seed in range(GAMES)] for n in SEATS
        }
        out[version]["heuristic"] = [
            heuristic_fingerprint(version, seed) for seed in range(HEURISTIC_GAMES)
        ]
    return out


def main(argv: list[str] | None = None) -> int:
    return fingerprints.main(
        argv,
        bench="hog-fingerprints",
        description=__doc__.split("\n")[0],
        fixture=FIXTURE,
        build=build,
    )


if __name__ == "__main__":
    sys.exit(main())
