"""Queue join/leave, challenging bots and "my matches" through the ladder page's forms."""

import pytest

from matches.models import Match, MatchState
from ratings.models import Ladder, QueueEntry
from tests.web.conftest import make_bot
from web.views.public import entrants

pytestmark = pytest.mark.django_db
LADDER = "/ladders/kingdom-of-warlords-1v1/"


def test_join_and_leave_the_queue_as_yourself(client, person):
    client.force_login(person)
    page = client.get(LADDER).content.decode()
    assert "Join the queue" in page and "You own no bot account for this game." in page
    joined = client.post(LADDER + "queue/join/", {"player": "alice"})
    assert joined.status_code == 302
    entry = QueueEntry.objects.get(player=person)
    assert (
        entry.bot == ""
        and entry.queued_by == person
        and entry.ladder.slug == "kingdom-of-warlords-1v1"
    )
    again = client.post(LADDER + "queue/join/", {"player": "alice"})
    assert again.status_code == 400 and "already in the queue" in again.content.decode()
    assert QueueEntry.objects.count() == 1
    waiting = client.get(LADDER).content.decode()
    assert "You are in the queue" in waiting and 'data-testid="queue-waited"' in waiting
    assert client.post(LADDER + "queue/leave/", {"player": "alice"}).status_code == 302
    assert not QueueEntry.objects.exists()
    not_in = client.post(LADDER + "queue/leave/", {"player": "alice"})
    assert not_in.status_code == 400 and "is not in the queue" in not_in.content.decode()


def test_queue_a_bot_you_own_but_not_someone_elses(client, person, staff):
    mine = make_bot("kingdom-of-warlords", "heuristic", owner=person)
    theirs = make_bot("kingdom-of-warlords", "random", owner=staff)
    client.force_login(person)
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    assert [p.username for p in entrants(person, ladder)] == ["alice", mine.username]
    refused = client.post(LADDER + "queue/join/", {"player": theirs.username})
    assert refused.status_code == 400 and "player" in refused.context["queue_form"].errors
    assert not QueueEntry.objects.exists()
    assert client.post(LADDER + "queue/join/", {"player": mine.username}).status_code == 302
    assert QueueEntry.objects.get().bot == "heuristic"


def test_queue_needs_login_and_post(client, person):
    response = client.post(LADDER + "queue/join/", {"player": "alice"})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    client.force_login(person)
    assert client.get(LADDER + "queue/join/").status_code == 405
    assert client.post("/ladders/nope/queue/join/", {}).status_code == 404
    assert not QueueEntry.objects.exists()


def test_closed_ladder_refuses_the_queue(client, person):
    Ladder.objects.filter(slug="kingdom-of-warlords-1v1").update(active=False)
    client.force_login(person)
    response = client.post(LADDER + "queue/join/", {"player": "alice"})
    assert response.status_code == 400 and "is closed" in response.content.decode()
    assert not QueueEntry.objects.exists()


def test_challenge_a_bot_with_your_bot_plays_the_match(
    client, person, kow_bots, django_capture_on_commit_callbacks
):
    mine = make_bot("kingdom-of-warlords", "heuristic", owner=person)
    client.force_login(person)
    page = client.get(LADDER).content.decode()
    assert "Challenge a bot" in page and 'name="opponent_0"' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            LADDER + "challenge/",
            {"challenger": mine.username, "opponent_0": kow_bots[0].username, "rated": "on"},
        )
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert match.state == MatchState.FINISHED and match.created_by == person and match.rated
    assert [s.player for s in match.seats.order_by("seat")] == [mine, kow_bots[0]]
    mine_page = client.get("/my/matches/").content.decode()
    assert f'href="/matches/{match.pk}/"' in mine_page


def test_challenge_refusals_change_nothing(client, person, staff, kow_bots):
    mine = make_bot("kingdom-of-warlords", "heuristic", owner=person)
    theirs = make_bot("kingdom-of-warlords", "search", owner=staff)
    client.force_login(person)
    cases = [
        ({"challenger": theirs.username, "opponent_0": kow_bots[0].username}, "challenger"),
        ({"challenger": mine.username, "opponent_0": mine.username}, None),  # yourself
        ({"challenger": mine.username, "opponent_0": "alice"}, "opponent_0"),  # a person
        ({"challenger": mine.username}, "opponent_0"),
    ]
    for data, field in cases:
        response = client.post(LADDER + "challenge/", data)
        assert response.status_code == 400, data
        errors = response.context["challenge_form"].errors
        assert (field or "__all__") in errors, (data, errors)
    assert not Match.objects.exists()


def test_admin_may_challenge_with_any_bot(
    client, staff, kow_bots, django_capture_on_commit_callbacks
):
    client.force_login(staff)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            LADDER + "challenge/",
            {"challenger": kow_bots[0].username, "opponent_0": kow_bots[1].username},
        )
    assert response.status_code == 302
    match = Match.objects.get()
    assert not match.rated  # the box was not ticked


def test_my_matches_lists_only_mine(client, person, finished):
    client.force_login(person)
    html = client.get("/my/matches/").content.decode()
    assert "My matches" in html and f'href="/matches/{finished.pk}/"' not in html
