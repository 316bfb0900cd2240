"""Password reset by e-mail, end to end through the pages (Django's locmem outbox), and the
sign-up form keeping what was typed with each error next to its field."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from players.models import Player
from tests.support.accounts import STRONG

pytestmark = pytest.mark.django_db
NEW = "another-Long-pass-77"


def test_a_forgotten_password_is_reset_from_the_emailed_link(client, person):
    assert "/accounts/password/reset/" in client.get("/accounts/login/").content.decode()
    response = client.post("/accounts/password/reset/", {"email": "alice@example.org"})
    assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/sent/"
    assert "Check your e-mail" in client.get(response["Location"]).content.decode()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["alice@example.org"] and "Alice" in message.body
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", message.body).group(1)

    # The link leads (through Django's redirect that hides the token) to the new-password form.
    form_page = client.get(link, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    set_url = form_page.redirect_chain[-1][0]
    weak = client.post(set_url, {"new_password1": "password", "new_password2": "password"})
    assert weak.status_code == 400
    assert "too common" in " ".join(weak.context["form"].errors["new_password2"])
    assert 'class="field invalid"' in weak.content.decode()
    done = client.post(set_url, {"new_password1": NEW, "new_password2": NEW})
    assert done.status_code == 302 and done["Location"] == "/accounts/password/reset/done/"
    person.refresh_from_db()
    assert person.check_password(NEW) and not person.check_password(STRONG)

    # The link worked once.
    again = client.get(link, follow=True).content.decode()
    assert "already been used or is too old" in again
    assert client.login(username="alice", password=NEW)


def test_an_unknown_address_sends_nothing_and_says_the_same(client, person):
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/sent/"
    assert mail.outbox == []


def test_a_malformed_address_is_named_next_to_its_field(client):
    response = client.post("/accounts/password/reset/", {"email": "not-an-address"})
    assert response.status_code == 400
    assert "valid email" in " ".join(response.context["form"].errors["email"])
    assert 'class="field invalid"' in response.content.decode() and mail.outbox == []


def test_signup_keeps_what_was_typed_and_puts_each_error_by_its_field(client, person):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "alice",
            "email": "zoe@example.org",
            "display_name": "Zoë Q",
            "country": "PT",
            "password1": STRONG,
            "password2": "something-Else-42",
        },
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert 'value="zoe@example.org"' in html and 'value="Zoë Q"' in html
    assert '<option value="PT" selected>' in html
    # Each message sits in the block of its own field (the label, the input, the error).
    blocks = re.findall(r'<div class="field invalid">(.*?)</div>\s*(?=<div|<button)', html, re.S)
    named = {re.search(r'name="(\w+)"', block).group(1): block for block in blocks}
    assert set(named) == {"username", "password2"}
    assert "is taken" in named["username"] and "match" in named["password2"]
    assert Player.objects.filter(email="zoe@example.org").count() == 0
