"""Registration: legal decks, capacity and waitlist, deadlines, late entry, check-in, rejoin."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from tournaments_helpers import KHAN, KOW, bots, event, organiser, people, report_round

from engines.registry import get_game
from tournaments import lifecycle, registration
from tournaments.errors import TournamentError
from tournaments.models import Entry, EntryState, LogEntry, State, Table

pytestmark = pytest.mark.django_db

LEGAL = get_game(KOW).default_decks(2)[0]


def refused(status, func, *args, **kwargs):
    with pytest.raises(TournamentError) as info:
        func(*args, **kwargs)
    assert info.value.status == status, info.value.message
    return info.value


def test_legal_deck_is_kept_illegal_and_foreign_refused():
    org = organiser()
    ana, bob, cat = people(3)
    t = event(org)
    entry = registration.register(t, ana, ana, deck=LEGAL)
    assert entry.deck == LEGAL and entry.state == EntryState.ACTIVE
    err = refused(400, registration.register, t, bob, bob, deck=["4"])
    assert err.field == "deck" and "27 cards" in err.message
    refused(400, registration.register, t, bob, bob, deck="impala-people")  # a Khan: foreign
    khan = event(org, game=KHAN, format="pods")
    refused(400, registration.register, khan, cat, cat, deck=LEGAL)  # a KoW army in Khan
    assert registration.register(khan, cat, cat, deck="morokanth").deck == "morokanth"
    assert not Entry.objects.filter(player=bob).exists()


def test_twice_someone_else_and_foreign_bot_are_refused():
    org, other = organiser(), organiser("other")
    ana, bob = people(2)
    t = event(org)
    registration.register(t, ana, ana)
    refused(409, registration.register, t, ana, ana)
    refused(403, registration.register, t, bob, ana)  # entering someone else
    (theirs,) = bots(1, other)
    refused(403, registration.register, t, theirs, ana)  # a bot owned by someone else
    (khan_bot,) = bots(1, org, game=KHAN, prefix="kb")
    refused(400, registration.register, t, khan_bot, org)  # plays another game
    assert t.entries.count() == 1


def test_deadline_and_states():
    org = organiser()
    ana, bob = people(2)
    draft = event(org, open_=False)
    refused(409, registration.register, draft, ana, ana)
    t = event(org, registration_deadline=timezone.now() - timedelta(minutes=1))
    refused(409, registration.register, t, ana, ana)
    assert not t.entries.exists()


def test_capacity_waitlist_and_promotion():
    org = organiser()
    ana, bob, cat = people(3)
    t = event(org, capacity=2)
    registration.register(t, ana, ana)
    registration.register(t, bob, bob)
    waiting = registration.register(t, cat, cat)
    assert waiting.state == EntryState.WAITLISTED
    registration.withdraw(t, Entry.objects.get(player=ana), ana)
    waiting.refresh_from_db()
    assert waiting.state == EntryState.ACTIVE
    full = event(org, capacity=1, waitlist=False, name="small")
    registration.register(full, ana, ana)
    refused(409, registration.register, full, bob, bob)
    assert full.entries.count() == 1


def test_check_in_required(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(4)
    t = event(org, players, check_in_required=True)
    t = lifecycle.open_check_in(t, org)
    for p in players[:3]:
        registration.check_in(t, Entry.objects.get(player=p), p)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    no_show = Entry.objects.get(player=players[3])
    assert no_show.state == EntryState.WITHDRAWN and no_show.reason == "did not check in"
    tables = Table.objects.filter(round__tournament=t)
    assert sorted(len(tb.entries) for tb in tables) == [1, 2]  # 3 players: a bye


def test_late_entry_until_round_n(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(5)
    t = event(org, players[:4], rounds=3, late_entry_until_round=2)
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
        late = registration.register(t, players[4], players[4])
        assert late.joined_round == 2
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t)
    t.refresh_from_db()
    assert t.current_round == 2
    assert any(late.pk in tb.entries for tb in Table.objects.filter(round__number=2))
    (latest,) = people(1, prefix="late")
    refused(409, registration.register, t, latest, latest)
    assert LogEntry.objects.filter(tournament=t, action="register").count() == 1


def test_leaving_and_rejoining_keeps_the_bye(django_capture_on_commit_callbacks):
    """A player who drops and rejoins gets the same entry back: no second bye."""
    org = organiser()
    players = people(5)
    t = event(org, players, rounds=4, late_entry_until_round=4)
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
        (bye,) = Table.objects.filter(round__tournament=t, bye=True)
        who = Entry.objects.get(pk=bye.entries[0])
        registration.withdraw(t, who, who.player)  # drops while running
        again = registration.register(t, who.player, who.player)
        assert again.pk == who.pk and again.state == EntryState.ACTIVE
    for _ in range(4):
        with django_capture_on_commit_callbacks(execute=True):
            report_round(t)
    t.refresh_from_db()
    byes = list(
        Table.objects.filter(round__tournament=t, bye=True).values_list("entries", flat=True)
    )
    assert len(byes) == 4 and [who.pk] in byes
    assert byes.count([who.pk]) == 1  # the rejoiner never had a second bye
    assert LogEntry.objects.filter(tournament=t, action="rejoin").count() == 1
    assert t.state == State.FINISHED


def test_disqualified_cannot_come_back(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(4)
    t = event(org, players, rounds=3, late_entry_until_round=3)
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
        e = Entry.objects.get(player=players[0])
        refused(400, registration.disqualify, t, e, org, "")
        refused(403, registration.disqualify, t, e, players[1], "cheating")
        registration.disqualify(t, e, org, "marked cards")
    e.refresh_from_db()
    assert e.state == EntryState.DISQUALIFIED and e.reason == "marked cards"
    # The pending table was conceded to the opponent.
    (table,) = [tb for tb in Table.objects.filter(round__tournament=t) if e.pk in tb.entries]
    assert table.source == "forfeit" and table.result["winner"] != e.pk
    refused(403, registration.register, t, players[0], players[0])
    entry = LogEntry.objects.get(tournament=t, action="disqualify")
    assert entry.reason == "marked cards" and entry.actor == org
