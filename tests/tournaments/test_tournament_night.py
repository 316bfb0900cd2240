"""The night's services: start time in a zone, check-in window, no-shows put back, late-entry
score, bulk entrants and guests (claims), the round timer, the attention list."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from tournaments_helpers import event, organiser, people, report_round

from tournaments import attention, bulk, lifecycle, night, registration, timer
from tournaments.errors import TournamentError
from tournaments.models import Entry, EntryState, State, Table, TableState
from tournaments.rounds import pair_next_round
from tournaments.values import compute_standings

pytestmark = pytest.mark.django_db


def refused(status, func, *args, **kwargs):
    with pytest.raises(TournamentError) as info:
        func(*args, **kwargs)
    assert info.value.status == status, info.value.message
    return info.value


def test_time_zone_is_checked_and_the_local_start_kept_in_utc():
    org = organiser()
    err = refused(
        400, lifecycle.create, org, name="N", game="kingdom-of-warlords", time_zone="Mars/Olympus"
    )
    assert err.field == "time_zone" and "Mars/Olympus" in err.message
    start = night.local_start(dt.datetime(2026, 12, 1, 19, 0), "Asia/Tokyo")
    t = lifecycle.create(
        org, name="N", game="kingdom-of-warlords", time_zone="Asia/Tokyo", starts_at=start
    )
    t.refresh_from_db()
    assert t.starts_at == dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.UTC)


def test_check_in_opens_a_set_time_before_the_start(django_capture_on_commit_callbacks):
    org = organiser()
    (ana,) = people(1)
    soon = timezone.now() + dt.timedelta(minutes=45)
    t = event(org, [ana], check_in_required=True, starts_at=soon, check_in_minutes=30)
    err = refused(409, registration.check_in, t, Entry.objects.get(player=ana), ana)
    assert "Check-in opens at" in err.message
    assert night.open_due_check_ins() == []
    later = timezone.now() + dt.timedelta(minutes=20)
    assert night.open_due_check_ins(later) == [t.pk]
    t.refresh_from_db()
    assert t.state == State.CHECK_IN
    assert registration.check_in(t, Entry.objects.get(player=ana), ana).checked_in


def test_no_shows_are_dropped_at_the_start_and_put_back_as_late(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(5)
    t = event(org, players, check_in_required=True, rounds=3)
    t = lifecycle.open_check_in(t, org)
    for p in players[:4]:
        registration.check_in(t, Entry.objects.get(player=p), p)
    assert [i.kind for i in attention.attention(t)] == ["not_checked_in"]
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    gone = Entry.objects.get(player=players[4])
    assert gone.state == EntryState.WITHDRAWN
    assert [i.kind for i in attention.attention(t)] == ["no_show"]
    back = night.reinstate(t, gone, org)
    assert (back.state, back.joined_round) == (EntryState.ACTIVE, 2)
    refused(409, night.reinstate, t, back, org)  # once
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t)
    t.refresh_from_db()
    assert any(
        back.pk in tb.entries for tb in Table.objects.filter(round__tournament=t, round__number=2)
    )
    row = next(r for r in compute_standings(t) if r.player == back.pk)
    assert (row.losses, row.opponents) == (1, ())  # round 1 missed: a loss, no opponent


def test_bulk_entry_names_every_bad_line_and_saves_nothing():
    org = organiser()
    ana, bob = people(2)
    bob.display_name = "Bob Smith"
    bob.save()
    t = event(org, [ana])
    with pytest.raises(bulk.BulkError) as info:
        bulk.add_entrants(
            t, org, players="p0\nnobody\nBob Smith\nbob smith", guests="Walk In\nwalk in"
        )
    problems = info.value.problems
    assert problems == [
        "players line 1: p0 is already entered",
        "players line 2: no player named 'nobody' (add them as a guest?)",
        "players line 4: Bob Smith is listed twice",
        "guests line 2: 'walk in' is listed twice",
    ]
    assert t.entries.count() == 1
    added = bulk.add_entrants(t, org, players="Bob Smith", guests="Walk In\nDee")
    assert len(added.entries) == 3 and t.entries.filter(guest=True).count() == 2
    guest = t.entries.get(guest=True, player__display_name="Dee").player
    assert not guest.is_active and not guest.has_usable_password()
    refused(403, bulk.add_entrants, t, ana, players="p1")
    with pytest.raises(bulk.BulkError) as info:  # a second guest of the same name
        bulk.add_entrants(t, org, guests="dee")
    assert info.value.problems == ["guests line 1: a guest called 'dee' is already entered"]


def test_bulk_entry_re_enters_a_dropped_player_without_a_second_bye(
    django_capture_on_commit_callbacks,
):
    org = organiser()
    players = people(3)
    t = event(org, players, rounds=3, late_entry_until_round=3, auto_advance=False)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    (bye,) = Table.objects.filter(round__tournament=t, round__number=1, bye=True)
    had_bye = Entry.objects.get(pk=bye.entries[0])
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t)
        registration.drop(t, had_bye, org)
    (back,) = bulk.add_entrants(t, org, players=had_bye.player.username).entries
    assert (back.pk, back.state, back.joined_round) == (had_bye.pk, EntryState.ACTIVE, 1)
    assert back.dropped_after is None
    with django_capture_on_commit_callbacks(execute=True):
        pair_next_round(t.pk, by=org)
    (bye_2,) = Table.objects.filter(round__tournament=t, round__number=2, bye=True)
    assert bye_2.entries[0] != had_bye.pk  # never a second bye
    assert any(had_bye.pk in tb.entries for tb in Table.objects.filter(round__number=2))


def test_a_guest_entry_is_claimed_with_the_organisers_approval():
    org = organiser()
    (cat,) = people(1, prefix="cat")
    t = event(org)
    (entry,) = bulk.add_entrants(t, org, guests="Cat Walk-in").entries
    refused(409, bulk.approve_claim, t, entry, org)  # nobody asked yet
    bulk.request_claim(t, entry, cat)
    refused(403, bulk.approve_claim, t, entry, cat)
    entry = bulk.approve_claim(t, entry, org)
    assert entry.player == cat and not entry.guest


def test_round_timer_extension_and_time_called(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(4)
    t = event(org, players, rounds=2, round_minutes=50, time_called="draw")
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    tables = list(Table.objects.filter(round__tournament=t).order_by("number"))
    assert tables[0].round.deadline is not None
    refused(400, timer.extend, t, tables[0].pk, org, "0")
    timer.extend(t, tables[0].pk, org, 10)
    past = timezone.now() + dt.timedelta(minutes=55)
    with django_capture_on_commit_callbacks(execute=True):
        called = timer.call_due_rounds(past)
    assert called == [t.pk]
    tables = list(Table.objects.filter(round__tournament=t).order_by("number"))
    assert tables[0].state == TableState.PENDING  # extended: still playing
    assert tables[1].state == TableState.FINAL and tables[1].source == "time"
    assert [i.kind for i in attention.attention(t, past)] == []
    late = timezone.now() + dt.timedelta(minutes=61)
    assert [i.kind for i in attention.attention(t, late)] == ["overdue"]


def test_time_called_leaves_tables_to_the_organiser_by_default(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(4)
    t = event(org, players, rounds=2, round_minutes=30)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    refused(403, timer.call_time, t, players[0])
    assert len(timer.call_time(t, org)) == 2
    kinds = [i.kind for i in attention.attention(t)]
    assert kinds == ["overdue", "overdue"]
    assert all(tb.state == TableState.PENDING for tb in Table.objects.filter(round__tournament=t))


def test_the_sweep_opens_check_in_and_calls_time_eagerly(django_capture_on_commit_callbacks):
    from tournaments.models import Round
    from tournaments.tasks import sweep

    org = organiser()
    players = people(4)
    t = event(org, players, rounds=2, round_minutes=30, time_called="draw")
    soon = event(org, starts_at=timezone.now() + dt.timedelta(minutes=10), name="Soon")
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    Round.objects.filter(tournament=t).update(deadline=timezone.now() - dt.timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        sweep.delay()
    soon.refresh_from_db()
    assert soon.state == State.CHECK_IN  # 30 minutes before its start
    tables = Table.objects.filter(round__tournament=t, round__number=1)
    assert {tb.source for tb in tables} == {"time"}
    assert all(tb.result["wins"] == [0, 0] for tb in tables)
    t.refresh_from_db()
    assert t.current_round == 2  # the drawn round closed and the next was paired
