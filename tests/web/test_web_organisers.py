"""Becoming an organiser through the pages: the refusal page says how, the request page, the
staff page (approve, refuse with an answer), the header's count, and the person then creating
an event."""

from __future__ import annotations

import re

import pytest

from players import organisers
from players.models import Notification, OrganiserRequest, Player, RequestState, Role
from tests.support.accounts import STRONG
from tests.web.test_web_tournaments import form_data
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
REQUEST_PAGE = "/organisers/request/"
STAFF_PAGE = "/staff/organisers/"


def html(response) -> str:
    return response.content.decode()


def decide(client, request_id: int, decision: str, answer: str = ""):
    return client.post(f"{STAFF_PAGE}{request_id}/{decision}/", {f"r{request_id}-answer": answer})


def test_the_refusal_page_says_how_to_become_an_organiser(client, person):
    anonymous = client.get("/tournaments/new/")
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    client.force_login(person)
    refused = client.get("/tournaments/new/")
    assert refused.status_code == 403
    page = html(refused)
    assert '<header class="site">' in page and "Only organisers create tournaments." in page
    how = page.split('data-testid="organiser-how"')[1].split("</p>")[0]
    assert "Ask to become one:" in how
    assert f'href="{REQUEST_PAGE}"' in how and "Become an organiser" in how


def test_a_pending_request_shows_on_the_refusal_page(client, person):
    organisers.request_role(person, "Friday club nights", "club")
    client.force_login(person)
    page = html(client.get("/tournaments/new/"))
    assert 'data-state="pending"' in page and "is waiting for staff" in page
    assert "Ask to become one" not in page and f'href="{REQUEST_PAGE}"' in page


def test_a_player_starting_a_bot_study_is_told_how_too(client, person):
    client.force_login(person)
    listing = html(client.get("/insights/studies/"))
    assert 'data-testid="study-form"' not in listing and f'href="{REQUEST_PAGE}"' in listing
    refused = client.post("/insights/studies/", {"game": "kingdom-of-warlords"})
    assert refused.status_code == 403
    assert "Only organisers and staff start bot studies." in html(refused)
    assert "Become an organiser" in html(refused)


def test_the_settings_and_tournaments_pages_link_the_request_page(client, person):
    client.force_login(person)
    for url in ("/accounts/profile/", "/tournaments/"):
        assert f'href="{REQUEST_PAGE}"' in html(client.get(url)), url
    assert "Your role: <strong>player</strong>" in html(client.get("/accounts/profile/"))


def test_request_approval_then_the_person_creates_an_event(client, person, staff):
    client.force_login(person)
    page = client.get(REQUEST_PAGE)
    assert page.status_code == 200 and 'data-testid="organiser-form"' in html(page)
    sent = client.post(
        REQUEST_PAGE, {"reason": "  I run Friday nights at my club.  ", "venue": "club"}
    )
    assert sent.status_code == 302 and sent["Location"] == REQUEST_PAGE
    made = OrganiserRequest.objects.get()
    assert (made.player, made.reason, made.venue) == (
        person,
        "I run Friday nights at my club.",
        "club",
    )
    waiting = html(client.get(REQUEST_PAGE))
    assert "is waiting for staff" in waiting and 'data-testid="organiser-form"' not in waiting

    client.force_login(staff)
    home = html(client.get("/"))
    link = home.split('data-testid="staff-organisers"')[1].split("</a>")[0]
    assert '<span class="count">1</span>' in link
    assert Notification.objects.filter(player=staff, url=STAFF_PAGE, read_at=None).exists()
    listing = client.get(STAFF_PAGE)
    assert listing.status_code == 200
    card = html(listing).split(f'data-testid="request-{made.pk}"')[1].split("</section>")[0]
    assert "Alice" in card and "I run Friday nights at my club." in card and "A club" in card
    assert "0 games, 0 tournaments entered" in card
    assert f'name="r{made.pk}-answer"' in card and "Approve" in card and "Refuse" in card
    assert not Notification.objects.filter(player=staff, read_at=None).exists()  # seen
    approved = decide(client, made.pk, "approve", "Welcome!")
    assert approved.status_code == 302 and approved["Location"] == STAFF_PAGE
    after = html(client.get(STAFF_PAGE))
    assert "Alice is an organiser now; they were told." in after
    assert 'data-testid="none-waiting"' in after and "Welcome!" in after
    assert (
        '<span class="count">'
        not in after.split('data-testid="staff-organisers"')[1].split("</a>")[0]
    )

    person.refresh_from_db()
    assert person.role == Role.ORGANISER
    client.force_login(person)
    mine = html(client.get(REQUEST_PAGE))
    assert 'data-state="approved"' in mine and "Welcome!" in mine
    assert 'data-testid="organiser-yes"' in mine and 'data-testid="organiser-form"' not in mine
    assert client.get("/tournaments/new/").status_code == 200
    created = client.post("/tournaments/new/", form_data())
    t = Tournament.objects.get()
    assert created.status_code == 302 and t.organiser == person and t.name == "Club night"


