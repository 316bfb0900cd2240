"""The error pages in the site's layout.

The 404 page (``handler404``) names what was not found when the refusal said (``no round
abc``); under ``/api/`` a path that names nothing answers in the API's error body, as every API
refusal does. The 403 page (``handler403``) says why; when an organiser-only page refused a signed-in person
(:class:`OrganiserOnly`), it also says how to become an organiser, or where their request
stands. The server-error page (``handler500``) renders with no request context: no context
processor runs and nothing reads the database, which may be what failed (the page shows the
signed-out header)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import (
    HttpRequest,
    HttpResponseForbidden,
    HttpResponseNotFound,
    HttpResponseServerError,
    JsonResponse,
)
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token

from players import organisers


class OrganiserOnly(PermissionDenied):
    """A page or an action for organisers (and staff) only, refused to someone else: the 403
    page links to the page where they ask to become one."""


@requires_csrf_token
def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponseNotFound:
    """``404.html`` with the refusal's words when it had some (``exception``), or under
    ``/api/`` the API's error body."""
    words = exception.args[0] if exception.args and isinstance(exception.args[0], str) else ""
    if request.path.startswith("/api/"):
        error = {"status": 404, "code": "not_found", "message": words or "Not found."}
        return JsonResponse({"error": error}, status=404)
    context = {"request_path": request.path, "exception": words}
    return HttpResponseNotFound(loader.get_template("404.html").render(context, request))


@requires_csrf_token
def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponseForbidden:
    """``403.html`` with the refusal's words, and for :class:`OrganiserOnly` the way to become
    an organiser (``organiser_only``) and the person's latest request (``organiser_request``)."""
    context = {"exception": str(exception) if str(exception) else None}
    user = getattr(request, "user", None)
    if isinstance(exception, OrganiserOnly) and user is not None and user.is_authenticated:
        context["organiser_only"] = True
        context["organiser_request"] = organisers.latest_for(user)
    return HttpResponseForbidden(loader.get_template("403.html").render(context, request))


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponseServerError:
    """``500.html`` rendered from an empty context (not the request's)."""
    return HttpResponseServerError(loader.get_template("500.html").render({}))
