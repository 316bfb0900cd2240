"""What the site says to players: true today, in players' words (no commands in the footer,
no copy from before play in the browser)."""

import re
from html import escape
from pathlib import Path

import pytest

from tests.web.conftest import make_bot

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
LADDER = "/ladders/kingdom-of-warlords-1v1/"


def footer(html: str) -> str:
    return html.split('<footer class="site">')[1].split("</footer>")[0]


def test_the_footer_points_players_to_the_replays_not_to_a_command(client):
    text = footer(client.get("/").content.decode())
    assert "python" not in text and "<code>" not in text
    assert "replayed move by move from its page" in text
    assert 'href="/matches/"' in text


def test_the_ladder_page_says_people_play_in_the_browser(client, person):
    client.force_login(person)
    html = client.get(LADDER).content.decode()
    assert "wait until play in the browser arrives" not in html
    assert "for now" not in html
    queue = html.split('data-testid="queue-how"')[1].split("</p>")[0]
    assert "you play it in the browser" in queue and 'href="/my/matches/"' in queue
    assert "You own no bot account for this game." in html
    assert "or to challenge a person, go to" in html and 'href="/play/"' in html


def test_a_bot_owner_challenges_with_it_and_is_still_told_of_play(client, person):
    make_bot("kingdom-of-warlords", "heuristic", owner=person)
    make_bot("kingdom-of-warlords", "random")
    client.force_login(person)
    html = client.get(LADDER).content.decode()
    assert 'name="opponent_0"' in html and 'data-testid="challenge-how"' not in html
    assert "To play against bots yourself, or to challenge a person" in html


def test_joining_the_queue_as_a_person_says_where_the_match_is_played(client, person):
    client.force_login(person)
    done = client.post(LADDER + "queue/join/", {"player": "alice"}, follow=True)
    assert (
        "joined the queue of Kingdom of Warlords 1v1. When it pairs you, you play the match in the browser"
        in done.content.decode()
    )


def test_no_template_keeps_copy_from_before_play_in_the_browser():
    stale = re.compile(r"for now|until [^.<]* arrives|come later|python -m engines", re.I)
    found = {
        str(path.relative_to(TEMPLATES)): stale.findall(path.read_text(encoding="utf-8"))
        for path in TEMPLATES.rglob("*.html")
    }
    # The match page's "Check this match yourself" box is for people who run the engine.
    found.pop("web/match_live.html")
    assert {name: hits for name, hits in found.items() if hits} == {}


# -- one clock format (issue 30, item 7) ---------------------------------------------------------
def test_a_challenges_clock_reads_like_the_ladders(client, person):
    from players.models import Player
    from ratings import person_challenges
    from ratings.models import Ladder
    from tests.support.accounts import STRONG

    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    ana = Player.objects.create_user("ana", password=STRONG, display_name="Ana")
    person_challenges.create(ladder, ana, person, clock={"initial": 900, "increment": 30})
    client.force_login(person)
    page = client.get("/play/").content.decode()
    challenge = page.split("Ana challenges you")[1].split("</li>")[0]
    assert "turn clock 15 min + 30 s a turn" in challenge and "900" not in challenge


# -- names instead of seats (issue 30, item 7) --------------------------------------------------
SEAT_NUMBER = re.compile(r"\bseats? \d", re.I)


@pytest.fixture
def ana_and_bob(db):
    from players.models import Player
    from tests.support.accounts import STRONG

    return [
        Player.objects.create_user(name.lower(), password=STRONG, display_name=name)
        for name in ("Ana", "Bob")
    ]


def _people_match(people, options=None):
    from matches.scheduling import SeatSpec, schedule_match
    from ratings.models import Ladder

    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    return schedule_match(
        ladder.game, [SeatSpec(p) for p in people], ladder=ladder, options=options
    )


def test_a_resignation_reads_with_names_on_the_board_the_match_page_and_the_api(
    client, ana_and_bob
):
    from matches import interactive
    from web.live import public_summary

    match = _people_match(ana_and_bob)
    interactive.resign(match.pk, ana_and_bob[1])
    match.refresh_from_db()
    assert match.result["reason"] == "seat 1 forfeited: resigned"  # the engine's record
    words = "Bob resigned. Ana wins."
    assert interactive.view_for(match, None)["result_text"] == words
    client.force_login(ana_and_bob[0])
    assert client.get(f"/api/matches/{match.pk}/play/").json()["result_text"] == words
    page = client.get(f"/matches/{match.pk}/").content.decode()
    result = page.split("<dt>Result</dt>")[1].split("</dd>")[0]
    assert words in result and not SEAT_NUMBER.search(result)
    assert public_summary(match, match.seats.select_related("player"))["reason"] == words


def test_out_of_turn_and_out_of_time_refusals_name_the_player(ana_and_bob):
    from datetime import timedelta

    from django.utils import timezone

    from matches import interactive
    from matches.interactive import PlayError
    from matches.models import Match

    match = _people_match(ana_and_bob, options={"clock": {"initial": 900, "increment": 30}})
    game, state = interactive.game_state(match)
    to_act = game.to_act(state)
    waiting = ana_and_bob[1 - to_act]
    with pytest.raises(PlayError) as refused:
        interactive.submit_action(match.pk, waiting, "play 0", 0)
    assert str(refused.value) == f"It is {ana_and_bob[to_act].public_name}'s turn, not yours."
    view = interactive.view_for(match, to_act)
    assert view["clock"]["label"] == "15 min + 30 s a turn"  # the play page's clock, in words
    Match.objects.filter(pk=match.pk).update(clock_deadline=timezone.now() - timedelta(seconds=1))
    with pytest.raises(PlayError) as late:
        interactive.submit_action(match.pk, waiting, "play 0", 0)
    assert late.value.message == (
        f"{ana_and_bob[to_act].public_name}'s time ran out: the match ended on time."
    )
    match.refresh_from_db()
    text = interactive.view_for(match, None)["result_text"]
    assert text == (
        f"{ana_and_bob[to_act].public_name} ran out of time on the turn clock. "
        f"{waiting.public_name} wins."
    )


