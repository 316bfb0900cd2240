"""Replaying a match record and checking it, digest by digest (:func:`replay`).

The record is replayed under the engine version that played it; the report names the first
action whose effect differs from the recorded digests. Import :func:`replay` and
:class:`ReplayReport` from :mod:`engines.record`, which re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from engines.base import BadSetup, Game, IllegalAction, UnknownEngineVersion
from engines.match_record import MatchRecord, forfeit_result, normalise
from engines.registry import UnknownGame, get_game


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