def test_refusing_needs_an_answer_which_the_person_then_reads(client, person, staff):
    made = organisers.request_role(person, "Friday club nights", "")
    client.force_login(staff)
    blank = decide(client, made.pk, "refuse", "   ")
    assert blank.status_code == 400
    assert "Say why the request is refused." in html(blank)
    made.refresh_from_db()
    assert made.state == RequestState.PENDING
    done = decide(client, made.pk, "refuse", "Which club? Tell us and ask again.")
    assert done.status_code == 302
    made.refresh_from_db()
    assert made.state == RequestState.REFUSED and made.decided_by == staff
    again = decide(client, made.pk, "approve")
    assert again.status_code == 409 and "refused already" in html(again)

    client.force_login(person)
    mine = html(client.get(REQUEST_PAGE))
    assert 'data-state="refused"' in mine and "Which club? Tell us and ask again." in mine
    assert 'data-testid="organiser-form"' in mine and "Ask again" in mine
    refusal = html(client.get("/tournaments/new/"))
    assert "Which club? Tell us and ask again." in refusal and "Become an organiser" in refusal
    person.refresh_from_db()
    assert person.role == Role.PLAYER


def test_a_second_request_while_one_waits_is_a_409(client, person):
    client.force_login(person)
    assert client.post(REQUEST_PAGE, {"reason": "Club nights"}).status_code == 302
    second = client.post(REQUEST_PAGE, {"reason": "Please, club nights"})
    assert second.status_code == 409 and "still waiting for staff" in html(second)
    assert OrganiserRequest.objects.count() == 1


@pytest.mark.parametrize(
    "data, field",
    [
        ({"reason": "   "}, "reason"),
        ({"reason": "Club", "venue": "garage"}, "venue"),
        ({}, "reason"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(client, person, data, field):
    client.force_login(person)
    bad = client.post(REQUEST_PAGE, data)
    assert bad.status_code == 400 and list(bad.context["form"].errors) == [field]
    assert not OrganiserRequest.objects.exists()


@pytest.mark.parametrize("role", [Role.PLAYER, Role.ORGANISER])
def test_the_staff_page_and_its_buttons_are_staff_only(client, person, role):
    made = organisers.request_role(person, "Friday club nights", "")
    other = Player.objects.create_user("mallory", password=STRONG, role=role)
    anonymous = decide(client, made.pk, "approve")
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    client.force_login(other)
    assert client.get(STAFF_PAGE).status_code == 403
    for decision in ("approve", "refuse"):
        assert decide(client, made.pk, decision, "yes").status_code == 403
    made.refresh_from_db()
    person.refresh_from_db()
    assert made.state == RequestState.PENDING and person.role == Role.PLAYER
    assert 'data-testid="staff-organisers"' not in html(client.get("/"))


def test_the_staff_page_counts_what_each_person_played(client, staff, person, finished):
    bot = finished.seats.first().player
    bot.is_bot = False  # a person with a finished game behind them
    bot.save()
    made = organisers.request_role(bot, "I play a lot", "online")
    client.force_login(staff)
    card = html(client.get(STAFF_PAGE)).split(f'data-testid="request-{made.pk}"')[1]
    assert "1 game, 0 tournaments entered" in card.split("</section>")[0]
    assert decide(client, made.pk, "maybe").status_code == 404


def test_decided_requests_name_the_command_line(client, staff, person):
    organisers.grant(person)
    client.force_login(staff)
    page = html(client.get(STAFF_PAGE))
    decided = page.split("<h2>Decided</h2>")[1]
    assert re.search(r"Alice</a>: <strong>approved</strong>", decided)
    assert "by the command line" in decided and "granted from the command line" in decided
