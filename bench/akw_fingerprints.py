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

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines.arackhan_wars import GAME  # noqa: E402
from engines.arackhan_wars.bots import HeuristicBot  # noqa: E402
from engines.arackhan_wars.game import ArackhanWars  # noqa: E402
from engines.arackhan_wars.rules import VERSIONS  # noqa: E402
from engines.base import canonical_json, derive_seed  # noqa: E402

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
    return _play(engine, seed, n, options, None, first)


def heuristic_fingerprint(version: str, seed: int) -> list[Any]:
    """``[seed, actions, final digest, trace digest]`` of a heuristic-against-random game
    (the heuristic bot in seat ``seed % 2``)."""
    engine = GAME.at_version(version)
    return _play(engine, seed, 2, None, HeuristicBot(derive_seed(seed, "heuristic")))


def _play(
    engine: ArackhanWars, seed: int, n: int, options: Any, bot: Any, first: str | None = None
) -> list[Any]:
    state = engine.new_game(seed, n, options=options)
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
        if first is not None and actions == 0:
            action = first
        events = engine.apply(state, action, seat)
        trace.update(action.encode())
        trace.update(canonical_json(events).encode())
        actions += 1
    for viewer in [None, *range(n)]:
        trace.update(canonical_json(engine.observation(state, viewer)).encode())
    trace.update(canonical_json(engine.result(state).to_json()).encode())
    return [seed, actions, engine.digest(state), trace.hexdigest()[:16]]


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
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the fixture")
    args = parser.parse_args(argv)
    data = build()
    if args.check:
        stored = json.loads(FIXTURE.read_text())
        bad = [
            (version, mode, row[0])
            for version, modes in stored.items()
            for mode, rows in modes.items()
            for row, new in zip(rows, data[version][mode], strict=True)
            if row != new
        ]
        print(json.dumps({"bench": "akw-fingerprints", "differ": bad[:20], "count": len(bad)}))
        return 1 if bad else 0
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps(data, indent=0, separators=(",", ":")) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
