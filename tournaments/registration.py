"""Entering an event: a legal deck, capacity and waitlist, late entry, check-in, drops and
disqualification.

The deck is checked by the game's engine (``validate_deck``: every violation, not only the
first) and kept as a snapshot on the entry; a locked version of the decks app can be given
instead (``deck_version``), which is checked against the catalogue in force and locked for the
event.

A player who drops and enters again (while late entry is open) gets the *same* entry back: their
results, byes and opponents stay, so leaving and rejoining never earns a second bye.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import signals
from tournaments.audit import log
from tournaments.errors import TournamentError, can_manage, conflict, forbidden, require_manager
from tournaments.models import Entry, EntryState, State, Tournament
from tournaments.night import check_in_opens
from tournaments.tables import concede_pending

OPEN = (State.REGISTRATION, State.CHECK_IN)


def check_deck(t: Tournament, deck: Any) -> Any:
    """``deck`` if the game's engine finds it legal for the event (None: no deck); a 400
    naming ``deck`` and every violation otherwise."""
    from engines.registry import get_game

    engine = get_game(t.game)
    if deck is None:
        return None
    if not engine.uses_decks:
        raise TournamentError(f"{engine.name} is played without decks.", field="deck")
    try:
        problems = engine.validate_deck(deck, t.options or None)
    except Exception as exc:  # a malformed document is a violation too, never a 500
        raise TournamentError(f"Not a {engine.name} deck: {exc}", field="deck") from None
    if problems:
        raise TournamentError(
            f"This deck is not legal in {engine.name}: " + "; ".join(v.message for v in problems),
            field="deck",
        )
    return deck


def deck_from_version(t: Tournament, player: Any, version_id: int) -> Any:
    """A decks-app version owned by the player, of this game, legal now; locked for the event."""
    from decks import services as deck_services
    from decks.models import DeckVersion

    version = DeckVersion.objects.select_related("deck").filter(pk=version_id).first()
    if version is None or version.deck.owner_id != player.pk:
        raise TournamentError("No deck version of yours with that id.", field="deck_version")
    if version.deck.game != t.game:
        raise TournamentError("That deck is for another game.", field="deck_version")
    try:
        data = deck_services.playable_data(version)
    except deck_services.DeckNotPlayable as exc:
        raise TournamentError(str(exc), field="deck_version") from None
    check_deck(t, data)
    deck_services.lock_version(version, f"tournament:{t.pk}")
    return data


def _may_enter(by: Any, player: Any, t: Tournament) -> None:
    from ratings.bots import bot_spec, may_enter

    if not may_enter(by, player):
        raise forbidden("You may enter only yourself or a bot account you own.")
    if player.is_bot and bot_spec(player, t.game) is None:
        raise TournamentError(
            f"{player.username!r} is not a bot that plays {t.game}.", field="player"
        )


def register(
    t: Tournament,
    player: Any,
    by: Any,
    deck: Any = None,
    deck_version: int | None = None,
    team: str = "",
    rating: float | None = None,
) -> Entry:
    """Enter ``player`` (``by`` is who asks; a bot with published versions enters its latest
    version's account, ``ratings.versions``). Returns the entry, ``waitlisted`` when full."""
    from ratings.versions import playing_account

    _may_enter(by, player, t)
    decks_of, player = player, playing_account(player)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if t.team_size > 1:
            raise conflict("This is a team event: a captain registers a team with a partner.")
        late = t.state == State.RUNNING and t.current_round < t.late_entry_until_round
        if t.state not in OPEN and not late:
            if t.state == State.RUNNING and t.late_entry_until_round:
                raise conflict(f"Late entry closed after round {t.late_entry_until_round - 1}.")
            raise conflict(
                f"Registration is not open: the tournament is {t.get_state_display().lower()}."
            )
        if t.registration_deadline and timezone.now() > t.registration_deadline and not late:
            raise conflict("The registration deadline has passed.")
        if deck_version is not None:
            if deck is not None:
                raise TournamentError("Give a deck or a deck_version, not both.", field="deck")
            deck = deck_from_version(t, decks_of, deck_version)
        else:
            deck = check_deck(t, deck)
        entry = Entry.objects.select_for_update().filter(tournament=t, player=player).first()
        if entry is not None:
            if entry.state in (EntryState.ACTIVE, EntryState.WAITLISTED):
                raise conflict(f"{player.username} is already registered.")
            if entry.state == EntryState.DISQUALIFIED:
                raise forbidden(f"{player.username} was disqualified from this tournament.")
        active = t.entries.filter(state=EntryState.ACTIVE).count()
        full = t.capacity is not None and active >= t.capacity
        if full and not t.waitlist:
            raise conflict("The tournament is full.")
        if full and late:
            raise conflict("The tournament is full.")
        state = EntryState.WAITLISTED if full else EntryState.ACTIVE
        joined = t.current_round + 1 if t.state == State.RUNNING else 1
        if entry is None:
            entry = Entry(tournament=t, player=player, joined_round=joined)
            action = "register"
        else:
            action = "rejoin"  # same entry: results, byes and opponents are kept
        entry.state = state
        entry.deck = deck
        entry.deck_version = deck_version
        entry.team = team or ""
        entry.dropped_after = None
        entry.reason = ""
        if rating is not None:
            entry.rating = rating
        else:
            entry.rating = _ladder_rating(t, player)
        entry.save()
        if action == "rejoin" or late:
            log(t, by, action, player=player.username, entry=entry.pk, late=late, state=state)
        if late:  # the organiser's list shows it until the next round is paired
            signals.late_entry.send(sender=Tournament, tournament=t, entry=entry, by=by)
        return entry


def _ladder_rating(t: Tournament, player: Any) -> float:
    """The player's conservative rating on the event's ladder (0 without one)."""
    if t.ladder_id is None:
        return 0.0
    from ratings.models import Rating

    r = Rating.objects.filter(ladder_id=t.ladder_id, player=player).first()
    return r.conservative if r else 0.0


def withdraw(t: Tournament, entry: Entry, by: Any) -> Entry:
    """Leave before the start (the first waitlisted player moves up), or drop once running."""
    t = Tournament.objects.get(pk=t.pk)
    if entry.player_id != by.pk and not can_manage(by, t):
        from ratings.bots import may_enter

        if not (entry.player.is_bot and may_enter(by, entry.player)):
            raise forbidden("You may withdraw only your own entry.")
    if t.state == State.RUNNING:
        return drop(t, entry, by)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if t.state not in OPEN:
            raise conflict("The tournament is not taking registrations.")
        if entry.state not in (EntryState.ACTIVE, EntryState.WAITLISTED):
            raise conflict("This entry is not registered.")
        was_active = entry.state == EntryState.ACTIVE
        entry.state = EntryState.WITHDRAWN
        entry.save(update_fields=["state"])
        if was_active:
            nxt = t.entries.filter(state=EntryState.WAITLISTED).order_by("created", "pk").first()
            if nxt is not None:
                nxt.state = EntryState.ACTIVE
                nxt.save(update_fields=["state"])
        if by.pk != entry.player_id:
            log(t, by, "withdraw", entry=entry.pk, player=entry.player.username)
    return entry


def check_in(t: Tournament, entry: Entry, by: Any) -> Entry:
    from ratings.bots import may_enter

    if not may_enter(by, entry.player) and not can_manage(by, t):
        raise forbidden("You may check in only yourself or a bot account you own.")
    t = Tournament.objects.get(pk=t.pk)
    if t.state not in OPEN:
        raise conflict("Check-in is not open.")
    opens = check_in_opens(t)
    if t.state == State.REGISTRATION and opens is not None and timezone.now() < opens:
        when = timezone.localtime(opens).strftime("%H:%M %Z")
        raise conflict(f"Check-in opens at {when}, {t.check_in_minutes} minutes before the start.")
    if entry.state not in (EntryState.ACTIVE, EntryState.WAITLISTED):
        raise conflict("This entry is not registered.")
    entry.checked_in = True
    entry.save(update_fields=["checked_in"])
    return entry


def drop(t: Tournament, entry: Entry, by: Any, reason: str = "") -> Entry:
    """Leave a running event: not paired again; an unfinished table of this round is conceded.

    Dropped players stay in their opponents' tiebreakers.
    """
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if t.state != State.RUNNING:
            raise conflict("Only a running tournament can be dropped from.")
        if entry.state != EntryState.ACTIVE:
            raise conflict("This entry is not playing.")
        entry.state = EntryState.DROPPED
        entry.dropped_after = t.current_round
        entry.reason = reason
        entry.save(update_fields=["state", "dropped_after", "reason"])
        log(
            t,
            by,
            "drop",
            reason,
            entry=entry.pk,
            player=entry.player.username,
            after_round=t.current_round,
        )
        concede_pending(t, entry, by, "dropped")
        signals.standings_changed.send(sender=Tournament, tournament=t, reason="drop")
    return entry


def disqualify(t: Tournament, entry: Entry, by: Any, reason: str) -> Entry:
    """Organiser only, with a reason: out of the event; an unfinished table is conceded."""
    require_manager(by, t)
    reason = (reason or "").strip()
    if not reason:
        raise TournamentError("Give a reason: it goes into the audit log.", field="reason")
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if entry.state == EntryState.DISQUALIFIED:
            raise conflict("Already disqualified.")
        if t.state in (State.FINISHED, State.CANCELLED):
            raise conflict("The tournament is over.")
        if entry.state in (EntryState.WITHDRAWN, EntryState.WAITLISTED) or t.state != State.RUNNING:
            entry.dropped_after = 0
        elif entry.state == EntryState.ACTIVE:
            entry.dropped_after = t.current_round
        entry.state = EntryState.DISQUALIFIED
        entry.reason = reason
        entry.save(update_fields=["state", "dropped_after", "reason"])
        log(t, by, "disqualify", reason, entry=entry.pk, player=entry.player.username)
        if t.state == State.RUNNING:
            concede_pending(t, entry, by, f"disqualified: {reason}")
            signals.standings_changed.send(
                sender=Tournament, tournament=t, reason="disqualification"
            )
    return entry
