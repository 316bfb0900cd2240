"""Fingerprints of seeded AracKhan Wars games, to pin the engine's behaviour while it is made
faster: "without changing a single choice".

For every engine version (1.0.0, 1.1.0, 1.2.0) and mode (1v1, free-for-all for 4, 2v2: under
1.2.0 with its default Strategy phase) a game is
played through the protocol (``new_game``, ``legal_actions``, a seeded random choice, ``apply``
with validation) and summed up as ``[seed, actions, final digest, trace digest]``: the final
digest is the canonical state's, the trace digest hashes every legal-action list, every action,
every event list, the acting seat's observation every few actions and every seat's observation
at the end. A few games of the heuristic bot against random are fingerprinted the same way.

``python bench/akw_fingerprints.py`` rewrites the fixture
(``tests/engines/arackhan_wars/data/fingerprints.json``); ``--check`` compares instead
(exit 1 on a difference). The test ``test_akw_fingerprints.py`` replays a sample of it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import fingerprints  # noqa: E402
from engines.arackhan_wars import GAME  # noqa: E402
from engines.arackhan_wars.bots import HeuristicBot  # noqa: E402
from engines.arackhan_wars.rules import VERSIONS  # noqa: E402
from engines.base import derive_seed  # noqa: E402

FIXTURE = (
    Path(__file__).resolve().parents[1]
    / "tests"
    / "engines"
    / "arackhan_wars"
    / "data"
    / "fingerprints.json"
)

MODES: dict[str, tuple[int, dict[str, Any] | None, int]] = {
    "1v1": (2, None, 500),
    "ffa4": (4, None, 350),
    "2v2": (4, {"mode": "2v2"}, 350),
}
"""Mode name -> (seats, options, games per version)."""

HEURISTIC_GAMES = 40
"""Games of the heuristic bot (seat alternating) against random, 1v1, per version."""

OBSERVE_EVERY = 7
"""The acting seat's observation enters the trace every this many actions."""


def fingerprint(version: str, mode: str, seed: int, first: str | None = None) -> list[Any]:
    """``[seed, actions, final digest, trace digest]`` of one seeded random game (``first``:
    play this action instead of the random one first, to show the fingerprint notices)."""
    engine = GAME.at_version(version)
    n, options, _ = MODES[mode]
    return fingerprints.fingerprint_game(
        engine, seed, n, options=options, observe_every=OBSERVE_EVERY, first=first
    )


def heuristic_fingerprint(version: str, seed: int) -> list[Any]:
    """``[seed, actions, final digest, trace digest]`` of a heuristic-against-random game
    (the heuristic bot in seat ``seed % 2``)."""
    engine = GAME.at_version(version)
    bot = HeuristicBot(derive_seed(seed, "heuristic"))
    return fingerprints.fingerprint_game(engine, seed, 2, bot=bot, observe_every=OBSERVE_EVERY)


def build() -> dict[str, Any]:
    """The whole fixture: every version, mode and seed."""
    out: dict[str, Any] = {}
    for version in VERSIONS:
        out[version] = {
            mode: [fingerprint(version, mode, seed) for seed in range(games)]
            for mode, (_, _, games) in MODES.items()
        }
        out[version]["heuristic"] = [
            heuristic_fingerprint(version, seed) for seed in range(HEURISTIC_GAMES)
        ]
    return out


def main(argv: list[str] | None = None) -> int:
    return fingerprints.main(
        argv,
        bench="akw-fingerprints",
        description=__doc__.split("\n")[0],
        fixture=FIXTURE,
        build=build,
    )


if __name__ == "__main__":
    sys.exit(main())
