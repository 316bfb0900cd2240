"""Heroes of Graxia on the platform: its default ladders with bot games on them, the Hero choice
registered through the decks API and the deck editor and checked like any deck, and the play
page's board with the catalogue's notice."""

from __future__ import annotations

import pytest

from decks import services
from decks.models import Deck
from matches.models import Match, MatchState
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from ratings.models import BotProfile, Ladder, RatingChange
from tests.decks.conftest import client_for
from tests.support.accounts import STRONG
from tests.web.conftest import make_bot

pytestmark = pytest.mark.django_db

GAME = "heroes-of-graxia"
DUEL, FFA = "heroes-of-graxia-1v1", "heroes-of-graxia-ffa-4p"
NOTICE = "platform's own starter catalogue"


@pytest.fixture
def bots(db) -> list[Player]:
    return [make_bot(GAME, "random", n=i) for i in (1, 2, 3)]


def test_the_default_ladders_are_a_duel_and_a_four_player_free_for_all(client, person, bots):
    """Issue #16: "default ladders (1v1 and 4-player free-for-all)"; the play page offers a
    game against bots on both."""
    ladders = {lad.slug: lad for lad in Ladder.objects.filter(game=GAME)}
    assert {s: lad.seats for s, lad in ladders.items()} == {DUEL: 2, FFA: 4}
    assert ladders[FFA].name == "Heroes of Graxia 4-player free-for-all"
    client.force_login(person)
    page = client.get("/play/").content.decode()
    assert f'data-testid="play-bots-{DUEL}"' in page and f'data-testid="play-bots-{FFA}"' in page


@pytest.mark.parametrize("slug", [DUEL, FFA])
def test_a_bot_game_on_the_ladder_runs_to_its_end_and_is_rated(
    slug, bots, django_capture_on_commit_callbacks
):
    ladder = Ladder.objects.get(slug=slug)
    seats = [SeatSpec(bot, "random") for bot in bots + [make_bot(GAME, "heuristic")]]
    with django_capture_on_commit_callbacks(execute=True):
        match = schedule_match(GAME, seats[: ladder.seats], ladder=ladder, origin="test")
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED and match.rated
    assert RatingChange.objects.filter(match=match).count() == ladder.seats
    assert sorted(s.rank for s in match.seats.all())[0] == 0


def test_a_hero_choice_is_registered_through_the_api(db) -> None:
    """Issue #16: "a registration for it (the Hero choice ...) checked like any deck"."""
    alice = Player.objects.create_user("alice", password=STRONG)
    api = client_for(alice)
    made = api.post("/api/decks/", {"game": GAME, "name": "Axe", "text": "Broxin"}, format="json")
    assert made.status_code == 201, made.content
    current = made.json()["current"]
    assert current["legal"] and current["data"] == {"hero": "broxin"}
    bad = api.post(
        "/api/decks/", {"game": GAME, "name": "Wizard", "text": "Gandalf"}, format="json"
    )
    assert bad.status_code == 201  # a draft, like any deck with violations
    (violation,) = bad.json()["current"]["violations"]
    assert violation["rule"] == "unknown-hero" and "Gandalf" in violation["message"]
    checked = api.post("/api/decks/validate/", {"game": GAME, "text": "Bone Sword"}, format="json")
    assert checked.status_code == 200 and not checked.json()["legal"]
    assert (
        "Bone Sword is an Equipment card, not a Hero" in checked.json()["violations"][0]["message"]
    )


