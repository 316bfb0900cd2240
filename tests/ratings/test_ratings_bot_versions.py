"""A bot's versions on the platform (ratings.versions, ratings.comparisons, their API and the
bot's page): publishing through the API with a token (refusals name the field and write
nothing), each version rated on its own with the older one's kept, the latest playing the
bot's new matches, the paired comparison scheduled unrated in same-seed pairs with the seats
swapped, and the page showing both ratings and the comparison's numbers."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from matches.models import Match, MatchState
from players.models import ApiToken, Player
from ratings import comparisons, versions
from ratings.challenges import challenge
from ratings.matchmaking import arena_bots
from ratings.models import BotProfile, BotVersion, Rating, RatingChange, VersionComparison
from ratings.recompute import recompute_ladder

GAME = "kingdom-of-warlords"


@pytest.fixture
def engine(db, people):
    """Ana's (people[0]) bot account, played by a worker."""
    bot = Player.objects.create(username="anas-engine", display_name="Ana's engine", is_bot=True)
    BotProfile.objects.create(player=bot, game=GAME, spec="random", owner=people[0])
    return bot


@pytest.fixture
def rival(db):
    bot = Player.objects.create(username="rival", display_name="Rival", is_bot=True)
    BotProfile.objects.create(player=bot, game=GAME, spec="random")
    return bot


