from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from players.models import ApiToken, Player


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
