"""Public pages with Django's test client: status, key content, no hidden information."""

import re
from html import unescape

import pytest
from django.urls import reverse

from matches.models import MatchState
from tests.web.internal_tokens import leaks

pytestmark = pytest.mark.django_db


def test_home_on_an_empty_database(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "No match is being played right now." in html
    assert "Kingdom of Warlords 1v1" in html  # default ladders exist, without leaders yet
    assert reverse("home") == "/"


def test_home_shows_leaders_recent_and_running(client, finished, scheduled, kow_bots):
    scheduled.state = MatchState.RUNNING
    scheduled.save(update_fields=["state"])
    html = client.get("/").content.decode()
    live = html.split('id="live-h"')[1].split('id="leaders-h"')[0]
    assert f'href="/matches/{scheduled.pk}/"' in live
    recent = html.split('id="recent-h"')[1]
    assert f'href="/matches/{finished.pk}/"' in recent
    leaders = html.split('id="leaders-h"')[1].split('id="recent-h"')[0]
    assert kow_bots[0].public_name in leaders and kow_bots[1].public_name in leaders


def test_ladder_list_and_leaderboard(client, finished, kow_bots):
    html = client.get("/ladders/").content.decode()
    assert 'href="/ladders/kingdom-of-warlords-1v1/"' in html
    response = client.get("/ladders/kingdom-of-warlords-1v1/")
    assert response.status_code == 200
    html = response.content.decode()
    winner = next(s for s in finished.seats.all() if s.rank == 0).player
    rows = re.findall(
        r"<tr>\s*<td class=\"num\">(\d+)</td>\s*<td><a href=\"/players/([^/]+)/", html
    )
    assert rows[0] == ("1", winner.username)
    assert len(rows) == 2
    assert 'class="spark' in html  # the trend sparkline
    assert "Log in</a> to join the queue" in html
    assert client.get("/ladders/no-such-ladder/").status_code == 404


def test_player_page_has_ratings_chart_and_matches(client, finished, kow_bots):
    response = client.get(f"/players/{kow_bots[0].username}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Kingdom of Warlords 1v1" in html
    assert html.count('<svg class="chart"') == 1
    assert "<polyline" in html and "1 match(es) (" in html  # its description, dated
    assert '<g class="dates">' in html  # dates on the x axis
    assert f'href="/matches/{finished.pk}/"' in html
    assert client.get("/players/nobody/").status_code == 404


def test_match_page_of_a_finished_match_reveals_seed_and_how_to_check(client, finished):
    html = client.get(f"/matches/{finished.pk}/").content.decode()
    assert finished.seed_commitment in html
    assert f'<code data-testid="seed">{finished.seed}</code>' in html
    assert finished.seed_nonce in html
    assert "python -m engines replay" in html
    assert f'href="/matches/{finished.pk}/replay/"' in html
    assert "Audit (staff)" not in html and "Verify (replay now)" not in html
    assert 'data-live="0"' in html


def test_match_page_of_a_scheduled_match_hides_the_seed(client, scheduled):
    response = client.get(f"/matches/{scheduled.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert scheduled.seed_commitment in html
    assert str(scheduled.seed) not in html and scheduled.seed_nonce not in html
    assert "revealed when the match ends" in html
    assert 'data-live="1"' in html and "web/live.js" in html
    assert client.get("/matches/999999/").status_code == 404


def test_live_fragment_renders_the_region_only(client, finished):
    html = client.get(f"/matches/{finished.pk}/?fragment=live").content.decode()
    assert "<html" not in html and finished.seed_commitment in html


def test_replay_steps_through_public_observations(client, finished):
    n = len(finished.actions)
    html = client.get(f"/matches/{finished.pk}/replay/").content.decode()
    assert f"Step 0 of {n}" in html and "The game as it was set up." in html
    assert html.count("data-step=") >= n  # one link per action, plus the stepper
    middle = client.get(f"/matches/{finished.pk}/replay/?step=3").content.decode()
    assert f"Step 3 of {n}" in middle and "Move 3 of" in middle and "Action 3" not in middle
    # Read without JavaScript: the step in words, links to every move, no engine data.
    text = re.sub(r"<script\b.*?</script>|<[^>]+>", " ", middle, flags=re.S)
    assert "random bot" in text and not leaks(unescape(text))
    fragment = client.get(f"/matches/{finished.pk}/replay/?step=3&fragment=1").content.decode()
    assert "<html" not in fragment and f"Step 3 of {n}" in fragment
    # Out of range and junk steps are clamped, never errors.
    assert (
        f"Step {n} of {n}"
        in client.get(f"/matches/{finished.pk}/replay/?step=99999").content.decode()
    )
    assert "Step 0 of" in client.get(f"/matches/{finished.pk}/replay/?step=x").content.decode()


def test_replay_hides_hands_until_the_end(client, finished):
    """Kingdom of Warlords hands are hidden from spectators during play: the board's view of a
    step is the spectator's observation, and no card only a seat sees is named on the page."""
    from engines.record import normalise
    from engines.registry import get_game

    game = get_game(finished.game)
    state = game.new_game(finished.seed, 2, finished.decks, finished.options or None)
    secret = normalise(game.observation(state, 0))
    public = normalise(game.observation(state, None))
    assert secret != public  # seat 0 sees more than a spectator at setup
    html = client.get(f"/matches/{finished.pk}/replay/?step=0").content.decode()
    data = client.get(f"/matches/{finished.pk}/replay/?step=0&format=json").json()
    assert data["at"] == 0 and data["view"]["observation"] == public
    assert data["view"]["seat"] is None and data["view"]["legal"] == []
    hidden = set(game.card_faces(secret)) - set(game.card_faces(public))
    assert hidden and not hidden & set(data["view"]["faces"])
    # The step in words names none of them (the move log beside it is the whole match's:
    # cards played later are named there).
    names = {game.card_faces(secret)[c]["name"] for c in hidden}
    names -= {f["name"] for f in game.card_faces(public).values()}
    names = {name for name in names if re.search(r"[A-Za-z]", name)}
    assert names and not [n for n in names if re.search(rf"\b{re.escape(n)}\b", data["html"])]
    assert "replay-view" in html and "Step 0 of" in html


def test_replay_of_a_match_not_ended_is_refused(client, scheduled):
    response = client.get(f"/matches/{scheduled.pk}/replay/")
    assert response.status_code == 403
    assert "published when it ends" in response.content.decode()


def test_match_list_filters_by_state(client, finished, scheduled):
    html = client.get("/matches/?state=scheduled").content.decode()
    assert f'href="/matches/{scheduled.pk}/"' in html
    assert f'href="/matches/{finished.pk}/"' not in html
    assert client.get("/matches/?state=bogus&page=zz").status_code == 200


def test_private_pages_redirect_to_login(client, db):
    for url in ["/accounts/profile/", "/accounts/tokens/", "/accounts/password/", "/my/matches/"]:
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/?next="), url


def test_main_nav_and_skip_link(client, person):
    html = client.get("/").content.decode()
    assert html.index('class="skip"') < html.index('aria-label="Main"')
    assert "Log in" in html and "Sign up" in html
    client.force_login(person)
    html = client.get("/ladders/").content.decode()
    assert 'href="/ladders/" aria-current="page"' in html
    assert "My matches" in html and "Log out" in html and "Log in</a>" not in html


def test_every_public_page_on_an_empty_database(client, person):
    from ratings.models import Ladder

    urls = [
        "/",
        "/ladders/",
        "/matches/",
        "/players/alice/",
        "/accounts/login/",
        "/accounts/signup/",
    ]
    urls += [f"/ladders/{slug}/" for slug in Ladder.objects.values_list("slug", flat=True)]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
    assert "No rated matches yet." in client.get("/players/alice/").content.decode()
    client.force_login(person)
    for url in ["/my/matches/", "/accounts/tokens/", "/accounts/profile/", "/accounts/password/"]:
        assert client.get(url).status_code == 200, url
