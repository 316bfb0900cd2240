"""What the event page shows of the night: the organiser's attention list ("Needs you now", each
item in words with its one action, and its own fragment that the page refreshes live), the
bulk-entry form and the round's clock."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from tournaments.attention import attention
from tournaments.errors import can_manage
from tournaments.models import Entry, LogEntry, State, Tournament
from tournaments.night import check_in_opens
from web.night_forms import BulkEntryForm, ExtendForm
from web.views.tournaments.display import entry_names
from web.zones import zone_known

WORDS = {
    "to_confirm": "one report in, waiting for the other player's confirmation",
    "disputed": "the players' reports disagree",
    "overdue": "time is up and the table has no result",
    "not_checked_in": "has not checked in",
    "no_show": "was dropped at the start for not checking in",
    "late_entry": "entered late: paired from round {round}",
    "guest_claim": "{person} says they are the guest {who}",
    "missing_deck": "has no deck registered",
    "illegal_deck": "has a deck that is no longer legal: {note}",
}


def confirm_words(entries: tuple[int, ...], guests: set[int]) -> str:
    """What a table with a report in waits for: the other player, the rest of a pod, or the
    organiser when a guest (who has no account to report with) plays there."""
    if guests & set(entries):
        return "a report is in; a guest plays here, so the organiser confirms it for them"
    if len(entries) > 2:
        return "reports are coming in, waiting for the other players of the pod"
    return WORDS["to_confirm"]


def attention_rows(
    t: Tournament, entries: list[Entry], names: dict[int, str]
) -> list[dict[str, Any]]:
    """The attention list as the page shows it: who or which table, what, the action
    (``entries``: the event's, with their players, partners and claimants)."""
    rows = []
    guests = {e.pk for e in entries if e.guest}
    for item in attention(t, entries=entries):
        who = " v ".join(names.get(e, "?") for e in item.entries)
        words = WORDS["illegal_deck" if item.kind == "missing_deck" and item.note else item.kind]
        if item.kind == "to_confirm":
            words = confirm_words(item.entries, guests)
        text = words.format(who=who, person=item.person, note=item.note, round=item.round_number)
        if item.table_id is not None:
            label = f"Table {item.table_number} ({who}): {text}"
        elif "{who}" in words:
            label = text
        elif item.kind == "missing_deck" and item.person:  # a team: whose deck
            label = f"{who}: {item.person} {text}"
        else:
            label = f"{who} {text}"
        rows.append({"item": item, "label": label})
    return rows


def attention_fragment(request: HttpRequest, t: Tournament, entries: list[Entry]) -> HttpResponse:
    """The "Needs you now" list alone (the page refreshes it live); managers only (a 403 with
    nothing in it for anyone else)."""
    if not can_manage(request.user, t):
        return HttpResponse(status=403)
    rows = attention_rows(t, entries, entry_names(entries))
    context = {"tournament": t, "attention": rows, "manager": True}
    return render(request, "web/tournaments/_attention.html", context)


def check_in_opened(t: Tournament) -> Any:
    """When check-in was actually opened (by the organiser or at its time by the sweep), from
    the event's log; None before it was."""
    if not t.check_in_required or t.state in (State.DRAFT, State.REGISTRATION):
        return None
    return (
        LogEntry.objects.filter(tournament=t, action="open_check_in")
        .order_by("created")
        .values_list("created", flat=True)
        .first()
    )


def night_context(
    t: Tournament, entries: list[Entry], names: dict[int, str], manager: bool, **bound: Any
) -> dict[str, Any]:
    """The page's night parts (the organiser's only for ``manager``)."""
    context: dict[str, Any] = {
        "check_in_opens": check_in_opens(t),
        "check_in_opened": check_in_opened(t),
        # The page names the event's own times when the viewer's zone differs, or is not known
        # yet (a first visit: web/zone.js writes the viewer's times in the browser's zone).
        "viewer_zone": timezone.get_current_timezone_name() if zone_known() else "",
    }
    context["claimable"] = [e for e in entries if e.guest]
    if not manager:
        return context
    context["attention"] = attention_rows(t, entries, names)
    late = t.state == State.RUNNING and t.current_round < t.late_entry_until_round
    if t.state in (State.REGISTRATION, State.CHECK_IN) or late:
        context["bulk_form"] = bound.get("bulk_form") or BulkEntryForm(prefix="bulk")
    context["extend_form"] = ExtendForm(prefix="extend")
    return context
