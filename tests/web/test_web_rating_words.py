"""A real first loss on a ladder, in plain words wherever the rating change shows: a newcomer
resigns against an established player on Kingdom of Warlords once both have moved (earlier it is
not rated: matches.early_exit), their conservative rating rises (0.00 to about +0.3), and the
player page, the leaderboard, the play page's end-of-match table (page and socket) and the match
page say why, with the words of ratings.explain."""

from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from gauntlet.asgi import application
from matches import interactive
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from ratings.explain import CONSERVATIVE
from ratings.models import Ladder, Rating, RatingChange
from tests.support.accounts import STRONG
from tests.support.moves import play_until_each_moved

LADDER = "kingdom-of-warlords-1v1"
ORIGIN = (b"origin", b"http://127.0.0.1")


def _two_people_match():
    """A running ladder match: a newcomer (seat 0) against a veteran rated 28 ± 3 (seat 1),
    both having moved (a resignation now is rated)."""
    ladder = Ladder.objects.get(slug=LADDER)
    newcomer = Player.objects.create_user("newcomer", password=STRONG, display_name="Nia")
    veteran = Player.objects.create_user("veteran", password=STRONG, display_name="Vic")
    Rating.objects.create(
        ladder=ladder, player=veteran, mu=28.0, sigma=3.0, conservative=19.0, games=40, wins=30
    )
    match = schedule_match(
        ladder.game, [SeatSpec(newcomer), SeatSpec(veteran)], ladder=ladder, seed=1234
    )
    play_until_each_moved(match, [newcomer, veteran])
    return match, newcomer, veteran


@pytest.fixture
def first_loss(db):
    match, newcomer, veteran = _two_people_match()
    interactive.resign(match.pk, newcomer)
    match.refresh_from_db()
    change = RatingChange.objects.get(match=match, player=newcomer)
    before = change.mu_before - 3 * change.sigma_before
    after = change.mu_after - 3 * change.sigma_after
    assert round(before, 2) == 0.0 and after > 0.2  # the rise a new player sees after a loss
    assert change.mu_after < change.mu_before  # their estimated level did fall
    return match, newcomer, veteran, after


@pytest.mark.django_db
def test_the_player_page_says_why_a_first_loss_raised_the_rating(client, first_loss):
    _, newcomer, _, after = first_loss
    html = client.get(f"/players/{newcomer.username}/").content.decode()
    assert CONSERVATIVE in html
    row = re.search(r'<a href="/ladders/kingdom-of-warlords-1v1/">.*?</tr>', html, re.S).group(0)
    assert f"+{after:.2f} (0.00 → {after:.2f})" in row  # the "Last match" column
    last = html.split('data-testid="last-move">')[1].split("</p>")[0]
    assert last.startswith(f"After a loss the rating went from 0.00 to {after:.2f}")
    assert "the estimated level fell (25.00 → " in last
    assert "but its uncertainty shrank more (8.33 → " in last and "so the rating rose" in last
    assert '<g class="dates">' in html  # the chart's axis is dated


@pytest.mark.django_db
def test_the_leaderboard_explains_the_conservative_rating(client, first_loss):
    _, newcomer, _, after = first_loss
    html = client.get(f"/ladders/{LADDER}/").content.decode()
    assert html.count(CONSERVATIVE) == 1
    row = html.split(f'href="/players/{newcomer.username}/"')[1].split("</tr>")[0]
    assert f'aria-label="last 1 match: +{after:.2f}"' in row


@pytest.mark.django_db
def test_the_play_page_end_table_has_each_seats_change_in_words(client, first_loss):
    match, newcomer, veteran, after = first_loss
    client.force_login(newcomer)
    html = client.get(f"/matches/{match.pk}/play/").content.decode()
    found = re.search(r'<script id="play-view" type="application/json">(.*?)</script>', html, re.S)
    view = json.loads(found.group(1))
    assert view["rated"] is True
    by_seat = {r["seat"]: r for r in view["ratings"]}
    assert set(by_seat) == {0, 1} and by_seat[0]["player"] == newcomer.username
    assert by_seat[0]["text"] == f"+{after:.2f} (0.00 → {after:.2f})"
    assert (
        by_seat[0]["why"].startswith("After a loss") and "so the rating rose" in by_seat[0]["why"]
    )
    assert by_seat[1]["why"].startswith("After a win") and by_seat[1]["delta"] > 0
    assert veteran.username == by_seat[1]["player"]
    # The result table's note, addressed to the newcomer, with the numbers: the rise although
    # they lost; the veteran's win raised theirs as a win should, so no note for it.
    note = _rise_note(match, newcomer, "Your", "you", "your")
    assert view["rating_notes"] == [note] and by_seat[1]["note"] == ""
    assert _notes_fragment(html) == [note]  # the after-game fragment, drawn by the server


