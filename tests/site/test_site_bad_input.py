"""Bad input gets a 4xx with field-level errors and changes nothing."""

import json

import pytest

from players.models import Player
from tests.support.accounts import STRONG

pytestmark = pytest.mark.django_db


def _error(response) -> dict:
    body = response.json()
    assert set(body) == {"error"}, body
    assert body["error"]["status"] == response.status_code
    return body["error"]


def test_taken_username(api, player):
    response = api.post(
        "/api/auth/signup/", {"username": "alice", "password": STRONG}, format="json"
    )
    assert response.status_code == 400
    assert "username" in _error(response)["fields"]
    assert Player.objects.count() == 1


@pytest.mark.parametrize("password", ["123", "password", "alice-bob", "12345678901"])
def test_weak_password(api, password):
    response = api.post(
        "/api/auth/signup/", {"username": "alice-bob", "password": password}, format="json"
    )
    assert response.status_code == 400
    assert "password" in _error(response)["fields"]
    assert not Player.objects.exists()


def test_malformed_json(api):
    response = api.generic(
        "POST",
        "/api/auth/signup/",
        '{"username": "x", "password": ',
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "JSON parse error" in _error(response)["message"]
    assert not Player.objects.exists()


def test_json_that_is_not_an_object(api):
    response = api.generic(
        "POST", "/api/auth/signup/", json.dumps(["alice", STRONG]), content_type="application/json"
    )
    assert response.status_code == 400
    assert not Player.objects.exists()


def test_oversized_body(api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = json.dumps({"username": "bob", "password": STRONG, "display_name": "x" * 5000})
    response = api.generic("POST", "/api/auth/signup/", body, content_type="application/json")
    assert response.status_code == 413
    assert _error(response)["code"] == "too_large"
    assert not Player.objects.exists()


def test_unknown_fields_are_named(api):
    response = api.post(
        "/api/auth/signup/",
        {"username": "bob", "password": STRONG, "is_staff": True, "colour": "red"},
        format="json",
    )
    assert response.status_code == 400
    assert set(_error(response)["fields"]) == {"is_staff", "colour"}
    assert not Player.objects.exists()


def test_unknown_field_in_profile_update(api, player):
    api.force_authenticate(player)
    response = api.patch("/api/me/", {"role": "admin", "display_name": "Eve"}, format="json")
    assert response.status_code == 400 and "role" in _error(response)["fields"]
    player.refresh_from_db()
    assert player.role == "player" and player.display_name == "Alice"


def test_bad_country_code(api):
    response = api.post(
        "/api/auth/signup/", {"username": "bob", "password": STRONG, "country": "ZZ"}, format="json"
    )
    assert response.status_code == 400 and "country" in _error(response)["fields"]


@pytest.mark.parametrize(
    "method,url,body",
    [
        ("patch", "/api/me/", {"display_name": "x"}),
        ("post", "/api/me/password/", {"old_password": "a", "new_password": "b"}),
        ("post", "/api/auth/logout/", {}),
        ("get", "/api/auth/tokens/", None),
    ],
)
def test_writes_without_auth_are_refused(api, player, method, url, body):
    response = getattr(api, method)(url, body, format="json")
    assert response.status_code in (401, 403)
    assert _error(response)["code"] in ("not_authenticated", "authentication_failed")
    player.refresh_from_db()
    assert player.display_name == "Alice"


def test_bad_token_is_401(api, player):
    api.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api.patch("/api/me/", {"display_name": "x"}, format="json")
    assert response.status_code == 401
    player.refresh_from_db()
    assert player.display_name == "Alice"


def test_other_methods_and_media_types(api, player):
    api.force_authenticate(player)
    assert api.delete("/api/me/").status_code == 405
    response = api.generic("POST", "/api/auth/signup/", "username=x", content_type="text/plain")
    assert response.status_code == 415


def test_login_is_throttled(api, player):
    codes = [
        api.post(
            "/api/auth/login/", {"username": "alice", "password": "bad"}, format="json"
        ).status_code
        for _ in range(35)
    ]
    assert codes[0] == 400
    assert codes[-1] == 429
