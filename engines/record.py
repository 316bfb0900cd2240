"""Playing matches between bots and recording them (:func:`play_match`), the public face of
match records: :class:`MatchRecord` and its helpers (``engines/match_record.py``) and
:func:`replay` (``engines/replay.py``) are imported from here.

A bot that raises, or returns an action the rules forbid, forfeits: the match stops, the
record's ``forfeit`` says who, when and why, and the result ranks the forfeiting seat last and
every other seat first (tied). See ``engines/match_record.py`` for the record's JSON.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Sequence
from typing import Any

from engines.base import JSON, BadSetup, Game, IllegalAction, Result, derive_seed
from engines.bots.base import Bot
from engines.match_record import FORMAT, MatchRecord, forfeit_result, normalise
from engines.registry import get_game
from engines.replay import ReplayReport, replay

__all__ = [
    "FORMAT",
    "EngineError",
    "MatchRecord",
    "ReplayReport",
    "bot_seed",
    "bot_spec",
    "forfeit_result",
    "normalise",
    "play_match",
    "play_raw",
    "random_game",
    "replay",
]


class EngineError(RuntimeError):
    """The engine contradicted itself (it rejected an action its ``legal_actions`` offered).

    No bot is to blame, so the match is not scored: the caller should void it.
    """


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for a match played with ``seed``."""
    return derive_seed(seed, "bot", seat)


def bot_spec(bot: Bot) -> str:
    """The spec string a bot is recorded under."""
    return str(getattr(bot, "spec", None) or getattr(bot, "kind", type(bot).__name__))


def _resolve_game(game: Game | str) -> Game:
    return get_game(game) if isinstance(game, str) else game


def _make_bots(game: Game, seed: int, bots: Sequence[Bot | str]) -> list[Bot]:
    from engines.bots.factory import make_bot

    return [
        make_bot(game.slug, bot, bot_seed(seed, seat)) if isinstance(bot, str) else bot
        for seat, bot in enumerate(bots)
    ]


def _describe_error(exc: BaseException) -> str:
    frame = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" at {frame[0].filename.rsplit('/', 1)[-1]}:{frame[0].lineno}" if frame else ""
    return f"{type(exc).__name__}: {exc}{where}"


def play_match(
    game: Game | str,
    seed: int,
    bots: Sequence[Bot | str],
    decks: Sequence[JSON] | None = None,
    options: dict[str, Any] | None = None,
    record: bool = True,
    max_actions: int = 100_000,
    platform_errors: tuple[type[BaseException], ...] = (),
) -> MatchRecord:
    """Play one match, one bot per seat, and return its record.

    ``bots`` are :class:`Bot` instances or specs for :func:`engines.bots.factory.make_bot`
    (a spec's bot is seeded with ``derive_seed(seed, "bot", seat)``). Every action goes
    through :meth:`Game.apply`, so an illegal one is caught and forfeits. With ``record`` the
    digest after every action is kept, otherwise only the setup and final digests.
    Raises :class:`BadSetup` for bad seats/decks/options, :class:`EngineError` when the engine
    rejects an action it listed as legal, and ``RuntimeError`` when the game outlasts
    ``max_actions``. An exception of ``platform_errors`` raised while a bot chooses (a task's
    time limit, a lost database) is the platform's fault, not the bot's: it is raised, never
    recorded as a forfeit.
    """
    game = _resolve_game(game)
    n = len(bots)
    if not game.min_seats <= n <= game.max_seats:
        raise BadSetup(f"{game.name} seats {game.min_seats}-{game.max_seats} players, not {n}")
    decks = normalise(list(decks)) if decks is not None else None
    options = normalise(dict(options)) if options is not None else None
    players = _make_bots(game, seed, bots)
    state = game.new_game(seed, n, decks, options)
    rec = MatchRecord(
        game=game.slug,
        engine_version=game.version,
        seed=seed,
        seats=[bot_spec(b) for b in players],
        decks=decks,
        options=options,
    )
    states = [game.digest(state)]
    while not game.is_over(state):
        if len(rec.actions) >= max_actions:
            raise RuntimeError(f"{game.slug} seed {seed}: no end after {max_actions} actions")
        seat = game.to_act(state)
        action: Any = None
        try:
            action = players[seat].choose(game, state, seat)
        except platform_errors:
            raise
        except Exception as exc:  # noqa: BLE001 - any other bot failure forfeits
            rec.forfeit = _forfeit(rec, seat, "error", None, _describe_error(exc))
            break
        try:
            if not isinstance(action, str):
                raise IllegalAction(action, "an action is a string", seat)
            game.apply(state, action, seat)
        except Exception as exc:  # noqa: BLE001 - IllegalAction, or an engine choking on it
            if isinstance(action, str) and action in game.legal_actions(state, seat):
                raise EngineError(
                    f"{game.slug} {game.version} seed {seed}: action {len(rec.actions)} "
                    f"{action!r} of seat {seat} is in legal_actions() but apply() raised "
                    f"{_describe_error(exc)}"
                ) from exc
            if isinstance(exc, IllegalAction):
                reason = exc.reason
            else:
                reason = f"the engine rejected it: {_describe_error(exc)}"
            rec.forfeit = _forfeit(rec, seat, "illegal", action, reason)
            break
        rec.actions.append(action)
        if record:
            states.append(game.digest(state))
    if rec.forfeit is not None:
        result = forfeit_result(n, rec.forfeit["seat"], rec.forfeit["reason"])
    else:
        result = game.result(state)
    if not record and rec.actions:
        states.append(game.digest(state))
    rec.digests = {"states": states} if record else {"setup": states[:1], "final": states[-1:]}
    rec.result = normalise(result.to_json())
    return rec


def _forfeit(rec: MatchRecord, seat: int, kind: str, action: Any, reason: str) -> dict[str, Any]:
    shown = action if isinstance(action, str) or action is None else repr(action)
    return {
        "seat": seat,
        "index": len(rec.actions),
        "kind": kind,
        "action": shown,
        "reason": reason,
    }


def play_raw(
    game: Game | str,
    seed: int,
    bots: Sequence[Bot | str],
    decks: Sequence[JSON] | None = None,
    options: dict[str, Any] | None = None,
    max_actions: int = 100_000,
) -> tuple[Result, int]:
    """Play one match as fast as possible: no record, no events, :meth:`Game.apply_fast`.

    The bots are trusted to return legal actions (use it for benchmarks and trusted bots).
    Returns the result and the number of actions played.
    """
    game = _resolve_game(game)
    players = _make_bots(game, seed, bots)
    state = game.new_game(seed, len(players), decks, options)
    count = 0
    while not game.is_over(state):
        if count >= max_actions:
            raise RuntimeError(f"{game.slug} seed {seed}: no end after {max_actions} actions")
        seat = game.to_act(state)
        game.apply_fast(state, players[seat].choose(game, state, seat))
        count += 1
    return game.result(state), count


def random_game(
    game: Game | str,
    seed: int,
    n_seats: int,
    decks: Sequence[JSON] | None = None,
    options: dict[str, Any] | None = None,
) -> Any:
    """A finished game of uniformly random play via :meth:`Game.random_playout` (benchmarks)."""
    game = _resolve_game(game)
    state = game.new_game(seed, n_seats, decks, options)
    game.random_playout(state, random.Random(derive_seed(seed, "playout")))
    return state
