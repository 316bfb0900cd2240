"""An entry's deck once registered: what the organiser sees of it, a player changing it until
the deck deadline, and the deadline itself.

Each player of an entry (a team's two) has a deck state:

- ``registered``: a deck the rules found legal, or a locked deck version still legal;
- ``illegal``: a locked deck version that a newer card catalogue made illegal. The decks app
  re-checks every locked version after a new catalogue (:mod:`decks.recheck`) and keeps the
  verdict on the version (``legal``, ``violations``); the first violation says why. A deck given
  as data was checked by the engine's own rules, which a catalogue loaded on the site does not
  change, so it stays registered;
- ``missing``: no deck, in a game that needs one;
- ``not_needed``: no deck, in a game whose rules fix the cards (Kingdom of Warlords' standard
  army, Khan of Khans' Khans): the engine deals what an entry without one plays.

A game needs a deck when its decks are built from a card catalogue (AracKhan Wars, Akhedena,
Heroes of Graxia). Decks lock at the event's ``deck_deadline`` and in any case when the event
starts: the tables of a round are scheduled with the entries' decks at pairing time, and a deck
changed after round 1 would play rounds its owner was not paired with. The organiser may still
set a guest's deck (a guest has no account to do it) until the event is over.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournaments import signals
from tournaments.audit import log
from tournaments.errors import TournamentError, can_manage, conflict, forbidden
from tournaments.models import Entry, EntryState, LogEntry, State, Tournament
from tournaments.registration import OPEN, check_deck, deck_from_version

STATES = ("registered", "illegal", "missing", "not_needed")
OVER = (State.FINISHED, State.CANCELLED)


@dataclass(frozen=True)
class SeatDeck:
    """One player's deck in an entry: its ``state`` (one of :data:`STATES`) and, for an
    illegal one, ``problem`` (the first violation, in words)."""

    player: Any
    state: str
    problem: str = ""


def needs_deck(game: str) -> bool:
    """Whether an entry of ``game`` needs a deck of its own (decks built from a catalogue)."""
    from engines.decks import UnknownFormat, get_deck_format

    try:
        return bool(get_deck_format(game).uses_catalogue)
    except UnknownFormat:
        return False


def _verdicts(version_ids: Iterable[int]) -> dict[int, tuple[bool, str]]:
    """``{version id: (legal, first violation)}`` of these deck versions, in one query."""
    from decks.models import DeckVersion

    ids = {v for v in version_ids if v}
    if not ids:
        return {}
    rows = DeckVersion.objects.filter(pk__in=ids).values_list("pk", "legal", "violations")
    return {pk: (legal, "" if legal else _first(violations)) for pk, legal, violations in rows}


def _first(violations: Any) -> str:
    """An illegal version's first violation in words."""
    first = (violations or [{}])[0]
    return str(first.get("message") or "it breaks the rules of the newest card catalogue")


def deck_states(t: Tournament, entries: Iterable[Entry]) -> dict[int, tuple[SeatDeck, ...]]:
    """Each entry's players' decks (the captain's, then a team's partner's), by entry id."""
    entries = list(entries)
    verdicts = _verdicts(
        v for e in entries for v in (e.deck_version, e.partner_deck_version) if v is not None
    )
    needed = needs_deck(t.game)
    out = {}
    for e in entries:
        seats = [(e.player, e.deck, e.deck_version)]
        if e.partner_id:
            seats.append((e.partner, e.partner_deck, e.partner_deck_version))
        out[e.pk] = tuple(_seat(player, data, v, verdicts, needed) for player, data, v in seats)
    return out


def _seat(player: Any, data: Any, version: int | None, verdicts: dict, needed: bool) -> SeatDeck:
    if data is None and version is None:
        return SeatDeck(player, "missing" if needed else "not_needed")
    legal, problem = verdicts.get(version, (True, "")) if version is not None else (True, "")
    return SeatDeck(player, "registered" if legal else "illegal", problem)


def deck_counts(states: dict[int, tuple[SeatDeck, ...]]) -> dict[str, int]:
    """How many players' decks are in each state (every state named, zeros included)."""
    found = Counter(seat.state for seats in states.values() for seat in seats)
    return {state: found.get(state, 0) for state in STATES}


def entered_versions(version_ids: Iterable[int]) -> list[tuple[Tournament, Entry, Any, str]]:
    """``(event, entry, player, first violation)`` for each active entry of an event not over
    holding one of these deck versions (as the captain's deck or the partner's)."""
    ids = list(version_ids)
    rows = (
        Entry.objects.filter(Q(deck_version__in=ids) | Q(partner_deck_version__in=ids))
        .filter(state=EntryState.ACTIVE)
        .exclude(tournament__state__in=OVER)
        .select_related("tournament", "player", "partner")
        .order_by("tournament", "pk")
    )
    entries = list(rows)
    out = []
    for e in entries:
        states = deck_states(e.tournament, [e])[e.pk]
        versions = (e.deck_version, e.partner_deck_version)
        for seat, version in zip(states, versions, strict=False):
            if version in ids and seat.state == "illegal":
                out.append((e.tournament, e, seat.player, seat.problem))
    return out


# -- the deadline -----------------------------------------------------------------------------
def at_event(t: Tournament, when: dt.datetime, now: dt.datetime | None = None) -> str:
    """``18:30 Europe/Berlin`` in the event's zone (with the day when it is not today there)."""
    zone = ZoneInfo(t.time_zone)
    local = timezone.localtime(when, zone)
    text = f"{local:%H:%M} {t.time_zone}"
    if local.date() != timezone.localtime(now or timezone.now(), zone).date():
        text += f" on {local:%a} {local.day} {local:%b %Y}"
    return text


