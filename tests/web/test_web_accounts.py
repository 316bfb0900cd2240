"""Sign-up, log-in/out, profile, password change and API tokens through the web forms."""

import pytest

from players.models import ApiToken, Player
from tests.support.accounts import STRONG

pytestmark = pytest.mark.django_db


def test_signup_creates_the_account_and_logs_in(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "zoe",
            "email": "zoe@example.org",
            "display_name": "Zoë",
            "country": "PT",
            "password1": STRONG,
            "password2": STRONG,
        },
    )
    assert response.status_code == 302 and response["Location"] == "/"  # the home page
    zoe = Player.objects.get(username="zoe")
    assert zoe.check_password(STRONG) and zoe.country == "PT" and zoe.role == "player"
    assert not zoe.is_staff
    home = client.get("/").content.decode()
    assert "Hello, Zoë" in home and "No games yet" in home  # signed in: where to start


def test_signup_asks_the_time_zone_preselected_with_the_browsers(client):
    form = client.get("/accounts/signup/").content.decode()
    assert '<option value="UTC" selected>' in form  # no cookie, no script yet: UTC
    assert 'data-browser-zone="guess"' in form
    client.cookies["tz"] = "Europe/Lisbon"  # zone.js's cookie: the browser's zone
    form = client.get("/accounts/signup/").content.decode()
    assert '<option value="Europe/Lisbon" selected>' in form
    response = client.post(
        "/accounts/signup/",
        {
            "username": "zoe",
            "email": "zoe@example.org",
            "time_zone": "Asia/Tokyo",
            "password1": STRONG,
            "password2": STRONG,
        },
    )
    assert response.status_code == 302 and response["Location"] == "/"
    assert Player.objects.get(username="zoe").time_zone == "Asia/Tokyo"
    profile = client.get("/accounts/profile/").content.decode()
    assert '<option value="Asia/Tokyo" selected>' in profile  # the profile's zone


@pytest.mark.parametrize(
    "changes, field, message",
    [
        ({"password1": "password", "password2": "password"}, "password2", "too common"),
        ({"password2": "something-Else-42"}, "password2", "didn’t match"),
        ({"username": "ALICE"}, "username", "is taken"),
        ({"username": "bad name!"}, "username", "Enter a valid username"),
        ({"email": "not-an-address"}, "email", "valid email"),
        ({"country": "XX"}, "country", "valid choice"),
        ({"time_zone": "Mars/Olympus_Mons"}, "time_zone", "Time zone: “Mars/Olympus_Mons” is not"),
    ],
)
def test_signup_rejects_bad_input_with_field_errors(client, person, changes, field, message):
    data = {
        "username": "zoe",
        "email": "zoe@example.org",
        "password1": STRONG,
        "password2": STRONG,
        **changes,
    }
    before = Player.objects.count()
    response = client.post("/accounts/signup/", data)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert field in errors and message in " ".join(errors[field])
    assert 'class="field invalid"' in response.content.decode()
    assert Player.objects.count() == before
    assert "_auth_user_id" not in client.session


def test_forms_need_csrf(person):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post("/accounts/login/", {"username": "alice", "password": STRONG})
    assert response.status_code == 403
    page = strict.get("/accounts/login/")
    assert 'name="csrfmiddlewaretoken"' in page.content.decode()


def test_login_and_logout(client, person):
    bad = client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    assert bad.status_code == 400 and "_auth_user_id" not in client.session
    assert "correct username and password" in bad.content.decode()
    good = client.post(
        "/accounts/login/", {"username": "alice", "password": STRONG, "next": "/ladders/"}
    )
    assert good.status_code == 302 and good["Location"] == "/ladders/"
    assert client.session["_auth_user_id"] == str(person.pk)
    assert client.get("/accounts/logout/").status_code == 405  # logging out is a POST
    assert client.post("/accounts/logout/").status_code == 302
    assert "_auth_user_id" not in client.session


def test_login_refuses_offsite_next(client, person):
    response = client.post(
        "/accounts/login/",
        {"username": "alice", "password": STRONG, "next": "https://evil.example/"},
    )
    assert response.status_code == 302 and response["Location"] == "/"


