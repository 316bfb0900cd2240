"""The ladder page's queue: the deck it takes (legal versions by name, the last played chosen,
someone else's or an illegal one a 400 naming ``deck``), the waiting page's ask that pairs and
sends the person to the board, the wait and the expected wait, and the bot offer after a wait."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from decks.models import DeckVersion
from decks.services import copy_starter, current_version
from matches.models import Match, MatchState
from players.models import Player
from ratings.models import Ladder, QueueEntry, QueueWait, Rating
from ratings.waiting import BOT_OFFER_SECONDS
from tests.support.accounts import STRONG

pytestmark = pytest.mark.django_db
SLUG = "arackhan-wars-1v1"
LADDER = f"/ladders/{SLUG}/"


@pytest.fixture
def dana(db) -> Player:
    return Player.objects.create_user("dana", password=STRONG, display_name="Dana")


@pytest.fixture
def eli(db) -> Player:
    return Player.objects.create_user("eli", password=STRONG, display_name="Eli")


def _deck(owner, key, name):
    return current_version(copy_starter(owner, "arackhan-wars", key, name))


def _options(html: str) -> list[tuple[str, str, bool]]:
    select = re.search(r'<select name="deck".*?</select>', html, re.S)
    assert select, "no deck field on the queue form"
    return [
        (value, label.strip(), "selected" in attrs)
        for value, attrs, label in re.findall(
            r'<option value="([^"]*)"([^>]*)>([^<]*)</option>', select.group(0)
        )
    ]


def _join(client, capture, **data):
    with capture(execute=True):
        return client.post(LADDER + "queue/join/", {"player": data.pop("player"), **data})


def test_the_form_lists_your_legal_decks_by_name_the_last_played_chosen(
    client, dana, eli, django_capture_on_commit_callbacks
):
    snow = _deck(dana, "whitelands-prebuilt", "Snow")
    swamp = _deck(dana, "nakka-prebuilt", "Swamp")
    DeckVersion.objects.filter(pk=_deck(dana, "blight-prebuilt", "Broken").pk).update(legal=False)
    _deck(eli, "lightning-strike", "Eli's own")
    client.force_login(dana)
    options = _options(client.get(LADDER).content.decode())
    assert options == [
        (str(snow.pk), "Snow", True),  # never played here: the first of them
        (str(swamp.pk), "Swamp", False),
        ("", "No deck: the game deals me one", False),
    ]
    joined = _join(client, django_capture_on_commit_callbacks, player="dana", deck=swamp.pk)
    assert joined.status_code == 302
    entry = QueueEntry.objects.get(player=dana)
    assert entry.deck == swamp.data and entry.deck_version == swamp
    assert "with your deck Swamp" in client.get(LADDER).content.decode()
    client.force_login(eli)
    _join(client, django_capture_on_commit_callbacks, player="eli")  # pairs them
    client.force_login(dana)
    options = _options(client.get(LADDER).content.decode())
    assert [label for _, label, chosen in options if chosen] == ["Swamp"]


@pytest.mark.parametrize("case", ["someone else's", "illegal", "not a number"])
def test_a_deck_you_may_not_bring_is_a_400_naming_deck(client, dana, eli, case):
    theirs = _deck(eli, "whitelands-prebuilt", "Eli's")
    broken = _deck(dana, "nakka-prebuilt", "Broken")
    DeckVersion.objects.filter(pk=broken.pk).update(legal=False)
    value = {"someone else's": theirs.pk, "illegal": broken.pk, "not a number": "x"}[case]
    client.force_login(dana)
    response = client.post(LADDER + "queue/join/", {"player": "dana", "deck": value})
    assert response.status_code == 400
    assert list(response.context["queue_form"].errors) == ["deck"]
    assert "Choose one of your registered decks" in response.content.decode()
    assert not QueueEntry.objects.exists()
    assert DeckVersion.objects.filter(used_at__isnull=False).count() == 0


def test_a_deck_illegal_under_the_catalogue_in_force_is_refused_on_deck(client, dana, monkeypatch):
    from decks import services

    version = _deck(dana, "whitelands-prebuilt", "Snow")

    def not_playable(v, on=None):
        raise services.DeckNotPlayable("Snow (version 1) is not legal under catalogue x: banned")

    monkeypatch.setattr(services, "playable_data", not_playable)
    client.force_login(dana)
    response = client.post(LADDER + "queue/join/", {"player": "dana", "deck": version.pk})
    assert response.status_code == 400
    assert response.context["queue_form"].errors["deck"] == [
        "Snow (version 1) is not legal under catalogue x: banned"
    ]
    assert not QueueEntry.objects.exists()


def test_a_game_without_decks_shows_no_deck_field(client, dana, monkeypatch):
    from engines.registry import get_game

    monkeypatch.setattr(type(get_game("kingdom-of-warlords")), "uses_decks", False)
    client.force_login(dana)
    html = client.get("/ladders/kingdom-of-warlords-1v1/").content.decode()
    assert "Join the queue" in html and 'name="deck"' not in html


def test_the_waiting_page_asks_and_is_sent_to_the_board(
    client, dana, eli, django_capture_on_commit_callbacks
):
    mine, theirs = _deck(dana, "whitelands-prebuilt", "Snow"), _deck(eli, "nakka-prebuilt", "Swamp")
    client.force_login(dana)
    _join(client, django_capture_on_commit_callbacks, player="dana", deck=mine.pk)
    page = client.get(LADDER).content.decode()
    joined = re.search(r'data-joined="([^"]+)"', page).group(1)
    assert "web/queue.js" in page and 'data-testid="queue-expected"' in page
    wait = client.post(LADDER + "queue/wait/", {"joined": joined}).json()
    assert wait["queued"] and not wait["offer"]
    assert wait["expected_text"] == "unknown, nobody was paired here in the last 14 days"
    other = client_for(eli)
    _join(other, django_capture_on_commit_callbacks, player="eli", deck=theirs.pk)
    match = Match.objects.get(ladder__slug=SLUG)
    answer = client.post(LADDER + "queue/wait/", {"joined": joined}).json()
    assert answer == {"queued": False, "match_url": f"/matches/{match.pk}/play/"}
    decks = {s.player_id: match.decks[s.seat] for s in match.seats.all()}
    assert decks == {dana.pk: mine.data, eli.pk: theirs.data}
    # Someone who waited and left is told nothing about a match.
    assert client.post(LADDER + "queue/wait/", {}).json() == {"queued": False, "match_url": None}
    bad = client.post(LADDER + "queue/wait/", {"joined": "yesterday"})
    assert bad.status_code == 400 and "joined" in bad.json()


def client_for(user):
    from django.test import Client

    other = Client()
    other.force_login(user)
    return other


@pytest.mark.django_db(transaction=True)
def test_the_second_join_lands_on_the_board_at_once(dana, eli):
    """Real commits: the join's round runs before its answer, which goes to the board."""
    first, second = client_for(dana), client_for(eli)
    assert first.post(LADDER + "queue/join/", {"player": "dana"})["Location"] == LADDER
    response = second.post(LADDER + "queue/join/", {"player": "eli"})
    match = Match.objects.get(ladder__slug=SLUG)
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/play/"
    assert match.state == MatchState.RUNNING
    board = second.get(response["Location"]).content.decode()
    assert "Eli was paired at once with Dana." in board
    assert first.get(LADDER).context.get("my_entry") is None


