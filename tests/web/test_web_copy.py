"""What the site says to players: true today, in players' words (no commands in the footer,
no copy from before play in the browser)."""

import re
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
