"""Entries' decks after registering (registered, illegal after a newer catalogue, missing, no
deck needed), changing a deck until the deck deadline, and the organiser's "Needs you now" with
its notifications (guest claims, late entries, decks, disputes)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone
from tournaments_helpers import KHAN, KOW, Inbox, bots, event, organiser, people, report_round

from decks import services as deck_services
from decks.models import DeckVersion
from engines.arackhan_wars.catalogue import DATA_DIR
from matches.models import Match
from players.models import Notification
from tournaments import attention, bulk, entry_decks, lifecycle, night, registration, results
from tournaments.errors import TournamentError
from tournaments.models import Entry, EntryState, LogEntry, Table

pytestmark = pytest.mark.django_db
AKW = "arackhan-wars"
# Legal under the shipped catalogue (v1) at 125 points; Phalanx worth 3 -> 4 makes it 128.
FULL = "3 Phalanx\n4 Titan\n12 Infantryman\n4 Senior Mercenary\n"
SPARE = "3 Phalanx\n4 Titan\n15 Infantryman\n1 Senior Mercenary\n"  # 122: legal in both
PHALANX_V1 = "1113,Phalanx,Grey Order,Creature,3,,"
PHALANX_V2 = "1113,Phalanx,Grey Order,Creature,3,4,"


def refused(status, func, *args, **kwargs) -> TournamentError:
    with pytest.raises(TournamentError) as info:
        func(*args, **kwargs)
    assert info.value.status == status, info.value.message
    return info.value


def version(owner, text: str, name: str = "Deck") -> DeckVersion:
    return deck_services.current_version(deck_services.create_deck(owner, AKW, name, text=text))


def load_errata(tmp_path, run) -> None:
    """Catalogue v2 with Phalanx's deck-building value raised, re-checking every deck."""
    v1 = (DATA_DIR / "cards-v1.csv").read_text()
    assert PHALANX_V1 in v1
    path = tmp_path / "cards-v2.csv"
    path.write_text(v1.replace(PHALANX_V1, PHALANX_V2))
    with run(execute=True):
        deck_services.load_catalogue(AKW, path)


def stored(player, kind: str) -> list[Notification]:
    return list(Notification.objects.filter(player=player, kind=kind).order_by("pk"))


def test_deck_states_registered_illegal_missing_and_counts(
    tmp_path, django_capture_on_commit_callbacks
):
    org = organiser()
    ana, bob, cat = people(3)
    t = event(org, game=AKW)
    registration.register(t, ana, ana, deck_version=version(ana, FULL).pk)
    registration.register(t, bob, bob, deck_version=version(bob, SPARE).pk)
    registration.register(t, cat, cat)  # no deck at all (the API allows it)
    entries = list(t.entries.select_related("player", "partner"))
    states = entry_decks.deck_states(t, entries)
    assert [states[e.pk][0].state for e in entries] == ["registered", "registered", "missing"]
    inbox = Inbox()
    with inbox.patch():
        load_errata(tmp_path, django_capture_on_commit_callbacks)
    states = entry_decks.deck_states(t, entries)
    illegal = states[entries[0].pk][0]
    assert illegal.state == "illegal" and "point" in illegal.problem.lower()
    assert states[entries[1].pk][0].state == "registered"
    assert entry_decks.deck_counts(states) == {
        "registered": 1,
        "illegal": 1,
        "missing": 1,
        "not_needed": 0,
    }
    # the organiser hears which player's deck broke and why (stored and on the socket)
    (note,) = stored(org, "deck_problem")
    assert note.text.startswith("p0's deck in Test event is no longer legal:")
    assert note.url == f"/tournaments/{t.pk}/"
    assert (org.pk, "tournament.attention") in {(p, k) for p, k, _ in inbox.sent}
    assert not stored(ana, "deck_problem")  # the owner's own news is the decks app's
    kinds = [(i.kind, i.entry_id, i.note) for i in attention.attention(t)]
    assert kinds == [
        ("missing_deck", entries[0].pk, illegal.problem),
        ("missing_deck", entries[2].pk, ""),
    ]


