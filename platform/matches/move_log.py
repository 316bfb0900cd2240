"""The move log of a match in words, as one seat (or a spectator) may read it.

Each line is the engine's ``describe_move`` of one recorded action, from the viewer's side: a
card the viewer could not see is never named; any seat number left in it is written as its
player's name (:func:`matches.wording.name_seats`), and ``named`` says whether the sentence
already begins with the name of the player who moved ("Ana passed"), so that a log printing
"Ana: …" before each line does not print it twice. Lines are built by replaying the record; an
in-process cache keeps, per match and viewer, the lines so far and the state they reached, so a
new move costs one ``apply``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.base import Game
from matches.wording import name_seats, opens_with_name

CACHE_SIZE = 256


@dataclass
class _Log:
    state: Any
    lines: list[dict[str, Any]] = field(default_factory=list)


_cache: OrderedDict[tuple[Any, ...], _Log] = OrderedDict()
_lock = threading.Lock()


def move_log(
    game: Game,
    key: tuple[Any, ...],
    setup: tuple[int, int, Any, Any],
    actions: Sequence[str],
    viewer: int | None,
    names: Sequence[str],
) -> list[dict[str, Any]]:
    """Every recorded action as ``{"ply", "seat", "text", "named", "path"}`` for ``viewer``.

    ``key`` identifies the match (its id and seed), ``setup`` is ``(seed, n_seats, decks,
    options)``. ``path`` holds the board keys of the move that ``viewer`` may see (the board
    highlights the last one).
    """
    cache_key = (*key, viewer, tuple(names))
    with _lock:
        log = _cache.pop(cache_key, None)
    if log is None or len(log.lines) > len(actions):
        seed, n_seats, decks, options = setup
        log = _Log(game.new_game(seed, n_seats, decks, options))
    for ply in range(len(log.lines), len(actions)):
        action = actions[ply]
        seat = game.to_act(log.state)
        before = game.clone(log.state)
        events = game.apply(log.state, action, seat)
        log.lines.append(log_line(game, before, action, events, ply, seat, viewer, names))
    lines = list(log.lines)
    with _lock:
        _cache[cache_key] = log
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return lines


def log_line(
    game: Game,
    before: Any,
    action: str,
    events: list[Any],
    ply: int,
    seat: int | None,
    viewer: int | None,
    names: Sequence[str],
) -> dict[str, Any]:
    """One line of the log: ``action`` (played by ``seat`` on ``before``, giving ``events``) in
    words as ``viewer`` may read it, seats by ``names`` (see :func:`move_log`)."""
    text = name_seats(game.describe_move(before, action, events, viewer, names), names)
    actor = names[seat] if seat is not None and 0 <= seat < len(names) else ""
    return {
        "ply": ply,
        "seat": seat,
        "text": text,
        "named": opens_with_name(text, actor, names),
        "path": game.action_path(before, action, viewer),
    }


def forget(match_key: tuple[Any, ...]) -> None:
    """Drop the cached logs of a match (its decks changed before it started)."""
    n = len(match_key)
    with _lock:
        for key in [k for k in _cache if k[:n] == match_key]:
            del _cache[key]
