"""One validation of what arrives in a URL, before any view sees it.

A query parameter (or a path) with a NUL or another control character is refused with 400
naming the parameter: PostgreSQL refuses NUL in text, and no name, slug or date has one. Dates
in query parameters go through :func:`parse_moment`, which names the parameter whatever is wrong
(impossible day, offset beyond ±24 h, a moment outside years 1–9999 once in UTC). A number typed
in a parameter or a form (a round, an id, a count) goes through :func:`whole_number`:
``str.isdigit`` takes ``²`` and ``٣``, which ``int`` then refuses or reads (a 500 once).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.dateparse import parse_datetime

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Characters no parameter may hold (tab, line feed and carriage return are allowed)."""

ASCII_DIGITS = re.compile(r"[0-9]+")
LARGEST = 2**63 - 1
"""The largest whole number a database column (a 64-bit integer) holds."""

MOMENT_HELP = "an ISO 8601 date-time, e.g. 2026-11-30T12:00:00Z"


class BadParameter(ValueError):
    """A query parameter that cannot mean anything; ``name`` is the parameter."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"{name}: {message}")
        self.name, self.message = name, message


def bad_parameter(request: HttpRequest) -> BadParameter | None:
    """The first parameter of the query string (or the path) holding a control character."""
    if CONTROL.search(request.path):
        return BadParameter("path", "contains a control character (such as NUL)")
    for name, values in request.GET.lists():
        if CONTROL.search(name):
            return BadParameter(repr(name), "a parameter name with a control character (NUL)")
        if any(CONTROL.search(v) for v in values):
            return BadParameter(name, "contains a control character (such as NUL)")
    return None


def whole_number(text: str | None, largest: int = LARGEST) -> int | None:
    """``text`` as a whole number when it is ASCII digits only (no sign, no space, no ``²``) and
    at most ``largest``; otherwise None (the caller names the field)."""
    if not text or len(text) > len(str(largest)) or not ASCII_DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if value <= largest else None


def parse_moment(name: str, value: str) -> dt.datetime:
    """``value`` as a date-time in UTC (naive means UTC), or :class:`BadParameter` naming ``name``."""
    try:
        moment = parse_datetime(value)
    except ValueError as exc:  # well formed but impossible: 30 February, offset +99:00
        raise BadParameter(name, f"{exc}; {MOMENT_HELP}") from None
    if moment is None:
        raise BadParameter(name, MOMENT_HELP)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    try:  # in UTC: PostgreSQL knows offsets of at most 15:59 hours
        return moment.astimezone(dt.UTC)
    except OverflowError:
        raise BadParameter(name, "outside the years 1-9999 once in UTC") from None


class RefuseControlCharacters:
    """Middleware: a 400 naming the parameter for a control character anywhere in the URL."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        bad = bad_parameter(request)
        if bad is None:
            return self.get_response(request)
        text = f"{bad.name}: {bad.message}"
        if request.path.startswith("/api/"):
            error = {"status": 400, "code": "invalid", "message": text}
            error["fields"] = {bad.name: [bad.message]}
            return JsonResponse({"error": error}, status=400)
        return HttpResponse(
            f"Bad request - {text}", status=400, content_type="text/plain; charset=utf-8"
        )
