"""The rating part of a result table, for the play page (the seat's view from
``matches.interactive``, page and socket) and the match page: each seat's change in words
(``ratings.explain.match_changes``), and the notes under the table: why the match was not rated
(an early exit, ``matches.early_exit``), or why a rating moved against the result (a loss that
raised it: TrueSkill grew surer of the player).

The matches app cannot reach the ratings app (it sits below it), so the web layer adds them.
"""

from __future__ import annotations

from typing import Any

from matches.early_exit import rating_fields
from matches.models import Match
from ratings.explain import match_changes


def rating_notes(rated: bool, why_not: str, changes: list[dict[str, Any]]) -> list[str]:
    """The sentences under a result table: why it was not rated, or each rating that moved
    against the result, explained with its numbers."""
    if not rated:
        return [why_not]
    return [c["note"] for c in changes if c["note"]]


def with_ratings(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` plus ``ratings`` (one ``{"seat", "text", "why", "note", ...}`` per rated seat)
    and ``rating_notes`` once the match has a result (its ``rated`` and ``unrated_reason`` come
    with the view); a running match's view is returned as it is."""
    if not view.get("result"):
        return view
    match = Match.objects.filter(pk=view["match"]).first()
    if match is None:
        return view
    fields = rating_fields(match)
    changes = match_changes(match, view.get("seat")) if fields["rated"] else []
    notes = rating_notes(fields["rated"], fields["unrated_reason"], changes)
    return {**view, **fields, "ratings": changes, "rating_notes": notes}


def match_ratings(match: Match, user: Any) -> dict[str, Any] | None:
    """The match page's ratings of an ended match: ``{"rated", "changes", "notes"}``, the
    notes addressed to ``user`` when they played a seat; ``None`` before the end, or for a
    match of no ladder (nothing to say)."""
    if not match.seed_revealed or not match.ladder_id:
        return None
    fields = rating_fields(match)
    you = None
    if getattr(user, "is_authenticated", False):
        you = next(
            (s.seat for s in match.seats.all() if s.player_id == user.pk and not s.bot), None
        )
    changes = match_changes(match, you) if fields["rated"] else []
    notes = rating_notes(fields["rated"], fields["unrated_reason"], changes)
    return {"rated": fields["rated"], "changes": changes, "notes": notes}