def test_a_game_without_decks_needs_none():
    org = organiser()
    ana, bob = people(2)
    t = event(org, game=KHAN, format="pods", pod_sizes=[2])
    registration.register(t, ana, ana, deck="morokanth")
    registration.register(t, bob, bob)
    states = entry_decks.deck_states(t, t.entries.select_related("player", "partner"))
    assert sorted(s[0].state for s in states.values()) == ["not_needed", "registered"]
    assert not entry_decks.needs_deck(KHAN) and not entry_decks.needs_deck(KOW)
    assert entry_decks.needs_deck(AKW)
    assert attention.attention(t) == []  # nothing is missing


def test_bulk_entries_have_no_deck_until_the_organiser_sets_a_guests():
    org = organiser()
    (ana,) = people(1)
    t = event(org, game=AKW)
    added = bulk.add_entrants(t, org, players=ana.username, guests="Gus")
    states = entry_decks.deck_states(t, added.entries)
    assert {s[0].state for s in states.values()} == {"missing"}
    guest = next(e for e in added.entries if e.guest)
    own = version(org, SPARE, "Lent to guests")
    entry_decks.change_deck(t, guest.pk, org, deck_version=own.pk)  # the organiser's path
    guest.refresh_from_db()
    assert guest.deck_version == own.pk and guest.deck is not None
    assert LogEntry.objects.filter(tournament=t, action="deck_set", actor=org).exists()
    # a player's deck is theirs to change, not the organiser's
    err = refused(403, entry_decks.change_deck, t, added.entries[0].pk, org, deck_version=own.pk)
    assert "Only the player" in err.message


def test_a_player_changes_their_deck_before_the_deadline(django_capture_on_commit_callbacks):
    org = organiser()
    ana, bob = people(2)
    start = timezone.now() + dt.timedelta(days=2)
    t = event(org, game=AKW, starts_at=start, deck_deadline=start - dt.timedelta(hours=1))
    first, second = version(ana, FULL, "First"), version(ana, SPARE, "Second")
    entry = registration.register(t, ana, ana, deck_version=first.pk, team="Lyon")
    inbox = Inbox()
    with inbox.patch(), django_capture_on_commit_callbacks(execute=True):
        changed = entry_decks.change_deck(t, entry.pk, ana, deck_version=second.pk)
    assert (changed.deck_version, changed.deck) == (second.pk, second.data)
    entry.refresh_from_db()  # everything else of the entry stays
    assert (entry.state, entry.team, entry.joined_round) == (EntryState.ACTIVE, "Lyon", 1)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.locked_reason == "" and second.locked_reason == f"tournament:{t.pk}"
    (logged,) = LogEntry.objects.filter(tournament=t, action="deck_changed")
    assert logged.actor == ana and "cards" not in repr(logged.detail)
    assert logged.detail == {"entry": entry.pk, "player": ana.username, "deck_version": second.pk}
    (note,) = stored(org, "deck_changed")
    assert note.text == "p0 changed their deck for Test event."
    assert any(p == org.pk and k == "tournament.attention" for p, k, _ in inbox.sent)
    assert "Phalanx" not in repr(inbox.sent)  # never the list
    # someone else's entry, and a deck of someone else
    refused(403, entry_decks.change_deck, t, entry.pk, bob, deck_version=second.pk)
    other = registration.register(t, bob, bob, deck_version=version(bob, SPARE).pk)
    err = refused(400, entry_decks.change_deck, t, other.pk, bob, deck_version=second.pk)
    assert err.field == "deck_version"


def test_after_the_deadline_decks_are_locked_in_words():
    org = organiser()
    (ana,) = people(1)
    start = timezone.now() + dt.timedelta(hours=3)
    deadline = timezone.now() - dt.timedelta(minutes=5)
    t = event(org, game=AKW, starts_at=start, time_zone="Europe/Berlin", deck_deadline=deadline)
    first = version(ana, FULL, "First")
    entry = registration.register(t, ana, ana, deck_version=first.pk)
    err = refused(409, entry_decks.change_deck, t, entry.pk, ana, deck_version=first.pk)
    local = deadline.astimezone(ZoneInfo("Europe/Berlin"))
    assert err.message.startswith(f"Decks were locked at {local:%H:%M} Europe/Berlin")
    assert err.message.endswith("(the deck deadline).")
    entry.refresh_from_db()
    assert entry.deck_version == first.pk
    assert not LogEntry.objects.filter(action="deck_changed").exists()


