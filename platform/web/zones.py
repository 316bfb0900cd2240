"""Every time on the site in the viewer's own zone: their profile's, else their browser's.

The browser's zone comes from a cookie that ``web/zone.js`` sets (``Intl`` knows it); the
middleware activates the zone with Django's :func:`django.utils.timezone.activate`, so templates
and forms show and read local times by themselves. Before the cookie exists (a first visit, no
profile zone) the server writes UTC, named, and marks the page (:func:`zone_known` is false):
``zone.js`` then rewrites each time of the viewer's (``<time data-format>``) in the browser's zone.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from asgiref.local import Local
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

#: The cookie ``web/zone.js`` sets to the browser's IANA zone.
COOKIE = "tz"

# Whether this request's viewer has a zone (per request, like Django's active zone).
_request = Local()


def viewer_zone(request: HttpRequest) -> zoneinfo.ZoneInfo | None:
    """The zone to show ``request``'s viewer times in (None: the site's, UTC)."""
    user = getattr(request, "user", None)
    for name in (getattr(user, "time_zone", "") or "", request.COOKIES.get(COOKIE, "")):
        if name:
            try:
                return zoneinfo.ZoneInfo(name)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                continue
    return None


class ViewerTimeZone:
    """Activate the viewer's zone for the request (after the authentication middleware)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone = viewer_zone(request)
        if zone is None:
            timezone.deactivate()
        else:
            timezone.activate(zone)
        _request.zone_known = zone is not None
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
            _request.zone_known = True


def zone_known() -> bool:
    """The viewer's zone is known in this request (their profile's or their browser's cookie):
    false on a first visit, when the times are written in UTC for ``zone.js`` to rewrite. Outside
    a request (a task, a test rendering a template), true: nothing is rewritten."""
    return getattr(_request, "zone_known", True)