def _rise_note(match, player, whose: str, who: str, owner: str) -> str:
    """The sentence the result tables show for ``player``'s rise after their loss."""
    c = RatingChange.objects.get(match=match, player=player)
    before, after = c.mu_before - 3 * c.sigma_before, c.mu_after - 3 * c.sigma_after
    return (
        f"{whose} rating rose by {after - before:.2f} although {who} lost: the loss made the "
        f"system surer of {owner} strength (its uncertainty fell from {c.sigma_before:.2f} to "
        f"{c.sigma_after:.2f}) more than it lowered {owner} estimated level "
        f"({c.mu_before:.2f} → {c.mu_after:.2f}), and the rating shown is the estimated level "
        "minus three times the uncertainty (mu − 3 sigma)."
    )


def _notes_fragment(html: str) -> list[str]:
    """The sentences of the play page's result notes (``_after.html``), as the server drew them."""
    from html import unescape

    block = html.split('data-testid="rating-notes">')[1].split("</div>")[0]
    return [unescape(p) for p in re.findall(r"<p>(.*?)</p>", block, re.S)]


@pytest.mark.django_db
def test_the_other_player_and_spectators_read_the_note_with_the_losers_name(client, first_loss):
    match, newcomer, veteran, _ = first_loss
    note = _rise_note(match, newcomer, "Nia's", "Nia", "Nia's")
    spectator = client.get(f"/matches/{match.pk}/play/").content.decode()
    assert _notes_fragment(spectator) == [note]
    client.force_login(veteran)
    assert _notes_fragment(client.get(f"/matches/{match.pk}/play/").content.decode()) == [note]


@pytest.mark.django_db
def test_the_match_page_shows_each_change_and_the_note(client, first_loss):
    from html import unescape

    match, newcomer, _, after = first_loss
    html = unescape(client.get(f"/matches/{match.pk}/").content.decode())
    section = html.split('data-testid="match-ratings"')[1].split("</section>")[0]
    assert "<td>Nia</td><td>A loss</td>" in section
    assert f"<td>+{after:.2f} (0.00 → {after:.2f})</td>" in section
    assert _rise_note(match, newcomer, "Nia's", "Nia", "Nia's") in section
    client.force_login(newcomer)  # the player reads it about themselves
    html = unescape(client.get(f"/matches/{match.pk}/").content.decode())
    assert _rise_note(match, newcomer, "Your", "you", "your") in html
    live = unescape(client.get(f"/matches/{match.pk}/?fragment=live").content.decode())
    assert _rise_note(match, newcomer, "Your", "you", "your") in live  # the live page's part


@pytest.mark.django_db
def test_a_running_match_has_no_rating_changes_yet(client):
    match, newcomer, _ = _two_people_match()
    client.force_login(newcomer)
    html = client.get(f"/matches/{match.pk}/play/").content.decode()
    view = json.loads(
        re.search(
            r'<script id="play-view" type="application/json">(.*?)</script>', html, re.S
        ).group(1)
    )
    assert view["state"] == "running" and "ratings" not in view


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_play_socket_sends_the_rating_changes_when_the_match_ends():
    @sync_to_async
    def setup():
        match, newcomer, _ = _two_people_match()
        client = Client()
        client.force_login(newcomer)
        return match, (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())

    match, cookie = await setup()
    socket = WebsocketCommunicator(
        application, f"/ws/matches/{match.pk}/play/", headers=[ORIGIN, cookie]
    )
    assert (await socket.connect())[0]
    first = (await socket.receive_json_from(timeout=30))["view"]
    assert first["state"] == "running" and "ratings" not in first
    await socket.send_json_to({"kind": "resign"})
    ended = (await socket.receive_json_from(timeout=30))["view"]
    assert ended["state"] == "finished" and ended["rated"] is True
    mine = next(r for r in ended["ratings"] if r["seat"] == 0)
    assert mine["delta"] > 0 and mine["why"].startswith("After a loss")
    assert ended["rating_notes"] == [mine["note"]]
    assert mine["note"].startswith(f"Your rating rose by {mine['delta']:.2f} although you lost")
    await socket.disconnect()
