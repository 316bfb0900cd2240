from django.contrib import admin

from tournaments.models import Entry, LogEntry, Round, Table, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["player"]
    fields = ["player", "state", "team", "checked_in", "joined_round", "dropped_after", "reason"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "format", "state", "current_round", "organiser", "created"]
    list_filter = ["state", "format", "game"]
    search_fields = ["name"]
    raw_id_fields = ["organiser", "winner"]
    inlines = [EntryInline]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "state", "source", "bye", "node", "match"]
    list_filter = ["state", "source"]
    raw_id_fields = ["round", "match"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "stage", "state", "created", "finished_at"]


@admin.register(LogEntry)
class LogEntryAdmin(admin.ModelAdmin):
    """Read-only: the log is append-only."""

    list_display = ["tournament", "action", "actor", "reason", "created"]
    list_filter = ["action"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
