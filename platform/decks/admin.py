from django.contrib import admin

from decks.models import Card, CatalogueVersion, Deck, DeckRecheck, DeckVersion, RecheckRun


@admin.register(CatalogueVersion)
class CatalogueVersionAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "effective_from", "source", "loaded_at", "loaded_by")
    list_filter = ("game",)
    readonly_fields = ("game", "number", "source", "digest", "rows", "loaded_at", "loaded_by")
    exclude = ()

    def has_add_permission(self, request) -> bool:
        return False  # load versions with `manage.py load_catalogue` (it re-checks decks)


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "faction",
        "kind",
        "value",
        "budget_value",
        "legendary",
        "individual_limit",
        "banned",
        "catalogue",
    )
    list_filter = ("catalogue", "faction", "kind", "legendary", "banned")
    search_fields = ("name",)

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class DeckVersionInline(admin.TabularInline):
    model = DeckVersion
    extra = 0
    can_delete = False
    fields = (
        "number",
        "is_current",
        "legal",
        "total_value",
        "catalogue",
        "used_at",
        "locked_reason",
        "published",
    )
    readonly_fields = ("number", "is_current", "legal", "total_value", "catalogue", "used_at")
    show_change_link = True


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "owner", "archived", "updated")
    list_filter = ("game", "archived")
    search_fields = ("name", "owner__username")
    raw_id_fields = ("owner",)
    inlines = [DeckVersionInline]


@admin.register(DeckVersion)
class DeckVersionAdmin(admin.ModelAdmin):
    list_display = (
        "deck",
        "number",
        "is_current",
        "legal",
        "total_value",
        "catalogue",
        "used_at",
        "locked_reason",
        "published",
    )
    list_filter = ("legal", "is_current", "published", "deck__game")
    search_fields = ("deck__name", "deck__owner__username")
    readonly_fields = (
        "deck",
        "number",
        "data",
        "text",
        "problems",
        "created",
        "is_current",
        "catalogue",
        "legal",
        "total_value",
        "violations",
        "checked_at",
        "used_at",
    )


@admin.register(RecheckRun)
class RecheckRunAdmin(admin.ModelAdmin):
    list_display = (
        "game",
        "catalogue",
        "started",
        "finished",
        "checked",
        "now_illegal",
        "now_legal",
        "changed",
        "superseded",
    )
    list_filter = ("game",)
    readonly_fields = [f.name for f in RecheckRun._meta.fields]


@admin.register(DeckRecheck)
class DeckRecheckAdmin(admin.ModelAdmin):
    list_display = ("version", "owner", "catalogue", "was_legal", "legal", "total_value", "created")
    list_filter = ("legal", "was_legal", "catalogue")
    search_fields = ("owner__username", "version__deck__name")
    readonly_fields = [f.name for f in DeckRecheck._meta.fields]
