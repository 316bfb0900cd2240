"""The Content-Security-Policy of every response (django-csp), and where it is relaxed.

The site's own pages load scripts, styles and sockets from the site alone and have no inline
script or style: ``default-src 'self'`` holds them. Two kinds of page are not the site's own
making and get a wider policy from :class:`RelaxedPolicyFor`: DRF's browsable API and Django's
admin (inline scripts of their own templates), and the API documentation (Swagger UI and ReDoc,
which drf-spectacular loads from their CDN until they are served from our static files).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from csp.constants import NONE, SELF, UNSAFE_INLINE

if TYPE_CHECKING:  # the settings import this module: nothing of Django at import time
    from django.http import HttpRequest, HttpResponse

POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
"""``CONTENT_SECURITY_POLICY`` of the settings."""

RELAXED = {
    "/api/docs/": {"style-src": [SELF, UNSAFE_INLINE]},
    "/api/redoc/": {"style-src": [SELF, UNSAFE_INLINE], "worker-src": [SELF, "blob:"]},
    "/api/": {"script-src": [SELF, UNSAFE_INLINE], "style-src": [SELF, UNSAFE_INLINE]},
    "/admin/": {"script-src": [SELF, UNSAFE_INLINE], "style-src": [SELF, UNSAFE_INLINE]},
}
"""Path prefixes (the first that matches wins) and the directives they replace."""


class RelaxedPolicyFor:
    """Middleware below ``csp.middleware.CSPMiddleware``: marks the responses of
    :data:`RELAXED` paths so that django-csp writes their wider policy."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        for prefix, directives in RELAXED.items():
            if request.path.startswith(prefix):
                response._csp_replace = directives
                break
        return response
