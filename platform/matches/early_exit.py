"""Early exits: a match with people that ends by a forfeit before every side has made its first
moves is not rated (lichess aborts a game resigned or abandoned before each side's first move).

The match still ends through the one finish path, as *finished*: its record (the forfeit) is
kept and replays, a tournament table gets its result, the seat that left ranks last; only the
ladder does not count it. ``interactive.forfeit_seat`` calls :func:`mark_if_early` under the
match row's lock, before the finish: when :func:`unrated_reason` says so, ``Match.rated`` is set
to False and the reason stored in words (``Match.unrated_reason``), so the rating receiver and a
recomputation (both rate only ``rated`` matches) skip it alike, and the result tables say why
(:func:`rating_fields`).

What counts as having moved is a number of the seat's own actions, per game
(:data:`MOVES_BEFORE_RATED`): the engine says who is to act at each ply, so each seat's actions
are counted on a replay of the log. Counting per seat matters where one seat acts many times in
a row (AracKhan Wars' mulligan, a Heroes of Graxia turn); counting plies would not tell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.registry import engine_for
from matches.models import Match, MatchSeat, MatchState

MOVES_BEFORE_RATED: dict[str, int] = {
    # Every action is a move of the game, the sides taking turns: one each.
    "akhedena": 1,
    "khan-of-khans": 1,
    "kingdom-of-warlords": 1,
    # A side's first action is its opening hand (keep it, or redraw): one more is a move.
    "heroes-of-graxia": 2,
    # One side chooses who begins, then each side decides its hand (one action to keep it, one
    # more per card put back): a third action of its own is a card placed on the board at the
    # latest when the hand is kept.
    "arackhan-wars": 3,
}
DEFAULT_MOVES_BEFORE_RATED = 1
"""A game not listed counts each side's first action."""

HOW = {
    "resigned": "a resignation",
    "timeout": "running out of time",
    "error": "a bot's failure",
    "illegal": "a bot's illegal move",
}


def moves_before_rated(game: str) -> int:
    """The number of its own actions each side makes before a forfeit of ``game`` is rated."""
    return MOVES_BEFORE_RATED.get(game, DEFAULT_MOVES_BEFORE_RATED)


def actions_per_seat(
    game: Any, seed: int, n_seats: int, decks: Any, options: Any, actions: Sequence[str], upto: int
) -> list[int]:
    """How many of ``actions`` each seat took (the engine's ``to_act`` before each), counting
    stopped once every seat has ``upto``."""
    state = game.new_game(seed, n_seats, decks, options or None)
    counts = [0] * n_seats
    for action in actions:
        if min(counts) >= upto:
            break
        seat = game.to_act(state)
        counts[seat] += 1
        game.apply(state, action, seat)
    return counts


def unrated_reason(match: Match, seats: Sequence[MatchSeat], kind: str) -> str:
    """Why a forfeit (``kind``: resigned, timeout, error, illegal) recorded now leaves ``match``
    unrated, in words; "" when it is rated as usual: every side has made its first moves, or
    the match was not going to be rated anyway (no ladder, unrated, no person's seat)."""
    if not (match.rated and match.ladder_id) or all(s.bot for s in seats):
        return ""
    needed = moves_before_rated(match.game)
    game = engine_for(match.game, match.engine_version)
    counts = actions_per_seat(
        game, match.seed, len(seats), match.decks, match.options, match.actions, needed
    )
    if min(counts) >= needed:
        return ""
    who = "both players" if len(seats) == 2 else "every player"
    moved = "moved" if needed == 1 else f"made {needed} moves"
    return f"Ended by {HOW.get(kind, 'a forfeit')} before {who} had {moved}: not rated."


def mark_if_early(match: Match, seats: Sequence[MatchSeat], kind: str) -> str:
    """Before a forfeit is recorded (inside the caller's transaction, the match row locked):
    when it is an early exit, set the match unrated with the reason, on the row and on
    ``match``, so the finish that follows rates nobody; returns the reason ("" if none)."""
    reason = unrated_reason(match, seats, kind)
    if reason:
        Match.objects.filter(pk=match.pk, state=MatchState.RUNNING).update(
            rated=False, unrated_reason=reason
        )
        match.rated, match.unrated_reason = False, reason
    return reason


def rating_fields(match: Match) -> dict[str, Any]:
    """What an ended match's view and API answer say of its rating: ``rated`` (it counts for
    its ladder) and ``unrated_reason`` in words ("" when rated): the stored reason of an early
    exit, or why the match never counted."""
    if match.state == MatchState.VOIDED:
        why = "Voided by staff: not rated."
    elif match.state == MatchState.ABORTED:
        why = "Aborted: not rated."
    elif match.rated and match.ladder_id:
        why = ""
    elif match.unrated_reason:
        why = match.unrated_reason
    elif not match.ladder_id:
        why = "Not played on a ladder: not rated."
    else:
        why = "Played as an unrated match: not rated."
    return {"rated": not why, "unrated_reason": why}
