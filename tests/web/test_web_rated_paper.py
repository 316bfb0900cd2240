"""The pages of rated paper events: what the event page says of its ladder, and the match page
of a paper match (its table, no replay, nothing to verify)."""

from __future__ import annotations

import pytest

from matches.models import PAPER_ORIGIN, Match
from players.models import Player
from ratings.models import Ladder
from tests.support.accounts import STRONG
from tournaments import lifecycle, registration, results
from tournaments.models import Table

pytestmark = pytest.mark.django_db
KOW = "kingdom-of-warlords"


def rated_event(ladder: Ladder | None, prefix: str = "p"):
    """An event of two people on ``ladder`` (None: not rated), started."""
    org = Player.objects.create_user(
        f"{prefix}org", f"{prefix}org@example.org", STRONG, role="organiser"
    )
    t = lifecycle.create(
        org, name="Spring Open", game=KOW, rounds=1, ladder=ladder, auto_advance=False
    )
    t = lifecycle.open_registration(t, org)
    players = [
        Player.objects.create_user(
            f"{prefix}{i}", f"{prefix}{i}@example.org", STRONG, display_name=f"Player {i}"
        )
        for i in range(2)
    ]
    for p in players:
        registration.register(t, p, p)
    return org, lifecycle.start(t, org), players


def duel() -> Ladder:
    return Ladder.objects.create(slug="kow-duel", name="Kingdom of Warlords 1v1", game=KOW, seats=2)


def test_the_event_page_says_whether_the_event_is_rated(client):
    _, plain, _ = rated_event(None, prefix="plain")
    page = client.get(f"/tournaments/{plain.pk}/").content.decode()
    assert "Not rated" in page and "counts for" not in page
    ladder = duel()
    _, rated, _ = rated_event(ladder, prefix="rated")
    page = client.get(f"/tournaments/{rated.pk}/").content.decode()
    assert "Not rated" not in page
    assert "every result played, paper ones included, counts for" in page
    assert f'href="/ladders/{ladder.slug}/"' in page and ladder.name in page


def test_the_match_page_of_a_paper_match_names_its_table(client, staff):
    _, t, (a, b) = rated_event(duel())
    (table,) = Table.objects.filter(round__tournament=t)
    first = a if table.entries[0] == t.entries.get(player=a).pk else b
    second = b if first == a else a
    results.report(t, table.pk, first, {"wins": [2, 1]})
    results.report(t, table.pk, second, {"wins": [2, 1]})
    table.refresh_from_db()
    match = Match.objects.get(pk=table.rated_match_id, origin=PAPER_ORIGIN)

    r = client.get(f"/matches/{match.pk}/")
    page = r.content.decode()
    assert r.status_code == 200
    assert (
        "Played on paper at table 1, round 1 of "
        f'<a href="/tournaments/{t.pk}/">Spring Open</a>; result reported by the players.'
    ) in page
    assert f"/matches/{match.pk}/replay/" not in page and "Provably fair seed" not in page
    assert f"/matches/{match.pk}/play/" not in page and "engine paper" not in page
    assert "Player 0" in page and "Player 1" in page

    page = client.get(f"/tournaments/{t.pk}/tables/{table.pk}/").content.decode()
    assert (
        f'counts for Kingdom of Warlords 1v1 as <a href="/matches/{match.pk}/">match {match.pk}</a>'
    ) in page

    r = client.get(f"/matches/{match.pk}/replay/")
    assert r.status_code == 404 and "played on paper" in r.content.decode()
    r = client.get(f"/api/matches/{match.pk}/record/")
    assert r.status_code == 404 and "a paper result" in r.json()["error"]["message"]
    assert client.get(f"/matches/{match.pk}/play/").status_code == 302  # to the match page

    client.force_login(staff)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Verify (replay now)" not in page and "Void this match" in page
    assert "there is no engine record to replay" in page
    r = client.post(f"/matches/{match.pk}/verify/")
    assert r.status_code == 409 and "a paper result" in r.content.decode()
