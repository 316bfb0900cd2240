"""The API documentation works with no internet: chromium refuses every request that leaves the
machine, and Swagger UI still lists the API's operations and ReDoc renders them, from the site's
own static files, under the site's Content-Security-Policy. ReDoc's bundle asks for its maker's
logo from a CDN: the policy refuses it (and ReDoc then leaves the logo out), which is expected."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.web.conftest import chromium_page

LOCAL = {"127.0.0.1", "localhost", "[::1]", "::1"}


REDOC_LOGO = "https://cdn.redoc.ly/"


@pytest.fixture
def docs_page(live_server, monkeypatch):
    with chromium_page(monkeypatch, expected_refusals=(REDOC_LOGO,)) as page:
        yield page


@pytest.mark.browser
def test_swagger_ui_and_redoc_render_with_external_requests_blocked(docs_page, live_server):
    page = docs_page
    outside: list[str] = []

    def only_local(route) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:")) or urlsplit(url).hostname in LOCAL:
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    page.route("**/*", only_local)
    page.goto(f"{live_server.url}/api/docs/")
    # Operations of several apps, each a block of Swagger UI with its method and path.
    expect(page.locator(".opblock").first).to_be_visible()
    assert page.locator(".opblock").count() > 20
    expect(
        page.locator(".opblock-summary-path", has_text="/api/tournaments/").first
    ).to_be_visible()
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Gauntlet API")

    page.goto(f"{live_server.url}/api/redoc/")
    # ReDoc renders the whole schema in the page's script: seconds on a busy machine
    expect(page.locator("h1", has_text="Gauntlet API")).to_be_visible(timeout=60_000)
    expect(page.get_by_role("menuitem").first).to_be_visible()
    assert page.get_by_role("menuitem").count() > 10  # the tags (tournaments, decks...)
    expect(page.locator("h2", has_text="tournaments").first).to_be_attached()
    assert outside == [], f"the docs asked for {outside[:3]}"
