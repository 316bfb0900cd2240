"""Requests no page expects: huge, negative and non-numeric ids in the paths of the site and the
API, huge page numbers, and bodies above ``DATA_UPLOAD_MAX_MEMORY_SIZE``: each is a 4xx, never
a 500, and changes nothing."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from players.models import Player
from tests.support.accounts import STRONG
from tests.web.test_web_printouts import running
from tests.web.test_web_tournaments import report_all
from tournaments.models import Entry, Table

pytestmark = pytest.mark.django_db

HUGE = "9" * 30
"""Beyond any 64-bit integer: SQLite and PostgreSQL both refuse it as an id."""
NOT_ASCII = ["²", "٣", "１"]
"""Digits to ``str.isdigit`` (superscript two, Arabic-Indic three, full-width one) that
``int`` refuses or reads as another number: a number typed in the site is ASCII digits."""


def web_patterns() -> list[str]:
    """Every route of the site (not the API, the admin or the schema) as a regex string."""
    out: list[str] = []

    def walk(patterns, prefix: str) -> None:
        for p in patterns:
            route = prefix + str(p.pattern)
            if isinstance(p, URLResolver):
                walk(p.url_patterns, route)
            elif isinstance(p, URLPattern):
                out.append(route)

    walk(get_resolver().url_patterns, "")
    return out


def with_huge_ids(route: str) -> str | None:
    """``route`` with HUGE for each ``<int:…>`` and a word for each other converter."""
    if "<int:" not in route or route.startswith(("api/", "admin/")):
        return None
    path = re.sub(r"<int:\w+>", HUGE, route)
    path = re.sub(r"<slug:kind>", "entrants", path)
    path = re.sub(r"<\w+:\w+>", "x", path)
    return "/" + path


HUGE_ID_URLS = sorted({u for u in map(with_huge_ids, web_patterns()) if u})


@pytest.fixture
def admin(db) -> Player:
    return Player.objects.create_user("root", "root@example.org", STRONG, role="admin")


def test_the_site_has_routes_with_ids():
    assert len(HUGE_ID_URLS) > 30 and "/matches/" + HUGE + "/" in HUGE_ID_URLS


@pytest.mark.parametrize("url", HUGE_ID_URLS)
def test_a_huge_id_in_a_page_address_is_a_404(client, admin, url):
    client.force_login(admin)
    assert client.get(url).status_code in (404, 405)  # 405: a form target, POST only
    assert client.post(url).status_code in (404, 405)


API_IDS = [
    "/api/matches/{}/",
    "/api/tournaments/{}/",
    "/api/players/{}/",
    "/api/decks/{}/",
    "/api/deck-versions/{}/",
    "/api/ladders/{}/",
    "/api/insights/studies/{}/",
    "/api/audit/matches/{}/",
    "/api/audit/log/{}/",
]


@pytest.mark.parametrize("value", [HUGE, "-1", "abc", "1.5", *NOT_ASCII])
@pytest.mark.parametrize("url", API_IDS)
def test_a_bad_id_in_an_api_path_is_a_404_in_the_error_body(admin, url, value):
    api = APIClient()
    api.force_authenticate(admin)
    response = api.get(url.format(value))
    assert response.status_code == 404, response.content[:200]
    assert response.json()["error"]["status"] == 404


@pytest.fixture
def night(db):
    """A running event of four with round 1 reported; its first table."""
    t, org, _ = running(4)
    report_all(t)
    return t, org, Table.objects.filter(round__tournament=t).order_by("number").first()


PAGE_QUERIES = [
    "/matches/?page={}",
    "/tournaments/?page={}",
    "/ladders/kingdom-of-warlords-1v1/?page={}",
    "/catalogues/kingdom-of-warlords/?page={}",
    "/my/matches/?page={}",
    "/tournaments/{t}/?page={}&fragment=entrants",
    "/tournaments/{t}/?round={}",
    "/tournaments/{t}/rounds/1/results/?entered={},1",
]


@pytest.mark.parametrize("value", [HUGE, "-" + HUGE, "0", "abc", *NOT_ASCII])
@pytest.mark.parametrize("url", PAGE_QUERIES)
def test_a_huge_or_odd_number_in_a_page_query_still_shows_the_page(client, night, url, value):
    """A page number past the end shows the last page (Django's ``get_page``); an unknown
    round shows the current one; an id that is no table lists nothing."""
    t, org, _ = night
    client.force_login(org)
    response = client.get(url.format(value, t=t.pk))
    assert response.status_code == 200


@pytest.mark.parametrize("value", [HUGE, "abc", *NOT_ASCII])
@pytest.mark.parametrize("kind", ["print/pairings/", "export/pairings.csv"])
def test_a_round_that_is_not_a_number_on_a_printout_is_a_404_naming_it(client, night, kind, value):
    t, _, _ = night
    response = client.get(f"/tournaments/{t.pk}/{kind}?round={value}")
    assert response.status_code == 404
    assert f"no round {value}" in response.content.decode()


@pytest.mark.parametrize("value", [HUGE, "-1", *NOT_ASCII])
@pytest.mark.parametrize(
    "url",
    ["/api/audit/log/?match={}", "/api/decks/{d}/export/?version={}", "/api/cards/?catalogue={}"],
)
def test_an_odd_number_in_an_api_query_is_a_4xx(admin, url, value):
    from decks.models import Deck

    deck = Deck.objects.create(owner=admin, game="arackhan-wars", name="Mine")
    api = APIClient()
    api.force_authenticate(admin)
    response = api.get(url.format(value, d=deck.pk) + "&game=arackhan-wars")
    assert response.status_code in (400, 404), response.content[:200]
    assert response.json()["error"]["status"] == response.status_code


@pytest.mark.parametrize("value", [HUGE, "abc", *NOT_ASCII])
def test_an_entry_that_is_not_a_number_is_no_entry_and_nobody_withdraws(client, night, value):
    """``entry`` names the entry the organiser acts on: anything but a number of this event's
    is a 404, never the organiser's own (or anybody's) entry."""
    t, org, _ = night
    client.force_login(org)
    states = dict(Entry.objects.filter(tournament=t).values_list("pk", "state"))
    for url in (f"/tournaments/{t.pk}/withdraw/", f"/tournaments/{t.pk}/deck/"):
        response = client.post(url, {"entry": value, "deck": f"version:{value}"})
        assert response.status_code == 404, url
        assert "No such entry" in response.content.decode()
    assert dict(Entry.objects.filter(tournament=t).values_list("pk", "state")) == states


@pytest.mark.parametrize("value", [HUGE, *NOT_ASCII])
def test_an_odd_number_in_the_results_grid_is_a_400_and_changes_nothing(client, night, value):
    t, org, table = night
    client.force_login(org)
    before = (table.state, table.result)
    p = f"t{table.pk}-"
    response = client.post(
        f"/tournaments/{t.pk}/rounds/1/results/",
        {f"{p}wins_0": value, f"{p}wins_1": "0", f"{p}draws": "", f"{p}reason": "typo"},
    )
    assert response.status_code == 400
    table.refresh_from_db()
    assert (table.state, table.result) == before


def test_pairing_with_an_odd_expected_round_is_refused_not_a_500(client, night):
    t, org, _ = night
    client.force_login(org)
    response = client.post(f"/tournaments/{t.pk}/steps/pair/", {"round": "²"})
    assert response.status_code == 400
    assert "round: the number of the round to pair" in response.content.decode()
    assert t.round_set.count() == 1


# -- bodies above DATA_UPLOAD_MAX_MEMORY_SIZE ----------------------------------------------------
FORMS = [
    "/accounts/login/",
    "/accounts/signup/",
    "/organisers/request/",
    "/decks/new/",
    "/tournaments/new/",
    "/tournaments/{t}/entrants/",
    "/tournaments/{t}/edit/",
]


@pytest.mark.parametrize("url", FORMS)
def test_a_form_body_over_the_limit_is_a_413_naming_the_limit(client, night, settings, url):
    t, org, _ = night
    client.force_login(org)
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    entries = Entry.objects.count()
    response = client.post(url.format(t=t.pk), {"bulk-guests": "x\n" * 6000, "name": "y" * 9000})
    assert response.status_code == 413
    assert "at most 10000" in response.content.decode()
    assert Entry.objects.count() == entries


@pytest.mark.parametrize(
    "content_type",
    ["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=z"],
)
def test_an_api_body_over_the_limit_is_a_413_in_the_error_body(admin, settings, content_type):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    api = APIClient()
    api.force_authenticate(admin)
    body = '{"game": "arackhan-wars", "name": "' + "x" * 20_000 + '"}'
    response = api.generic("POST", "/api/decks/", body, content_type=content_type)
    assert response.status_code == 413
    assert response.json()["error"] == {
        "status": 413,
        "code": "too_large",
        "message": f"Request body too large: {len(body)} bytes, at most 10000.",
    }


def test_a_body_under_the_limit_is_read_as_before(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    response = client.post("/accounts/login/", {"username": "nobody", "password": "x" * 9000})
    assert response.status_code == 400  # the form was read: a wrong password
    assert 'value="nobody"' in response.content.decode()  # the typed username, shown again


def test_whole_number_takes_ascii_digits_only():
    from gauntlet.query import LARGEST, whole_number

    assert whole_number("42") == 42 and whole_number("007") == 7
    assert whole_number(str(LARGEST)) == LARGEST and whole_number(str(LARGEST + 1)) is None
    for text in ("", None, "-1", "+1", " 1", "1 ", "1.0", "1e3", "²", "٣", "１", "1\n", HUGE):
        assert whole_number(text) is None, text
    assert whole_number("10000", 9999) is None and whole_number("9999", 9999) == 9999


@pytest.mark.parametrize(
    "url", ["/api/matches/", "/api/tournaments/", "/api/players/", "/api/decks/"]
)
def test_a_huge_page_in_an_api_list_is_a_404_and_a_huge_page_size_is_capped(admin, url):
    api = APIClient()
    api.force_authenticate(admin)
    for page in (HUGE, "-1", "abc", "²"):  # DRF reads a full-width １ as 1: a page
        response = api.get(url, {"page": page})
        assert response.status_code == 404, (page, response.content[:200])
        assert "Invalid page" in response.json()["error"]["message"]
    response = api.get(url, {"page_size": HUGE})
    assert response.status_code == 200
    assert set(response.json()) >= {"count", "results"}