def test_without_a_deadline_decks_lock_at_the_start(django_capture_on_commit_callbacks):
    org = organiser()
    ana, bob = people(2)
    t = event(org, [ana, bob], game=KHAN, rounds=1)
    entry = Entry.objects.get(tournament=t, player=ana)
    entry_decks.change_deck(t, entry.pk, ana, deck="high-llama")  # before the start
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
    err = refused(409, entry_decks.change_deck, t, entry.pk, ana, deck="morokanth")
    assert err.message == "Decks were locked when the tournament started."
    entry.refresh_from_db()
    assert entry.deck == "high-llama"


def test_a_bad_deck_is_named_with_its_violation_and_nothing_changes():
    org = organiser()
    (ana,) = people(1)
    t = event(org, game=KHAN, format="pods", pod_sizes=[2])
    entry = registration.register(t, ana, ana, deck="morokanth")
    err = refused(400, entry_decks.change_deck, t, entry.pk, ana, deck="the-nobodies")
    assert err.field == "deck" and "unknown Khan" in err.message
    refused(400, entry_decks.change_deck, t, entry.pk, ana)  # no deck at all
    entry.refresh_from_db()
    assert entry.deck == "morokanth"


def test_the_deadline_is_at_the_start_at_the_latest():
    org = organiser()
    start = timezone.now() + dt.timedelta(days=1)
    err = refused(
        400,
        lifecycle.create,
        org,
        name="N",
        game=AKW,
        starts_at=start,
        deck_deadline=start + dt.timedelta(minutes=1),
    )
    assert err.field == "deck_deadline"


def test_the_sweep_locks_decks_and_tells_the_organiser_of_missing_ones(
    django_capture_on_commit_callbacks,
):
    from tournaments.tasks import sweep

    org = organiser()
    ana, bob = people(2)
    start = timezone.now() + dt.timedelta(days=1)
    t = event(org, game=AKW, starts_at=start, deck_deadline=start - dt.timedelta(hours=2))
    registration.register(t, ana, ana, deck_version=version(ana, SPARE).pk)
    registration.register(t, bob, bob)
    assert entry_decks.lock_due_decks() == []  # not yet
    later = start - dt.timedelta(hours=1)
    inbox = Inbox()
    with inbox.patch(), django_capture_on_commit_callbacks(execute=True):
        assert entry_decks.lock_due_decks(later) == [t.pk]
        assert entry_decks.lock_due_decks(later) == []  # once
    (note,) = stored(org, "deck_problem")
    assert note.text == "Decks are locked in Test event: 1 entry has no legal deck (p1)."
    assert any(
        k == "tournament.attention" and p["kind"] == "missing_deck" for _, k, p in inbox.sent
    )
    assert LogEntry.objects.filter(tournament=t, action="decks_locked").count() == 1
    assert [i.kind for i in attention.attention(t)] == ["missing_deck"]
    # the beat's sweep locks an event whose deadline has passed
    soon = timezone.now() + dt.timedelta(hours=1)
    past = event(org, game=AKW, name="Past", starts_at=soon, deck_deadline=timezone.now())
    registration.register(past, bob, bob)
    with django_capture_on_commit_callbacks(execute=True):
        sweep.delay()
    assert LogEntry.objects.filter(tournament=past, action="decks_locked").count() == 1
    assert stored(org, "deck_problem")[-1].text.startswith("Decks are locked in Past: 1 entry")


def test_scheduled_tables_play_the_deck_held_at_pairing_time(django_capture_on_commit_callbacks):
    org = organiser()
    a, b = bots(2, org, game=KHAN)
    t = event(org, game=KHAN, rounds=1)
    first = registration.register(t, a, org, deck="morokanth")
    registration.register(t, b, org, deck="high-llama")
    entry_decks.change_deck(t, first.pk, org, deck="sable-nation")  # the bot's owner
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
    (table,) = Table.objects.filter(round__tournament=t)
    match = Match.objects.get(pk=table.match_id)
    seat = table.entries.index(first.pk)
    assert match.decks[seat] == "sable-nation"


