from django.contrib import admin

from ratings.models import BotProfile, Ladder, QueueEntry, Rating, RatingChange


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    list_display = (
        "slug",
        "name",
        "game",
        "seats",
        "team_size",
        "draw_probability",
        "active",
        "bot_arena",
        "last_sequence",
    )
    list_filter = ("game", "active", "bot_arena")
    search_fields = ("slug", "name", "game")
    readonly_fields = ("last_sequence", "created")


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """Current ratings: derived from the changes (recompute_ratings rebuilds them), so read-only."""

    list_display = (
        "player",
        "ladder",
        "conservative",
        "mu",
        "sigma",
        "games",
        "wins",
        "last_active",
    )
    list_filter = ("ladder",)
    search_fields = ("player__username",)
    list_select_related = ("player", "ladder")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    """Immutable: every rating change with its match, in ladder order."""

    list_display = (
        "ladder",
        "sequence",
        "match",
        "player",
        "rank",
        "mu_before",
        "mu_after",
        "sigma_after",
        "backend",
        "created",
    )
    list_filter = ("ladder", "backend")
    search_fields = ("player__username", "match__id")
    list_select_related = ("player", "ladder", "match")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(QueueEntry)
class QueueEntryAdmin(admin.ModelAdmin):
    list_display = ("ladder", "player", "bot", "joined_at", "queued_by")
    list_filter = ("ladder",)
    search_fields = ("player__username",)
    raw_id_fields = ("player", "queued_by")


@admin.register(BotProfile)
class BotProfileAdmin(admin.ModelAdmin):
    list_display = ("player", "game", "spec", "owner", "created")
    list_filter = ("game",)
    search_fields = ("player__username", "owner__username")
    raw_id_fields = ("player", "owner")
