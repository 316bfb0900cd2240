"""Admin match audit: verify, tamper detection, void, correct, the log, staff only."""

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from matches import runner
from matches.models import AuditEntry, Match, MatchState

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(make_match):
    match = make_match(enqueue=False)
    runner.run(match.pk)
    return Match.objects.get(pk=match.pk)


@pytest.fixture
def staff_api(staff):
    api = APIClient()
    api.force_authenticate(staff)
    return api


def test_verify_reproduces(staff_api, finished):
    report = staff_api.post(f"/api/audit/matches/{finished.pk}/verify/").json()
    assert report["ok"] is True and report["first_divergent_action"] is None
    finished.refresh_from_db()
    assert finished.verification["ok"] is True and finished.verified_at is not None


def test_an_altered_log_diverges_at_the_altered_action(staff_api, finished):
    actions = list(finished.actions)
    k = len(actions) // 2
    # Swap action k for another action that is legal at that point, so only digests can tell.
    from engines.registry import get_game

    game = get_game(finished.game)
    state = game.new_game(finished.seed, 4, None, None)
    for action in actions[:k]:
        game.apply(state, action)
    others = [a for a in game.legal_actions(state, game.to_act(state)) if a != actions[k]]
    assert others, "need an alternative legal action"
    actions[k] = others[0]
    Match.objects.filter(pk=finished.pk).update(actions=actions)
    report = staff_api.post(f"/api/audit/matches/{finished.pk}/verify/").json()
    assert report["ok"] is False and report["first_divergent_action"] == k
    assert staff_api.get("/api/audit/matches/?result=diverged").json()["count"] == 1


def test_verify_matches_command_lists_divergent_matches(finished, make_match, capsys):
    other = make_match(enqueue=False)
    runner.run(other.pk)
    call_command("verify_matches", "--all")
    assert "2 matches replayed, 2 reproduce, 0 diverge" in capsys.readouterr().out
    Match.objects.filter(pk=other.pk).update(seed=other.seed + 1)
    with pytest.raises(CommandError, match=str(other.pk)):
        call_command("verify_matches", "--all")
    assert f"match {other.pk} (khan-of-khans): diverges at setup" in capsys.readouterr().out


def test_verify_many_queues_tasks(staff_api, finished):
    response = staff_api.post("/api/audit/matches/verify-many/", {"all": True}, format="json")
    assert response.status_code == 202 and response.json()["queued"] == 1
    finished.refresh_from_db()  # in-process Celery: already verified
    assert finished.verification["ok"] is True
    bad = staff_api.post("/api/audit/matches/verify-many/", {}, format="json")
    assert bad.status_code == 400


def test_void_needs_a_reason_and_is_logged_once(staff_api, staff, finished):
    url = f"/api/audit/matches/{finished.pk}/void/"
    assert staff_api.post(url, {}, format="json").status_code == 400
    assert staff_api.post(url, {"reason": "x"}, format="json").status_code == 400
    response = staff_api.post(url, {"reason": "bot used a banned build"}, format="json")
    assert response.status_code == 201
    assert Match.objects.get(pk=finished.pk).state == MatchState.VOIDED
    again = staff_api.post(url, {"reason": "bot used a banned build"}, format="json")
    assert again.status_code == 409 and "already voided" in again.json()["error"]["message"]
    entries = list(AuditEntry.objects.filter(match=finished))
    assert len(entries) == 1
    entry = entries[0]
    assert (
        entry.actor == staff
        and entry.before["state"] == "finished"
        and entry.after["state"] == "voided"
    )
    log = staff_api.get(f"/api/audit/log/?match={finished.pk}").json()
    assert log["results"][0]["reason"] == "bot used a banned build"


def test_correct_result(staff_api, finished):
    url = f"/api/audit/matches/{finished.pk}/correct/"
    old = [s.rank for s in finished.seats.order_by("seat")]
    new = list(reversed(old)) if list(reversed(old)) != old else [0, 1, 2, 3]
    for body, field in [
        ({"reason": "scoring error", "ranks": [0, 1]}, "ranks"),
        ({"reason": "scoring error", "ranks": [0, 1, 2, 9]}, "ranks"),
        ({"ranks": new}, "reason"),
        ({"reason": "scoring error", "ranks": new, "extra": 1}, "extra"),
    ]:
        response = staff_api.post(url, body, format="json")
        assert response.status_code == 400 and field in response.json()["error"]["fields"], body
    assert [s.rank for s in finished.seats.order_by("seat")] == old
    response = staff_api.post(url, {"reason": "scoring error", "ranks": new}, format="json")
    assert response.status_code == 201
    assert [s.rank for s in finished.seats.order_by("seat")] == new
    finished.refresh_from_db()
    assert finished.corrected_result["ranks"] == new
    assert finished.result["ranks"] == old  # the engine's own result is never edited
    # the record still verifies: corrections do not touch the replay
    assert staff_api.post(f"/api/audit/matches/{finished.pk}/verify/").json()["ok"] is True


def test_audit_is_staff_only(finished, bots):
    api = APIClient()
    assert api.get("/api/audit/matches/").status_code == 401
    api.force_authenticate(bots[0])
    assert api.get("/api/audit/matches/").status_code == 403
    assert (
        api.post(
            f"/api/audit/matches/{finished.pk}/void/", {"reason": "because I can"}, format="json"
        ).status_code
        == 403
    )
    assert api.get("/api/audit/log/").status_code == 403
    assert Match.objects.get(pk=finished.pk).state == MatchState.FINISHED


def test_public_match_api_hides_the_seed_until_the_end(make_match, finished):
    api = APIClient()
    pending = make_match(enqueue=False)
    body = api.get(f"/api/matches/{pending.pk}/").json()
    assert (
        body["seed"] is None and body["seed_nonce"] is None and len(body["seed_commitment"]) == 64
    )
    assert api.get(f"/api/matches/{pending.pk}/record/").status_code in (401, 403)
    body = api.get(f"/api/matches/{finished.pk}/").json()
    assert body["seed"] == finished.seed
    record = api.get(f"/api/matches/{finished.pk}/record/").json()
    from engines.record import replay

    assert replay(record).ok


def test_match_filters(make_match, finished, bots):
    api = APIClient()
    make_match(enqueue=False)
    assert api.get("/api/matches/?state=finished").json()["count"] == 1
    assert api.get("/api/matches/?state=scheduled").json()["count"] == 1
    assert api.get(f"/api/matches/?player={bots[0].username}").json()["count"] == 2
    assert api.get("/api/matches/?game=kingdom-of-warlords").json()["count"] == 0
    assert api.get("/api/matches/?since=2000-01-01T00:00:00Z").json()["count"] == 2
    bad = api.get("/api/matches/?state=exploded")
    assert bad.status_code == 400 and "state" in bad.json()["error"]["fields"]
    assert api.get("/api/matches/?since=yesterday").status_code == 400
    assert api.get("/api/matches/999999/").status_code == 404


def test_audit_entries_are_append_only(staff, finished):
    from matches import audit

    entry = audit.void(finished.pk, staff, "duplicate registration")
    with pytest.raises(ValueError):
        entry.save()
    with pytest.raises(ValueError):
        entry.delete()


def test_admin_match_pages_for_staff(client, staff, finished):
    client.force_login(staff)
    page = client.get("/admin/matches/match/")
    assert page.status_code == 200 and b"khan-of-khans" in page.content
    response = client.post(
        "/admin/matches/match/",
        {"action": "verify_selected", "_selected_action": [finished.pk]},
        follow=True,
    )
    assert b"1 reproduce" in response.content
