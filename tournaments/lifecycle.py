"""The life of an event: draft -> registration open -> check-in -> running -> finished | cancelled.

Organisers create events, edit their settings (what may still change:
:mod:`tournaments.editable`) and move them along; each step checks the state it starts from (a
wrong one is a 409) and is written to the audit log.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import pairing, signals
from tournaments.audit import log
from tournaments.editable import check_values, fixed_reason
from tournaments.errors import TournamentError, conflict, forbidden, require_manager
from tournaments.models import Decklists, Entry, EntryState, Format, State, Tournament
from tournaments.naming import plural
from tournaments.night import drop_no_shows, zone_named
from tournaments.rounds import pair_next_round
from tournaments.teams import check_team_settings, team_options
from tournaments.values import min_table, round_robin_schedule

TOP_CUTS = (0, 2, 4, 8, 16)
ROUNDS = (Format.SWISS, Format.PODS)  # formats whose number of rounds is a setting


def check_settings(t: Tournament) -> None:
    """The game exists and the format, seats, ladder and options fit it, and registration does
    not close after the start; a 400 otherwise."""
    from engines.registry import UnknownGame, get_game

    try:
        engine = get_game(t.game)
    except UnknownGame as exc:
        raise TournamentError(str(exc), field="game") from None
    if t.format == Format.PODS:
        if engine.max_seats < 3:
            raise TournamentError(f"{engine.name} is a two-player game: no pods.", field="format")
        sizes = t.pod_sizes or []
        if not all(isinstance(s, int) and engine.min_seats <= s <= engine.max_seats for s in sizes):
            raise TournamentError(
                f"Pod sizes must be {engine.min_seats}-{engine.max_seats} players.",
                field="pod_sizes",
            )
    elif engine.min_seats > 2:
        raise TournamentError(
            f"{engine.name} needs {engine.min_seats}+ players: use pods.", field="format"
        )
    pts = t.placing_points or []
    if not all(isinstance(p, int) and p >= 0 for p in pts):
        raise TournamentError(
            "Placing points are whole numbers, best place first.", field="placing_points"
        )
    if t.top_cut not in TOP_CUTS:
        raise TournamentError(f"top_cut is one of {TOP_CUTS}.", field="top_cut")
    if t.top_cut and t.format != Format.SWISS:
        raise TournamentError("A top cut follows Swiss rounds only.", field="top_cut")
    if t.decklists == Decklists.TOP_CUT and not t.top_cut:
        raise TournamentError("Decklists public for the top cut need a top cut.", field="decklists")
    if t.late_entry_until_round and t.format not in (Format.SWISS, Format.PODS):
        raise TournamentError(
            "Late entry needs Swiss or pods (fixed schedules cannot take it).",
            field="late_entry_until_round",
        )
    if t.ladder is not None:
        if t.ladder.game != t.game:
            raise TournamentError("The ladder is for another game.", field="ladder")
        if t.format != Format.PODS and t.ladder.seats != 2:
            raise TournamentError("The ladder's matches are not two-player.", field="ladder")
    check_team_settings(t)
    zone_named(t.time_zone)
    if t.registration_deadline and t.starts_at and t.registration_deadline > t.starts_at:
        raise TournamentError(
            "The registration deadline is after the start: registration closes at the latest "
            "when the event starts.",
            field="registration_deadline",
        )
    if t.deck_deadline and t.starts_at and t.deck_deadline > t.starts_at:
        raise TournamentError(
            "The deck deadline is after the start: decks are locked at the latest when the "
            "event starts.",
            field="deck_deadline",
        )
    if t.round_minutes is not None and not 1 <= t.round_minutes <= 600:
        raise TournamentError("A round lasts 1 to 600 minutes.", field="round_minutes")
    if t.options:
        from matches import clock

        engine_options, clock_setting = clock.split_options(t.options)  # clock: the platform's
        seats = max(engine.min_seats, 2)
        if t.team_size > 1:  # checked as the tables play them: two teams in the team mode
            seats = 2 * t.team_size
            engine_options = {**(engine_options or {}), **team_options(t.game, t.team_size)}
        try:
            clock.parse(clock_setting)
            engine.new_game(0, seats, None, engine_options)
        except Exception as exc:  # the engine (or the clock) names what is wrong
            raise TournamentError(
                f"The engine refused the options: {exc}", field="options"
            ) from None


def create(by: Any, **fields: Any) -> Tournament:
    if not by.is_authenticated or not by.is_organiser:
        raise forbidden(
            "Only organisers create tournaments. Ask to become one on /organisers/request/ "
            "(or with POST /api/me/organiser-request/)."
        )
    t = Tournament(organiser=by, seed=secrets.randbits(62), **fields)
    check_settings(t)
    with transaction.atomic():
        t.save()
        log(t, by, "create", name=t.name, game=t.game, format=t.format)
    return t


def update(t: Tournament, by: Any, **fields: Any) -> Tournament:
    """Change settings of the event: those that would rewrite what already happened are
    refused with a 409 naming the field (:mod:`tournaments.editable`). Logged with the values
    before and after."""
    require_manager(by, t)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        changed = {k: v for k, v in fields.items() if getattr(t, k) != v}
        for key in sorted(changed):
            why = fixed_reason(t, key)
            if why:  # "Fixed once ...": "Points win is fixed once ..."
                label = key.replace("_", " ").capitalize()
                raise TournamentError(f"{label} is f{why[1:]}", status=409, field=key)
        check_values(t, changed)
        before = {k: _loggable(getattr(t, k)) for k in changed}
        for key, value in changed.items():
            setattr(t, key, value)
        check_settings(t)
        if "rounds" in changed and t.state == State.RUNNING and t.format in ROUNDS:
            t.main_rounds = t.rounds  # the rounds still to play follow the new number
        t.save()
        if changed:
            after = {k: _loggable(getattr(t, k)) for k in changed}
            log(t, by, "update", fields=sorted(changed), before=before, after=after)
    return t


def _loggable(value: Any) -> Any:
    """A setting's value as the audit log keeps it (JSON): a row by its id, a time in ISO."""
    if hasattr(value, "pk"):
        return value.pk
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def _move(
    t: Tournament, by: Any, allowed: tuple[str, ...], to: str, action: str, reason: str = ""
) -> Tournament:
    require_manager(by, t)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if t.state not in allowed:
            raise conflict(f"The tournament is {t.get_state_display().lower()}: cannot {action}.")
        t.state = to
        t.save(update_fields=["state"])
        log(t, by, action, reason)
        signals.state_changed.send(sender=Tournament, tournament=t)
    return t


