"""The one place that decides whether a failure during a match is a bot's or the platform's.

A bot that raises, answers an illegal action or overruns its per-move budget forfeits (the
engine records it). Anything in :data:`PLATFORM_ERRORS` — the task's time limit firing inside a
bot's move, the database or broker gone, the machine out of memory — is the platform's: no
result is recorded, the attempt is marked failed and the reaper plays the match again; after
:data:`MAX_PLATFORM_FAILURES` such attempts the match is given up (aborted, never rated) and an
entry in the audit log says why.
"""

from __future__ import annotations

from billiard.exceptions import SoftTimeLimitExceeded
from django.db import DatabaseError, InterfaceError, transaction
from kombu.exceptions import OperationalError as BrokerError

from matches.models import AttemptOutcome, AuditEntry, Match, MatchAttempt, MatchState

PLATFORM_ERRORS: tuple[type[BaseException], ...] = (
    SoftTimeLimitExceeded,
    DatabaseError,
    InterfaceError,
    BrokerError,
    MemoryError,
    ConnectionError,
)
"""Errors that are never a bot's fault, wherever in the match they are raised."""

MAX_PLATFORM_FAILURES = 3
"""Failed attempts after which a match is given up rather than played again."""


def is_platform_fault(exc: BaseException) -> bool:
    """True when ``exc`` is the platform's failure, not a bot's or an engine's."""
    return isinstance(exc, PLATFORM_ERRORS)


def give_up_if_exhausted(match_id: int) -> bool:
    """Abort the match (unrated, listed in the audit log) once it has failed
    :data:`MAX_PLATFORM_FAILURES` times; True when it did."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.state not in (MatchState.SCHEDULED, MatchState.RUNNING):
            return False
        failed = list(
            MatchAttempt.objects.filter(match_id=match_id, outcome=AttemptOutcome.FAILED)
            .order_by("started_at")
            .values_list("error", flat=True)
        )
        if len(failed) < MAX_PLATFORM_FAILURES:
            return False
        before = {"state": match.state, "rated": match.rated}
        Match.objects.filter(pk=match_id).update(state=MatchState.ABORTED, rated=False)
        AuditEntry.objects.create(
            match=match,
            actor=None,
            action="gave up",
            reason=(
                f"{len(failed)} attempts failed for reasons of the platform, not of a bot; "
                f"the last: {failed[-1][:500]}"
            ),
            before=before,
            after={"state": MatchState.ABORTED, "rated": False},
        )
        return True
