"""The one error the tournament services raise, the reason an organiser's decision needs, and who
may manage an event."""

from __future__ import annotations

from typing import Any


class TournamentError(Exception):
    """A refused request: ``status`` is the HTTP status to answer with, ``field`` what was wrong.

    Raised before anything is written (or inside a transaction that then rolls back), so a
    refused request changes nothing.
    """

    def __init__(self, message: str, *, status: int = 400, field: str = "non_field_errors"):
        super().__init__(message)
        self.message = message
        self.status = status
        self.field = field


def conflict(message: str) -> TournamentError:
    return TournamentError(message, status=409)


def forbidden(message: str) -> TournamentError:
    return TournamentError(message, status=403)


def need_reason(reason: str) -> str:
    """The reason of an organiser's decision, stripped; a 400 naming ``reason`` when blank (it
    goes into the audit log)."""
    reason = (reason or "").strip()
    if not reason:
        raise TournamentError("Give a reason: it goes into the audit log.", field="reason")
    return reason


def can_manage(user: Any, tournament: Any) -> bool:
    """The organiser of the event and staff (admins) manage it; nobody else."""
    if user is None or not user.is_authenticated:
        return False
    return user.pk == tournament.organiser_id or user.is_admin


def require_manager(user: Any, tournament: Any) -> None:
    if not can_manage(user, tournament):
        raise forbidden("Only the organiser of this tournament and staff may do that.")