def open_registration(t: Tournament, by: Any) -> Tournament:
    return _move(t, by, (State.DRAFT,), State.REGISTRATION, "open_registration")


def open_check_in(t: Tournament, by: Any) -> Tournament:
    return _move(t, by, (State.REGISTRATION,), State.CHECK_IN, "open_check_in")


def cancel(t: Tournament, by: Any, reason: str) -> Tournament:
    if not (reason or "").strip():
        raise TournamentError("Give a reason: it goes into the audit log.", field="reason")
    allowed = (State.DRAFT, State.REGISTRATION, State.CHECK_IN, State.RUNNING)
    return _move(t, by, allowed, State.CANCELLED, "cancel", reason.strip())


def start(t: Tournament, by: Any) -> Tournament:
    """Close registration and pair round 1 (Swiss rounds are fixed now from the entrants).

    With check-in required, registered players who did not check in are dropped before round 1
    (no-shows: :func:`tournaments.night.reinstate` undoes it) and checked-in waitlisted players
    take free places in order.
    """
    require_manager(by, t)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if t.state not in (State.REGISTRATION, State.CHECK_IN):
            raise conflict(f"The tournament is {t.get_state_display().lower()}: cannot start.")
        entries = list(t.entries.select_for_update().order_by("pk"))
        if t.check_in_required:
            drop_no_shows(t, entries, by)
        active = [e for e in entries if e.state == EntryState.ACTIVE]
        for e in entries:
            if e.state != EntryState.WAITLISTED:
                continue
            if t.capacity is not None and len(active) >= t.capacity:
                break
            if t.check_in_required and not e.checked_in:
                continue
            e.state = EntryState.ACTIVE
            e.save(update_fields=["state"])
            active.append(e)
        if len(active) < max(2, min_table(t)):
            raise conflict(f"{plural(len(active), 'player')} ready: not enough to start.")
        t.state = State.RUNNING
        t.started_at = timezone.now()
        if t.format == Format.SWISS:
            t.main_rounds = t.rounds or pairing.default_swiss_rounds(len(active))
        elif t.format == Format.PODS:
            t.main_rounds = t.rounds or max(1, pairing.default_swiss_rounds(len(active)) - 1)
        elif t.format == Format.ROUND_ROBIN:
            t.main_rounds = len(round_robin_schedule(t))
        t.save(update_fields=["state", "started_at", "main_rounds"])
        log(t, by, "start", entrants=len(active), rounds=t.main_rounds)
        signals.state_changed.send(sender=Tournament, tournament=t)
        pair_next_round(t.pk)
        t.refresh_from_db()
    return t


def entry_for(t: Tournament, entry_id: int) -> Entry:
    try:
        return Entry.objects.select_related("player").get(pk=entry_id, tournament=t)
    except Entry.DoesNotExist:
        raise TournamentError("No such entry in this tournament.", status=404) from None
