"""Hostile input found by probing the site (issue #19): each answered 500 once; each is a 4xx
naming what is wrong now, and changes nothing."""

import pytest

from players.models import Player
from tests.support.accounts import STRONG

pytestmark = pytest.mark.django_db

LISTS = [
    "/api/matches/",
    "/api/tournaments/",
    "/api/decks/",
    "/api/catalogues/",
    "/api/cards/",
    "/api/players/",
    "/api/ladders/",
    "/matches/",
    "/tournaments/",
]


def _error(response) -> dict:
    body = response.json()
    assert set(body) == {"error"}, body
    assert body["error"]["status"] == response.status_code
    return body["error"]


@pytest.mark.parametrize("url", LISTS)
def test_a_nul_byte_in_a_query_parameter_is_named(client, url):
    """``?game=%00`` reached PostgreSQL, which refuses NUL characters in text."""
    response = client.get(url + "?game=%00")
    assert response.status_code == 400, response.content[:300]
    assert b"game" in response.content
    assert b"NUL" in response.content or b"control character" in response.content


def test_a_nul_byte_in_the_path_is_a_400(client):
    response = client.get("/players/%00/")
    assert response.status_code in (400, 404)


def test_a_nul_byte_in_a_queue_parameter(api, player):
    api.force_authenticate(player)
    response = api.get("/api/ladders/khan-of-khans-2p/queue/?deck=%00")
    assert response.status_code in (400, 404)


@pytest.mark.parametrize(
    "value",
    [
        "2026-02-30T12:00:00",  # no 30 February
        "2026-11-30T12:00:00+99:00",  # no such offset
        "0001-01-01T00:00:00+23:00",  # before year 1 once in UTC
        "9999-12-31T23:59:59+-01:00",
        "2026-13-01T00:00:00Z",
    ],
)
@pytest.mark.parametrize("name", ["since", "until"])
def test_impossible_dates_are_named(api, name, value):
    response = api.get("/api/matches/", {name: value})
    assert response.status_code == 400, response.content[:300]
    assert name in _error(response)["fields"]


@pytest.mark.parametrize("value", ["2026-02-28T12:00:00+01:00", "0001-01-01T00:00:00-23:00"])
def test_a_possible_date_still_filters(api, value):
    """An offset of 23 hours is possible (PostgreSQL takes only 15:59: the moment goes as UTC)."""
    response = api.get("/api/matches/", {"since": value})
    assert response.status_code == 200, response.content[:300]


def test_deeply_nested_json_is_refused(api):
    """``[`` × 100,000 made the JSON decoder recurse until Python gave up."""
    response = api.generic(
        "POST", "/api/auth/login/", "[" * 100_000, content_type="application/json"
    )
    assert response.status_code == 400
    assert "nested" in _error(response)["message"]


def test_nesting_in_a_deck_body_is_refused(api, player):
    api.force_authenticate(player)
    body = '{"game": "khan-of-khans", "name": "x", "cards": ' + "[" * 5000 + "]" * 5000 + "}"
    response = api.generic("POST", "/api/decks/", body, content_type="application/json")
    assert response.status_code == 400
    assert "nested" in _error(response)["message"]


def test_nesting_is_measured_without_recursion():
    from gauntlet.api.parsers import MAX_DEPTH, depth_of  # after DRF has read its settings

    assert depth_of(1) == 0
    assert depth_of({"cards": [{"code": "x", "copies": 2}]}) == 3
    deep: list = []
    for _ in range(50_000):
        deep = [deep]
    assert depth_of(deep) > MAX_DEPTH


def test_a_body_at_the_depth_limit_is_still_read(api):
    """The limit refuses nesting, not documents: 32 levels are parsed (and refused for fields)."""
    body = '{"username": "x", "password": "y", "extra": ' + "[" * 31 + "]" * 31 + "}"
    response = api.generic("POST", "/api/auth/signup/", body, content_type="application/json")
    assert response.status_code == 400
    assert "extra" in _error(response)["fields"]


def test_a_full_width_username_that_normalises_onto_a_taken_one(api, player):
    """Ｂob and ｂob (full-width) become Bob under NFKC, as Django normalises usernames."""
    taken = player.username
    wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in taken)
    assert wide != taken
    response = api.post("/api/auth/signup/", {"username": wide, "password": STRONG}, format="json")
    assert response.status_code == 400
    assert "username" in _error(response)["fields"]
    assert Player.objects.count() == 1


def test_a_full_width_username_on_the_sign_up_page(client, player):
    wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in player.username)
    response = client.post(
        "/accounts/signup/",
        {"username": wide, "password1": STRONG, "password2": STRONG, "email": "w@example.org"},
    )
    assert response.status_code in (200, 400)
    assert Player.objects.count() == 1


