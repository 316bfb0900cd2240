"""A Content-Security-Policy on every response: the site's own pages allow only the site."""

import pytest

pytestmark = pytest.mark.django_db


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {d.split()[0]: d.split()[1:] for d in header.split(";") if d.strip()}


@pytest.mark.parametrize("url", ["/", "/play/", "/ladders/", "/tournaments/", "/accounts/login/"])
def test_the_sites_pages_allow_scripts_and_styles_from_the_site_only(client, url):
    response = client.get(url, follow=True)
    assert response.status_code == 200
    policy = _policy(response)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]


def test_the_pages_have_no_inline_script_the_policy_would_block(client):
    """Every <script> of the site's own pages has a src (the policy refuses inline code)."""
    import re

    for url in ("/", "/play/", "/ladders/", "/tournaments/", "/accounts/signup/"):
        html = client.get(url, follow=True).content.decode()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag or 'type="application/json"' in tag, (url, tag)
        assert " style=" not in html and "<style" not in html, url


def test_the_api_docs_load_nothing_from_outside_the_site(client):
    """Swagger UI and ReDoc come from the site's static files: scripts stay 'self', only the
    bundles' run-time styles (and ReDoc's blob: worker) are allowed."""
    import re

    for url in ("/api/docs/", "/api/redoc/"):
        response = client.get(url)
        policy = _policy(response)
        assert policy["script-src"] == ["'self'"], url
        assert policy["style-src"] == ["'self'", "'unsafe-inline'"], url
        assert policy["font-src"] == ["'self'"] and policy["img-src"] == ["'self'", "data:"], url
        html = response.content.decode()
        for tag in re.findall(r"<(?:script|link)\b[^>]*>", html):
            assert "//" not in tag, (url, tag)
            assert "src=" in tag or "href=" in tag, (url, tag)
    assert _policy(client.get("/api/redoc/"))["worker-src"] == ["'self'", "blob:"]


def test_the_browsable_api_gets_its_wider_policy(client):
    api = _policy(client.get("/api/ladders/", HTTP_ACCEPT="text/html"))
    assert "'unsafe-inline'" in api["script-src"]
    # The rest of the policy stays: no framing, no plugins.
    assert api["frame-ancestors"] == ["'none'"] and api["object-src"] == ["'none'"]
