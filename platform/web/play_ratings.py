"""The play page's end-of-match rating changes: the seat's view (``matches.interactive``) with
each seat's change in words (``ratings.explain.match_changes``), for the page and its socket.

The matches app cannot reach the ratings app (it sits below it), so the web layer adds them.
"""

from __future__ import annotations

from typing import Any

from matches.models import Match
from ratings.explain import match_changes


def with_ratings(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` plus ``rated`` and ``ratings`` (one ``{"seat", "text", "why", ...}`` per rated
    seat) once the match has a result; a running match's view is returned as it is."""
    if not view.get("result"):
        return view
    match = Match.objects.filter(pk=view["match"]).only("pk", "rated", "ladder_id").first()
    rated = bool(match and match.rated and match.ladder_id)
    return {**view, "rated": rated, "ratings": match_changes(match) if rated else []}