def test_a_rotating_forwarded_for_does_not_escape_the_anonymous_throttle(api, settings):
    """With NUM_PROXIES at 0 the header anyone can forge is not who the client is."""
    from django.core.cache import cache
    from rest_framework.settings import api_settings
    from rest_framework.throttling import AnonRateThrottle

    cache.clear()
    assert api_settings.NUM_PROXIES == 0
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK}
    AnonRateThrottle.THROTTLE_RATES = {**AnonRateThrottle.THROTTLE_RATES, "anon": "5/min"}
    try:
        codes = [
            api.get("/api/ladders/", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}").status_code
            for n in range(8)
        ]
    finally:
        AnonRateThrottle.THROTTLE_RATES = api_settings.DEFAULT_THROTTLE_RATES
        cache.clear()
    assert codes[:5] == [200] * 5
    assert codes[5:] == [429] * 3


def test_the_web_login_form_is_throttled(client, player):
    from django.core.cache import cache

    from players.throttles import LoginThrottle

    cache.clear()
    LoginThrottle.THROTTLE_RATES = {**LoginThrottle.THROTTLE_RATES, "login": "3/min"}
    try:
        codes = [
            client.post(
                "/accounts/login/", {"username": player.username, "password": "wrong"}
            ).status_code
            for _ in range(5)
        ]
        # Throttled even with the right password: the attempt is not even checked.
        right = client.post("/accounts/login/", {"username": player.username, "password": STRONG})
    finally:
        from rest_framework.settings import api_settings

        LoginThrottle.THROTTLE_RATES = api_settings.DEFAULT_THROTTLE_RATES
        cache.clear()
    assert codes == [400, 400, 400, 429, 429]
    assert right.status_code == 429 and b"Too many attempts" in right.content
    assert right["Retry-After"]


def test_the_api_enforces_the_token_limit(api, player, settings):
    settings.REST_KNOX = {**settings.REST_KNOX, "TOKEN_LIMIT_PER_USER": 3}
    api.force_authenticate(player)
    codes = [
        api.post("/api/auth/tokens/", {"name": f"t{n}"}, format="json").status_code
        for n in range(5)
    ]
    assert codes == [201, 201, 201, 403, 403]
    last = api.post("/api/auth/tokens/", {"name": "more"}, format="json")
    assert "3 tokens already" in _error(last)["message"]
    assert player.auth_token_set.count() == 3


def test_the_token_page_and_the_api_share_the_limit(client, player, settings):
    from players.tokens import issue_token

    settings.REST_KNOX = {**settings.REST_KNOX, "TOKEN_LIMIT_PER_USER": 2}
    issue_token(player, "one")
    issue_token(player, "two")
    client.force_login(player)
    response = client.post("/accounts/tokens/", {"name": "three"})
    assert response.status_code == 400 and b"2 tokens already" in response.content
    assert player.auth_token_set.count() == 2


@pytest.mark.parametrize("url", ["/api/auth/login/", "/api/auth/tokens/"])
def test_an_overlong_password_is_refused_before_hashing(api, player, url, monkeypatch):
    from django.contrib.auth import hashers

    def no_hashing(*args, **kwargs):
        raise AssertionError("the password was hashed")

    monkeypatch.setattr(hashers, "check_password", no_hashing)
    monkeypatch.setattr(type(player), "check_password", no_hashing)
    body = {"username": player.username, "password": "x" * 900_000}
    response = api.post(url, body, format="json")
    assert response.status_code in (400, 413)
    if response.status_code == 400:
        assert "password" in _error(response)["fields"]


def test_a_long_password_is_refused_at_sign_up(api):
    response = api.post(
        "/api/auth/signup/", {"username": "longpass", "password": STRONG * 20}, format="json"
    )
    assert response.status_code == 400
    assert "too long" in str(_error(response)["fields"]["password"])
    assert not Player.objects.filter(username="longpass").exists()


def test_the_web_login_refuses_an_overlong_password(client, player):
    response = client.post("/accounts/login/", {"username": player.username, "password": "x" * 500})
    assert response.status_code == 400
    assert not response.wsgi_request.user.is_authenticated


def test_health_answers_200_when_everything_is_up(client):
    response = client.get("/api/health/")
    assert response.status_code == 200
    assert response.json()["ok"] is True and response.json()["problems"] == {}


def test_health_answers_503_naming_the_database_when_it_is_down(client, monkeypatch):
    from django.db import OperationalError, connection

    def refuse(*args, **kwargs):
        raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)
    response = client.get("/api/health/")
    assert response.status_code == 503
    assert response.json()["ok"] is False
    assert "Connection refused" in response.json()["problems"]["database"]


def test_health_answers_503_naming_the_broker_when_it_is_down(client, settings):
    """A real connection attempt to a port where no broker listens."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:9/0"
    response = client.get("/api/health/")
    assert response.status_code == 503
    assert set(response.json()["problems"]) == {"broker"}
