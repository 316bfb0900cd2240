"""Throttles shared by the API and the pages, on DRF's throttle machinery (so both count the
client the same way, ``REST_FRAMEWORK["NUM_PROXIES"]`` deciding which address is the client's)."""

from __future__ import annotations

from typing import Any

from rest_framework.throttling import SimpleRateThrottle


class LoginThrottle(SimpleRateThrottle):
    """Sign-in attempts per client address (the ``login`` rate), for the web form and the API."""

    scope = "login"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def login_refused(request: Any) -> int | None:
    """Seconds to wait when ``request`` is one sign-in attempt too many, else ``None``
    (counts the attempt)."""
    throttle = LoginThrottle()
    if throttle.allow_request(request, None):
        return None
    return int(throttle.wait() or 1)
