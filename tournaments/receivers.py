"""What the tournaments app does when matches finish or an admin reopens one."""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError, transaction

log = logging.getLogger(__name__)


def on_matches_finished(sender: Any, matches: Any, **kwargs: Any) -> None:
    """Record the results of tournament matches, inside the transaction that finishes them.

    A database error propagates (the finish rolls back and the match task retries); anything
    else is logged and leaves the table waiting, where the organiser can settle it (a timeout
    award): a tournament never fails a match.
    """
    if not any(m.origin == "tournament" for m in matches):
        return
    from tournaments.results import record_finished_matches

    try:
        with transaction.atomic():
            record_finished_matches(matches)
    except DatabaseError:
        raise
    except Exception:
        log.exception("recording tournament results of matches %s failed", [m.pk for m in matches])


def on_match_reopened(sender: Any, match: Any, action: str = "", **kwargs: Any) -> None:
    """An admin voided or corrected a tournament match: bring its table along, logged."""
    if match.origin != "tournament":
        return
    from tournaments import live
    from tournaments.audit import log as audit_log
    from tournaments.models import Table, TableState
    from tournaments.results import engine_result

    table = Table.objects.filter(match=match).select_related("round__tournament").first()
    if table is None:
        return
    t = table.round.tournament
    before = {"state": table.state, "result": table.result}
    if action == "void":
        if table.node is not None:
            audit_log(
                t, None, "match_voided", "an admin voided the match; award it", table=table.pk
            )
            return
        table.state = TableState.VOID
        table.result = None
    else:
        table.result = engine_result(table, match)
        table.state = TableState.FINAL
    table.source = "admin"
    table.save(update_fields=["state", "result", "source"])
    live.table_final(table)
    audit_log(
        t,
        None,
        f"match_{action or 'reopened'}",
        "",
        table=table.pk,
        before=before,
        after={"state": table.state, "result": table.result},
    )