def test_needs_you_now_lists_claims_late_entries_and_decks(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(4)
    cat = people(1, prefix="cat")[0]
    t = event(org, players, rounds=3, late_entry_until_round=3, auto_advance=False)
    (guest,) = bulk.add_entrants(t, org, guests="Gus").entries
    inbox = Inbox()
    with inbox.patch(), django_capture_on_commit_callbacks(execute=True):
        bulk.request_claim(t, guest, cat)
    assert [(i.kind, i.person) for i in attention.attention(t)] == [("guest_claim", "cat0")]
    (note,) = stored(org, "guest_claim")
    assert note.text == "cat0 says they are the guest Gus in Test event: approve or refuse it."
    sent = [(p, k, payload) for p, k, payload in inbox.sent if k == "tournament.attention"]
    assert sent == [(org.pk, "tournament.attention", {**sent[0][2], "kind": "guest_claim"})]
    assert sent[0][2]["tournament"] == t.pk and sent[0][2]["text"] == note.text
    refused(403, bulk.refuse_claim, t, guest, cat)
    bulk.refuse_claim(t, guest, org)
    assert attention.attention(t) == []
    assert LogEntry.objects.filter(tournament=t, action="claim_refused").exists()
    registration.withdraw(t, guest, org)  # a guest cannot sign in to report

    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
        report_round(t)
    (late,) = people(1, prefix="late")
    with django_capture_on_commit_callbacks(execute=True):
        entry = registration.register(t, late, late)
    items = [(i.kind, i.entry_id, i.round_number) for i in attention.attention(t)]
    assert items == [("late_entry", entry.pk, 2)]  # for information: taken at once
    (note,) = stored(org, "late_entry")
    assert note.text == "late0 entered Test event late: paired from round 2."
    from tournaments.rounds import pair_next_round

    with django_capture_on_commit_callbacks(execute=True):
        pair_next_round(t.pk, by=org)
    t.refresh_from_db()
    assert t.current_round == 2
    assert [i.kind for i in attention.attention(t)] == []  # paired now


def test_a_dispute_reaches_the_organiser_stored_and_live(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(2)
    t = event(org, players, rounds=1)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    (table,) = Table.objects.filter(round__tournament=t)
    a, b = (Entry.objects.get(pk=e).player for e in table.entries)
    inbox = Inbox()
    with inbox.patch(), django_capture_on_commit_callbacks(execute=True):
        results.report(t, table.pk, a, {"wins": [2, 0]})
        results.report(t, table.pk, b, {"wins": [0, 2]})
    (waiting,) = stored(org, "report_waiting")
    assert "table 1 of round 1 has a report waiting" in waiting.text
    (note,) = stored(org, "dispute")
    assert note.text == (
        "Table 1 (round 1 of Test event): the players' reports disagree. Settle the dispute."
    )
    assert note.url == f"/tournaments/{t.pk}/tables/{table.pk}/"
    kinds = [p["kind"] for who, k, p in inbox.sent if k == "tournament.attention"]
    assert kinds == ["to_confirm", "disputed"]
    assert [i.kind for i in attention.attention(t)] == ["disputed"]


def test_a_no_show_put_back_joins_as_a_late_entry_in_the_list(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(3)
    t = event(org, players, check_in_required=True, rounds=2)
    t = lifecycle.open_check_in(t, org)
    for p in players[:2]:
        registration.check_in(t, Entry.objects.get(player=p), p)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    gone = Entry.objects.get(player=players[2])
    night.reinstate(t, gone, org)
    assert [i.kind for i in attention.attention(t)] == ["late_entry"]


def test_a_teams_players_each_change_their_own_deck():
    from tournaments import teams

    org = organiser()
    cap, mate, other = people(3)
    t = event(org, game=AKW, team_size=2)
    entry = teams.register_team(t, cap, mate, cap, deck_version=version(cap, FULL).pk)
    teams.confirm_partner(t, entry.pk, mate)  # the partner joins without a deck (the API)
    entry.refresh_from_db()
    states = entry_decks.deck_states(t, [entry])[entry.pk]
    assert [(s.player, s.state) for s in states] == [(cap, "registered"), (mate, "missing")]
    items = attention.attention(t)
    assert [(i.kind, i.person) for i in items] == [("missing_deck", "p1")]  # whose deck
    mine = version(mate, SPARE, "Mate's")
    entry_decks.change_deck(t, entry.pk, mate, deck_version=mine.pk)
    entry.refresh_from_db()
    assert entry.partner_deck_version == mine.pk and entry.deck_version != mine.pk
    captain_new = version(cap, SPARE, "Captain's new")
    entry_decks.change_deck(t, entry.pk, cap, deck_version=captain_new.pk)
    entry.refresh_from_db()
    assert (entry.deck_version, entry.partner_deck_version) == (captain_new.pk, mine.pk)
    refused(403, entry_decks.change_deck, t, entry.pk, other, deck_version=mine.pk)
    assert attention.attention(t) == []
