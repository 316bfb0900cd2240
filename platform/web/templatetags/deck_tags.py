"""Deck snippets shared by pages: a player's published deck lists."""

from __future__ import annotations

from typing import Any

from django import template

from decks.models import DeckVersion
from engines.decks import get_deck_format

register = template.Library()

PUBLIC_DECKS_SHOWN = 20


@register.inclusion_tag("web/decks/_public_decks.html")
def public_decks(person: Any) -> dict[str, Any]:
    """The deck versions of ``person`` that organisers published (newest first), one query."""
    versions = list(
        DeckVersion.objects.filter(deck__owner=person, published=True)
        .select_related("deck")
        .defer("data", "text")
        .order_by("-created")[:PUBLIC_DECKS_SHOWN]
    )
    for version in versions:
        version.game_name = get_deck_format(version.deck.game).name
    return {"versions": versions}
