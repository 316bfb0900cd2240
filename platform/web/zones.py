"""Every time on the site in the viewer's own zone: their profile's, else their browser's.

The browser's zone comes from a cookie that ``web/zone.js`` sets (``Intl`` knows it); the
middleware activates the zone with Django's :func:`django.utils.timezone.activate`, so templates
and forms show and read local times by themselves.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

#: The cookie ``web/zone.js`` sets to the browser's IANA zone.
COOKIE = "tz"


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
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
