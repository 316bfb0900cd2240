"""Settings edited after check-in opens: what does not change what already happened changes
(logged with before and after), what would rewrite it is a 409 naming the field, per state."""

from __future__ import annotations

import pytest
from tournaments_helpers import current_tables, event, organiser, people, report_round

from tournaments import editable, lifecycle
from tournaments.errors import TournamentError
from tournaments.models import LogEntry, Round, Tournament

pytestmark = pytest.mark.django_db


def refused(field: str, t: Tournament, org, **fields) -> TournamentError:
    before = Tournament.objects.filter(pk=t.pk).values().get()
    with pytest.raises(TournamentError) as info:
        lifecycle.update(t, org, **fields)
    assert (info.value.status, info.value.field) == (409, field), info.value.message
    assert Tournament.objects.filter(pk=t.pk).values().get() == before  # nothing changed
    return info.value


def test_check_in_takes_what_has_not_happened_yet():
    org = organiser()
    t = event(org, people(3), rounds=3, capacity=8)
    t = lifecycle.open_check_in(t, org)
    t = lifecycle.update(
        t, org, name="Friday", capacity=4, round_minutes=40, points_win=2, rounds=4, top_cut=2
    )
    assert (t.name, t.capacity, t.round_minutes, t.points_win, t.rounds) == (
        "Friday",
        4,
        40,
        2,
        4,
    )
    entry = LogEntry.objects.filter(tournament=t, action="update").latest("pk")
    assert entry.actor == org
    assert entry.detail["fields"] == [
        "capacity",
        "name",
        "points_win",
        "round_minutes",
        "rounds",
        "top_cut",
    ]
    assert entry.detail["before"] == {
        "name": "Test event",
        "capacity": 8,
        "round_minutes": None,
        "points_win": 3,
        "rounds": 3,
        "top_cut": 0,
    }
    assert entry.detail["after"]["capacity"] == 4 and entry.detail["after"]["name"] == "Friday"
    err = refused("capacity", t, org, capacity=2)
    assert err.message == "3 entrants are in: the capacity cannot go below that."
    err = refused("check_in_minutes", t, org, check_in_minutes=10)
    assert err.message == "Check in minutes is fixed once check-in is open."
    refused("format", t, org, format="round_robin")
    updates = LogEntry.objects.filter(tournament=t, action="update").count()
    lifecycle.update(t, org, name="Friday")  # nothing changed: nothing logged
    assert LogEntry.objects.filter(tournament=t, action="update").count() == updates


def test_a_running_event_changes_only_what_does_not_rewrite_its_past(
    django_capture_on_commit_callbacks,
):
    org = organiser()
    t = event(org, people(4), rounds=3, top_cut=2, auto_advance=False, late_entry_until_round=2)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
        report_round(t)
        from tournaments.rounds import pair_next_round

        pair_next_round(t.pk, by=org)
    t.refresh_from_db()
    assert t.current_round == 2
    deadline = Round.objects.get(tournament=t, number=2).deadline
    t = lifecycle.update(
        t,
        org,
        description="Upstairs",
        round_minutes=30,
        time_called="draw",
        match_timeout_minutes=20,
        late_entry_until_round=3,
        decklists="top_cut",
        auto_advance=True,
        paper_bot_tables=True,
        rounds=2,
        top_cut=4,
        capacity=10,
    )
    assert (t.rounds, t.main_rounds, t.top_cut, t.round_minutes) == (2, 2, 4, 30)
    # The running round keeps its deadline: a new timer is for the rounds paired later.
    assert Round.objects.get(tournament=t, number=2).deadline == deadline
    for field, value, words in (
        ("points_win", 5, "Points win is fixed once a round is paired"),
        ("placing_points", [4, 2, 1], "Placing points is fixed once a round is paired"),
        ("seeded_first_round", True, "Seeded first round is fixed once round 1 is paired"),
        ("late_entry_score", "draw", "fixed once a round is paired"),
        ("team_size", 2, "Team size is fixed once registration is open"),
        ("game", "khan-of-khans", "Game is fixed once registration is open"),
        ("starts_at", None, None),  # unset already: not a change
        ("check_in_required", True, "fixed once the event has started"),
        ("options", {"clock": {"initial": 60}}, "its matches were set up with it"),
    ):
        if words is None:
            lifecycle.update(t, org, **{field: value})
            continue
        assert words in refused(field, t, org, **{field: value}).message
    err = refused("rounds", t, org, rounds=1)
    assert err.message == "Round 2 is paired already: the event plays at least 2 rounds."
    err = refused("late_entry_until_round", t, org, late_entry_until_round=1)
    assert "late entry runs until round 2 or later (0: no more late entries)" in err.message
    lifecycle.update(t, org, late_entry_until_round=0)  # closing late entry is fine
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t)  # round 2 was the last Swiss round: the top 4 is paired by itself
    t.refresh_from_db()
    assert t.stage == "cut" and len(current_tables(t)) == 2
    assert "top cut is paired" in refused("top_cut", t, org, top_cut=2).message
    assert "the Swiss rounds are over" in refused("rounds", t, org, rounds=4).message
    assert "bracket is paired" in refused("third_place", t, org, third_place=True).message


def test_a_finished_or_cancelled_event_keeps_all_but_its_name_description_and_decklists():
    org = organiser()
    t = lifecycle.cancel(event(org, people(2)), org, "no venue")
    t = lifecycle.update(t, org, name="Spring (cancelled)", description="Moved", decklists="after")
    assert (t.name, t.decklists) == ("Spring (cancelled)", "after")
    err = refused("capacity", t, org, capacity=3)
    assert err.message == (
        "Capacity is fixed once the event is over: only its name, description and decklists "
        "change then."
    )
    assert editable.fixed_reason(t, "name") is None
    assert editable.fixed_reason(t, "round_minutes").startswith("Fixed once the event is over")


def test_the_api_refuses_a_fixed_field_in_words(django_capture_on_commit_callbacks):
    from rest_framework.test import APIClient

    org = organiser()
    t = event(org, people(2), rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    api = APIClient()
    api.force_authenticate(org)
    r = api.patch(f"/api/tournaments/{t.pk}/", {"points_draw": 0}, format="json")
    assert r.status_code == 409
    assert r.json()["error"]["message"].startswith("Points draw is fixed once a round is paired")
    r = api.patch(f"/api/tournaments/{t.pk}/", {"name": "Renamed"}, format="json")
    assert r.status_code == 200 and r.json()["name"] == "Renamed"
