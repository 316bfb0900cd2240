"""``{% featured_tournaments %}``: the running and upcoming tournaments (the home page's block)."""

from __future__ import annotations

from typing import Any

from django import template
from django.db.models import Count, Q

from tournaments.models import State, Tournament
from tournaments.values import IN_EVENT

register = template.Library()


@register.inclusion_tag("web/tournaments/_featured.html")
def featured_tournaments(limit: int = 6) -> dict[str, Any]:
    """Running events first, then those open for registration or check-in (two queries)."""
    qs = (
        Tournament.objects.select_related("organiser")
        .annotate(entrants=Count("entries", filter=Q(entries__state__in=IN_EVENT)))
        .order_by("-created", "-pk")
    )
    return {
        "running": list(qs.filter(state=State.RUNNING)[:limit]),
        "upcoming": list(qs.filter(state__in=(State.REGISTRATION, State.CHECK_IN))[:limit]),
    }
