"""The tournaments' rows in the Django admin, view only: an event's state, entries, rounds,
tables, results, bracket and winner change through the site's actions, which write the event's
log (who, why, what changed); each page says where, with a link."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.urls import reverse

from gauntlet.admin_mixins import AuditedAdmin, AuditedInline
from tournaments.models import Entry, LogEntry, Report, Round, Table, Tournament


def event_page(tournament_id: int) -> str:
    return reverse("web-tournament", args=[tournament_id])


class EntryInline(AuditedInline):
    model = Entry
    fields = ["player", "state", "team", "checked_in", "joined_round", "dropped_after", "reason"]
    show_change_link = True


class EventRows(AuditedAdmin):
    """A row of one event: its page is the event's, and the list's the site's tournaments."""

    def site_page(self, obj: Any) -> str | None:
        return event_page(obj.tournament_id)

    def site_list(self) -> str | None:
        return reverse("web-tournaments")


@admin.register(Tournament)
class TournamentAdmin(EventRows):
    audit_note = (
        "A tournament's settings, steps, entries and results change on its page on the site, "
        "which logs who, why and what changed"
    )
    list_display = ["name", "game", "format", "state", "current_round", "organiser", "created"]
    list_filter = ["state", "format", "game"]
    search_fields = ["name"]
    inlines = [EntryInline]

    def site_page(self, obj: Any) -> str | None:
        return event_page(obj.pk)


@admin.register(Entry)
class EntryAdmin(EventRows):
    audit_note = (
        "Entries are dropped, disqualified, reinstated or withdrawn on the event's page, which "
        "logs who, why and what changed"
    )
    list_display = ["player", "tournament", "state", "team", "checked_in", "created"]
    list_filter = ["state"]
    search_fields = ["player__username", "tournament__name"]
    list_select_related = ["player", "tournament"]


@admin.register(Round)
class RoundAdmin(EventRows):
    audit_note = "Rounds are paired, timed and closed from the event's page, which logs each step"
    list_display = ["__str__", "stage", "state", "deadline", "created", "finished_at"]


@admin.register(Table)
class TableAdmin(EventRows):
    audit_note = (
        "Results are corrected on the event's table page, which logs who, why and what changed"
    )
    list_display = ["__str__", "state", "source", "bye", "node", "match", "finished_at"]
    list_filter = ["state", "source"]

    def site_page(self, obj: Any) -> str | None:
        return reverse("web-tournament-table", args=[obj.round.tournament_id, obj.pk])


@admin.register(Report)
class ReportAdmin(EventRows):
    audit_note = (
        "Players report on their table's page; the organiser settles a disagreement there, "
        "which logs who, why and what changed"
    )
    list_display = ["__str__", "by", "created"]

    def site_page(self, obj: Any) -> str | None:
        return reverse("web-tournament-table", args=[obj.entry.tournament_id, obj.table_id])


@admin.register(LogEntry)
class LogEntryAdmin(EventRows):
    """The log is append-only."""

    audit_note = "The event's log is append-only: each organiser action on the site adds to it"
    list_display = ["tournament", "action", "actor", "reason", "created"]
    list_filter = ["action"]
