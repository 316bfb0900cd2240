"""Request bodies above ``DATA_UPLOAD_MAX_MEMORY_SIZE`` refused before anything reads them.

Django itself refuses such a body only when a view (or the CSRF check) first reads a form: a
bare "Bad Request (400)" that names nothing. Nothing on the site uploads a file, so a body whose
``Content-Length`` is over the limit is answered at once with 413 naming the limit, in the API's
error body under ``/api/`` and in words elsewhere. A body sent without a length (chunked) is
still counted by Django as it is read (its 400).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse


def declared_length(request: HttpRequest) -> int:
    """The body's ``Content-Length`` (0 when missing or not a number)."""
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0


class RefuseOversizedBodies:
    """Middleware: 413 for a body declared longer than ``DATA_UPLOAD_MAX_MEMORY_SIZE``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        length = declared_length(request)
        if limit is None or length <= limit:
            return self.get_response(request)
        text = f"Request body too large: {length} bytes, at most {limit}."
        if request.path.startswith("/api/"):
            error = {"status": 413, "code": "too_large", "message": text}
            return JsonResponse({"error": error}, status=413)
        return HttpResponse(text, status=413, content_type="text/plain; charset=utf-8")
