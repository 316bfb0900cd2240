"""Decks and catalogues in the Django admin. A deck version used in a match or registered for an
event (frozen) is view only and cannot be deleted, nor can a deck that has one: its owner saves
a new version on the site."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.urls import reverse

from decks.models import Card, CatalogueVersion, Deck, DeckRecheck, DeckVersion, RecheckRun
from gauntlet.admin_mixins import AuditedInline, AuditNote, ZonedAdmin


@admin.register(CatalogueVersion)
class CatalogueVersionAdmin(ZonedAdmin):
    list_display = ("game", "number", "effective_from", "source", "loaded_at", "loaded_by")
    list_filter = ("game",)
    readonly_fields = ("game", "number", "source", "digest", "rows", "loaded_at", "loaded_by")
    exclude = ()

    def has_add_permission(self, request) -> bool:
        return False  # load versions with `manage.py load_catalogue` (it re-checks decks)


@admin.register(Card)
class CardAdmin(ZonedAdmin):
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


class DeckVersionInline(AuditedInline):
    """The versions, view only: an unused one is changed on its own page."""

    model = DeckVersion
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
    show_change_link = True


@admin.register(Deck)
class DeckAdmin(ZonedAdmin):
    list_display = ("name", "game", "owner", "archived", "updated")
    list_filter = ("game", "archived")
    search_fields = ("name", "owner__username")
    raw_id_fields = ("owner",)
    inlines = [DeckVersionInline]


@admin.register(DeckVersion)
class DeckVersionAdmin(AuditNote, ZonedAdmin):
    """A frozen version (used in a match, or locked by a registration) is view only and stays;
    an unused one may still be changed or deleted."""

    audit_note = (
        "A version used in a match or registered for an event never changes and is never "
        "deleted: its owner saves a new version of the deck on the site"
    )
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

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return not (obj is not None and obj.frozen) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return not (obj is not None and obj.frozen) and super().has_delete_permission(request, obj)

    def site_page(self, obj: Any) -> str | None:
        return reverse("web-deck-version", args=[obj.pk])


@admin.register(RecheckRun)
class RecheckRunAdmin(ZonedAdmin):
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
class DeckRecheckAdmin(ZonedAdmin):
    list_display = ("version", "owner", "catalogue", "was_legal", "legal", "total_value", "created")
    list_filter = ("legal", "was_legal", "catalogue")
    search_fields = ("owner__username", "version__deck__name")
    readonly_fields = [f.name for f in DeckRecheck._meta.fields]
