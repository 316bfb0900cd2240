"""What people type, shown back on every page that renders it: player and guest names, bulk
entry lines, event names and descriptions, deck names and lists, study decks, void and
correction reasons, organiser request reasons. Each hostile string is shown as text (escaped),
never as markup or a ``javascript:`` link, and its export neutralised; a 10,000-character
name is refused with a 400 naming the field, and nothing is saved."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.utils.html import escape

from decks.models import Deck
from engines.decks import get_deck_format
from matches.models import AuditEntry
from players.models import OrganiserRequest, Player
from tests.support.accounts import STRONG
from tests.web.test_web_tournaments import event, form_data, organiser, people
from tournaments import bulk, lifecycle, results
from tournaments.models import Entry, LogEntry, Round, Tournament

pytestmark = pytest.mark.django_db

SVG = "<svg onload=alert(1)>"
SCRIPT = '"><script>alert(1)</script>'
JS = "javascript:alert(1)"
RTL = "\u202egnp.exe"
"""A right-to-left override: shown as typed, inside the element that holds the name."""
MARKUP = [SVG, SCRIPT]
LONG = "A" * 10_000


def page(response) -> str:
    return response.content.decode()


def assert_text_not_markup(html: str, text: str) -> None:
    """``text`` appears escaped, and none of its markup is live in the page."""
    assert escape(text) in html, text
    assert "<svg onload" not in html and "<script>alert(1)" not in html
    assert not re.search(r"""(href|src|action)\s*=\s*["']?\s*javascript:""", html, re.I)


# -- player names ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", [*MARKUP, JS, RTL])
def test_a_display_name_is_shown_as_text_on_every_page_of_the_player(client, person, name):
    client.force_login(person)
    saved = client.post("/accounts/profile/", {"display_name": name, "email": person.email})
    assert saved.status_code == 302
    person.refresh_from_db()
    assert person.display_name == name
    org = organiser()
    t = event(org, [person], name="Names Night")
    for url in ("/players/alice/", f"/tournaments/{t.pk}/", "/accounts/profile/"):
        html = page(client.get(url))
        assert escape(name) in html, url
        assert_text_not_markup(html, name)
    rows = csv.reader(io.StringIO(page(client.get(f"/tournaments/{t.pk}/export/entrants.csv"))))
    assert name in [r[1] for r in rows]  # none of these starts a formula: kept as typed


def test_a_ten_thousand_character_display_name_is_refused_naming_the_field(client, person):
    client.force_login(person)
    response = client.post("/accounts/profile/", {"display_name": LONG, "email": person.email})
    assert response.status_code == 400
    assert "display_name" in response.context["form"].errors
    assert "at most 60 characters" in page(response)
    person.refresh_from_db()
    assert person.display_name == "Alice"


def test_a_ten_thousand_character_name_at_sign_up_is_refused(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "email": "n@example.org",
            "display_name": LONG,
            "password1": STRONG,
            "password2": STRONG,
        },
    )
    assert response.status_code == 400
    assert "display_name" in response.context["form"].errors
    assert not Player.objects.filter(username="newbie").exists()


# -- guests and bulk lines ---------------------------------------------------------------------
def guest_night():
    org = organiser()
    t = event(org, name="Guest Night")
    bulk.add_entrants(t, org, guests="\n".join([SVG, SCRIPT, JS, RTL]))
    return org, lifecycle.start(t, org)


def test_guest_names_are_text_on_the_event_its_printouts_and_exports(client):
    org, t = guest_night()
    client.force_login(org)
    urls = [f"/tournaments/{t.pk}/", f"/tournaments/{t.pk}/?fragment=entrants"]
    urls += [f"/tournaments/{t.pk}/print/{k}/" for k in ("pairings", "pairings-by-name", "slips")]
    urls += [f"/tournaments/{t.pk}/print/standings/"]
    for url in urls:
        html = page(client.get(url))
        for name in (SVG, SCRIPT, JS, RTL):
            assert escape(name) in html, (url, name)
        assert_text_not_markup(html, SVG)
    table = t.round_set.get(number=1).tables.order_by("number").first()
    html = page(client.get(f"/tournaments/{t.pk}/tables/{table.pk}/"))
    assert_text_not_markup(html, page_name_of(table))
    pairings = page(client.get(f"/tournaments/{t.pk}/export/pairings.csv"))
    names = {c for row in csv.reader(io.StringIO(pairings)) for c in row[2:4]}
    assert {SVG, SCRIPT, JS, RTL} <= names  # no formula start: kept as typed, csv-quoted


