"""The error pages are the site's own (its header, its links), and the 500 page shows without
the database or the request's context processors."""

from __future__ import annotations

import pytest
from django.db.backends.utils import CursorWrapper
from django.test import Client, RequestFactory

from web.views.errors import server_error

pytestmark = pytest.mark.django_db


def test_404_and_403_are_in_the_sites_layout(client, person):
    missing = client.get("/tournaments/999999/")
    assert missing.status_code == 404
    html = missing.content.decode()
    assert '<header class="site">' in html and "Page not found" in html
    client.force_login(person)  # a player, not an organiser
    refused = client.get("/tournaments/new/")
    assert refused.status_code == 403
    html = refused.content.decode()
    assert '<header class="site">' in html and "Not allowed" in html
    assert "Only organisers create tournaments." in html


def test_the_500_page_needs_no_database(monkeypatch, django_assert_num_queries):
    def broken(*args, **kwargs):
        raise AssertionError("the 500 page read the database")

    monkeypatch.setattr(CursorWrapper, "execute", broken)
    request = RequestFactory().get("/somewhere/")
    with django_assert_num_queries(0):
        response = server_error(request)
    assert response.status_code == 500
    html = response.content.decode()
    assert '<header class="site">' in html and "Something went wrong" in html
    assert "Log in" in html  # the signed-out header: no session was read


def test_an_unhandled_error_answers_with_the_sites_500_page(monkeypatch):
    from web.views import public

    def fail(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(public, "render", fail)  # the ladders page's view fails
    response = Client(raise_request_exception=False).get("/ladders/")
    assert response.status_code == 500 and "Something went wrong" in response.content.decode()
