"""Matches in the Django admin, view only: a match is voided or corrected on its page on the site
(the staff's audit section), which writes the match audit log; the "verify" action replays."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.urls import reverse

from gauntlet.admin_mixins import AuditedAdmin, AuditedInline
from matches import audit
from matches.models import AuditEntry, Match, MatchAttempt, MatchSeat


class SeatInline(AuditedInline):
    model = MatchSeat
    fields = ("seat", "player", "bot", "team", "rank", "score")


class AttemptInline(AuditedInline):
    model = MatchAttempt
    fields = (
        "task_id",
        "worker",
        "started_at",
        "heartbeat",
        "ended_at",
        "outcome",
        "error",
    )


class MatchRows(AuditedAdmin):
    audit_note = (
        "Matches are voided or corrected on the match's page on the site (staff), which writes "
        "the match audit log: who, why, before and after"
    )

    def site_page(self, obj: Any) -> str | None:
        return reverse("web-match", args=[obj.match_id])

    def site_list(self) -> str | None:
        return reverse("web-matches")


@admin.register(Match)
class MatchAdmin(MatchRows):
    """Filter matches; the "verify" action replays them. Void and correct go through the site's
    match page or the API (``/api/audit/matches/<id>/void|correct/``), so a reason is always
    recorded."""

    list_display = ("id", "game", "ladder", "state", "origin", "created", "finished_at", "verified")
    list_filter = ("game", "state", "ladder", "origin", "created")
    search_fields = ("id", "seats__player__username")
    date_hierarchy = "created"
    inlines = [SeatInline, AttemptInline]
    actions = ["verify_selected"]

    def site_page(self, obj: Any) -> str | None:
        return reverse("web-match", args=[obj.pk])

    @admin.display(boolean=True, description="reproduces")
    def verified(self, match: Match) -> bool | None:
        return None if match.verification is None else bool(match.verification.get("ok"))

    @admin.action(description="Replay-verify the selected matches")
    def verify_selected(self, request, queryset):
        good, bad = 0, []
        for match in queryset:
            try:
                report = audit.verify(match)
            except audit.AuditError:
                continue
            if report.ok:
                good += 1
            else:
                bad.append(f"{match.pk} ({report.message})")
        self.message_user(request, f"{good} reproduce", messages.SUCCESS)
        if bad:
            self.message_user(request, "diverge: " + "; ".join(bad), messages.ERROR)


@admin.register(AuditEntry)
class AuditEntryAdmin(MatchRows):
    """The match audit log is append-only."""

    audit_note = (
        "The match audit log is append-only: each void or correction on the match's page adds to it"
    )
    list_display = ("created", "match", "actor", "action", "reason")
    list_filter = ("action",)
