"""Times as the site writes them: the wall clock in a zone, then the zone's name.

One function for the site's template filters (``zoned`` and ``when`` in ``web_tags``) and the
Django admin's columns (:mod:`gauntlet.admin_mixins`), so that a time reads the same everywhere:
``2026-12-04 19:00 Europe/Berlin``, or ``Fri 4 Dec 2026, 19:00 (Europe/Berlin)``. The formats
are Django's date formats; ``web/zone.js`` knows the letters they use, to write the same text in
the browser's zone on a first visit.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo

from django.utils import timezone
from django.utils.dateformat import format as date_format

SHORT = "Y-m-d H:i"
"""Lists, logs and the admin: ``2026-12-04 19:00``."""

LONG = "D j M Y, H:i"
"""An event's times in sentences: ``Fri 4 Dec 2026, 19:00``."""


def as_zone(zone: dt.tzinfo | str | None) -> dt.tzinfo:
    """``zone`` as a tzinfo (an IANA name, a tzinfo, or None: the active zone)."""
    if zone is None or zone == "":
        return timezone.get_current_timezone()
    if isinstance(zone, str):
        return zoneinfo.ZoneInfo(zone)
    return zone


def zone_name(zone: dt.tzinfo) -> str:
    """A zone's IANA name (``Europe/Berlin``), or what it calls itself."""
    return getattr(zone, "key", None) or str(zone)


def local_text(
    value: dt.datetime,
    fmt: str = SHORT,
    zone: dt.tzinfo | str | None = None,
    brackets: bool = False,
) -> str:
    """``value`` (aware) as the wall clock in ``zone`` (default: the active zone, the viewer's)
    in the date format ``fmt``, the zone named after it: ``2026-12-04 19:00 Europe/Berlin``, or
    with ``brackets`` ``Fri 4 Dec 2026, 19:00 (Europe/Berlin)``."""
    tz = as_zone(zone)
    text = date_format(timezone.localtime(value, tz), fmt)
    name = zone_name(tz)
    return f"{text} ({name})" if brackets else f"{text} {name}"
