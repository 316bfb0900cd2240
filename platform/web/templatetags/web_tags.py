"""Template helpers: game names, match seats, state badges and a generic observation view."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from engines.registry import UnknownGame, get_game
from gauntlet.times import LONG, SHORT, local_text
from matches import clock as clocks
from tournaments.pairing import ordinal as as_ordinal
from web.titles import page_title as title_of
from web.zones import zone_known

register = template.Library()


@register.filter
def game_name(slug: str) -> str:
    try:
        return get_game(slug).name
    except UnknownGame:
        return slug


@register.filter
def modes_text(holder: Any) -> str:
    """The optional rules a ladder's or tournament's engine options switch on, in words."""
    try:
        names = get_game(holder.game).describe_options(holder.options or {})
    except UnknownGame:
        return ""
    return ", ".join(names)


@register.filter
def clock_label(setting: Any) -> str:
    """A turn clock (``{"initial", "increment"}``, or a match's running clock) in the site's
    one format: "15 min + 30 s a turn" (see ``matches.clock.label``); "" for none."""
    return clocks.label(setting if isinstance(setting, dict) else None)


@register.filter(is_safe=True)
def page_title(page: str) -> str:
    """The page's ``<title>`` (see :mod:`web.titles`); the page's name arrives escaped."""
    return title_of(page)


#: States whose stored code does not read as a word on a badge.
BADGE_WORDS = {"check_in": "check-in open", "registration": "registration open"}


@register.filter
def state_badge(state: str) -> SafeString:
    """A state as a badge, in words ("check-in open", not ``check_in``)."""
    words = BADGE_WORDS.get(state, str(state).replace("_", " "))
    return format_html('<span class="badge state-{}">{}</span>', state, words)


@register.filter
def seat_names(match: Any) -> SafeString:
    """The seats of a match (prefetched ``seats__player``) as links, winners marked."""
    seats = list(match.seats.all())
    ended = match.state in ("finished", "voided")
    return format_html_join(
        ", ",
        '<a href="{}">{}</a>{}',
        (
            (
                reverse("web-player", args=[s.player.username]),
                s.player.public_name,
                mark_safe(' <span class="win" title="winner">★</span>')
                if ended and s.rank == 0
                else "",
            )
            for s in seats
        ),
    )


@register.filter
def percent(value: float) -> str:
    """A probability in words of a percentage (``ratings.uncertainty.percent_text``)."""
    from ratings.uncertainty import percent_text

    return percent_text(float(value))


@register.filter
def signed(value: float) -> str:
    return f"{value:+.2f}"


ORIGIN_WORDS = {
    "challenge": "a challenge",
    "matchmaker": "paired by the ladder queue",
    "closing-run": "scheduled by the ladder's closing run",
    "tournament": "a tournament match",
    "demo": "demo data",
    "demo-play": "demo data",
    "test": "a test match",
}


@register.filter
def origin_words(origin: str) -> str:
    """How a match came about, in words ("paired by the ladder queue", not ``matchmaker``)."""
    return ORIGIN_WORDS.get(origin, str(origin).replace("_", " ").replace("-", " "))


@register.simple_tag
def unread_notifications(user: Any) -> int:
    """The signed-in player's unread notifications (0 for anyone else), for the header."""
    if not getattr(user, "is_authenticated", False):
        return 0
    from players.inbox import unread_count

    return unread_count(user.pk)


@register.simple_tag
def pending_organiser_requests(user: Any) -> int:
    """How many requests to become an organiser wait (for staff; 0 for anyone else), for the
    header's link to them."""
    if not getattr(user, "is_staff", False):
        return 0
    from players.organisers import pending_count

    return pending_count()


def time_element(value: Any, fmt: str, brackets: bool = False, zone: str = "") -> SafeString:
    """``<time datetime="…">`` around :func:`gauntlet.times.local_text`'s text. A time in the
    viewer's zone (no ``zone``) carries its format, so that ``web/zone.js`` can write it in the
    browser's zone when the server did not know it (a first visit: the server's is UTC)."""
    if not value:
        return mark_safe("")
    moment = value.astimezone(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    text = local_text(value, fmt, zone or None, brackets)
    if zone:
        return format_html('<time datetime="{}">{}</time>', moment, text)
    return format_html(
        '<time datetime="{}" data-format="{}"{}>{}</time>',
        moment,
        fmt,
        mark_safe(" data-brackets") if brackets else "",
        text,
    )


@register.filter
def zoned(value: Any, fmt: str = SHORT) -> SafeString:
    """A time in the viewer's zone in ``fmt`` (Django's date format), the zone named:
    ``2026-12-01 19:00 Europe/Paris``; empty for no time."""
    return time_element(value, fmt)


@register.filter
def when(value: Any, zone: str = "") -> SafeString:
    """A time in the viewer's zone (or ``zone``), the zone named: ``Tue 1 Dec 2026, 19:00
    (Europe/Paris)``; empty for no time."""
    return time_element(value, LONG, brackets=True, zone=zone)


@register.filter
def ordinal(value: Any) -> str:
    """A place as people say it: 1 -> "1st", 3 -> "3rd", 12 -> "12th" (text left as it is)."""
    try:
        return as_ordinal(int(value))
    except (TypeError, ValueError):
        return "" if value is None else str(value)


@register.filter
def seat_position(key: Any) -> str:
    """A seat position of the matchup counts as people say it: "Seat 2" (the stored key) ->
    "2nd to play"; any other key as it is."""
    found = re.fullmatch(r"Seat (\d+)", str(key))
    return f"{as_ordinal(int(found.group(1)))} to play" if found else str(key)


@register.filter
def points(value: Any) -> str:
    """ "1 point", "3 points", "0 points"."""
    return f"{value} point" if value == 1 else f"{value} points"


@register.simple_tag
def zone_unknown_mark() -> SafeString:
    """`` data-zone-unknown`` on the page's ``<html>`` when the server does not know the
    viewer's zone (its times are UTC): ``web/zone.js`` then rewrites them in the browser's."""
    return mark_safe("" if zone_known() else " data-zone-unknown")


@register.filter
def in_sentence(title: Any) -> str:
    """A round's name inside a sentence: "Round 3" -> "round 3", "Semi-finals" -> "the
    semi-finals"."""
    from tournaments.naming import lower_first

    return lower_first(str(title)) if title else ""