def decks_locked(t: Tournament, now: dt.datetime | None = None) -> str:
    """Why a player may no longer change their deck, in words ("" while they may)."""
    now = now or timezone.now()
    if t.deck_deadline is not None and now >= t.deck_deadline:
        return f"Decks were locked at {at_event(t, t.deck_deadline, now)} (the deck deadline)."
    if t.state in OVER:
        return "The tournament is over: decks no longer change."
    if t.state not in (*OPEN, State.DRAFT):
        return "Decks were locked when the tournament started."
    return ""


def lock_due_decks(now: dt.datetime | None = None) -> list[int]:
    """Events whose deck deadline has just passed (the sweep's): logged once, and
    ``decks_locked`` sent with the active entries left without a legal deck. Their ids."""
    now = now or timezone.now()
    due = Tournament.objects.filter(state__in=OPEN, deck_deadline__lte=now).exclude(
        pk__in=LogEntry.objects.filter(action="decks_locked").values("tournament")
    )
    done = []
    for t in due:
        with transaction.atomic():
            t = Tournament.objects.select_for_update().get(pk=t.pk)
            if LogEntry.objects.filter(tournament=t, action="decks_locked").exists():
                continue
            active = list(
                t.entries.filter(state=EntryState.ACTIVE).select_related("player", "partner")
            )
            states = deck_states(t, active)
            missing = [
                e for e in active if any(s.state in ("missing", "illegal") for s in states[e.pk])
            ]
            log(t, None, "decks_locked", "deck deadline", missing=[e.pk for e in missing])
            signals.decks_locked.send(sender=Tournament, tournament=t, missing=missing)
            done.append(t.pk)
    return done


# -- changing a deck --------------------------------------------------------------------------
def change_deck(
    t: Tournament, entry_id: int, by: Any, *, deck: Any = None, deck_version: int | None = None
) -> Entry:
    """A new legal deck (data) or deck version for an entry; everything else of the entry stays.

    The player (a bot's owner, a team's captain for their own deck, its partner for theirs)
    changes their deck until the decks lock (:func:`decks_locked`: a 409 in words afterwards);
    logged ``deck_changed``. The organiser sets a guest's deck (a version of their own decks, or
    deck data) until the event is over; logged ``deck_set``. A bad deck is a 400 naming
    ``deck`` or ``deck_version`` and every violation. The log and the signal never hold the
    list. A replaced version no longer entered in the event loses the event's lock.
    """
    if deck is not None and deck_version is not None:
        raise TournamentError("Give a deck or a deck_version, not both.", field="deck")
    if deck is None and deck_version is None:
        raise TournamentError("Choose a deck.", field="deck")
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        entry = (
            Entry.objects.select_for_update(of=("self",))
            .select_related("player", "partner")
            .filter(pk=entry_id, tournament=t)
            .first()
        )
        if entry is None:
            raise TournamentError("No such entry in this tournament.", status=404)
        side, organiser = _side(t, entry, by)
        if entry.state not in (EntryState.ACTIVE, EntryState.WAITLISTED, EntryState.PENDING):
            raise conflict("This entry is not registered.")
        if side == "partner" and entry.state == EntryState.PENDING:
            raise conflict("Confirm the team with your deck first.")
        locked = "" if organiser and t.state not in OVER else decks_locked(t)
        if locked:
            raise conflict(locked)
        owner = by if organiser else getattr(entry, side)
        if deck_version is not None:
            data = deck_from_version(t, owner, deck_version)
        else:
            data = check_deck(t, deck)
        prefix = "" if side == "player" else "partner_"
        old = getattr(entry, f"{prefix}deck_version")
        setattr(entry, f"{prefix}deck", data)
        setattr(entry, f"{prefix}deck_version", deck_version)
        entry.save(update_fields=[f"{prefix}deck", f"{prefix}deck_version"])
        if old is not None and old != deck_version:
            _release(t, old)
        log(
            t,
            by,
            "deck_set" if organiser else "deck_changed",
            entry=entry.pk,
            player=getattr(entry, side).username,
            deck_version=deck_version,
        )
        signals.deck_changed.send(sender=Tournament, tournament=t, entry=entry, by=by)
    return entry


def _side(t: Tournament, entry: Entry, by: Any) -> tuple[str, bool]:
    """Whose deck ``by`` changes (``player`` or ``partner``) and whether as the organiser."""
    from ratings.bots import may_enter

    if not getattr(by, "is_authenticated", False):
        raise forbidden("Sign in to change a deck.")
    if entry.guest and can_manage(by, t):
        return "player", True
    if by.pk == entry.partner_id:
        return "partner", False
    if by.pk == entry.player_id or (entry.player.is_bot and may_enter(by, entry.player)):
        return "player", False
    if can_manage(by, t):
        raise forbidden("Only the player changes their deck; the organiser sets a guest's.")
    raise forbidden("You may change only your own deck (or a bot's you own).")


def _release(t: Tournament, version_id: int) -> None:
    """Lift the event's lock from a version no entry of any event still holds."""
    from decks import services as deck_services

    held = Entry.objects.filter(Q(deck_version=version_id) | Q(partner_deck_version=version_id))
    if not held.exists():
        deck_services.unlock_version(version_id, f"tournament:{t.pk}")
