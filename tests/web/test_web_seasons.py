"""A ladder's seasons on the site and the API: the ladder page names the current season and its
reset in words, an organiser ends it with the season page's form (refusals are a 403 or a 400
naming the field, changing nothing), the season page keeps the final leaderboard by players'
names, the player page lists their seasons, and the API lists seasons and final standings."""

from __future__ import annotations

import re

import pytest

from players.models import Player
from ratings.models import Ladder, LadderLogEntry, Rating, Season
from ratings.service import rate_match
from tests.ratings.ratings_helpers import finished_match

pytestmark = pytest.mark.django_db

SLUG = "kingdom-of-warlords-1v1"


@pytest.fixture
def ladder(db):
    ladder = Ladder.objects.get(slug=SLUG)
    names = ["Ana", "Bo", "Cy"]
    players = [Player.objects.create(username=n.lower(), display_name=n) for n in names]
    for winner, loser in ((0, 1), (0, 2), (1, 2), (0, 1)):  # Ana 3-0, Bo 1-2, Cy 0-2
        rate_match(finished_match(ladder, [players[winner], players[loser]], [0, 1]))
    return ladder


@pytest.fixture
def organiser(db):
    return Player.objects.create_user("org", password="x-Strong-pass-9", role="organiser")


def ratings(ladder):
    return sorted(Rating.objects.filter(ladder=ladder).values_list("player_id", "mu", "sigma"))


def test_an_organiser_ends_a_season_and_the_pages_keep_it(client, ladder, organiser):
    page = client.get(f"/ladders/{SLUG}/").content.decode()
    assert "Season 1</a> · started" in page
    assert "no planned end · at its end: ratings reset to 25 ± 8.33" in page
    client.force_login(organiser)
    current = client.get(f"/ladders/{SLUG}/seasons/1/").content.decode()
    assert 'data-testid="season-running"' in current and "End Season 1" in current
    response = client.post(
        f"/ladders/{SLUG}/seasons/end/",
        {"reset": "widen", "widen": "2", "reason": "autumn is over", "ends_at": "2099-03-01 12:00"},
    )
    assert response.status_code == 302 and response["Location"] == f"/ladders/{SLUG}/seasons/1/"
    client.logout()
    html = client.get(f"/ladders/{SLUG}/seasons/1/").content.decode()
    rows = re.findall(
        r'<tr data-testid="season-row"><td class="num">(\d+)</td><td><a href="/players/[^/]+/">'
        r"([^<]+)</a></td><td class=\"num\">[^<]+</td><td class=\"num\">[^<]+</td>"
        r'<td class="num">(\d+)</td><td class="num">(\d+)</td>',
        html,
    )
    assert rows == [("1", "Ana", "3", "3"), ("2", "Bo", "3", "1"), ("3", "Cy", "2", "0")]
    assert "At its end: uncertainty widened by 2." in html and "End Season" not in html
    page = client.get(f"/ladders/{SLUG}/").content.decode()
    assert "Season 2</a> · started" in page and "planned end" in page
    assert f'past seasons: <a href="/ladders/{SLUG}/seasons/1/">Season 1</a>' in page
    assert "at its end: uncertainty widened by 2" in page
    player = client.get("/players/bo/").content.decode()
    assert re.search(r"Season 1</a></td><td class=\"num\"><strong>2</strong> of 3", player)

    seasons = client.get(f"/api/ladders/{SLUG}/seasons/").json()
    assert [(s["number"], s["current"], s["reset"]) for s in seasons] == [
        (1, False, "widen"),
        (2, True, "widen"),
    ]
    assert seasons[0]["reset_text"] == "uncertainty widened by 2"
    final = client.get(f"/api/ladders/{SLUG}/seasons/1/").json()
    assert [(r["rank"], r["display_name"], r["games"]) for r in final["standings"]] == [
        (1, "Ana", 3),
        (2, "Bo", 3),
        (3, "Cy", 2),
    ]
    assert final["standings"][-1]["above_next"] is None
    assert client.get(f"/api/ladders/{SLUG}/seasons/2/").json()["standings"] == []
    assert client.get(f"/api/ladders/{SLUG}/seasons/3/").status_code == 404
    assert client.get(f"/ladders/{SLUG}/seasons/3/").status_code == 404


def test_refusals_are_named_and_change_nothing(client, ladder, organiser):
    before = ratings(ladder)
    client.force_login(Player.objects.get(username="ana"))
    response = client.post(f"/ladders/{SLUG}/seasons/end/", {"reset": "full", "reason": "mine"})
    assert response.status_code == 403
    client.force_login(organiser)
    for data, field in (
        ({"reset": "full", "reason": "  "}, "reason"),
        ({"reset": "full", "reason": "x" * 10_000}, "reason"),
        ({"reset": "widen", "reason": "over"}, "widen"),
        ({"reset": "widen", "widen": "50", "reason": "over"}, "widen"),
        ({"reset": "halve", "reason": "over"}, "reset"),
        ({"reset": "full", "reason": "over", "ends_at": "2001-01-01 00:00"}, "ends_at"),
    ):
        response = client.post(f"/ladders/{SLUG}/seasons/end/", data)
        assert response.status_code == 400, data
        assert list(response.context["form"].errors) == [field], data
    assert ratings(ladder) == before
    assert not Season.objects.exists() and not LadderLogEntry.objects.exists()
    assert client.get(f"/api/ladders/{SLUG}/seasons/").json()[0]["name"] == "Season 1"
