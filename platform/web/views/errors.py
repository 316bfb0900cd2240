"""The server-error page (``handler500``) in the site's layout. It renders with no request
context: no context processor runs and nothing reads the database, which may be what failed
(the page shows the signed-out header)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseServerError
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponseServerError:
    """``500.html`` rendered from an empty context (not the request's)."""
    return HttpResponseServerError(loader.get_template("500.html").render({}))
