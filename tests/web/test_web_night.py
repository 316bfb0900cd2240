"""The tournament night's pages: the start in the event's zone shown in the viewer's, the profile's
zone, bulk entry (each line's problem named, nothing saved), extensions, the attention list."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from rest_framework.test import APIClient

from players.models import Player
from tests.support.accounts import STRONG
from tournaments import lifecycle, registration
from tournaments.models import Entry, Table, Tournament

pytestmark = pytest.mark.django_db
KOW = "kingdom-of-warlords"


def organiser() -> Player:
    return Player.objects.create_user("org", "org@example.org", STRONG, role="organiser")


def people(n: int) -> list[Player]:
    return [Player.objects.create_user(f"p{i}", f"p{i}@example.org", STRONG) for i in range(n)]


def text(response) -> str:
    """The page with its spaces folded and the times' ``<time>`` tags left out (their text
    stays)."""
    return re.sub(r"</?time\b[^>]*>", "", re.sub(r"\s+", " ", response.content.decode()))


def test_a_start_typed_in_the_events_zone_is_shown_in_the_viewers(client):
    org = organiser()
    client.force_login(org)
    client.cookies["tz"] = "Europe/London"
    data = {"name": "Tokyo night", "game": KOW, "format": "swiss", "top_cut": "0"}
    data |= {"starts_at": "2026-12-01T19:00", "time_zone": "Asia/Tokyo", "round_minutes": "50"}
    data |= {"points_win": "3", "points_draw": "1", "points_loss": "0"}
    data |= {"late_entry_until_round": "0"}
    r = client.post("/tournaments/new/", data)
    assert r.status_code == 302, r.context["form"].errors if r.context else r
    t = Tournament.objects.get()
    assert t.starts_at == dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.UTC)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Tue 1 Dec 2026, 10:00 (Europe/London)" in page
    assert "Tue 1 Dec 2026, 19:00 (Asia/Tokyo) at the event" in page
    # the edit form shows the start again as the event's wall clock
    form = client.get(f"/tournaments/{t.pk}/edit/").context["form"]
    assert form.initial["starts_at"] == dt.datetime(2026, 12, 1, 19, 0)
    r = client.post("/tournaments/new/", data | {"time_zone": "Mars/Olympus"})
    assert r.status_code == 400 and "time_zone" in r.context["form"].errors


def test_the_profiles_zone_wins_over_the_browsers(client):
    (ana,) = people(1)
    client.force_login(ana)
    client.cookies["tz"] = "Europe/London"
    r = client.post(
        "/accounts/profile/",
        {"display_name": "Ana", "email": "a@example.org", "time_zone": "Nope/Zone"},
    )
    assert r.status_code == 400 and "time_zone" in r.context["form"].errors
    r = client.post(
        "/accounts/profile/",
        {"display_name": "Ana", "email": "a@example.org", "time_zone": "America/New_York"},
    )
    assert r.status_code == 302
    ana.refresh_from_db()
    assert ana.time_zone == "America/New_York"
    org = organiser()
    t = lifecycle.create(
        org, name="N", game=KOW, starts_at=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.UTC)
    )
    lifecycle.open_registration(t, org)
    assert "Tue 1 Dec 2026, 13:00 (America/New_York)" in text(client.get(f"/tournaments/{t.pk}/"))


def test_bulk_entry_names_each_bad_line_and_saves_nothing(client):
    org = organiser()
    ana, _ = people(2)
    t = lifecycle.open_registration(lifecycle.create(org, name="N", game=KOW), org)
    registration.register(t, ana, ana)
    client.force_login(org)
    url = f"/tournaments/{t.pk}/entrants/"
    r = client.post(url, {"bulk-players": "p0\nzed", "bulk-guests": "Walk In"})
    assert r.status_code == 400
    page = text(r)
    assert "players line 1: p0 is already entered" in page
    assert "players line 2: no player named &#x27;zed&#x27;" in page
    assert t.entries.count() == 1 and not Player.objects.filter(display_name="Walk In").exists()
    r = client.post(url, {"bulk-players": "p1", "bulk-guests": "Walk In"})
    assert r.status_code == 302
    assert t.entries.count() == 3
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert 'Walk In <span class="badge">guest</span>' in page
    client.force_login(ana)
    assert client.post(url, {"bulk-players": "p1"}).status_code == 403


def test_extensions_refuse_bad_minutes_and_the_attention_list_offers_one_click(
    client, django_capture_on_commit_callbacks
):
    org = organiser()
    players = people(4)
    t = lifecycle.create(org, name="N", game=KOW, rounds=2, round_minutes=30, auto_advance=False)
    lifecycle.open_registration(t, org)
    for p in players:
        registration.register(t, p, p)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    first, second = Table.objects.filter(round__tournament=t).order_by("number")
    client.force_login(org)
    r = client.post(
        f"/tournaments/{t.pk}/night/tables/{first.pk}/extend/", {"extend-minutes": "99"}
    )
    assert r.status_code == 400 and "minutes: An extension is 1 to 60 minutes." in text(r)
    r = client.post(f"/tournaments/{t.pk}/night/tables/{first.pk}/extend/", {"extend-minutes": "5"})
    assert r.status_code == 302
    first.refresh_from_db()
    assert first.extra_minutes == 5
    page = text(client.get(f"/tournaments/{t.pk}/tables/{first.pk}/"))
    assert 'data-testid="round-clock"' in page and "(5 extra minutes so far)" in page
    # one report in: the attention list offers to confirm it
    a, b = (Entry.objects.get(pk=e) for e in second.entries)
    from tournaments import results

    results.report(t, second.pk, a.player, {"wins": [2, 1], "draws": 0})
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "waiting for the other player&#x27;s confirmation" in page
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(f"/tournaments/{t.pk}/night/tables/{second.pk}/confirm/")
    assert r.status_code == 302
    second.refresh_from_db()
    assert second.state == "final" and second.result["wins"] == [2, 1]
    again = client.post(f"/tournaments/{t.pk}/night/tables/{second.pk}/confirm/")
    assert again.status_code == 409


def test_the_api_names_a_bad_time_zone_and_round_timer():
    org = organiser()
    api = APIClient()
    api.force_authenticate(org)
    body = {"name": "N", "game": KOW, "time_zone": "Nowhere"}
    r = api.post("/api/tournaments/", body, format="json")
    assert r.status_code == 400 and "time_zone" in r.json()["error"]["fields"]
    r = api.post(
        "/api/tournaments/",
        {**body, "time_zone": "Europe/Paris", "round_minutes": 0},
        format="json",
    )
    assert r.status_code == 400 and "round_minutes" in r.json()["error"]["fields"]
    r = api.post(
        "/api/tournaments/",
        {**body, "time_zone": "Europe/Paris", "round_minutes": 45},
        format="json",
    )
    assert r.status_code == 201 and r.json()["time_zone"] == "Europe/Paris"
    assert not Tournament.objects.filter(round_minutes=0).exists()
