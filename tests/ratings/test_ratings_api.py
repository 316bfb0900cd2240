"""The ladders API: reads, the queue, challenges, and the bad-input matrix (clear 4xx, no change)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from ratings_helpers import PASSWORD, finished_match
from rest_framework.test import APIClient

from matches.models import Match
from players.models import Player
from ratings.models import BotProfile, QueueEntry, RatingChange
from ratings.service import rate_match

pytestmark = pytest.mark.django_db

KOK_BOT = "khan-of-khans-heuristic-bot"
WARLORDS = [
    "4",
    "4",
    "5",
    "5",
    "6",
    "6",
    "7",
    "7",
    "8",
    "8",
    "9",
    "9",
    "10",
    "10",
    "J",
    "J",
    "Q",
    "Q",
    "K",
    "K",
    "A",
    "A",
    "WL",
    "WL",
    "W",
    "P",
    "D",
]


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def alice(db):
    return Player.objects.create_user("alice", password=PASSWORD)


@pytest.fixture
def as_alice(api, alice):
    api.force_authenticate(alice)
    return api


@pytest.fixture
def warlords_bots(db):
    return [
        Player.objects.create(username=f"kingdom-of-warlords-{k}-bot", is_bot=True)
        for k in ("random", "heuristic", "search")
    ]


@pytest.fixture
def alices_bot(alice, duel):
    bot = Player.objects.create(username="alice-bot", is_bot=True)
    BotProfile.objects.create(player=bot, game=duel.game, spec="random", owner=alice)
    return bot


def error_of(response, status):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"} and body["error"]["status"] == status
    assert body["error"]["message"]
    return body["error"]


def counts():
    return (Match.objects.count(), QueueEntry.objects.count(), RatingChange.objects.count())


# -- reads ------------------------------------------------------------------------------------


def test_default_ladders_exist(api):
    slugs = {ladder["slug"]: ladder for ladder in api.get("/api/ladders/").json()["results"]}
    assert {"khan-of-khans-4p", "khan-of-khans-2p", "kingdom-of-warlords-1v1"} <= set(slugs)
    four = slugs["khan-of-khans-4p"]
    assert (four["seats"], four["game_name"], four["draw_probability"]) == (
        4,
        "Khan of Khans",
        0.005,
    )
    assert slugs["kingdom-of-warlords-1v1"]["seats"] == 2


def test_ladder_detail_and_unknown_ladder(api, duel):
    body = api.get(f"/api/ladders/{duel.slug}/").json()
    assert body["slug"] == duel.slug and body["players"] == 0 and body["queued"] == 0
    assert error_of(api.get("/api/ladders/nope/"), 404)["message"] == "No ladder 'nope'."


def test_leaderboard_by_conservative_rating_paginated(api, ffa, people):
    rate_match(finished_match(ffa, people[:4], [0, 1, 2, 3]))
    rate_match(finished_match(ffa, people[2:6], [0, 1, 2, 3]))
    page = api.get(f"/api/ladders/{ffa.slug}/leaderboard/?page_size=4").json()
    assert page["count"] == 6
    rows = page["results"]
    assert [r["position"] for r in rows] == [1, 2, 3, 4]
    values = [r["conservative"] for r in rows]
    assert values == sorted(values, reverse=True)
    assert {"username", "games", "wins", "last_active", "mu", "sigma", "is_bot"} <= set(rows[0])
    second = api.get(f"/api/ladders/{ffa.slug}/leaderboard/?page_size=4&page=2").json()
    assert [r["position"] for r in second["results"]] == [5, 6]
    p2 = next(r for r in rows + second["results"] if r["username"] == "p2")
    assert p2["games"] == 2 and p2["wins"] == 1


def test_history_lists_changes_with_match_ids(api, duel, people):
    m1 = finished_match(duel, people[:2], [0, 1])
    m2 = finished_match(duel, people[:2], [1, 0])
    rate_match(m1)
    rate_match(m2)
    rows = api.get(f"/api/ladders/{duel.slug}/players/p0/history/").json()["results"]
    assert [(r["match"], r["sequence"], r["rank"]) for r in rows] == [(m2.pk, 2, 1), (m1.pk, 1, 0)]
    assert rows[0]["mu_before"] == rows[1]["mu_after"]
    assert rows[0]["conservative_after"] == rows[0]["mu_after"] - 3 * rows[0]["sigma_after"]
    assert error_of(api.get(f"/api/ladders/{duel.slug}/players/ghost/history/"), 404)
    assert error_of(api.get("/api/ladders/nope/players/p0/history/"), 404)
    assert api.get(f"/api/ladders/{duel.slug}/players/p5/history/").json()["count"] == 0


def test_schema_lists_the_ladder_endpoints(api):
    paths = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()["paths"]
    for path in (
        "/api/ladders/",
        "/api/ladders/{slug}/leaderboard/",
        "/api/ladders/{slug}/players/{username}/history/",
        "/api/ladders/{slug}/queue/",
        "/api/challenges/",
    ):
        assert path in paths, path


# -- the queue --------------------------------------------------------------------------------


def test_join_see_and_leave_the_queue(as_alice, duel):
    url = f"/api/ladders/{duel.slug}/queue/"
    joined = as_alice.post(url, {}, format="json")
    assert joined.status_code == 201, joined.content
    assert joined.json()["player"] == "alice" and joined.json()["playable_by_worker"] is True
    assert as_alice.get(url).json()["ladder"] == duel.slug
    assert as_alice.delete(url).status_code == 204
    assert error_of(as_alice.get(url), 404)
    assert error_of(as_alice.delete(url), 404)


def test_joining_twice_is_a_conflict_and_changes_nothing(as_alice, duel):
    url = f"/api/ladders/{duel.slug}/queue/"
    assert as_alice.post(url, {}, format="json").status_code == 201
    entry = QueueEntry.objects.get()
    error = error_of(as_alice.post(url, {}, format="json"), 409)
    assert "already in the queue" in error["message"]
    assert list(QueueEntry.objects.values_list("pk", "joined_at")) == [(entry.pk, entry.joined_at)]


def test_queue_a_bot_you_own_with_a_deck(as_alice, duel, alices_bot):
    url = f"/api/ladders/{duel.slug}/queue/"
    body = {"player": "alice-bot", "deck": {"game": duel.game, "data": WARLORDS}}
    response = as_alice.post(url, body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["bot"] == "random" and response.json()["playable_by_worker"]
    assert QueueEntry.objects.get().deck == WARLORDS
    assert as_alice.delete(url + "?player=alice-bot").status_code == 204


@pytest.mark.parametrize(
    "body, status, field",
    [
        ({"deck": {"game": "khan-of-khans", "data": "high-llama"}}, 400, "deck"),
        ({"deck": {"game": "kingdom-of-warlords", "data": ["A"]}}, 400, "deck"),
        ({"deck": {"game": "kingdom-of-warlords"}}, 400, "deck"),
        ({"deck": {"game": "kingdom-of-warlords", "data": WARLORDS, "x": 1}}, 400, "deck"),
        ({"colour": "red"}, 400, "colour"),
        ({"player": "ghost"}, 400, "player"),
        ({"player": "kingdom-of-warlords-random-bot"}, 403, None),  # not her bot
        ([], 400, "non_field_errors"),
    ],
    ids=[
        "deck of another game",
        "illegal deck",
        "deck without data",
        "unknown deck field",
        "unknown field",
        "unknown player",
        "someone else's bot",
        "not an object",
    ],
)
def test_queue_bad_input(as_alice, duel, warlords_bots, body, status, field):
    error = error_of(as_alice.post(f"/api/ladders/{duel.slug}/queue/", body, format="json"), status)
    if field:
        assert field in error["fields"]
    assert counts() == (0, 0, 0)


def test_queue_unknown_ladder_closed_ladder_anonymous(api, as_alice, duel):
    assert (
        error_of(as_alice.post("/api/ladders/nope/queue/", {}, format="json"), 404)["message"]
        == "No ladder 'nope'."
    )
    duel.active = False
    duel.save()
    assert (
        "closed"
        in error_of(as_alice.post(f"/api/ladders/{duel.slug}/queue/", {}, format="json"), 409)[
            "message"
        ]
    )
    anonymous = APIClient()
    assert anonymous.post(f"/api/ladders/{duel.slug}/queue/", {}, format="json").status_code in (
        401,
        403,
    )
    assert counts() == (0, 0, 0)


def test_a_bot_of_another_game_cannot_join(db, duel):
    admin = Player.objects.create_user("root", password=PASSWORD, role="admin")
    Player.objects.create(username=KOK_BOT, is_bot=True)
    client = APIClient()
    client.force_authenticate(admin)
    error = error_of(
        client.post(f"/api/ladders/{duel.slug}/queue/", {"player": KOK_BOT}, format="json"), 400
    )
    assert "not a bot account that plays kingdom-of-warlords" in error["message"]
    assert counts() == (0, 0, 0)


# -- challenges -------------------------------------------------------------------------------


def test_challenge_a_bot_with_your_bot(as_alice, duel, alices_bot, warlords_bots):
    body = {
        "ladder": duel.slug,
        "challenger": "alice-bot",
        "opponent": "kingdom-of-warlords-search-bot",
    }
    response = as_alice.post("/api/challenges/", body, format="json")
    assert response.status_code == 201, response.content
    match = Match.objects.get(pk=response.json()["id"])
    assert (
        match.origin == "challenge"
        and match.ladder == duel
        and match.created_by.username == "alice"
    )
    assert [(s["player"], s["bot"]) for s in response.json()["seats"]] == [
        ("alice-bot", "random"),
        ("kingdom-of-warlords-search-bot", "search"),
    ]


def test_challenge_with_a_deck_fills_the_other_seat_from_the_engine(
    as_alice, duel, alices_bot, warlords_bots
):
    body = {
        "ladder": duel.slug,
        "challenger": "alice-bot",
        "opponents": ["kingdom-of-warlords-random-bot"],
        "deck": {"game": duel.game, "data": WARLORDS},
    }
    response = as_alice.post("/api/challenges/", body, format="json")
    assert response.status_code == 201, response.content
    assert Match.objects.get().decks[0] == WARLORDS


def test_admin_may_challenge_between_any_bots(db, duel, warlords_bots):
    admin = Player.objects.create_user("root", password=PASSWORD, role="admin")
    client = APIClient()
    client.force_authenticate(admin)
    body = {
        "ladder": duel.slug,
        "challenger": warlords_bots[0].username,
        "opponent": warlords_bots[1].username,
        "rated": False,
    }
    response = client.post("/api/challenges/", body, format="json")
    assert response.status_code == 201 and response.json()["rated"] is False


@pytest.mark.parametrize(
    "body, status, field",
    [
        ({"challenger": "alice-bot", "opponent": "alice-bot"}, 400, "opponents"),
        ({"opponent": "alice"}, 400, "opponents"),  # herself
        (
            {"challenger": "alice-bot", "opponents": ["kingdom-of-warlords-random-bot"] * 2},
            400,
            "opponents",
        ),
        ({"opponent": "kingdom-of-warlords-random-bot"}, 400, "challenger"),  # a human seat
        ({"challenger": "alice-bot", "opponent": "ghost"}, 400, "opponents"),
        ({"challenger": "alice-bot", "opponent": "bob"}, 400, "opponents"),  # bob is human
        ({"challenger": "alice-bot", "opponent": KOK_BOT}, 400, "opponents"),  # another game
        ({"challenger": "alice-bot"}, 400, "opponents"),
        (
            {
                "challenger": "alice-bot",
                "opponent": "kingdom-of-warlords-random-bot",
                "opponents": ["kingdom-of-warlords-search-bot"],
            },
            400,
            "opponents",
        ),
        (
            {
                "challenger": "alice-bot",
                "opponents": ["kingdom-of-warlords-random-bot", "kingdom-of-warlords-search-bot"],
            },
            400,
            "opponents",
        ),
        (
            {
                "challenger": "alice-bot",
                "opponent": "kingdom-of-warlords-random-bot",
                "deck": {"game": "khan-of-khans", "data": "high-llama"},
            },
            400,
            "deck",
        ),
        (
            {
                "challenger": "kingdom-of-warlords-heuristic-bot",
                "opponent": "kingdom-of-warlords-random-bot",
            },
            403,
            None,
        ),  # not her bot
        (
            {"challenger": "alice-bot", "opponent": "kingdom-of-warlords-random-bot", "seed": 3},
            400,
            "seed",
        ),
    ],
    ids=[
        "bot against itself",
        "challenging yourself",
        "same opponent twice",
        "human challenger",
        "unknown opponent",
        "human opponent",
        "bot of another game",
        "no opponent",
        "opponent and opponents",
        "too many opponents",
        "deck of another game",
        "someone else's bot",
        "unknown field",
    ],
)
def test_challenge_bad_input(as_alice, duel, alices_bot, warlords_bots, body, status, field):
    Player.objects.create_user("bob", password=PASSWORD)
    Player.objects.create(username=KOK_BOT, is_bot=True)
    error = error_of(
        as_alice.post("/api/challenges/", {"ladder": duel.slug, **body}, format="json"), status
    )
    if field:
        assert field in error["fields"], error
    assert counts() == (0, 0, 0)


def test_challenge_unknown_or_closed_ladder(as_alice, duel, alices_bot, warlords_bots):
    body = {"challenger": "alice-bot", "opponent": "kingdom-of-warlords-random-bot"}
    assert (
        error_of(as_alice.post("/api/challenges/", {"ladder": "nope", **body}, format="json"), 404)[
            "message"
        ]
        == "No ladder 'nope'."
    )
    duel.active = False
    duel.save()
    error_of(as_alice.post("/api/challenges/", {"ladder": duel.slug, **body}, format="json"), 409)
    assert counts() == (0, 0, 0)


def test_challenging_yourself_says_so(as_alice, duel, alices_bot):
    error = error_of(
        as_alice.post(
            "/api/challenges/", {"ladder": duel.slug, "opponent": "alice"}, format="json"
        ),
        400,
    )
    assert error["message"] == "opponents: You cannot challenge yourself."


def test_anonymous_cannot_challenge(api, duel):
    response = api.post("/api/challenges/", {"ladder": duel.slug, "opponent": "x"}, format="json")
    assert response.status_code in (401, 403) and counts() == (0, 0, 0)


def test_admin_pages_of_the_ratings_models(client, duel, people, alices_bot):
    rate_match(finished_match(duel, people[:2], [0, 1]))
    QueueEntry.objects.create(ladder=duel, player=people[2], joined_at=duel.created)
    root = Player.objects.create_user("root", password=PASSWORD, is_superuser=True)
    client.force_login(root)
    for model in ("ladder", "rating", "ratingchange", "queueentry", "botprofile"):
        assert client.get(f"/admin/ratings/{model}/").status_code == 200, model
    change = RatingChange.objects.first()
    assert client.get(f"/admin/ratings/ratingchange/{change.pk}/change/").status_code == 200
    assert client.get("/admin/ratings/ratingchange/add/").status_code == 403  # immutable


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"game": "chess"}, "game"),
        ({"seats": 3}, "seats"),  # Kingdom of Warlords is a two-player game
        ({"team_size": 2}, "team_size"),
        ({"draw_probability": 0.0}, "draw_probability"),
        ({"sigma": -1.0}, "sigma"),
    ],
)
def test_a_ladder_is_checked_against_its_engine(duel, changes, field):
    from django.core.exceptions import ValidationError

    for name, value in changes.items():
        setattr(duel, name, value)
    with pytest.raises(ValidationError) as exc:
        duel.full_clean()
    assert field in exc.value.message_dict


def test_the_default_ladders_are_clean(db):
    from ratings.models import Ladder

    for ladder in Ladder.objects.all():
        ladder.full_clean()


def test_a_ladder_of_an_unknown_game_is_refused_cleanly(as_alice, alices_bot, warlords_bots):
    from ratings.matchmaking import matchmake
    from ratings.models import Ladder

    odd = Ladder.objects.create(slug="odd", name="Odd", game="chess", seats=2)  # no full_clean
    body = {"ladder": "odd", "challenger": "alice-bot", "opponent": warlords_bots[0].username}
    assert (
        "chess" in error_of(as_alice.post("/api/challenges/", body, format="json"), 409)["message"]
    )
    deck = {"deck": {"game": "chess", "data": ["e4"]}}
    error_of(as_alice.post("/api/ladders/odd/queue/", deck, format="json"), 400)
    assert as_alice.get("/api/ladders/odd/").json()["game_name"] == "chess"
    assert "not played" in matchmake(odd, enqueue=False).notes[0]
    assert counts() == (0, 0, 0)
