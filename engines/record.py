"""Playing matches between bots, recording them as JSON, and replaying records.

A match record is plain JSON::

    {"format": 1, "game": slug, "engine_version": ..., "seed": ..., "seats": [bot specs],
     "decks": ..., "options": ..., "actions": [...],
     "digests": {"states": [after setup, after action 0, after action 1, ...]},
     "forfeit": null | {"seat", "index", "kind", "action", "reason"},
     "result": {"ranks", "scores", "reason", "details"}}

``digests["states"][0]`` is the state after setup and ``digests["states"][i + 1]`` the state
after ``actions[i]``, so :func:`replay` names the exact first action whose effect differs. A
record made with ``record=False`` keeps only the setup and final digests.

A bot that raises, or returns an action the rules forbid, forfeits: the match stops, the
record's ``forfeit`` says who, when and why, and the result ranks the forfeiting seat last and
every other seat first (tied).
"""

from __future__ import annotations

import json
import random
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from engines.base import (
    JSON,
    Action,
    BadSetup,
    Game,
    IllegalAction,
    Result,
    UnknownEngineVersion,
    derive_seed,
)
from engines.bots.base import Bot
from engines.registry import UnknownGame, get_game

FORMAT = 1


class EngineError(RuntimeError):
    """The engine contradicted itself (it rejected an action its ``legal_actions`` offered).

    No bot is to blame, so the match is not scored: the caller should void it.
    """


