"""Entrants in bulk, guests without accounts, and an account claiming a guest's entry.

The organiser pastes players (a username or a display name a line) and guests (a name a line,
walk-ins without an account) in one submit: every line's problem is named, and nothing is saved
unless every line is good (one transaction). A dropped player re-enters as at registration: the same entry, its results and byes kept (so
never a second bye). A guest is a placeholder account that cannot sign in
(``Entry.guest``); a person with an account may later ask to take the entry over, and the
organiser's approval moves the entry (results, byes, opponents) to that account (or the
organiser refuses it). A claim and a late entry are announced (``guest_claimed``,
``late_entry``) for the organiser's list and notifications.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify

from tournaments import signals
from tournaments.audit import log
from tournaments.errors import TournamentError, conflict, forbidden, require_manager
from tournaments.models import Entry, EntryState, State, Tournament

MAX_LINES = 500
MAX_NAME = 60


class BulkError(TournamentError):
    """A refused bulk entry: ``problems`` names every bad line (``field`` is the list's)."""

    def __init__(self, problems: list[str], field: str):
        super().__init__("; ".join(problems), field=field)
        self.problems = problems


@dataclass(frozen=True)
class Added:
    """What a bulk entry saved: the entries made, how many went to the waitlist."""

    entries: list[Entry]
    waitlisted: int


def _lines(text: str) -> list[tuple[int, str]]:
    return [
        (n, line.strip()) for n, line in enumerate((text or "").splitlines(), 1) if line.strip()
    ]


def _find_player(name: str) -> tuple[Any | None, str]:
    """The account a line names (username first, then a unique display name) or a problem."""
    users = get_user_model().objects.filter(is_active=True)
    found = users.filter(username__iexact=name).first()
    if found is not None:
        return found, ""
    named = list(users.filter(display_name__iexact=name)[:2])
    if len(named) == 1:
        return named[0], ""
    if named:
        return None, f"two players are called {name!r}: give the username"
    return None, f"no player named {name!r} (add them as a guest?)"


def add_entrants(t: Tournament, by: Any, players: str = "", guests: str = "") -> Added:
    """Enter every listed player and guest at once, or nobody (a :class:`BulkError` naming
    each bad line: ``players line 3: no player named 'bob'``)."""
    require_manager(by, t)
    player_lines, guest_lines = _lines(players), _lines(guests)
    if not player_lines and not guest_lines:
        raise TournamentError("List at least one player or guest, one a line.", field="players")
    if len(player_lines) + len(guest_lines) > MAX_LINES:
        raise TournamentError(f"At most {MAX_LINES} lines at once.", field="players")
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        _check_open(t)
        problems: list[str] = []
        found: list[Any] = []
        states = dict(t.entries.values_list("player_id", "state"))
        listed: set[int] = set()
        for n, name in player_lines:
            player, problem = _find_player(name)
            state = states.get(player.pk) if player is not None else None
            if player is not None and player.pk in listed:
                problem = f"{player.public_name} is listed twice"
            elif state == EntryState.DISQUALIFIED:
                problem = f"{player.public_name} was disqualified from this tournament"
            elif state not in (None, EntryState.WITHDRAWN, EntryState.DROPPED):
                problem = f"{player.public_name} is already entered"
            if player is not None and player.is_bot:
                problem = f"{player.public_name} is a bot: bots enter themselves"
            if problem:
                problems.append(f"players line {n}: {problem}")
            else:
                listed.add(player.pk)
                found.append(player)
        seen: set[str] = set()
        entered = {
            name.casefold()
            for name in t.entries.filter(guest=True)
            .exclude(state=EntryState.WITHDRAWN)
            .values_list("player__display_name", flat=True)
        }
        for n, name in guest_lines:
            if len(name) > MAX_NAME:
                problems.append(f"guests line {n}: a name is at most {MAX_NAME} characters")
            elif name.casefold() in seen:
                problems.append(f"guests line {n}: {name!r} is listed twice")
            elif name.casefold() in entered:
                problems.append(f"guests line {n}: a guest called {name!r} is already entered")
            seen.add(name.casefold())
        if problems:
            field = "players" if any(p.startswith("players") for p in problems) else "guests"
            raise BulkError(problems, field)
        made = [_enter(t, p) for p in found]
        made += [_enter(t, _guest_account(t, name), guest=True) for _, name in guest_lines]
        log(t, by, "bulk_entry", entries=[e.pk for e in made], guests=len(guest_lines))
        if t.state == State.RUNNING:  # late entries: the organiser's list shows them
            for e in made:
                signals.late_entry.send(sender=Tournament, tournament=t, entry=e, by=by)
    return Added(made, sum(e.state == EntryState.WAITLISTED for e in made))


def _check_open(t: Tournament) -> None:
    late = t.state == State.RUNNING and t.current_round < t.late_entry_until_round
    if t.state not in (State.REGISTRATION, State.CHECK_IN) and not late:
        raise conflict(f"The tournament is {t.get_state_display().lower()}: no new entrants.")
    if t.team_size > 1:
        raise conflict("This is a team event: enter each team with its partner.")


def _enter(t: Tournament, player: Any, guest: bool = False) -> Entry:
    active = t.entries.filter(state=EntryState.ACTIVE).count()
    full = t.capacity is not None and active >= t.capacity
    running = t.state == State.RUNNING
    if full and (running or not t.waitlist):
        raise conflict(f"The tournament is full: {player.public_name} does not fit.")
    entry = Entry.objects.filter(tournament=t, player=player).first() or Entry(
        tournament=t, player=player
    )
    if entry.state != EntryState.DROPPED:  # a dropped player rejoins as at registration:
        entry.joined_round = t.current_round + 1 if running else 1  # results and byes kept
    entry.state = EntryState.WAITLISTED if full else EntryState.ACTIVE
    entry.guest = guest
    entry.dropped_after = None
    entry.reason = ""
    entry.save()
    return entry


def _guest_account(t: Tournament, name: str) -> Any:
    """A placeholder account for a walk-in: shows their name, cannot sign in."""
    model = get_user_model()
    base = f"guest-{t.pk}-{slugify(name)[:30] or 'player'}"
    username, n = base, 1
    while model.objects.filter(username=username).exists():
        n += 1
        username = f"{base}-{n}"
    user = model(username=username, display_name=name, is_active=False)
    user.set_unusable_password()
    user.save()
    return user


def request_claim(t: Tournament, entry: Entry, by: Any) -> Entry:
    """A signed-in person asks to take over a guest entry (the organiser approves)."""
    if not by.is_authenticated or by.is_bot:
        raise forbidden("Sign in to claim a guest entry.")
    with transaction.atomic():
        entry = Entry.objects.select_for_update().get(pk=entry.pk, tournament=t)
        if not entry.guest:
            raise conflict("Only a guest's entry can be claimed.")
        if t.entries.filter(player=by).exclude(state=EntryState.WITHDRAWN).exists():
            raise conflict("You already have an entry in this tournament.")
        entry.claim = by
        entry.save(update_fields=["claim"])
        log(t, by, "claim_request", entry=entry.pk, player=by.username)
        signals.guest_claimed.send(sender=Tournament, tournament=t, entry=entry, by=by)
    return entry


def refuse_claim(t: Tournament, entry: Entry, by: Any) -> Entry:
    """The organiser says no to an account's claim: the entry stays the guest's."""
    require_manager(by, t)
    with transaction.atomic():
        entry = Entry.objects.select_for_update().get(pk=entry.pk, tournament=t)
        if not entry.guest or entry.claim_id is None:
            raise conflict("Nobody has claimed this entry.")
        claimant = entry.claim
        entry.claim = None
        entry.save(update_fields=["claim"])
        log(t, by, "claim_refused", entry=entry.pk, player=claimant.username)
    return entry


def approve_claim(t: Tournament, entry: Entry, by: Any) -> Entry:
    """The organiser gives the guest entry to the account that claimed it."""
    require_manager(by, t)
    with transaction.atomic():
        entry = Entry.objects.select_for_update().get(pk=entry.pk, tournament=t)
        if not entry.guest or entry.claim_id is None:
            raise conflict("Nobody has claimed this entry.")
        claimant = entry.claim
        old = t.entries.filter(player=claimant).exclude(pk=entry.pk).first()
        if old is not None and old.state != EntryState.WITHDRAWN:
            raise conflict(f"{claimant.public_name} already has an entry in this tournament.")
        if old is not None:
            old.delete()  # a withdrawn registration never played: the claimed entry replaces it
        guest_player = entry.player
        entry.player, entry.guest, entry.claim = claimant, False, None
        entry.save(update_fields=["player", "guest", "claim"])
        log(
            t, by, "claim_approved", entry=entry.pk, player=claimant.username, guest=guest_player.pk
        )
    return entry
