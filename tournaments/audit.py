"""The organiser audit log: every organiser (or staff) action, appended, never edited."""

from __future__ import annotations

from typing import Any

from tournaments.models import LogEntry, Tournament


def log(
    tournament: Tournament, actor: Any, action: str, reason: str = "", **detail: Any
) -> LogEntry:
    """Append one entry (``actor`` None: the platform itself, e.g. automation)."""
    return LogEntry.objects.create(
        tournament=tournament,
        actor=actor if actor is not None and getattr(actor, "pk", None) else None,
        action=action,
        reason=reason,
        detail=detail,
    )
