"""Sign-up, log-in, tokens, profile and password through the REST API."""

import pytest

from players.models import ApiToken, Player, Role
from tests.support.accounts import STRONG

pytestmark = pytest.mark.django_db


def test_signup_login_token_and_authenticated_request(api):
    response = api.post(
        "/api/auth/signup/",
        {"username": "bob", "password": STRONG, "display_name": "Bob", "country": "FR"},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["country"] == "FR"
    assert "password" not in response.json()
    bob = Player.objects.get(username="bob")
    assert bob.check_password(STRONG) and bob.role == Role.PLAYER and not bob.is_staff

    response = api.post("/api/auth/login/", {"username": "bob", "password": STRONG}, format="json")
    assert response.status_code == 200
    assert api.get("/api/me/").json()["username"] == "bob"

    response = api.post("/api/auth/tokens/", {"name": "my script"}, format="json")
    assert response.status_code == 201
    key = response.json()["token"]
    assert ApiToken.objects.get(user=bob).name == "my script"
    # The key itself is never stored, only its digest.
    assert not ApiToken.objects.filter(digest=key).exists()

    other = type(api)()
    assert other.get("/api/me/").status_code in (401, 403)
    other.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = other.patch("/api/me/", {"display_name": "Bobby"}, format="json")
    assert response.status_code == 200
    assert Player.objects.get(username="bob").display_name == "Bobby"
    assert ApiToken.objects.get(user=bob).last_used is not None


def test_token_from_credentials_and_revocation(api, player, token):
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    listing = api.get("/api/auth/tokens/").json()
    assert [t["name"] for t in listing["results"]] == ["bot"]
    key = listing["results"][0]["token_key"]
    assert token.startswith(key)
    assert api.delete(f"/api/auth/tokens/{key}/").status_code == 204
    assert api.get("/api/me/").status_code == 401


def test_wrong_password_gets_no_token(api, player):
    response = api.post(
        "/api/auth/tokens/", {"username": "alice", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert "wrong password" in response.json()["error"]["message"]
    assert ApiToken.objects.count() == 0


def test_logout_ends_the_session(api, player):
    api.post("/api/auth/login/", {"username": "alice", "password": STRONG}, format="json")
    assert api.get("/api/me/").status_code == 200
    assert api.post("/api/auth/logout/").status_code == 204
    assert api.get("/api/me/").status_code in (401, 403)


def test_password_change_keeps_session_and_checks_old_password(api, player):
    api.force_authenticate(player)
    bad = api.post(
        "/api/me/password/",
        {"old_password": "wrong", "new_password": "an0ther-Good-one"},
        format="json",
    )
    assert bad.status_code == 400 and "old_password" in bad.json()["error"]["fields"]
    weak = api.post(
        "/api/me/password/", {"old_password": STRONG, "new_password": "123"}, format="json"
    )
    assert weak.status_code == 400 and "new_password" in weak.json()["error"]["fields"]
    player.refresh_from_db()
    assert player.check_password(STRONG)
    ok = api.post(
        "/api/me/password/",
        {"old_password": STRONG, "new_password": "an0ther-Good-one"},
        format="json",
    )
    assert ok.status_code == 204
    player.refresh_from_db()
    assert player.check_password("an0ther-Good-one")


def test_player_directory_is_public(api, player):
    response = api.get("/api/players/")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 1 and body["results"][0]["display_name"] == "Alice"
    assert "email" not in body["results"][0]
    assert api.get("/api/players/alice/").json()["username"] == "alice"
    assert api.get("/api/players/nobody/").status_code == 404


def test_roles_admin_is_staff_organiser_is_not(db):
    organiser = Player.objects.create_user("org", password=STRONG, role=Role.ORGANISER)
    admin = Player.objects.create_user("adm", password=STRONG, role=Role.ADMIN)
    root = Player.objects.create_superuser("root", password=STRONG)
    assert organiser.is_organiser and not organiser.is_staff and not organiser.is_admin
    assert admin.is_staff and admin.is_admin and admin.is_organiser
    assert root.role == Role.ADMIN and root.is_staff


def test_admin_site_lists_players_for_staff_only(client, player):
    assert client.get("/admin/players/player/").status_code == 302  # to the login page
    admin = Player.objects.create_superuser("root", password=STRONG)
    client.force_login(admin)
    page = client.get("/admin/players/player/")
    assert page.status_code == 200 and b"alice" in page.content
    assert client.get("/admin/players/apitoken/").status_code == 200
