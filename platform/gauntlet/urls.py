from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from gauntlet.api.health import health

api_patterns = [
    path("health/", health, name="health"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The documentation's pages load Swagger UI and ReDoc from the site's own static files
    # (drf-spectacular-sidecar); the split view serves Swagger UI's start-up code as a script of
    # its own, so the page has no inline script.
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="schema", template_name="api_docs/swagger_ui.html"
        ),
        name="api-docs",
    ),
    path(
        "redoc/",
        SpectacularRedocView.as_view(url_name="schema", template_name="api_docs/redoc.html"),
        name="api-redoc",
    ),
    path("", include("players.urls")),
    path("", include("ratings.urls")),
    path("", include("matches.urls")),
    path("", include("decks.urls")),
    path("", include("tournaments.urls")),
    path("", include("insights.urls")),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include(api_patterns)),
    path("", include("web.urls")),
]

# Error pages in the site's layout: 404.html naming what was not found (the API's error body
# under /api/); the 403 page says how
# to become an organiser when an organiser-only page refused; the 500 page from an empty
# context, so that it shows even when the database is what failed.
handler403 = "web.views.errors.permission_denied"
handler404 = "web.views.errors.page_not_found"
handler500 = "web.views.errors.server_error"