def test_a_corrected_match_reads_with_names_and_its_board_still_opens(client, staff, ana_and_bob):
    """Staff's correction keeps ranks and a reason only (no scores): the board used to fail
    reading it as an engine result."""
    from matches import audit, interactive

    match = _people_match(ana_and_bob)
    interactive.resign(match.pk, ana_and_bob[1])
    audit.correct(match.pk, staff, "Bob's resignation was a misclick", [1, 0])
    match.refresh_from_db()
    page = client.get(f"/matches/{match.pk}/play/")
    assert page.status_code == 200
    words = "Bob wins. The result was corrected by staff: Bob's resignation was a misclick."
    assert interactive.view_for(match, None)["result_text"] == words
    assert escape(words) in client.get(f"/matches/{match.pk}/").content.decode()


# -- each game's catalogue page -------------------------------------------------------------------
PATH = re.compile(r"(/work/|engines/|\.csv|data/)")


def _versions(html: str) -> str:
    return html.split('id="versions-h"')[1]


def test_the_akhedena_catalogue_shows_its_own_columns_and_no_file_path(client):
    html = client.get("/catalogues/akhedena/").content.decode()
    head = html.split('<table class="cards">')[1].split("</thead>")[0]
    for column in ("Card", "Weapon", "Attack", "Defence", "Copies in an army list"):
        assert f">{column}</th>" in head
    for other in ("Faction", "Deck value", "Attributes", "Also printed as", "Atk/Def"):
        assert other not in head  # AracKhan Wars' columns
    assert "Lance Knight" in html and "Cavalry Commander" in html and "at most 2" in html
    assert "(value 6+)" not in html  # AracKhan Wars' copy rule
    assert not PATH.search(_versions(html))
    assert escape("Starter catalogue of the platform's design") in _versions(html)
    assert 'data-testid="catalogue-notice"' in html
    form = html.split('class="catalogue-filters"')[1].split("</form>")[0]
    assert "Weapon" in form and "any weapon" in form and "Value from" not in form
    assert "Creature" not in form  # AracKhan Wars' card types


@pytest.mark.parametrize(
    "params, shown, hidden",
    [
        ({"attribute": "Bow"}, ["Longbowmen", "Bow Master"], ["Swordsmen", "Crossbowmen"]),
        ({"kind": "commander"}, ["Lance Knight"], ["Lancers", "Dawn Warlord"]),
        ({"faction": "Ranged"}, ["Pavisiers"], ["Pikemen"]),
    ],
)
def test_the_akhedena_catalogue_filters_by_its_own_fields(client, params, shown, hidden):
    response = client.get("/catalogues/akhedena/", params)
    assert response.status_code == 200
    rows = response.content.decode().split("</thead>")[1].split("</table>")[0]
    assert all(f"<strong>{n}</strong>" in rows for n in shown)
    assert not any(f"<strong>{n}</strong>" in rows for n in hidden)


def test_no_catalogue_page_shows_a_file_path(client):
    for game in ("arackhan-wars", "heroes-of-graxia", "akhedena"):
        versions = _versions(client.get(f"/catalogues/{game}/").content.decode())
        assert not PATH.search(versions), game
    arackhan = _versions(client.get("/catalogues/arackhan-wars/").content.decode())
    assert "Shipped with Gauntlet" in arackhan


def test_the_fixed_cards_games_list_their_cards_in_words(client):
    kow = client.get("/catalogues/kingdom-of-warlords/").content.decode()
    army = kow.split('data-testid="army-cards"')[1].split("</table>")[0]
    assert "<strong>Phantom</strong>" in army and "<strong>Assassin</strong>" in army
    assert "surrenders the top card of their Army" in army and "Priest" not in kow
    kok = client.get("/catalogues/khan-of-khans/").content.decode()
    khans = kok.split('data-testid="khans"')[1].split("</table>")[0]
    assert "<strong>Morokanth</strong>" in khans and "one extra Corral tile" in khans
    cards = kok.split('data-testid="location-cards"')[1].split("</table>")[0]
    assert "<strong>Raid! 50</strong>" in cards and '<td class="num">20</td>' in cards
    assert "<code>" not in kok.split("<main")[1] and "morokanth</code>" not in kok


# -- the deck editor's intros ---------------------------------------------------------------------
def test_the_akhedena_editor_says_what_its_checker_checks(client, person):
    from engines.decks import get_deck_format

    client.force_login(person)
    html = client.get("/decks/new/?game=akhedena").content.decode()
    rules = html.split('data-testid="army-rules">')[1].split("</p>")[0]
    assert rules == escape(get_deck_format("akhedena").construction_text())
    assert "any type on the Hero" not in html  # what it said, against the checker
    assert "the Hero: the Hero card and two Infantry Army cards" in rules


def test_the_warlords_editor_names_the_army_as_the_game_does(client, person):
    client.force_login(person)
    html = client.get("/decks/new/?game=kingdom-of-warlords").content.decode()
    intro = html.split('data-testid="army-intro">')[1].split("</p>")[0]
    assert "a Phantom" in intro and "Priest" not in intro
    assert "two of each rank from 4 to Assassin, two Warlords, a Wizard" in intro
