"""The tournaments API over HTTP: one error body, strict writes, who may manage an event."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient
from tournaments_helpers import KOW, bots, event, organiser, people

from engines.decks import get_deck_format
from engines.registry import get_game
from tournaments import lifecycle, registration
from tournaments.models import Decklists, Entry, LogEntry, Tournament

pytestmark = pytest.mark.django_db

LEGAL = get_game(KOW).default_decks(2)[0]


def client(user=None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_authenticate(user)
    return c


def error(response, status):
    assert response.status_code == status, response.content
    body = response.json()["error"]
    assert body["status"] == status and body["message"]
    return body


def test_an_event_through_the_api(django_capture_on_commit_callbacks):
    org = organiser()
    ana, bob, cat, dan = people(4)
    api = client(org)
    created = api.post(
        "/api/tournaments/",
        {"name": "Friday Swiss", "game": KOW, "format": "swiss", "rounds": 2, "capacity": 3},
        format="json",
    )
    assert created.status_code == 201, created.content
    tid = created.json()["id"]
    assert created.json()["state"] == "draft" and created.json()["organiser"] == "org"
    assert client().get("/api/tournaments/").json()["count"] == 0  # drafts are private
    assert api.post(f"/api/tournaments/{tid}/open-registration/").status_code == 200
    for p in (ana, bob, cat):
        r = client(p).post(f"/api/tournaments/{tid}/register/", {"deck": LEGAL}, format="json")
        assert r.status_code == 201 and r.json()["state"] == "active"
    full = client(dan).post(f"/api/tournaments/{tid}/register/", {}, format="json")
    assert full.status_code == 201 and full.json()["state"] == "waitlisted"
    error(client(ana).post(f"/api/tournaments/{tid}/register/", {}, format="json"), 409)
    bad = error(
        client(dan).post(f"/api/tournaments/{tid}/register/", {"deck": ["4"]}, format="json"), 400
    )
    assert "deck" in bad["fields"]
    error(client(ana).post(f"/api/tournaments/{tid}/start/"), 403)
    with django_capture_on_commit_callbacks(execute=True):
        started = api.post(f"/api/tournaments/{tid}/start/")
    assert started.status_code == 200 and started.json()["state"] == "running"
    rounds = client().get(f"/api/tournaments/{tid}/rounds/").json()
    assert len(rounds) == 1 and len(rounds[0]["tables"]) == 2  # 3 players: one bye
    table = next(tb for tb in rounds[0]["tables"] if not tb["bye"])
    assert table["why"] and table["players"][0]
    players = {p.username: p for p in (ana, bob, cat)}
    first, second = (players[name] for name in table["players"])
    url = f"/api/tournaments/{tid}/tables/{table['id']}/report/"
    error(client(dan).post(url, {"wins": [2, 0]}, format="json"), 403)
    unknown = error(client(first).post(url, {"wins": [2, 0], "winner": 1}, format="json"), 400)
    assert "winner" in unknown["fields"]
    assert client(first).post(url, {"wins": [2, 0]}, format="json").json()["state"] == "reported"
    with django_capture_on_commit_callbacks(execute=True):
        done = client(second).post(url, {"wins": [2, 0]}, format="json")
    assert done.json()["state"] == "final"
    error(api.post(f"/api/tournaments/{tid}/pair/", {"round": 2}, format="json"), 409)
    standings = client().get(f"/api/tournaments/{tid}/standings/").json()
    rows = standings["standings"]
    # Round 1: a 2-0 and a bye; round 2 (paired by itself) gave the bye to someone else.
    assert sorted(r["byes"] for r in rows) == [0, 1, 1]
    assert [r["match_points"] for r in rows] == [3, 3, 3]
    top = standings["standings"][0]
    assert {"rank", "match_points", "omw", "gwp", "ogw", "opponents", "wins"} <= set(top)
    assert standings["bracket"] is None
    error(client().get(f"/api/tournaments/{tid}/bracket/"), 404)
    export = client().get(f"/api/tournaments/{tid}/export/").json()
    assert json.loads(json.dumps(export))["tournament"]["current_round"] == 2
    error(client(ana).get(f"/api/tournaments/{tid}/log/"), 403)
    actions = [e["action"] for e in api.get(f"/api/tournaments/{tid}/log/").json()]
    assert {"create", "open_registration", "start"} <= set(actions)


def test_only_organisers_create_and_only_theirs_manage():
    org, other = organiser(), organiser("other")
    (ana,) = people(1)
    error(client(ana).post("/api/tournaments/", {"name": "x", "game": KOW}, format="json"), 403)
    t = client(org).post("/api/tournaments/", {"name": "x", "game": KOW}, format="json").json()
    error(client(other).post(f"/api/tournaments/{t['id']}/open-registration/"), 404)  # a draft
    client(org).post(f"/api/tournaments/{t['id']}/open-registration/")
    error(client(other).post(f"/api/tournaments/{t['id']}/open-check-in/"), 403)
    error(client(other).patch(f"/api/tournaments/{t['id']}/", {"name": "y"}, format="json"), 403)
    staff = organiser("staff")
    staff.role = "admin"
    staff.save()
    assert (
        client(staff)
        .patch(f"/api/tournaments/{t['id']}/", {"name": "renamed"}, format="json")
        .json()["name"]
        == "renamed"
    )
    error(client(org).post(f"/api/tournaments/{t['id']}/cancel/", {}, format="json"), 400)
    cancelled = client(org).post(
        f"/api/tournaments/{t['id']}/cancel/", {"reason": "venue closed"}, format="json"
    )
    assert cancelled.json()["state"] == "cancelled"
    assert LogEntry.objects.get(tournament_id=t["id"], action="cancel").reason == "venue closed"


def test_settings_are_checked():
    org = organiser()
    api = client(org)
    error(api.post("/api/tournaments/", {"name": "x", "game": "chess"}, format="json"), 400)
    error(
        api.post("/api/tournaments/", {"name": "x", "game": KOW, "format": "pods"}, format="json"),
        400,
    )
    error(
        api.post(
            "/api/tournaments/",
            {"name": "x", "game": KOW, "format": "round_robin", "top_cut": 8},
            format="json",
        ),
        400,
    )
    error(api.post("/api/tournaments/", {"name": "x", "game": KOW, "bogus": 1}, format="json"), 400)
    assert not Tournament.objects.exists()


def test_bot_owner_registers_their_bot_and_organiser_disqualifies(
    django_capture_on_commit_callbacks,
):
    org = organiser()
    (owner,) = people(1, prefix="owner")
    mine = bots(2, owner)
    t = client(org).post("/api/tournaments/", {"name": "b", "game": KOW}, format="json").json()
    client(org).post(f"/api/tournaments/{t['id']}/open-registration/")
    for bot in mine:
        r = client(owner).post(
            f"/api/tournaments/{t['id']}/register/", {"player": bot.username}, format="json"
        )
        assert r.status_code == 201
    entry = Entry.objects.get(player=mine[0])
    url = f"/api/tournaments/{t['id']}/entries/{entry.pk}/disqualify/"
    error(client(owner).post(url, {"reason": "x"}, format="json"), 403)
    r = client(org).post(url, {"reason": "offensive name"}, format="json")
    assert r.status_code == 200 and r.json()["state"] == "disqualified"
    assert client().get(f"/api/tournaments/{t['id']}/entries/").json()[0]["reason"]


def test_schema_lists_tournament_endpoints():
    schema = client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path in (
        "/api/tournaments/",
        "/api/tournaments/{id}/register/",
        "/api/tournaments/{id}/tables/{table_id}/report/",
        "/api/tournaments/{id}/standings/",
    ):
        assert path in schema["paths"], path


def test_public_decklists_by_card_name_and_private_ones_never_leak():
    arackhan = "arackhan-wars"
    org = organiser()
    ana, bob, cat = people(3)
    starter = get_deck_format(arackhan).starter_decks()[0]
    t = event(org, game=arackhan, decklists=Decklists.AFTER, rounds=1)
    for p in (ana, bob):
        registration.register(t, p, p, deck=starter.data)
    lifecycle.start(t, org)
    url = f"/api/tournaments/{t.pk}/decklists/"
    for who in (None, ana, cat):  # anonymous, an entrant, someone else: not public yet
        response = client(who).get(url)
        assert response.status_code == 200 and response.json() == [], who
    seen = client(org).get(url).json()  # the organiser sees every list
    assert sorted(d["username"] for d in seen) == ["p0", "p1"]
    t.state = "finished"
    t.save(update_fields=["state"])
    public = client().get(url).json()
    assert [d["player"] for d in public] == [ana.public_name, bob.public_name]
    assert {"count": 4, "card": "Nihilist Penguin"} in public[0]["cards"]
    assert sum(c["count"] for c in public[0]["cards"]) == sum(
        item["copies"] for item in starter.data["cards"]
    )
    t.decklists = Decklists.PRIVATE
    t.save(update_fields=["decklists"])
    assert client(cat).get(url).json() == []
    schema = client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/tournaments/{id}/decklists/"]["get"]
    assert "TournamentDecklist" in json.dumps(operation)
    assert "TournamentDeckCard" in json.dumps(schema["components"]["schemas"])