def normalise(data: JSON) -> JSON:
    """``data`` after a JSON round trip (tuples become lists, keys strings...)."""
    return json.loads(json.dumps(data))


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for a match played with ``seed``."""
    return derive_seed(seed, "bot", seat)


def bot_spec(bot: Bot) -> str:
    """The spec string a bot is recorded under."""
    return str(getattr(bot, "spec", None) or getattr(bot, "kind", type(bot).__name__))


def forfeit_result(n_seats: int, seat: int, reason: str) -> Result:
    """The result of a match ``seat`` forfeited: it is last, everyone else ties for first."""
    ranks = tuple(1 if s == seat else 0 for s in range(n_seats))
    return Result(
        ranks,
        tuple(0.0 for _ in range(n_seats)),
        f"seat {seat} forfeited: {reason}",
        {"forfeit": seat},
    )


@dataclass
class MatchRecord:
    """One played match; :meth:`to_json` / :meth:`from_json` convert it to and from JSON."""

    game: str
    engine_version: str
    seed: int
    seats: list[str]
    decks: JSON
    options: JSON
    actions: list[Action] = field(default_factory=list)
    digests: dict[str, list[str]] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    forfeit: dict[str, Any] | None = None
    format: int = FORMAT

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "game": self.game,
            "engine_version": self.engine_version,
            "seed": self.seed,
            "seats": list(self.seats),
            "decks": self.decks,
            "options": self.options,
            "actions": list(self.actions),
            "digests": {key: list(value) for key, value in self.digests.items()},
            "forfeit": self.forfeit,
            "result": self.result,
        }

    def dumps(self, **kwargs: Any) -> str:
        return json.dumps(self.to_json(), **kwargs)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchRecord:
        """A record from its JSON form; raises ``ValueError`` naming a missing or bad field."""
        if not isinstance(data, dict):
            raise ValueError("a match record is a JSON object")
        missing = [k for k in ("format", "game", "seed", "seats", "actions") if k not in data]
        if missing:
            raise ValueError(f"match record lacks {', '.join(missing)}")
        if data["format"] != FORMAT:
            raise ValueError(f"unsupported match record format {data['format']!r}")
        if not isinstance(data["seats"], list) or not isinstance(data["actions"], list):
            raise ValueError("seats and actions must be lists")
        return cls(
            game=data["game"],
            engine_version=str(data.get("engine_version", "")),
            seed=int(data["seed"]),
            seats=[str(s) for s in data["seats"]],
            decks=data.get("decks"),
            options=data.get("options"),
            actions=list(data["actions"]),
            digests={k: list(v) for k, v in (data.get("digests") or {}).items()},
            result=data.get("result"),
            forfeit=data.get("forfeit"),
            format=data["format"],
        )

    @classmethod
    def loads(cls, text: str) -> MatchRecord:
        return cls.from_json(json.loads(text))


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


# -- replay ----------------------------------------------------------------------------------


@dataclass
class ReplayReport:
    """What replaying a record found.

    ``first_divergent_action`` is ``None`` when the record reproduces, ``"setup"`` when the
    game set up differently (or could not be set up), otherwise the index of the first action
    that was illegal or led to a different state. ``result_mismatch`` holds the recorded and
    the replayed result when only the result differs. ``engine_version`` is the version of
    the engine that replayed it (``None`` when no engine could).
    """

    ok: bool
    engine_version: str | None = None
    n_actions: int = 0
    first_divergent_action: int | Literal["setup"] | None = None
    expected_digest: str | None = None
    actual_digest: str | None = None
    illegal_reason: str | None = None
    result_mismatch: dict[str, Any] | None = None
    message: str = ""
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "engine_version": self.engine_version,
            "n_actions": self.n_actions,
            "first_divergent_action": self.first_divergent_action,
            "expected_digest": self.expected_digest,
            "actual_digest": self.actual_digest,
            "illegal_reason": self.illegal_reason,
            "result_mismatch": self.result_mismatch,
            "message": self.message,
            "notes": self.notes,
        }


def _fail(index: int | Literal["setup"] | None, message: str, **kw: Any) -> ReplayReport:
    return ReplayReport(ok=False, first_divergent_action=index, message=message, **kw)


def replay(record: MatchRecord | dict[str, Any] | str, game: Game | None = None) -> ReplayReport:
    """Replay ``record`` (a :class:`MatchRecord`, its JSON dict or JSON text) and check it.

    Every recorded digest is compared, so the report names the first divergent action. The
    record is replayed under the engine version that played it (``record.engine_version``);
    when the game does not keep that version, under its current one, with a note. ``game``
    overrides the lookup (e.g. the current engine, to see whether it plays the record the
    same way). The report's ``engine_version`` says which version replayed it.
    """
    try:
        if isinstance(record, str):
            record = MatchRecord.loads(record)
        elif isinstance(record, dict):
            record = MatchRecord.from_json(record)
    except (ValueError, TypeError) as exc:
        return _fail(None, f"not a valid match record: {exc}")
    notes: list[str] = []
    try:
        if game is None:
            try:
                game = get_game(record.game, record.engine_version or None)
            except UnknownEngineVersion as exc:
                game = get_game(record.game)
                notes.append(f"{exc}: replayed with its current version {game.version}")
    except UnknownGame as exc:
        return _fail(None, str(exc))
    if record.engine_version != game.version and not notes:
        notes.append(
            f"recorded with {record.game} engine {record.engine_version}, replayed with "
            f"{game.version}"
        )
    report = _replay(record, game, notes)
    report.engine_version = game.version
    return report


def _replay(record: MatchRecord, game: Game, notes: list[str]) -> ReplayReport:
    states = record.digests.get("states")
    setup = (states or record.digests.get("setup") or [None])[0]
    final = (record.digests.get("final") or [None])[0]
    try:
        state = game.new_game(record.seed, record.n_seats, record.decks, record.options)
    except (BadSetup, ValueError, TypeError) as exc:
        return _fail("setup", f"setup failed: {exc}", notes=notes)
    actual = game.digest(state)
    if setup is not None and actual != setup:
        return _fail(
            "setup",
            "the game set up differently (seed, decks, options or engine changed)",
            expected_digest=setup,
            actual_digest=actual,
            notes=notes,
        )
    for index, action in enumerate(record.actions):
        if game.is_over(state):
            return _fail(
                index, f"action {index} {action!r}: the game was already over", notes=notes
            )
        seat = game.to_act(state)
        try:
            game.apply(state, action, seat)
        except IllegalAction as exc:
            return _fail(
                index,
                f"action {index} {action!r} is illegal for seat {seat}: {exc.reason}",
                illegal_reason=exc.reason,
                notes=notes,
            )
        if states is not None:
            actual = game.digest(state)
            expected = states[index + 1] if index + 1 < len(states) else None
            if actual != expected:
                return _fail(
                    index,
                    f"action {index} {action!r} led to a different state",
                    expected_digest=expected,
                    actual_digest=actual,
                    notes=notes,
                )
    n = len(record.actions)
    if states is not None and len(states) != n + 1:
        return _fail(n, f"{len(states)} state digests for {n} actions", notes=notes)
    if final is not None and n and game.digest(state) != final:
        return _fail(
            n - 1,
            "the final state differs",
            expected_digest=final,
            actual_digest=game.digest(state),
            notes=notes,
        )
    if record.forfeit is not None:
        problem = _check_forfeit(game, state, record.forfeit, n)
        if problem:
            return _fail(n, problem, notes=notes)
        replayed = forfeit_result(record.n_seats, record.forfeit["seat"], record.forfeit["reason"])
    elif not game.is_over(state):
        return _fail(n, f"the game is not over after the {n} recorded actions", notes=notes)
    else:
        replayed = game.result(state)
    replayed_json = normalise(replayed.to_json())
    if normalise(record.result) != replayed_json:
        return ReplayReport(
            ok=False,
            n_actions=n,
            message="the replayed result differs from the recorded one",
            result_mismatch={"expected": record.result, "actual": replayed_json},
            notes=notes,
        )
    return ReplayReport(
        ok=True,
        n_actions=n,
        message=f"{n} actions reproduce under engine {game.version}",
        notes=notes,
    )


def _check_forfeit(game: Game, state: Any, forfeit: dict[str, Any], n: int) -> str | None:
    """Why a recorded forfeit does not hold on the replayed state (``None`` when it does)."""
    if forfeit.get("index") != n:
        return f"the forfeit is recorded at action {forfeit.get('index')}, not {n}"
    if game.is_over(state):
        return f"the game was already over after {n} actions"
    # A person may resign at any time; other forfeits happen on the seat's own turn.
    if forfeit.get("kind") != "resigned" and game.to_act(state) != forfeit.get("seat"):
        return f"seat {forfeit.get('seat')} was not the seat to act after {n} actions"
    if forfeit.get("kind") == "illegal":
        action = forfeit.get("action")
        try:
            game.apply(game.clone(state), action, forfeit["seat"])
        except Exception:  # noqa: BLE001 - IllegalAction, or an engine choking on garbage
            return None
        return f"the forfeited action {action!r} is legal on replay"
    return None