def _client(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.credentials(HTTP_AUTHORIZATION=f"Token {ApiToken.objects.create(user=user)[1]}")
    return api


def _publish(api, name, **more):
    return api.post("/api/bots/anas-engine/versions/", {"name": name, **more}, format="json")


def test_versions_are_published_through_the_api_and_refusals_change_nothing(engine, people):
    bots_token = _client(engine)
    first = _publish(bots_token, "v1", spec="random", notes="the first")
    assert first.status_code == 201, first.json()
    second = _client(people[0]).post(  # the owner's token may too
        "/api/bots/anas-engine/versions/", {"name": "v2", "spec": "heuristic"}, format="json"
    )
    assert second.status_code == 201, second.json()
    assert second.json()["display_name"] == "Ana's engine v2"
    accounts = Player.objects.count()
    refusals = [
        (_publish(bots_token, "v2"), "name"),
        (_publish(bots_token, "  "), "name"),
        (_publish(bots_token, "v3", game="khan-of-khans"), "game"),
        (_publish(bots_token, "v3", spec="no-such-bot"), "spec"),
        (_publish(bots_token, "v3", colour="red"), "colour"),
    ]
    for answer, field in refusals:
        assert answer.status_code == 400, answer.json()
        assert field in answer.json()["error"]["fields"], answer.json()
    assert "v2" in refusals[0][0].json()["error"]["fields"]["name"][0]
    stranger = _publish(_client(people[1]), "v3")
    assert stranger.status_code == 403
    assert _publish(_client(), "v3").status_code in (401, 403)
    assert Player.objects.count() == accounts
    assert list(BotVersion.objects.values_list("name", flat=True)) == ["v1", "v2"]
    listed = _client().get("/api/bots/anas-engine/versions/").json()
    assert [v["name"] for v in listed["versions"]] == ["v1", "v2"]
    assert _client().get("/api/bots/no-such-bot/versions/").status_code == 404


def test_each_version_keeps_its_rating_and_the_latest_plays(
    duel, engine, rival, people, django_capture_on_commit_callbacks
):
    ana = people[0]
    v1 = versions.publish(engine, ana, "v1", spec="random")
    with django_capture_on_commit_callbacks(execute=True):
        first = challenge(duel, engine, [rival], by=ana)
    assert {s.player_id for s in first.seats.all()} == {v1.player_id, rival.pk}
    v2 = versions.publish(engine, ana, "v2", spec="random")
    with django_capture_on_commit_callbacks(execute=True):
        second = challenge(duel, engine, [rival], by=ana)
    assert {s.player_id for s in second.seats.all()} == {v2.player_id, rival.pk}
    rated = {r.player_id: r for r in Rating.objects.filter(ladder=duel)}
    assert rated[v1.player_id].games == 1 and rated[v2.player_id].games == 1
    assert engine.pk not in rated and rated[rival.pk].games == 2
    # The arena plays the latest version only (not the bot's own account, not v1).
    arena = {p.pk for p, _ in arena_bots(duel)}
    assert v2.player_id in arena and not {engine.pk, v1.player_id} & arena


def test_a_comparison_is_unrated_pairs_on_one_seed_and_the_page_shows_it(
    duel, engine, rival, people, client, django_capture_on_commit_callbacks
):
    """The Done-when test: two versions published through the API, both rated after a few real
    matches, a comparison played; the bot's page shows both ratings and its numbers."""
    ana = people[0]
    api = _client(engine)
    assert _publish(api, "v1", spec="random").status_code == 201
    v1 = BotVersion.objects.get(name="v1")
    with django_capture_on_commit_callbacks(execute=True):
        challenge(duel, engine, [rival], by=ana)
    assert _publish(api, "v2", spec="random").status_code == 201
    v2 = BotVersion.objects.get(name="v2")
    with django_capture_on_commit_callbacks(execute=True):
        challenge(duel, engine, [rival], by=ana)
    before = {r.player_id: (r.mu, r.sigma, r.games) for r in Rating.objects.filter(ladder=duel)}
    refused = api.post(
        "/api/bots/anas-engine/comparisons/",
        {"ladder": duel.slug, "a": "v1", "b": "v2", "games": 3},
        format="json",
    )
    assert refused.status_code == 400 and "games" in refused.json()["error"]["fields"]
    assert not VersionComparison.objects.exists() and not Match.objects.filter(rated=False)
    with django_capture_on_commit_callbacks(execute=True):
        answer = api.post(
            "/api/bots/anas-engine/comparisons/",
            {"ladder": duel.slug, "a": "v1", "b": "v2", "games": 4},
            format="json",
        )
    assert answer.status_code == 201, answer.json()
    found = VersionComparison.objects.get()
    games = list(found.matches.order_by("pk").prefetch_related("seats"))
    assert len(games) == 4
    assert all(not m.rated and m.origin == comparisons.COMPARISON_ORIGIN for m in games)
    assert all(m.state == MatchState.FINISHED for m in games)
    seats = [[s.player_id for s in m.seats.all()] for m in games]
    assert seats[0] == seats[2] == [v1.player_id, v2.player_id]
    assert seats[1] == seats[3] == [v2.player_id, v1.player_id]
    assert games[0].seed == games[1].seed and games[2].seed == games[3].seed
    assert games[0].seed != games[2].seed
    assert not RatingChange.objects.filter(match__in=games).exists()
    after = {r.player_id: (r.mu, r.sigma, r.games) for r in Rating.objects.filter(ladder=duel)}
    assert after == before  # the ladder's ratings did not move
    check = recompute_ladder(duel, check=True)  # and the history replays them exactly
    assert check.matches_replayed == 2 and not check.changed
    summary = comparisons.summary(found)
    tally = summary["tally"]
    assert summary["finished"] == 4 and tally.played == 4
    ranks = [{s.player_id: s.rank for s in m.seats.all()} for m in games]
    b_won = sum(r[v2.player_id] < r[v1.player_id] for r in ranks)
    b_lost = sum(r[v2.player_id] > r[v1.player_id] for r in ranks)
    assert (tally.wins, tally.losses, tally.draws) == (b_won, b_lost, 4 - b_won - b_lost)
    data = _client().get("/api/bots/anas-engine/comparisons/").json()["comparisons"][0]
    assert data["finished"] == 4 and data["b_wins"] == tally.wins
    assert data["rating_difference"]["sd"] == pytest.approx(
        (before[v1.player_id][1] ** 2 + before[v2.player_id][1] ** 2) ** 0.5
    )
    # The page: both versions' ratings and the comparison's numbers.
    page = client.get("/bots/anas-engine/").content.decode()
    for v in (v1, v2):
        mu, sigma, _ = before[v.player_id]
        assert "Ana&#x27;s engine " + v.name in page
        assert f"{mu:.2f} ± {sigma:.2f}" in page
    assert "4 of 4 games played" in page
    assert summary["verdict"].sentence.replace("'", "&#x27;") in page
    assert (
        f"{data['rating_difference']['mean']:+.2f} ± {data['rating_difference']['sd']:.2f}" in page
    )
    assert "Publish a version" not in page  # not signed in: no forms


def test_a_bots_token_plays_its_external_versions_seats_and_a_stranger_gets_403(
    duel, engine, people, django_capture_on_commit_callbacks
):
    ana = people[0]
    a = versions.publish(engine, ana, "v1")  # no spec: played through the API
    b = versions.publish(engine, ana, "v2")
    found = comparisons.start(duel, a, b, ana, 2)
    match = found.matches.order_by("pk").first()
    assert match.state == MatchState.RUNNING and not match.rated
    bots_token, owners_token, strangers = _client(engine), _client(ana), _client(people[1])
    view = bots_token.get(f"/api/matches/{match.pk}/play/").json()
    assert view["seat"] == view["to_act"] and view["legal"]
    assert owners_token.get(f"/api/matches/{match.pk}/play/").json()["seat"] is not None
    assert strangers.get(f"/api/matches/{match.pk}/play/").json()["seat"] is None
    action = {"action": view["legal"][0]["action"], "ply": view["ply"]}
    refused = strangers.post(f"/api/matches/{match.pk}/actions/", action, format="json")
    assert refused.status_code == 403
    match.refresh_from_db()
    assert match.actions == []
    played = bots_token.post(f"/api/matches/{match.pk}/actions/", action, format="json")
    assert played.status_code == 200, played.json()


def test_the_owners_page_publishes_and_compares_with_fields_named(duel, engine, people, client):
    client.force_login(people[0])
    page = client.get("/bots/anas-engine/")
    assert b"Publish a version" in page.content and b"Compare two versions" not in page.content
    assert (
        client.post("/bots/anas-engine/publish/", {"name": "v1", "spec": "random"}).status_code
        == 302
    )
    bad = client.post("/bots/anas-engine/publish/", {"name": "v1", "spec": "random"})
    assert bad.status_code == 400 and b"already" in bad.content
    assert (
        client.post("/bots/anas-engine/publish/", {"name": "v2", "spec": "random"}).status_code
        == 302
    )
    odd = client.post(
        "/bots/anas-engine/compare/", {"ladder": duel.slug, "a": "v1", "b": "v2", "games": 5}
    )
    assert odd.status_code == 400 and b"even" in odd.content
    same = client.post(
        "/bots/anas-engine/compare/", {"ladder": duel.slug, "a": "v1", "b": "v1", "games": 2}
    )
    assert same.status_code == 400 and not VersionComparison.objects.exists()
    client.force_login(people[1])
    assert client.post("/bots/anas-engine/publish/", {"name": "v3"}).status_code == 403
    assert BotVersion.objects.count() == 2


def test_the_bots_token_queues_its_external_version_and_plays_the_match(
    duel, engine, people, django_capture_on_commit_callbacks
):
    ana = people[0]
    versions.publish(engine, ana, "v1")
    v2 = versions.publish(engine, ana, "v2")  # external: no spec, played with the token
    bots_token = _client(engine)
    joined = bots_token.post(
        f"/api/ladders/{duel.slug}/queue/", {"player": "anas-engine"}, format="json"
    )
    assert joined.status_code == 201, joined.json()
    assert joined.json()["player"] == v2.player.username
    with django_capture_on_commit_callbacks(execute=True):  # the join's matchmaking round
        person = _client(people[1]).post(f"/api/ladders/{duel.slug}/queue/", {}, format="json")
    assert person.status_code == 201, person.json()
    match = Match.objects.get(ladder=duel, seats__player=v2.player)  # paired: a rated match
    assert match.rated and match.state == MatchState.RUNNING
    view = bots_token.get(f"/api/matches/{match.pk}/play/").json()
    assert view["seat"] is not None
    assert _client(people[2]).get(f"/api/matches/{match.pk}/play/").json()["seat"] is None


def test_an_event_entered_with_the_bot_seats_its_latest_version(engine, people):
    from tournaments import lifecycle, registration

    organiser = Player.objects.create_user("org", password="x-Strong-pass-9", role="organiser")
    event = lifecycle.open_registration(
        lifecycle.create(organiser, name="Bots' cup", game=GAME), organiser
    )
    v1 = versions.publish(engine, people[0], "v1", spec="random")
    entry = registration.register(event, engine, people[0])
    assert entry.player == v1.player


@pytest.mark.parametrize("typed", ["<svg onload=alert(1)>", '"><script>alert(1)</script>'])
def test_a_hostile_version_name_and_notes_are_text_and_a_long_name_is_refused(
    engine, people, client, typed
):
    from django.utils.html import escape

    versions.publish(engine, people[0], typed[:40], notes=typed, spec="random")
    page = client.get("/bots/anas-engine/").content.decode()
    assert typed not in page and escape(typed) in page  # the notes, as typed, escaped
    client.force_login(people[0])
    long = client.post("/bots/anas-engine/publish/", {"name": "A" * 10_000, "spec": "random"})
    assert long.status_code == 400 and b"at most 40 characters" in long.content
    api = _publish(_client(engine), "A" * 10_000)
    assert api.status_code == 400 and "name" in api.json()["error"]["fields"]
    assert BotVersion.objects.count() == 1
