"""Stepping through a recorded match as a spectator.

The stored record (seed, decks, options, actions) is replayed through the match's engine; the
board shown at each step is drawn from ``observation(state, None)``, the spectator's view: what
was public at that moment. Only ended matches are replayed (a running match has no published
record), so nothing hidden during play leaks. Each step's move is the move log's sentence for a
spectator (:func:`matches.move_log.log_line`: players by name, never a hidden card).

:func:`board_view` is what the page's script draws with the play page's board (the shape of
:func:`matches.interactive.view_for`, read-only); :func:`position_words` says the same step in
sentences for a page read without JavaScript.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.base import Game, IllegalAction
from engines.record import normalise
from engines.registry import UnknownGame, engine_for
from matches.models import Match
from matches.move_log import log_line
from matches.wording import seat_label


@dataclass
class Step:
    """One recorded action as a spectator reads it."""

    index: int  # 0-based action index
    seat: int | None
    text: str  # the move log's sentence, players by name
    actor: str  # the name of the player who moved
    named: bool  # the sentence begins with that name
    path: list[Any] = field(default_factory=list)  # the board keys it touched (highlighted)

    @property
    def who(self) -> str:
        """Who moved, for a log that prints it before the sentence ("" when it begins with it)."""
        return "" if self.named else self.actor


@dataclass
class Replay:
    steps: list[Step] = field(default_factory=list)
    view: dict[str, Any] | None = None  # the board at the requested step (see board_view)
    at: int = 0  # number of actions applied for ``view``
    problem: str = ""  # why the replay stopped early, if it did


def board_view(
    game: Game, state: Any, names: list[str], at: int, n: int, last: Step | None
) -> dict[str, Any]:
    """The spectator's board after ``at`` of ``n`` actions, as the board scripts draw it."""
    observation = normalise(game.observation(state, None))
    over = game.is_over(state)
    return {
        "game": game.slug,
        "game_name": game.name,
        "ply": at,
        "n": n,
        "over": over,
        "to_act": None if over else game.to_act(state),
        "seat": None,
        "seats": [{"seat": i, "name": name} for i, name in enumerate(names)],
        "observation": observation,
        "faces": game.card_faces(observation),
        "score_label": game.score_label,
        "legal": [],
        "last_path": last.path if last else [],
    }


def position_words(replay: Replay, names: list[str], result_text: str = "") -> list[str]:
    """The step in sentences: which move of how many, the move just played, who is to act
    (or how the match ended, at its last step)."""
    view = replay.view or {}
    n = view.get("n", len(replay.steps))
    at = replay.at
    words = [f"Move {at} of {n}." if at else "The game as it was set up."]
    if at and at <= len(replay.steps):
        step = replay.steps[at - 1]
        words.append(f"{step.who}: {step.text}" if step.who else step.text)
    if view.get("over"):
        words.append(result_text or "The game is over.")
    elif view.get("to_act") is not None:
        words.append(f"{seat_label(names, view['to_act'])} to act.")
    return words


def replay_match(match: Match, names: list[str], at: int, words: bool = True) -> Replay:
    """The spectator's board after ``at`` actions and, with ``words``, every step's sentence
    (the move log a spectator reads, seats by ``names``); without, the replay stops at
    ``at``."""
    n_seats = len(names)
    n = len(match.actions)
    out = Replay(at=max(0, min(at, n)))
    try:
        game = engine_for(match.game, match.engine_version)
    except UnknownGame as exc:
        out.problem = str(exc)
        return out
    try:
        state = game.new_game(match.seed, n_seats, match.decks, match.options or None)
    except Exception as exc:  # an engine that no longer sets this record up
        out.problem = f"the current engine cannot set this match up: {exc}"
        return out
    if out.at == 0:
        out.view = board_view(game, state, names, 0, n, None)
    for i, action in enumerate(match.actions):
        if not words and i >= out.at:
            break
        seat = game.to_act(state)
        before = game.clone(state)
        try:
            events = game.apply(state, action, seat)
        except IllegalAction as exc:
            out.problem = f"move {i + 1} does not replay on the current engine: {exc.reason}"
            if out.at > i:
                out.at = i
                out.view = board_view(game, state, names, i, n, out.steps[-1] if i else None)
            break
        line = log_line(game, before, action, events, i, seat, None, names)
        step = Step(i, seat, line["text"], seat_label(names, seat), line["named"], line["path"])
        out.steps.append(step)
        if i + 1 == out.at:
            out.view = board_view(game, state, names, out.at, n, step)
    return out
