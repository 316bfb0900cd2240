"""The fingerprint of a seeded game, shared by the games' fingerprint scripts
(``bench/akw_fingerprints.py``, ``bench/hog_fingerprints.py``): what pins an engine's behaviour
"without changing a single choice" while it is made faster.

A game is played through the protocol (``new_game``, ``legal_actions``, a seeded random choice
or a bot's, ``apply`` with validation) and summed up as ``[seed, actions, final digest, trace
digest]``: the final digest is the canonical state's, the trace digest hashes every legal-action
list, every action, every event list, the acting seat's observation every few actions, every
seat's observation and the result at the end.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engines.base import Game, canonical_json, derive_seed


def fingerprint_game(
    engine: Game,
    seed: int,
    n: int,
    *,
    options: dict[str, Any] | None = None,
    bot: Any = None,
    observe_every: int,
    first: str | None = None,
) -> list[Any]:
    """``[seed, actions, final digest, trace digest]`` of one seeded game: random choices,
    but ``bot`` (if given) plays seat ``seed % 2``; ``first`` replaces the first action (to show
    that the fingerprint notices)."""
    state = engine.new_game(seed, n, options=options)
    rng = random.Random(derive_seed(seed, "fingerprint"))
    trace = hashlib.sha256()
    actions = 0
    while not engine.is_over(state):
        seat = engine.to_act(state)
        legal = engine.legal_actions(state, seat)
        trace.update(canonical_json(legal).encode())
        if actions % observe_every == 0:
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


def main(
    argv: list[str] | None,
    *,
    bench: str,
    description: str,
    fixture: Path,
    build: Callable[[], dict[str, Any]],
) -> int:
    """The scripts' command line: rewrite ``fixture`` with ``build()``, or with ``--check``
    compare and print one JSON line (exit 1 on a difference)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="compare with the fixture")
    args = parser.parse_args(argv)
    data = build()
    if args.check:
        stored = json.loads(fixture.read_text())
        bad = [
            (version, case, row[0])
            for version, cases in stored.items()
            for case, rows in cases.items()
            for row, new in zip(rows, data[version][case], strict=True)
            if row != new
        ]
        print(json.dumps({"bench": bench, "differ": bad[:20], "count": len(bad)}))
        return 1 if bad else 0
    fixture.parent.mkdir(parents=True, exist_ok=True)
    fixture.write_text(json.dumps(data, indent=0, separators=(",", ":")) + "\n")
    return 0