def test_the_waiting_round_pairs_a_pair_that_needed_the_widened_threshold(
    client, dana, eli, django_capture_on_commit_callbacks
):
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    for person, mu in ((dana, 40.0), (eli, 10.0)):
        Rating.objects.create(
            ladder=ladder, player=person, mu=mu, sigma=1.0, conservative=mu - 3, games=3
        )
        client.force_login(person)
        with django_capture_on_commit_callbacks(execute=True):
            client.post(f"/ladders/{ladder.slug}/queue/join/", {"player": person.username})
    assert QueueEntry.objects.count() == 2  # too far apart to play at once
    url = f"/ladders/{ladder.slug}/queue/wait/"
    assert client.post(url).json()["queued"]  # eli asks: still too soon
    joined = timezone.now() - timedelta(seconds=95)
    QueueEntry.objects.update(joined_at=joined)
    from django.core.cache import cache

    cache.clear()  # a few seconds later
    answer = client.post(url, {"joined": joined.isoformat()}).json()
    match = Match.objects.get(ladder=ladder)
    assert answer == {"queued": False, "match_url": f"/matches/{match.pk}/play/"}
    assert {w.player_id for w in QueueWait.objects.filter(match=match)} == {dana.pk, eli.pk}


def _bots():
    strengths = {"random": -10.0, "heuristic": 4.0, "search": 40.0}  # conservative: μ − 3
    ladder = Ladder.objects.get(slug=SLUG)
    bots = {}
    for kind, mu in strengths.items():
        bot = Player.objects.create(
            username=f"arackhan-wars-{kind}-bot", display_name=f"{kind.title()} bot", is_bot=True
        )
        Rating.objects.create(ladder=ladder, player=bot, mu=mu, sigma=1, conservative=mu - 3)
        bots[kind] = bot
    return bots


