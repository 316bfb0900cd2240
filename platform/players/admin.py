from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from players.models import ApiToken, OrganiserRequest, Player


@admin.register(Player)
class PlayerAdmin(UserAdmin):
    list_display = ("username", "display_name", "email", "country", "role", "is_bot", "is_active")
    list_filter = ("role", "is_bot", "is_active", "country")
    search_fields = ("username", "display_name", "email")
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Gauntlet", {"fields": ("display_name", "country", "role", "is_bot")}),
    )


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("user", "name", "token_key", "created", "expiry", "last_used")
    search_fields = ("user__username", "name", "token_key")
    readonly_fields = ("digest", "token_key", "created", "last_used")
    raw_id_fields = ("user",)


@admin.register(OrganiserRequest)
class OrganiserRequestAdmin(admin.ModelAdmin):
    """Read here; decided on ``/staff/organisers/`` or with ``manage.py organisers`` (which
    give the role and tell the person)."""

    list_display = ("player", "state", "venue", "created", "decided_by", "decided_at")
    list_filter = ("state", "venue")
    search_fields = ("player__username", "player__display_name", "reason", "answer")
    readonly_fields = (
        "player",
        "reason",
        "venue",
        "state",
        "decided_by",
        "decided_at",
        "answer",
        "created",
    )

    def has_add_permission(self, request) -> bool:
        return False
