from django.contrib import admin, messages

from matches import audit
from matches.models import AuditEntry, Match, MatchAttempt, MatchSeat


class SeatInline(admin.TabularInline):
    model = MatchSeat
    extra = 0
    raw_id_fields = ("player",)
    readonly_fields = ("seat", "player", "bot", "team", "rank", "score")


class AttemptInline(admin.TabularInline):
    model = MatchAttempt
    extra = 0
    readonly_fields = (
        "task_id",
        "worker",
        "started_at",
        "heartbeat",
        "ended_at",
        "outcome",
        "error",
    )


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Filter matches; the "verify" action replays them. Void and correct go through the API
    (``/api/audit/matches/<id>/void|correct/``) so a reason is always recorded."""

    list_display = ("id", "game", "ladder", "state", "origin", "created", "finished_at", "verified")
    list_filter = ("game", "state", "ladder", "origin", "created")
    search_fields = ("id", "seats__player__username")
    date_hierarchy = "created"
    inlines = [SeatInline, AttemptInline]
    readonly_fields = [f.name for f in Match._meta.fields]
    actions = ["verify_selected"]

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
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("created", "match", "actor", "action", "reason")
    list_filter = ("action",)
    readonly_fields = ("match", "actor", "action", "reason", "before", "after", "created")

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