def test_profile_edit(client, person):
    client.force_login(person)
    page = client.get("/accounts/profile/")
    assert page.status_code == 200 and 'value="Alice"' in page.content.decode()
    bad = client.post("/accounts/profile/", {"display_name": "A", "email": "nope", "country": ""})
    assert bad.status_code == 400 and "email" in bad.context["form"].errors
    person.refresh_from_db()
    assert person.email == "alice@example.org" and person.display_name == "Alice"
    ok = client.post(
        "/accounts/profile/", {"display_name": "Alice B", "email": "a@example.org", "country": "BE"}
    )
    assert ok.status_code == 302
    person.refresh_from_db()
    assert (person.display_name, person.email, person.country.code) == (
        "Alice B",
        "a@example.org",
        "BE",
    )
    assert person.role == "player"  # not a form field: cannot be posted in
    client.post(
        "/accounts/profile/", {"display_name": "x", "email": "", "role": "admin", "is_staff": "on"}
    )
    person.refresh_from_db()
    assert person.role == "player" and not person.is_staff


def test_password_change(client, person):
    client.force_login(person)
    wrong = client.post(
        "/accounts/password/",
        {
            "old_password": "nope",
            "new_password1": "new-Strong-pass-77",
            "new_password2": "new-Strong-pass-77",
        },
    )
    assert wrong.status_code == 400 and "old_password" in wrong.context["form"].errors
    weak = client.post(
        "/accounts/password/",
        {"old_password": STRONG, "new_password1": "12345678", "new_password2": "12345678"},
    )
    assert weak.status_code == 400 and "new_password2" in weak.context["form"].errors
    person.refresh_from_db()
    assert person.check_password(STRONG)
    ok = client.post(
        "/accounts/password/",
        {
            "old_password": STRONG,
            "new_password1": "new-Strong-pass-77",
            "new_password2": "new-Strong-pass-77",
        },
    )
    assert ok.status_code == 302
    person.refresh_from_db()
    assert person.check_password("new-Strong-pass-77")
    assert client.get("/accounts/profile/").status_code == 200  # the session survived


def test_tokens_create_shows_the_key_once_list_and_revoke(client, person, staff):
    client.force_login(person)
    created = client.post("/accounts/tokens/", {"name": "my bot"})
    assert created.status_code == 200 and created["Cache-Control"] == "no-store"
    key = created.context["new_key"]
    token = ApiToken.objects.get(user=person)
    assert token.name == "my bot" and key.startswith(token.token_key)
    assert key in created.content.decode()
    # The key works against the API, and is never shown again.
    api = client.__class__()
    assert api.get("/api/me/", HTTP_AUTHORIZATION=f"Token {key}").json()["username"] == "alice"
    listing = client.get("/accounts/tokens/").content.decode()
    assert key not in listing and token.token_key in listing and "my bot" in listing
    # Another person's token cannot be revoked from this account.
    other, _ = ApiToken.objects.create(user=staff, name="theirs")
    assert client.post(f"/accounts/tokens/{other.token_key}/revoke/").status_code == 404
    assert client.get(f"/accounts/tokens/{token.token_key}/revoke/").status_code == 405
    revoked = client.post(f"/accounts/tokens/{token.token_key}/revoke/")
    assert revoked.status_code == 302
    assert (
        not ApiToken.objects.filter(user=person).exists()
        and ApiToken.objects.filter(user=staff).exists()
    )
    assert api.get("/api/me/", HTTP_AUTHORIZATION=f"Token {key}").status_code == 401


def test_token_needs_a_name(client, person):
    client.force_login(person)
    response = client.post("/accounts/tokens/", {"name": "   "})
    assert response.status_code == 400 and "name" in response.context["form"].errors
    assert not ApiToken.objects.exists()


def test_token_limit(client, person, settings):
    settings.REST_KNOX = {**settings.REST_KNOX, "TOKEN_LIMIT_PER_USER": 1}
    client.force_login(person)
    assert client.post("/accounts/tokens/", {"name": "one"}).status_code == 200
    refused = client.post("/accounts/tokens/", {"name": "two"})
    assert refused.status_code == 400 and "revoke one first" in refused.content.decode()
    assert ApiToken.objects.filter(user=person).count() == 1