def page_name_of(table) -> str:
    entry = Entry.objects.select_related("player").get(pk=table.entries[0])
    return entry.player.display_name


def test_a_bulk_line_naming_nobody_is_echoed_as_text_in_the_refusal(client):
    org = organiser()
    t = event(org, name="Bulk Night")
    client.force_login(org)
    response = client.post(
        f"/tournaments/{t.pk}/entrants/", {"bulk-players": f"{SVG}\n{SCRIPT}\n{JS}"}
    )
    assert response.status_code == 400
    html = page(response)
    for line in (SVG, SCRIPT, JS):
        assert escape(f"no player named {line!r}") in html
    assert_text_not_markup(html, SVG)
    assert not Entry.objects.filter(tournament=t).exists()


def test_a_ten_thousand_character_guest_is_refused_naming_the_line(client):
    org = organiser()
    t = event(org, name="Bulk Night")
    client.force_login(org)
    response = client.post(f"/tournaments/{t.pk}/entrants/", {"bulk-guests": f"Ann\n{LONG}"})
    assert response.status_code == 400
    assert "guests line 2: a name is at most 60 characters" in page(response)
    assert not Entry.objects.filter(tournament=t).exists()


# -- events ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", [*MARKUP, RTL])
def test_an_event_name_and_description_are_text_everywhere(client, name):
    org = organiser()
    client.force_login(org)
    description = f"{SVG}\n[click]({JS}) {JS} {SCRIPT}"
    made = client.post("/tournaments/new/", form_data(name=name, description=description))
    assert made.status_code == 302, made.content[:300]
    t = Tournament.objects.get(name=name)
    lifecycle.open_registration(t, org)
    for url in ("/tournaments/", f"/tournaments/{t.pk}/", f"/tournaments/{t.pk}/print/pairings/"):
        html = page(client.get(url))
        assert escape(name) in html, url
        assert_text_not_markup(html, name)
    detail = page(client.get(f"/tournaments/{t.pk}/"))
    assert escape(SVG) in detail and f"[click]({JS})" in detail  # no link made of it
    title = re.search(r"<title>(.*?)</title>", detail, re.S).group(1)
    assert escape(name) in title
    response = client.get(f"/tournaments/{t.pk}/export/entrants.csv")
    assert re.fullmatch(r'attachment; filename="[a-z0-9-]+\.csv"', response["Content-Disposition"])


@pytest.mark.parametrize("field", ["name", "description"])
def test_a_ten_thousand_character_event_name_or_description_is_refused(client, field):
    org = organiser()
    client.force_login(org)
    response = client.post("/tournaments/new/", form_data(**{field: LONG * (field == "name" or 2)}))
    assert response.status_code == 400
    assert field in response.context["form"].errors
    assert not Tournament.objects.exists()


# -- decks ------------------------------------------------------------------------------------
def test_a_deck_name_and_list_are_text_on_the_deck_pages(client, person):
    client.force_login(person)
    fmt = get_deck_format("arackhan-wars")
    legal = fmt.export_text(fmt.starter_decks()[0].data)
    markup = client.post("/decks/new/", {"name": SVG, "game": "arackhan-wars", "text": legal})
    assert markup.status_code == 400  # a deck name is plain text: no < or >
    assert "name" in markup.context["form"].errors and "plain text" in page(markup)
    name = f'{JS} "x" & {RTL}'
    made = client.post("/decks/new/", {"name": name, "game": "arackhan-wars", "text": legal})
    assert made.status_code == 302
    deck = Deck.objects.get(owner=person)
    assert deck.name == name
    version = deck.versions.get(is_current=True)
    for url in (f"/decks/{deck.pk}/", "/decks/", f"/decks/versions/{version.pk}/"):
        assert_text_not_markup(page(client.get(url)), name)
    text = f"4 {SVG}\n1 {SCRIPT}\n{JS}"
    drafted = client.post("/decks/new/", {"name": "Mine", "game": "arackhan-wars", "text": text})
    assert drafted.status_code == 302  # no such cards: kept as a draft that is not legal
    draft = page(client.get(drafted["Location"]))
    assert_text_not_markup(draft, SCRIPT)
    assert escape(SVG) in draft
    report = client.post(
        "/decks/validate/",
        {"game": "arackhan-wars", "text": text},
        HTTP_X_REQUESTED_WITH="fetch",
    )
    assert report.status_code == 200
    assert_text_not_markup(page(report), SVG)
    assert escape(SCRIPT) in page(report)


