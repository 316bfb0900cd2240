"""The error pages in the site's layout.

The 403 page (``handler403``) says why; when an organiser-only page refused a signed-in person
(:class:`OrganiserOnly`), it also says how to become an organiser, or where their request
stands. The server-error page (``handler500``) renders with no request context: no context
processor runs and nothing reads the database, which may be what failed (the page shows the
signed-out header)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseForbidden, HttpResponseServerError
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token

from players import organisers


class OrganiserOnly(PermissionDenied):
    """A page or an action for organisers (and staff) only, refused to someone else: the 403
    page links to the page where they ask to become one."""


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
