"""Team events over the API: create one, register a team, confirm the partner, standings, export."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient
from tournaments_helpers import KOW, organiser, people

from engines.arackhan_wars.playable import playable_starters
from tournaments.models import Entry, EntryState

pytestmark = pytest.mark.django_db

AKW = "arackhan-wars"
LEGAL = playable_starters()[0].data


def client(user=None) -> APIClient:
    c = APIClient()
    c.default_format = "json"
    if user is not None:
        c.force_authenticate(user)
    return c


def error(response, status):
    assert response.status_code == status, response.content
    body = response.json()["error"]
    assert body["status"] == status and body["message"]
    return body


def test_a_team_event_through_the_api(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(8)
    api = client(org)
    bad = api.post("/api/tournaments/", {"name": "2v2", "game": KOW, "team_size": 2}, format="json")
    assert "team_size" in error(bad, 400)["fields"]
    created = api.post(
        "/api/tournaments/",
        {"name": "2v2", "game": AKW, "format": "swiss", "rounds": 2, "team_size": 2},
        format="json",
    )
    assert created.status_code == 201 and created.json()["team_size"] == 2
    tid = created.json()["id"]
    assert api.post(f"/api/tournaments/{tid}/open-registration/").status_code == 200
    url = f"/api/tournaments/{tid}"

    entry_ids = []
    for captain, partner in zip(players[::2], players[1::2], strict=True):
        r = client(captain).post(
            f"{url}/register-team/",
            {"partner": partner.username, "deck": LEGAL, "team_name": f"{captain.username}'s"},
            format="json",
        )
        assert r.status_code == 201, r.content
        assert (r.json()["state"], r.json()["partner"]) == ("pending", partner.username)
        entry_ids.append(r.json()["id"])
    # only the named partner confirms, with their own legal deck
    first = entry_ids[0]
    error(client(players[2]).post(f"{url}/entries/{first}/confirm-partner/", {}), 403)
    bad = client(players[1]).post(
        f"{url}/entries/{first}/confirm-partner/", {"deck": {"x": 1}}, format="json"
    )
    assert "deck" in error(bad, 400)["fields"]
    assert Entry.objects.get(pk=first).state == EntryState.PENDING
    for entry_id, partner in zip(entry_ids, players[1::2], strict=True):
        r = client(partner).post(
            f"{url}/entries/{entry_id}/confirm-partner/", {"deck": LEGAL}, format="json"
        )
        assert r.status_code == 200 and r.json()["state"] == "active", r.content
    error(client(players[1]).post(f"{url}/entries/{first}/decline-partner/"), 409)
    error(client(players[0]).post(f"{url}/register/", {}, format="json"), 409)  # teams only
    # strict bodies: unknown fields are refused
    error(client(players[0]).post(f"{url}/register-team/", {"partner": "p1", "x": 1}), 400)
    error(client(players[0]).post(f"{url}/register-team/", {"partner": "nobody"}), 400)

    with django_capture_on_commit_callbacks(execute=True):
        assert api.post(f"{url}/start/").status_code == 200
    rounds = client().get(f"{url}/rounds/").json()
    tables = rounds[0]["tables"]
    assert len(tables) == 2 and all(len(tb["entries"]) == 2 for tb in tables)
    assert all(name.endswith("'s") for tb in tables for name in tb["teams"])
    table = tables[0]
    captains = {e.pk: e.player for e in Entry.objects.filter(pk__in=table["entries"])}
    partner_of_first = Entry.objects.get(pk=table["entries"][0]).partner
    error(  # the captain reports for the team
        client(partner_of_first).post(
            f"{url}/tables/{table['id']}/report/", {"wins": [2, 0]}, format="json"
        ),
        403,
    )
    for entry_id in table["entries"]:
        r = client(captains[entry_id]).post(
            f"{url}/tables/{table['id']}/report/", {"wins": [2, 0], "draws": 0}, format="json"
        )
        assert r.status_code == 200, r.content
    assert r.json()["state"] == "final"

    standings = client().get(f"{url}/standings/").json()["standings"]
    assert len(standings) == 4
    winner = next(row for row in standings if row["entry"] == table["entries"][0])
    assert winner["match_points"] == 3 and winner["team"].endswith("'s")
    assert len(winner["players"]) == 2 and winner["opponent_teams"]

    export = client().get(f"{url}/export/").json()
    assert export["tournament"]["team_size"] == 2
    assert {t["entry"] for t in export["teams"]} == set(entry_ids)
    assert all(t["partner"] for t in export["teams"])
    assert {row["team"] for row in export["standings"]} == {t["team"] for t in export["teams"]}

    entries = client().get(f"{url}/entries/").json()
    assert {e["partner"] for e in entries} == {p.username for p in players[1::2]}


def test_organiser_enters_a_team_and_partners_decline():
    org = organiser()
    ana, bob, cat, dan = people(4)
    created = client(org).post(
        "/api/tournaments/", {"name": "2v2", "game": AKW, "team_size": 2}, format="json"
    )
    url = f"/api/tournaments/{created.json()['id']}"
    client(org).post(f"{url}/open-registration/")
    error(  # only organisers give the partner's deck
        client(ana).post(
            f"{url}/register-team/",
            {"partner": "p1", "deck": LEGAL, "partner_deck": LEGAL},
            format="json",
        ),
        403,
    )
    r = client(org).post(
        f"{url}/register-team/",
        {"player": "p0", "partner": "p1", "deck": LEGAL, "partner_deck": LEGAL},
        format="json",
    )
    assert r.status_code == 201 and r.json()["state"] == "active", r.content
    pending = client(cat).post(f"{url}/register-team/", {"partner": "p3"}, format="json").json()
    error(client(ana).post(f"{url}/entries/{pending['id']}/decline-partner/"), 403)
    declined = client(dan).post(f"{url}/entries/{pending['id']}/decline-partner/")
    assert declined.status_code == 200 and declined.json()["state"] == "withdrawn"
    error(client(dan).post(f"{url}/entries/999999/confirm-partner/", {}), 404)
    # an individual event answers the team endpoints with a conflict
    solo = client(org).post("/api/tournaments/", {"name": "solo", "game": AKW}, format="json")
    solo_url = f"/api/tournaments/{solo.json()['id']}"
    client(org).post(f"{solo_url}/open-registration/")
    error(client(cat).post(f"{solo_url}/register-team/", {"partner": "p3"}), 409)
    export = client().get(f"{solo_url}/export/").json()
    assert export["tournament"]["team_size"] == 1 and "teams" not in export