def test_a_ten_thousand_character_deck_name_is_refused_naming_the_field(client, person):
    client.force_login(person)
    response = client.post("/decks/new/", {"name": LONG, "game": "arackhan-wars", "text": ""})
    assert response.status_code == 400
    assert "name" in response.context["form"].errors
    assert not Deck.objects.filter(owner=person).exists()


# -- studies -----------------------------------------------------------------------------------
def test_study_decks_that_name_nothing_are_echoed_as_text(client, staff):
    client.force_login(staff)
    response = client.post(
        "/insights/studies/",
        {
            "game": "arackhan-wars",
            "decks": f"{SVG}\n{SCRIPT}",
            "bot": SVG,
            "matches": "2",
            "batch_size": "1",
        },
    )
    assert response.status_code == 400
    assert_text_not_markup(page(response), SVG)


# -- reasons -----------------------------------------------------------------------------------
@pytest.mark.parametrize("reason", [f"{SVG} {JS}", f"{SCRIPT} {RTL}"])
def test_a_void_reason_is_text_on_the_match_page(client, staff, finished, reason):
    client.force_login(staff)
    assert client.post(f"/matches/{finished.pk}/void/", {"void-reason": reason}).status_code == 302
    assert AuditEntry.objects.get().reason == reason
    assert_text_not_markup(page(client.get(f"/matches/{finished.pk}/")), reason)


def test_a_ten_thousand_character_void_reason_is_refused_naming_the_field(client, staff, finished):
    client.force_login(staff)
    response = client.post(f"/matches/{finished.pk}/void/", {"void-reason": LONG})
    assert response.status_code == 400
    assert "reason" in response.context["void_form"].errors
    assert not AuditEntry.objects.exists()


def test_a_tournament_correction_reason_is_text_on_the_event(client):
    org = organiser()
    t = lifecycle.start(event(org, people(2), name="Fix Night"), org)
    table = Round.objects.get(tournament=t, number=1).tables.first()
    results.correct(t, table.pk, org, {"wins": [2, 0]}, f"{SVG} {SCRIPT}")
    assert LogEntry.objects.filter(tournament=t, action="correct_result").exists()
    client.force_login(org)
    for url in (f"/tournaments/{t.pk}/", f"/tournaments/{t.pk}/tables/{table.pk}/"):
        html = page(client.get(url))
        assert "<svg onload" not in html and "<script>alert(1)" not in html, url
    assert escape(SVG) in page(client.get(f"/tournaments/{t.pk}/"))


@pytest.mark.parametrize("reason", [f"{SVG} {JS} {RTL}", SCRIPT])
def test_an_organiser_request_reason_is_text_for_staff(client, person, staff, reason):
    client.force_login(person)
    assert client.post("/organisers/request/", {"reason": reason}).status_code == 302
    assert OrganiserRequest.objects.get().reason == reason
    client.force_login(staff)
    assert_text_not_markup(page(client.get("/staff/organisers/")), reason)


def test_a_ten_thousand_character_organiser_request_is_refused(client, person):
    client.force_login(person)
    response = client.post("/organisers/request/", {"reason": LONG})
    assert response.status_code == 400
    assert "reason" in response.context["form"].errors
    assert not OrganiserRequest.objects.exists()


# -- the API takes the same limits -------------------------------------------------------------
def test_the_api_refuses_a_ten_thousand_character_display_name_naming_it(person):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(person)
    response = api.patch("/api/me/", {"display_name": LONG}, format="json")
    assert response.status_code == 400
    assert "display_name" in response.json()["error"]["fields"]
    person.refresh_from_db()
    assert person.display_name == "Alice"


def test_the_api_refuses_a_ten_thousand_character_description_naming_it():
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(organiser())
    body = {"name": "API night", "game": "kingdom-of-warlords", "description": LONG}
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 400
    assert "description" in response.json()["error"]["fields"]
    assert not Tournament.objects.exists()
    body["description"] = f"{SVG} {JS}"
    made = api.post("/api/tournaments/", body, format="json")
    assert made.status_code == 201, made.content[:300]
    assert made.json()["description"] == f"{SVG} {JS}"  # JSON carries the text as typed
