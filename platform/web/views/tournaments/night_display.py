"""What the event page shows of the night: the organiser's attention list (each item in words,
with its one action), the bulk-entry form and the round's clock."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from tournaments.attention import attention
from tournaments.models import Entry, State, Tournament
from tournaments.night import check_in_opens
from web.night_forms import BulkEntryForm, ExtendForm
from web.zones import zone_known

WORDS = {
    "to_confirm": "one report in, waiting for the other player's confirmation",
    "disputed": "the players' reports disagree",
    "overdue": "time is up and the table has no result",
    "not_checked_in": "has not checked in",
    "no_show": "was dropped at the start for not checking in",
}


def attention_rows(t: Tournament, names: dict[int, str]) -> list[dict[str, Any]]:
    """The attention list as the page shows it: who or which table, what, the action."""
    rows = []
    for item in attention(t):
        who = " v ".join(names.get(e, "?") for e in item.entries)
        if item.table_id is not None:
            label = f"Table {item.table_number} ({who}): {WORDS[item.kind]}"
        else:
            label = f"{who} {WORDS[item.kind]}"
        rows.append({"item": item, "label": label})
    return rows


def night_context(
    t: Tournament, entries: list[Entry], names: dict[int, str], manager: bool, **bound: Any
) -> dict[str, Any]:
    """The page's night parts (the organiser's only for ``manager``)."""
    context: dict[str, Any] = {
        "check_in_opens": check_in_opens(t),
        # The page names the event's own times when the viewer's zone differs, or is not known
        # yet (a first visit: web/zone.js writes the viewer's times in the browser's zone).
        "viewer_zone": timezone.get_current_timezone_name() if zone_known() else "",
    }
    context["claimable"] = [e for e in entries if e.guest]
    if not manager:
        return context
    context["attention"] = attention_rows(t, names)
    context["claims"] = [e for e in entries if e.guest and e.claim_id]
    late = t.state == State.RUNNING and t.current_round < t.late_entry_until_round
    if t.state in (State.REGISTRATION, State.CHECK_IN) or late:
        context["bulk_form"] = bound.get("bulk_form") or BulkEntryForm(prefix="bulk")
    context["extend_form"] = ExtendForm(prefix="extend")
    return context
