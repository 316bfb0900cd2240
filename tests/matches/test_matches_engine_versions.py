"""Engine versions on the platform: matches are scheduled with the current version and played,
rebuilt and verified under the version they are pinned to; the release gate also lists the
stored matches the current version would play differently."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from engines.arackhan_wars.info import info
from engines.registry import get_game
from matches import interactive, runner
from matches.models import Match
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from tests.support.accounts import STRONG

pytestmark = pytest.mark.django_db


def _akw(make_match, seed: int):
    return make_match("arackhan-wars", kinds=("random", "random"), enqueue=False, seed=seed)


def test_new_matches_are_scheduled_with_the_current_engine_version(make_match):
    match = _akw(make_match, 7)
    assert match.engine_version == get_game("arackhan-wars").version == "1.2.0"


def test_a_1_0_0_match_verifies_under_1_0_0_and_the_gate_lists_it_as_played_differently(
    make_match, staff, capsys
):
    old = _akw(make_match, 1000)
    Match.objects.filter(pk=old.pk).update(engine_version="1.0.0")  # scheduled before 1.1.0
    runner.run(old.pk)
    current = _akw(make_match, 1001)
    runner.run(current.pk)
    old.refresh_from_db()
    assert old.engine_version == "1.0.0", "played under the version it was pinned to"
    assert any("+" in a for a in old.actions), "with 1.0.0's one-action group attacks"

    api = APIClient()
    api.force_authenticate(staff)
    report = api.post(f"/api/audit/matches/{old.pk}/verify/").json()
    assert report["ok"] is True and report["engine_version"] == "1.0.0"
    assert report["message"].endswith("reproduce under engine 1.0.0")
    changed = report["under_current"]
    assert changed["ok"] is False and changed["engine_version"] == "1.2.0"
    assert isinstance(changed["first_divergent_action"], int)
    assert "under_current" not in api.post(f"/api/audit/matches/{current.pk}/verify/").json()

    call_command("verify_matches", "--all")
    out = capsys.readouterr().out
    assert "2 matches replayed, 2 reproduce, 0 diverge" in out
    assert (
        f"match {old.pk} (arackhan-wars): played under 1.0.0, plays differently under 1.2.0 "
        f"from action {changed['first_divergent_action']}: "
    ) in out
    assert "1 played under an older engine version: 1 play differently" in out
    assert f"match {current.pk} " not in out


def test_a_match_pinned_to_a_version_its_game_no_longer_keeps_records_the_one_it_played(
    make_match,
):
    match = make_match(enqueue=False)  # Khan of Khans keeps only its current version
    Match.objects.filter(pk=match.pk).update(engine_version="0.0.1")
    runner.run(match.pk)
    match.refresh_from_db()
    assert match.engine_version == get_game("khan-of-khans").version
    assert Match.objects.get(pk=match.pk).result is not None


def test_a_persons_legal_actions_name_their_own_cards(db):
    """``view_for`` labels a seat's actions as that seat sees them: its placements name the
    cards of its hand (which "a card" hides from everyone else)."""
    people = [Player.objects.create_user(f"akw{i}", password=STRONG) for i in range(2)]
    match = schedule_match("arackhan-wars", [SeatSpec(p) for p in people], seed=5)
    game, state = interactive.game_state(match)
    while state.phase != "place":  # the drawn seat chooses itself, then both keep their hands
        seat = game.to_act(state)
        action = "keep" if state.phase == "mulligan" else f"first {seat}"
        interactive.submit_action(match.pk, people[seat], action, len(match.actions))
        match.refresh_from_db()
        game, state = interactive.game_state(match)
    seat = game.to_act(state)
    view = interactive.view_for(match, seat)
    names = {info(c["card_id"]).name for c in view["observation"]["players"][seat]["hand"]}
    labels = [entry["label"] for entry in view["legal"]]
    assert labels and all(any(name in label for name in names) for label in labels)
    assert not any("a card" in label for label in labels)