def test_a_bad_hero_cannot_be_played_a_4xx_naming_it(db) -> None:
    """Only a legal version enters a ladder: the challenge is refused with a 400 naming the Hero,
    and no match is made."""
    alice = Player.objects.create_user("alice", password=STRONG)
    mine = Player.objects.create_user("alice-bot", password=STRONG, is_bot=True)
    BotProfile.objects.create(player=mine, game=GAME, spec="random", owner=alice)
    make_bot(GAME, "random")
    draft = services.create_deck(mine, GAME, "Wizard", text="Gandalf")
    api = client_for(alice)
    body = {"ladder": DUEL, "challenger": "alice-bot", "opponents": [f"{GAME}-random-bot"]}
    answer = api.post(
        "/api/challenges/",
        {**body, "deck_version": services.current_version(draft).pk},
        format="json",
    )
    assert answer.status_code == 400
    assert "There is no Hero named 'Gandalf'" in str(answer.json())
    answer = api.post(
        "/api/challenges/",
        {**body, "deck": {"game": GAME, "data": {"hero": "Gorgon"}}},
        format="json",
    )
    assert answer.status_code == 400 and "Gorgon" in str(answer.json())
    assert not Match.objects.exists()
    answer = api.post(
        "/api/challenges/",
        {**body, "deck": {"game": GAME, "data": {"hero": "Oshnuk"}}},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    assert Match.objects.get().decks[0] == {"hero": "Oshnuk"}


def test_the_deck_editor_takes_a_hero_and_names_a_bad_one(client, person, bots):
    client.force_login(person)
    page = client.get(f"/decks/new/?game={GAME}").content.decode()
    assert "choice of your Hero" in page and NOTICE in page
    saved = client.post("/decks/new/", {"name": "Sneaky", "game": GAME, "text": "Sype"})
    assert saved.status_code == 302
    version = services.current_version(Deck.objects.get(owner=person, name="Sneaky"))
    assert version.legal and version.data == {"hero": "sype"}
    checked = client.post(
        "/decks/new/", {"name": "Wizard", "game": GAME, "text": "Gandalf", "action": "check"}
    )
    assert "There is no Hero named" in checked.content.decode() and "Gandalf" in (
        checked.content.decode()
    )
    assert not Deck.objects.filter(name="Wizard").exists()
    # the registered Hero is played against a bot on the ladder; the bot gets another Hero
    answer = client.post(
        f"/play/bots/{DUEL}/",
        {f"{DUEL}-bot_0": bots[0].username, f"{DUEL}-deck_version": version.pk},
    )
    assert answer.status_code == 302
    match = Match.objects.get()
    assert match.decks[0] == {"hero": "sype"}
    page = client.get(answer["Location"]).content.decode()
    assert "heroes-of-graxia" in page and NOTICE in page  # the board and its help
    assert "Sype" in page


def test_the_catalogue_page_lists_the_card_diagram_in_words(client):
    """The catalogue names what the card diagram prints (Cost, sell value, Health, Attack,
    Defense, Trophy, Specials in words), never the effect codes, and says whose numbers they
    are."""
    page = client.get(f"/catalogues/{GAME}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert NOTICE in text and "In the box" in text and "Sells for" in text
    assert "Gives 1 Gold each turn." in text and "gold:1" not in text
    assert "Creature" not in text  # another game's card types are not offered
    monsters = client.get(f"/catalogues/{GAME}/", {"faction": "Monster"}).content.decode()
    assert "Goblin Warband" in monsters and "Bone Sword" not in monsters
    assert "Reward: 2 Gold to buy cards this turn." in monsters


def test_a_spectator_sees_only_public_information(client, person, bots):
    """Hands are private (issue #16, "spectators see only public information"): the public
    board has every hand as a count, and no face of a card in a hand."""
    import json
    import re

    from matches.interactive import game_state

    client.force_login(person)
    client.post(f"/play/bots/{DUEL}/", {f"{DUEL}-bot_0": bots[0].username})
    match = Match.objects.get()
    game, state = game_state(match)
    hands = {c for s in range(2) for c in game.zones(state)[f"hand:{s}"]}
    assert hands
    mine = client.get(f"/matches/{match.pk}/play/").content.decode()
    client.logout()
    public = client.get(f"/matches/{match.pk}/play/").content.decode()

    def view(page: str) -> dict:
        found = re.search(
            r'<script id="play-view" type="application/json">(.*?)</script>', page, re.S
        )
        return json.loads(found.group(1))

    seen, watched = view(mine), view(public)
    assert "hand" in seen["observation"]["players"][0]
    assert watched["seat"] is None and watched["legal"] == []
    assert all("hand" not in p for p in watched["observation"]["players"])
    assert [p["hand_count"] for p in watched["observation"]["players"]] == [
        len(game.zones(state)[f"hand:{s}"]) for s in range(2)
    ]
    leaked = set(watched["faces"]) & hands  # card ids are per copy: a hand's are its own
    assert watched["faces"] and set(seen["faces"]) & hands
    assert not leaked, leaked
