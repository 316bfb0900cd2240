"""Rematch: a finished match played again by the same players, seats rotated.

The new match has the same game, ladder, engine options, turn clock, decks (each player keeps
the deck they played) and rating setting (a match left unrated by an early exit, see
``matches.early_exit``, was meant to be rated: its rematch is); each player moves one seat on
(two players swap).
Against bots it starts at once; against a person it is a challenge to them
(:mod:`ratings.person_challenges`, the challenger in the seat the rotation gives them), which they
accept or decline like any other. A match not finished, one the user did not play in, or a
tournament table is refused with :class:`ChallengeRefused` (nothing is written then).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from matches.models import Match, MatchState
from ratings.errors import ChallengeRefused


@dataclass(frozen=True)
class Rematch:
    """The new match and whether it started (bots) or waits for a person's answer."""

    match: Match
    started: bool


def rotated(items: list[Any]) -> list[Any]:
    """Each seat's item moved one seat on: the last seat's comes first (two seats swap)."""
    return [items[-1], *items[:-1]] if items else []


def _options(match: Match) -> dict[str, Any] | None:
    """The original match's engine options and turn clock setting."""
    options = dict(match.options or {})
    if match.clock:
        options["clock"] = {k: match.clock[k] for k in ("initial", "increment")}
    return options or None


def rematch(match_id: int, user: Any) -> Rematch:
    """Play finished match ``match_id`` again with ``user``'s opponents, seats rotated."""
    from engines.base import BadSetup
    from matches.scheduling import SeatSpec, schedule_match
    from ratings.person_challenges import create as challenge_person

    match = Match.objects.select_related("ladder").filter(pk=match_id).first()
    if match is None:
        raise ChallengeRefused(f"No match {match_id}.", status=404)
    seats = list(match.seats.select_related("player").order_by("seat"))
    if not any(s.player_id == user.pk and not s.bot for s in seats):
        raise ChallengeRefused(f"You did not play in match {match_id}.", status=403)
    if match.origin == "tournament":
        raise ChallengeRefused(
            "A tournament table is paired by the tournament: it has no rematch.", status=409
        )
    if match.state != MatchState.FINISHED:
        raise ChallengeRefused(
            f"Match {match_id} is {match.get_state_display().lower()}: a rematch follows a "
            "finished match.",
            status=409,
        )
    if match.ladder is None:
        raise ChallengeRefused(f"Match {match_id} was not played on a ladder.", status=409)
    decks = rotated(list(match.decks)) if match.decks else [None] * len(seats)
    rated = match.rated or bool(match.unrated_reason)  # the setting, before any early exit
    order = rotated(seats)
    people = [s for s in order if not s.bot and s.player_id != user.pk]
    if not people:
        try:
            new = schedule_match(
                match.game,
                [SeatSpec(s.player, s.bot, s.team, d) for s, d in zip(order, decks, strict=True)],
                ladder=match.ladder,
                options=_options(match),
                origin="challenge",
                created_by=user,
                rated=rated,
            )
        except BadSetup as exc:
            raise ChallengeRefused(f"The engine refused the rematch: {exc}") from None
        return Rematch(new, started=True)
    if len(seats) != 2:
        raise ChallengeRefused("A rematch between people is for two-player matches.", status=409)
    seat = next(i for i, s in enumerate(order) if s.player_id == user.pk)
    new = challenge_person(
        match.ladder,
        user,
        people[0].player,
        clock=_options(match).get("clock") if match.clock else None,
        rated=rated,
        challenger_seat=seat,
        decks=decks,
    )
    return Rematch(new, started=False)
