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

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines.base import canonical_json, derive_seed  # noqa: E402
from engines.heroes_of_graxia import GAME  # noqa: E402
from engines.heroes_of_graxia.bots import HeuristicBot  # noqa: E402
from engines.heroes_of_graxia.game import HeroesOfGraxia  # noqa: E402
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
    return _play(GAME.at_version(version), seed, n, None)


def heuristic_fingerprint(version: str, seed: int) -> list[Any]:
    """The same for a heuristic-against-random game (the heuristic bot in seat ``seed % 2``)."""
    return _play(GAME.at_version(version), seed, 2, HeuristicBot(derive_seed(seed, "heuristic")))


def _play(engine: HeroesOfGraxia, seed: int, n: int, bot: Any) -> list[Any]:
    state = engine.new_game(seed, n)
    rng = random.Random(derive_seed(seed, "fingerprint"))
    trace = hashlib.sha256()
    actions = 0
    while not engine.is_over(state):
        seat = engine.to_act(state)
        legal = engine.legal_actions(state, seat)
        trace.update(canonical_json(legal).encode())
        if actions % OBSERVE_EVERY == 0:
            trace.update(canonical_json(engine.observation(state, seat)).encode())
        if bot is not None and seat == seed % 2:
            action = bot.choose(engine, state, seat)
        else:
            action = rng.choice(legal)
        events = engine.apply(state, action, seat)
        trace.update(action.encode())
        trace.update(canonical_json(events).encode())
        actions += 1
    for viewer in [None, *range(n)]:
        trace.update(canonical_json(engine.observation(state, viewer)).encode())
    trace.update(canonical_json(engine.result(state).to_json()).encode())
    return [seed, actions, engine.digest(state), trace.hexdigest()[:16]]


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
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the fixture")
    args = parser.parse_args(argv)
    data = build()
    if args.check:
        stored = json.loads(FIXTURE.read_text())
        bad = [
            (version, case, row[0])
            for version, cases in stored.items()
            for case, rows in cases.items()
            for row, new in zip(rows, data[version][case], strict=True)
            if row != new
        ]
        print(json.dumps({"bench": "hog-fingerprints", "differ": bad[:20], "count": len(bad)}))
        return 1 if bad else 0
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps(data, indent=0, separators=(",", ":")) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
