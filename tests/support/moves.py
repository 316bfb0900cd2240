"""Playing the first moves of a match with people's seats, as the people would (through
``matches.interactive``), so a test can resign before or after every side has moved."""

from __future__ import annotations

from typing import Any

from matches import interactive
from matches.early_exit import actions_per_seat, moves_before_rated
from matches.models import Match


def to_act(match: Match) -> int:
    """The seat to act now."""
    game, state = interactive.game_state(match)
    return game.to_act(state)


def own_actions(match: Match, upto: int = 10**6) -> list[int]:
    """How many actions each seat of ``match`` has taken so far."""
    game, _ = interactive.game_state(match)
    return actions_per_seat(
        game,
        match.seed,
        match.seats.count(),
        match.decks,
        match.options,
        match.actions,
        upto,
    )


def play_one(match: Match, people: list[Any], avoid: str = "") -> None:
    """The seat to act plays its first legal action (the first whose label does not start with
    ``avoid``, when there is one); ``match`` is refreshed."""
    seat = to_act(match)
    legal = interactive.view_for(match, seat)["legal"]
    chosen = next((e for e in legal if not (avoid and e["label"].startswith(avoid))), legal[0])
    interactive.submit_action(match.pk, people[seat], chosen["action"], len(match.actions))
    match.refresh_from_db()


def play_until_each_moved(match: Match, people: list[Any], limit: int = 200) -> None:
    """Play first legal actions until every seat has made the moves its game asks before a
    forfeit is rated (:func:`matches.early_exit.moves_before_rated`)."""
    needed = moves_before_rated(match.game)
    for _ in range(limit):
        if min(own_actions(match, needed)) >= needed:
            return
        play_one(match, people)
    raise AssertionError(f"every seat had not moved after {limit} actions")
