"""The event page's decks and "Needs you now": the organiser's deck column (registered, illegal,
missing, no deck needed) that nobody else sees, a player changing their deck on the page and
through the API until the deck deadline, the deadline on the event form, and the organiser's
list as its own fragment (never in the public live region), with its notifications."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from decks import services as deck_services
from decks.models import DeckVersion
from players.models import Notification, Player
from tests.support.accounts import STRONG
from tournaments import bulk, lifecycle, registration
from tournaments.models import Entry, LogEntry, Tournament

pytestmark = pytest.mark.django_db
AKW = "arackhan-wars"
KHAN = "khan-of-khans"
LEGAL = "3 Phalanx\n4 Titan\n15 Infantryman\n1 Senior Mercenary\n"
OTHER = "3 Phalanx\n4 Titan\n12 Infantryman\n4 Senior Mercenary\n"
BUDGET = "Point budget: the deck is worth 128 points, over the 125 allowed by the catalogue"


def person(name: str, role: str = "player") -> Player:
    return Player.objects.create_user(
        name, f"{name}@example.org", STRONG, role=role, display_name=name.title()
    )


def event(org: Player, **fields) -> Tournament:
    fields.setdefault("name", "Deck night")
    fields.setdefault("game", AKW)
    return lifecycle.open_registration(lifecycle.create(org, **fields), org)


def version(owner: Player, text: str = LEGAL, name: str = "Warband") -> DeckVersion:
    return deck_services.current_version(deck_services.create_deck(owner, AKW, name, text=text))


def text(response) -> str:
    """The page with its spaces folded and the times' ``<time>`` tags left out (their text
    stays)."""
    return re.sub(r"</?time\b[^>]*>", "", re.sub(r"\s+", " ", response.content.decode()))


def page_of(client: Client, t: Tournament, user: Player | None) -> str:
    client.logout()
    if user is not None:
        client.force_login(user)
    r = client.get(f"/tournaments/{t.pk}/")
    assert r.status_code == 200
    return text(r)


def made_illegal(v: DeckVersion) -> None:
    """What decks.recheck writes when a newer catalogue breaks a version."""
    DeckVersion.objects.filter(pk=v.pk).update(
        legal=False, violations=[{"rule": "point-budget", "message": BUDGET}]
    )


def test_the_deck_column_shows_each_state_to_the_organiser_only(client):
    org = person("org", "organiser")
    ana, bob, cat = person("ana"), person("bob"), person("cat")
    t = event(org)
    registration.register(t, ana, ana, deck_version=version(ana).pk)
    broken = version(bob, OTHER)
    registration.register(t, bob, bob, deck_version=broken.pk)
    registration.register(t, cat, cat)  # no deck (the API allows it)
    made_illegal(broken)

    page = page_of(client, t, org)
    assert "Decks: 1 registered · 1 illegal · 1 missing" in page
    cells = re.findall(r'<td data-testid="deck-state">(.*?)</td>', page)
    assert len(cells) == 3
    assert 'data-state="registered"' in cells[0]
    assert f'title="{BUDGET}"' in cells[1] and "Point budget: the deck is worth 128" in cells[1]
    assert 'data-state="missing"' in cells[2]
    assert '<th scope="col">Deck</th>' in page
    for viewer in (ana, None):  # a player, and anyone
        other = page_of(client, t, viewer)
        assert "Deck</th>" not in other and "deck-counts" not in other
        assert 'data-testid="deck-state"' not in other and BUDGET not in other
    mine = page_of(client, t, bob)
    assert "Your deck is no longer legal:" in mine and BUDGET in mine  # theirs, on their entry


def test_a_game_without_decks_shows_no_deck_needed(client):
    org = person("org", "organiser")
    ana, bob = person("ana"), person("bob")
    t = event(org, game=KHAN, format="pods", pod_sizes=[2])
    registration.register(t, ana, ana, deck="morokanth")
    registration.register(t, bob, bob)
    page = page_of(client, t, org)
    assert "Decks: 1 registered · 1 no deck needed" in page
    assert 'data-state="not_needed">no deck needed' in page and "missing" not in page


def test_a_player_changes_their_deck_on_the_page_until_the_deadline(client):
    org = person("org", "organiser")
    ana, bob = person("ana"), person("bob")
    start = timezone.now() + dt.timedelta(days=1)
    t = event(org, starts_at=start, deck_deadline=start - dt.timedelta(hours=1))
    first, second = version(ana, LEGAL, "First"), version(ana, OTHER, "Second")
    entry = registration.register(t, ana, ana, deck_version=first.pk)
    registration.register(t, bob, bob, deck_version=version(bob).pk)
    page = page_of(client, t, ana)
    assert "Your deck is registered (only the organiser sees it)." in page
    assert "Change your deck" in page and "You may change it until" in page
    r = client.post(f"/tournaments/{t.pk}/deck/", {"deck-deck": f"version:{second.pk}"})
    assert r.status_code == 302
    entry.refresh_from_db()
    assert entry.deck_version == second.pk and entry.deck == second.data
    assert LogEntry.objects.filter(tournament=t, action="deck_changed", actor=ana).exists()
    # nobody else sees the list: not on the page, not in the API
    for viewer in (bob, None):
        assert "Infantryman" not in page_of(client, t, viewer)
    entries = APIClient().get(f"/api/tournaments/{t.pk}/entries/").json()
    assert "Infantryman" not in repr(entries) and "deck" not in entries[0]
    # an illegal choice is named at the field, nothing changes
    client.force_login(ana)
    broken = version(ana, "2 Phalanx", "Draft")
    r = client.post(f"/tournaments/{t.pk}/deck/", {"deck-deck": f"version:{broken.pk}"})
    assert r.status_code == 400 and "not legal" in text(r)
    entry.refresh_from_db()
    assert entry.deck_version == second.pk
    # after the deadline: a 409 in words, nothing changed, no form
    Tournament.objects.filter(pk=t.pk).update(deck_deadline=timezone.now())
    r = client.post(f"/tournaments/{t.pk}/deck/", {"deck-deck": f"version:{first.pk}"})
    assert r.status_code == 409 and "Decks were locked at" in text(r)
    entry.refresh_from_db()
    assert entry.deck_version == second.pk
    page = page_of(client, t, ana)
    assert "(the deck deadline)." in page and "Change your deck" not in page


def test_the_api_changes_a_deck_and_refuses_in_words():
    org = person("org", "organiser")
    ana, bob = person("ana"), person("bob")
    start = timezone.now() + dt.timedelta(days=1)
    t = event(org, starts_at=start, time_zone="Europe/Berlin", deck_deadline=start)
    first, second = version(ana, LEGAL, "First"), version(ana, OTHER, "Second")
    entry = registration.register(t, ana, ana, deck_version=first.pk)
    url = f"/api/tournaments/{t.pk}/entries/{entry.pk}/deck/"
    api = APIClient()
    api.force_authenticate(ana)
    r = api.post(url, {"deck_version": second.pk}, format="json")
    assert r.status_code == 200 and r.json()["deck_version"] == second.pk
    assert "Phalanx" not in r.content.decode()
    broken = version(ana, "2 Phalanx", "Draft")
    r = api.post(url, {"deck_version": broken.pk}, format="json")
    assert r.status_code == 400
    assert "deck_version" in r.json()["error"]["fields"] and "not legal" in r.content.decode()
    r = api.post(url, {"deck": "whatever", "deck_version": first.pk}, format="json")
    assert r.status_code == 400
    other = APIClient()
    other.force_authenticate(bob)
    assert other.post(url, {"deck_version": first.pk}, format="json").status_code == 403
    Tournament.objects.filter(pk=t.pk).update(deck_deadline=timezone.now())
    r = api.post(url, {"deck_version": first.pk}, format="json")
    assert r.status_code == 409
    message = r.json()["error"]["message"]
    assert re.fullmatch(
        r"Decks were locked at \d\d:\d\d Europe/Berlin \(the deck deadline\)\.", message
    ), message
    entry.refresh_from_db()
    assert entry.deck_version == second.pk


def test_the_organiser_sets_a_guests_deck_from_the_entrants(client):
    org = person("org", "organiser")
    t = event(org)
    (guest,) = bulk.add_entrants(t, org, guests="Gus").entries
    lent = version(org, LEGAL, "Loaner")
    page = page_of(client, t, org)
    assert "Set Gus's deck" in page and f"version:{lent.pk}" in page
    assert "Gus has no deck registered" in page  # in "Needs you now"
    r = client.post(
        f"/tournaments/{t.pk}/deck/", {"entry": str(guest.pk), "deck-deck": f"version:{lent.pk}"}
    )
    assert r.status_code == 302
    guest.refresh_from_db()
    assert guest.deck_version == lent.pk
    assert LogEntry.objects.filter(tournament=t, action="deck_set", actor=org).exists()
    assert "has no deck registered" not in page_of(client, t, org)


def test_the_attention_fragment_is_the_managers_and_the_live_one_never_has_it(client):
    org = person("org", "organiser")
    cat, ana = person("cat"), person("ana")
    t = event(org, game="kingdom-of-warlords")
    registration.register(t, ana, ana)
    (guest,) = bulk.add_entrants(t, org, guests="Gus").entries
    bulk.request_claim(t, guest, cat)
    client.force_login(org)
    r = client.get(f"/tournaments/{t.pk}/", {"fragment": "attention"})
    assert r.status_code == 200
    fragment = text(r)
    assert "Needs you now" in fragment and "Cat says they are the guest Gus" in fragment
    assert "Approve</button>" in fragment and "Refuse</button>" in fragment
    assert "<html" not in fragment
    for viewer in (cat, ana, None):
        client.logout()
        if viewer is not None:
            client.force_login(viewer)
        denied = client.get(f"/tournaments/{t.pk}/", {"fragment": "attention"})
        assert denied.status_code == 403 and denied.content == b""
        live = text(client.get(f"/tournaments/{t.pk}/", {"fragment": "live"}))
        assert "Needs you now" not in live and "says they are the guest" not in live
        assert "attention" not in live
    client.force_login(org)
    live = text(client.get(f"/tournaments/{t.pk}/", {"fragment": "live"}))
    assert "Needs you now" not in live  # the public region: the same for everyone
    r = client.post(f"/tournaments/{t.pk}/night/entries/{guest.pk}/refuse-claim/")
    assert r.status_code == 302
    guest.refresh_from_db()
    assert guest.claim_id is None
    assert "Nothing needs you now." in text(
        client.get(f"/tournaments/{t.pk}/", {"fragment": "attention"})
    )


def test_opening_the_event_page_reads_the_organisers_notifications(client):
    org = person("org", "organiser")
    cat = person("cat")
    t = event(org, game="kingdom-of-warlords")
    (guest,) = bulk.add_entrants(t, org, guests="Gus").entries
    bulk.request_claim(t, guest, cat)
    (note,) = Notification.objects.filter(player=org, kind="guest_claim")
    assert note.read_at is None and note.url == f"/tournaments/{t.pk}/"
    client.force_login(org)
    client.get(f"/tournaments/{t.pk}/", {"fragment": "attention"})
    note.refresh_from_db()
    assert note.read_at is None  # a refresh of the list is not a visit
    client.get(f"/tournaments/{t.pk}/")
    note.refresh_from_db()
    assert note.read_at is not None


def test_the_deck_deadline_is_typed_in_the_events_zone(client):
    org = person("org", "organiser")
    client.force_login(org)
    client.cookies["tz"] = "Europe/London"
    data = {"name": "Berlin night", "game": AKW, "format": "swiss", "top_cut": "0"}
    data |= {"starts_at": "2026-12-04T19:00", "time_zone": "Europe/Berlin"}
    data |= {"points_win": "3", "points_draw": "1", "points_loss": "0"}
    data |= {"late_entry_until_round": "0"}
    r = client.post("/tournaments/new/", data | {"deck_deadline": "2026-12-04T19:30"})
    assert r.status_code == 400 and "deck_deadline" in r.context["form"].errors
    r = client.post("/tournaments/new/", data | {"deck_deadline": "2026-12-04T18:30"})
    assert r.status_code == 302
    t = Tournament.objects.get()
    assert t.deck_deadline == dt.datetime(2026, 12, 4, 17, 30, tzinfo=dt.UTC)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Deck deadline" in page and "18:30 (Europe/Berlin) at the event" in page
    form = client.get(f"/tournaments/{t.pk}/edit/").context["form"]
    assert form.initial["deck_deadline"] == dt.datetime(2026, 12, 4, 18, 30)
    api = APIClient()
    api.force_authenticate(org)  # a draft: its organiser's
    api = api.get(f"/api/tournaments/{t.pk}/").json()
    assert api["deck_deadline"].startswith("2026-12-04T17:30")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_organisers_socket_hears_a_claim():
    from gauntlet.asgi import application

    @sync_to_async
    def setting_up():
        org = person("org", "organiser")
        t = event(org, game="kingdom-of-warlords")
        (guest,) = bulk.add_entrants(t, org, guests="Gus").entries
        client = Client()
        client.force_login(org)
        return org, t, guest, f"sessionid={client.cookies['sessionid'].value}".encode()

    org, t, guest, cookie = await setting_up()
    headers = [(b"origin", b"http://127.0.0.1"), (b"cookie", cookie)]
    socket = WebsocketCommunicator(application, "/ws/notifications/", headers=headers)
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from(timeout=30))["kind"] == "hello"

    @sync_to_async
    def claim():
        cat = person("cat")
        bulk.request_claim(t, Entry.objects.get(pk=guest.pk), cat)

    await claim()
    got = [await socket.receive_json_from(timeout=30) for _ in range(2)]
    by_kind = {m["kind"]: m["payload"] for m in got}
    assert by_kind["tournament.attention"] == {
        "tournament": t.pk,
        "kind": "guest_claim",
        "text": "Cat says they are the guest Gus in Deck night: approve or refuse it.",
    }
    assert by_kind["notification"]["kind"] == "guest_claim"
    assert by_kind["notification"]["url"] == f"/tournaments/{t.pk}/"
    await socket.disconnect()


def test_a_team_entry_shows_both_decks(client):
    from tournaments import teams

    org = person("org", "organiser")
    cap, mate = person("cap"), person("mate")
    t = event(org, team_size=2)
    entry = teams.register_team(t, cap, mate, cap, deck_version=version(cap).pk)
    teams.confirm_partner(t, entry.pk, mate)  # no deck of their own yet
    page = page_of(client, t, org)
    (cell,) = re.findall(r'<td data-testid="deck-state">(.*?)</td>', page)
    assert re.search(r'Cap: <span class="deck-state" data-state="registered">', cell)
    assert re.search(r'Mate: <span class="badge deck-missing" data-state="missing">', cell)
    assert "Decks: 1 registered · 0 illegal · 1 missing" in page
    assert "Mate has no deck registered" in page  # the team's player named in Needs you now


def test_the_organisers_page_makes_as_many_queries_for_more_entrants(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    org = person("org", "organiser")
    counts = []
    for n, name in ((2, "Small"), (6, "Large")):
        t = event(org, name=name)
        for i in range(n):
            p = person(f"{name.lower()}{i}")
            registration.register(t, p, p, deck_version=version(p).pk if i % 2 else None)
        guests = "\n".join(f"Guest {name} {i}" for i in range(n))
        for i, guest in enumerate(bulk.add_entrants(t, org, guests=guests).entries):
            bulk.request_claim(t, guest, person(f"claim{name.lower()}{i}"))
        client.force_login(org)
        client.get(f"/tournaments/{t.pk}/")
        with CaptureQueriesContext(connection) as queries:
            page = text(client.get(f"/tournaments/{t.pk}/"))
        assert page.count('data-kind="guest_claim"') == n
        assert page.count('data-kind="missing_deck"') == n + n // 2  # guests, and no deck
        counts.append(len(queries))
    assert counts[0] == counts[1], counts  # no query per entry, claim or deck