def test_after_the_wait_the_page_offers_the_nearest_bot_and_the_button_plays_it(
    client, dana, django_capture_on_commit_callbacks
):
    bots = _bots()
    version = _deck(dana, "blight-prebuilt", "Blight")
    client.force_login(dana)
    _join(client, django_capture_on_commit_callbacks, player="dana", deck=version.pk)
    html = client.get(LADDER).content.decode()
    assert re.search(r'data-testid="queue-bot-offer" hidden', html)  # not yet
    early = client.post(LADDER + "queue/bot/")
    assert early.status_code == 409 and "offered after 30 s" in early.content.decode()
    assert QueueEntry.objects.filter(player=dana).exists() and not Match.objects.exists()
    QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=BOT_OFFER_SECONDS + 5))
    html = client.get(LADDER).content.decode()
    assert not re.search(r'data-testid="queue-bot-offer" hidden', html)
    assert "Play a rated game against Heuristic bot now" in html  # nearest to a new player's 0
    wait = client.post(LADDER + "queue/wait/").json()
    assert wait["offer"] and wait["offer_text"] == "Play a rated game against Heuristic bot now"
    assert re.fullmatch(r"3\d s", wait["waited_text"]) and wait["waited"] >= 35
    response = client.post(LADDER + "queue/bot/")
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/play/"
    assert match.rated and match.state == MatchState.RUNNING
    seats = [(s.player, s.bot) for s in match.seats.order_by("seat")]
    assert seats == [(dana, ""), (bots["heuristic"], "heuristic")]
    assert match.decks[0] == version.data
    assert not QueueEntry.objects.exists()
    gone = client.post(LADDER + "queue/bot/")
    assert gone.status_code == 409 and "is not in the queue" in gone.content.decode()


def test_the_queue_endpoints_need_a_login_and_a_post(client, dana):
    for path in ("queue/wait/", "queue/bot/"):
        assert client.post(LADDER + path)["Location"].startswith("/accounts/login/")
    client.force_login(dana)
    assert client.get(LADDER + "queue/wait/").status_code == 405
    assert client.get(LADDER + "queue/bot/").status_code == 405
    assert client.post("/ladders/nope/queue/wait/").status_code == 404


def test_the_api_join_takes_a_deck_version_and_the_match_seats_it(
    dana, eli, django_capture_on_commit_callbacks
):
    from rest_framework.test import APIClient

    versions = {
        p: _deck(p, key, p.username)
        for p, key in ((dana, "whitelands-prebuilt"), (eli, "nakka-prebuilt"))
    }
    for person, version in versions.items():
        api = APIClient()
        api.force_authenticate(person)
        with django_capture_on_commit_callbacks(execute=True):
            response = api.post(
                f"/api/ladders/{SLUG}/queue/", {"deck_version": version.pk}, format="json"
            )
        assert response.status_code == 201, response.content
        assert response.json()["deck_version"] == version.pk
    match = Match.objects.get(ladder__slug=SLUG)
    assert {s.player_id: match.decks[s.seat] for s in match.seats.all()} == {
        p.pk: v.data for p, v in versions.items()
    }
    api = APIClient()
    api.force_authenticate(dana)
    refused = api.post(
        f"/api/ladders/{SLUG}/queue/", {"deck_version": versions[eli].pk}, format="json"
    )
    assert refused.status_code == 400 and "deck_version" in refused.json()["error"]["fields"]


def test_the_offer_names_the_bots_as_a_sentence():
    from types import SimpleNamespace

    from web.queue_page import offer_text

    bots = [
        SimpleNamespace(public_name=n, username=u, bot_profile=None)
        for n, u in (("Ash", "ash"), ("Birch", "kok-random-bot"), ("Cedar", "kok-search-bot-2"))
    ]
    assert offer_text(bots[:1]) == "Play a rated game against Ash now"  # no kind: its name
    assert offer_text(bots[:2]) == "Play a rated game against Ash and Random bot now"
    assert offer_text(bots) == "Play a rated game against Ash, Random bot and Search bot 2 now"


def test_your_bot_account_queues_without_your_deck(client, dana):
    from tests.web.conftest import make_bot

    bot = make_bot("arackhan-wars", "heuristic", owner=dana)
    version = _deck(dana, "whitelands-prebuilt", "Snow")
    client.force_login(dana)
    refused = client.post(LADDER + "queue/join/", {"player": bot.username, "deck": version.pk})
    assert refused.status_code == 400 and list(refused.context["queue_form"].errors) == ["deck"]
    assert not QueueEntry.objects.exists()
    joined = client.post(LADDER + "queue/join/", {"player": bot.username, "deck": ""})
    assert joined.status_code == 302
    assert QueueEntry.objects.get().deck is None and QueueEntry.objects.get().bot == "heuristic"
