"""Staff audit from the match page: verify, void, correct (403 for others; bad input changes nothing)."""

import re

import pytest

from matches.models import AuditEntry, Match, MatchState
from ratings.models import Rating, RatingChange

pytestmark = pytest.mark.django_db


def test_staff_see_the_audit_panel(client, staff, finished):
    client.force_login(staff)
    html = client.get(f"/matches/{finished.pk}/").content.decode()
    assert "Audit (staff)" in html and "Verify (replay now)" in html
    assert f"/admin/matches/match/{finished.pk}/change/" in html
    assert 'name="void-reason"' in html and 'name="correct-placing_0"' in html


@pytest.mark.parametrize("action", ["verify", "void", "correct"])
def test_audit_actions_are_staff_only(client, person, finished, action):
    url = f"/matches/{finished.pk}/{action}/"
    data = {
        "void-reason": "because I can",
        "correct-reason": "because",
        "correct-placing_0": 2,
        "correct-placing_1": 1,
    }
    anonymous = client.post(url, data)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    client.force_login(person)
    assert client.post(url, data).status_code == 403
    finished.refresh_from_db()
    assert finished.state == MatchState.FINISHED and finished.verified_at is None
    assert not AuditEntry.objects.exists()


def test_verify_replays_the_match(client, staff, finished):
    client.force_login(staff)
    response = client.post(f"/matches/{finished.pk}/verify/", follow=True)
    html = response.content.decode()
    assert f"Match {finished.pk} reproduces" in html
    assert 'data-testid="verify-report"' in html
    finished.refresh_from_db()
    assert finished.verification["ok"] is True and finished.verified_at is not None


def test_verify_refuses_a_match_not_played(client, staff, scheduled):
    client.force_login(staff)
    response = client.post(f"/matches/{scheduled.pk}/verify/")
    assert (
        response.status_code == 409
        and "only played matches can be verified" in response.content.decode()
    )


def test_void_needs_a_reason_then_voids_and_recomputes(client, staff, finished):
    client.force_login(staff)
    short = client.post(f"/matches/{finished.pk}/void/", {"void-reason": "no"})
    assert short.status_code == 400 and "reason" in short.context["void_form"].errors
    finished.refresh_from_db()
    assert finished.state == MatchState.FINISHED and not AuditEntry.objects.exists()
    assert RatingChange.objects.filter(match=finished).exists()
    ok = client.post(f"/matches/{finished.pk}/void/", {"void-reason": "collusion between bots"})
    assert ok.status_code == 302
    finished.refresh_from_db()
    assert finished.state == MatchState.VOIDED
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.actor, entry.reason) == ("void", staff, "collusion between bots")
    assert not Rating.objects.filter(ladder=finished.ladder, games__gt=0).exists()
    html = client.get(f"/matches/{finished.pk}/").content.decode()
    assert "collusion between bots" in html and "Void this match" not in html
    again = client.post(f"/matches/{finished.pk}/void/", {"void-reason": "collusion again"})
    assert again.status_code == 409 and "already voided" in again.content.decode()


def test_correct_swaps_the_ranks(client, staff, finished):
    """The form takes placings as the pages show them (1 = first); the service stores 0-based
    ranks."""
    client.force_login(staff)
    seats = list(finished.seats.order_by("seat"))
    old = [s.rank for s in seats]
    assert sorted(old) == [0, 1]  # a two-seat match with a winner
    html = client.get(f"/matches/{finished.pk}/").content.decode()
    for s in seats:  # pre-filled with the placings the seat table shows
        field = re.search(rf'<input[^>]*name="correct-placing_{s.seat}"[^>]*>', html).group(0)
        assert f'value="{s.rank + 1}"' in field and 'min="1"' in field and 'max="2"' in field
        assert f"Placing of {s.player.public_name}:</label>" in html  # by name, no seat number
    post = {"correct-reason": "scorer's error"}
    for placings in ([0, 1], [3, 1]):  # 0 and 3 are no placings of a two-seat match
        bad = client.post(
            f"/matches/{finished.pk}/correct/",
            {**post, "correct-placing_0": placings[0], "correct-placing_1": placings[1]},
        )
        assert bad.status_code == 400 and "placing_0" in bad.context["correct_form"].errors
    same = client.post(
        f"/matches/{finished.pk}/correct/",
        {**post, "correct-placing_0": old[0] + 1, "correct-placing_1": old[1] + 1},
    )
    assert same.status_code == 400 and "already the match" in same.content.decode()
    assert Match.objects.get(pk=finished.pk).corrected_result is None
    # Swap the placings: the winner (placing 1) becomes second (placing 2).
    new = [1 - r for r in old]
    ok = client.post(
        f"/matches/{finished.pk}/correct/",
        {**post, "correct-placing_0": new[0] + 1, "correct-placing_1": new[1] + 1},
    )
    assert ok.status_code == 302
    finished.refresh_from_db()
    assert finished.corrected_result["ranks"] == new
    assert [s.rank for s in finished.seats.order_by("seat")] == new
    assert AuditEntry.objects.get().action == "correct"
    again = client.get(f"/matches/{finished.pk}/").content.decode()
    winner = next(s for s in seats if new[s.seat] == 0)
    field = re.search(rf'<input[^>]*name="correct-placing_{winner.seat}"[^>]*>', again).group(0)
    assert 'value="1"' in field
