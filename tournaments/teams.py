"""Team events: entries of two players (AracKhan Wars 2v2) paired, played and ranked as one.

An event with ``team_size = 2`` takes teams instead of players. A team is one :class:`Entry`:
``player`` is the captain, ``partner`` the teammate, each with their own legal deck
(``deck`` / ``partner_deck``). Everything else is the individual machinery unchanged: the entry
is the entrant, so teams are paired (Swiss, single or double elimination, round robin), report,
drop and are ranked with the same tiebreakers as players; a team's match is one match of four
seats whose teams alternate (captain A, captain B, partner A, partner B: the rulebook's seating,
each player between two opponents).

Registering: a captain registers a team naming a partner (state ``pending``), and the partner
confirms with their own deck (the team becomes active, or waitlisted when the event is full) or
declines; an organiser may enter a whole team at once with both decks. Nobody is in two teams.
The captain speaks for the team afterwards (check-in, reports, withdrawing or dropping).

Which games: the team modes of the games' rulebooks, :data:`TEAM_MODES` (AracKhan Wars' 2v2),
and any engine declaring ``team_sizes`` (e.g. ``(2,)``). Bot tables get a match when the engine
plays the mode: it declares ``team_sizes``, or accepts the mode's options (AracKhan Wars:
``{"mode": "2v2"}``, seats 0 and 2 against 1 and 3); otherwise the captains report them.
The rest of the path takes a team like any entry: :mod:`tournaments.scheduling` seats it
(:func:`team_seats`), :mod:`tournaments.results` ranks its match (:func:`team_ranks`) and
:mod:`tournaments.summary` names it (:func:`team_label`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournaments import signals
from tournaments.audit import log
from tournaments.errors import TournamentError, can_manage, conflict, forbidden
from tournaments.models import Entry, EntryState, Format, State, Tournament
from tournaments.registration import check_deck, deck_from_version

#: Team modes in the games' rulebooks: game -> team size -> the engine options that ask for it.
TEAM_MODES: dict[str, dict[int, dict[str, Any]]] = {"arackhan-wars": {2: {"mode": "2v2"}}}
#: Formats a team event can use (pods are free-for-all: no teams).
TEAM_FORMATS = (
    Format.SWISS,
    Format.SINGLE_ELIMINATION,
    Format.DOUBLE_ELIMINATION,
    Format.ROUND_ROBIN,
)
OPEN = (State.REGISTRATION, State.CHECK_IN)
#: Entry states in which a player belongs to a team (or an entry) of the event.
TAKEN = (
    EntryState.PENDING,
    EntryState.ACTIVE,
    EntryState.WAITLISTED,
    EntryState.DROPPED,
    EntryState.DISQUALIFIED,
)


# -- which games ----------------------------------------------------------------------------------
def team_options(game: str, size: int) -> dict[str, Any]:
    """The engine options of ``game``'s team mode for teams of ``size`` (none if not listed)."""
    return dict(TEAM_MODES.get(game, {}).get(size, {}))


def engine_team_sizes(game: str) -> tuple[int, ...]:
    """Team sizes the game's engine plays: its ``team_sizes``, else the rulebook modes whose
    options it accepts for two teams (tried on a fresh game)."""
    from engines.base import BadSetup
    from engines.registry import get_game

    engine = get_game(game)
    declared = getattr(engine, "team_sizes", None)
    if declared is not None:
        return tuple(declared)
    sizes = []
    for size, options in TEAM_MODES.get(game, {}).items():
        try:
            engine.new_game(0, 2 * size, None, options)
        except BadSetup:
            continue
        sizes.append(size)
    return tuple(sizes)


def team_sizes(game: str) -> tuple[int, ...]:
    """Team sizes an event of ``game`` may use: the rulebook's and the engine's."""
    from engines.registry import get_game

    declared = getattr(get_game(game), "team_sizes", None) or ()
    return tuple(sorted({*TEAM_MODES.get(game, {}), *declared}))


def check_team_settings(t: Tournament) -> None:
    """A 400 naming ``team_size`` when the game, format or ladder cannot take teams."""
    if t.team_size == 1:
        return
    sizes = team_sizes(t.game)
    if t.team_size not in sizes:
        supported = ", ".join(str(s) for s in sizes) or "none"
        raise TournamentError(
            f"{t.game} has no teams of {t.team_size} (team sizes: {supported}).",
            field="team_size",
        )
    if t.format not in TEAM_FORMATS:
        raise TournamentError(
            "Team events are Swiss, elimination or round robin (not pods).", field="team_size"
        )
    if t.ladder_id is not None:
        raise TournamentError("Team matches do not count for a ladder.", field="ladder")


# -- registering ----------------------------------------------------------------------------------
def _check_open(t: Tournament) -> bool:
    """Raise a 409 unless the event takes entries now; True for a late entry."""
    late = t.state == State.RUNNING and t.current_round < t.late_entry_until_round
    if t.team_size < 2:
        raise conflict("This is not a team event: register as a player.")
    if t.state not in OPEN and not late:
        raise conflict(
            f"Registration is not open: the tournament is {t.get_state_display().lower()}."
        )
    if t.registration_deadline and timezone.now() > t.registration_deadline and not late:
        raise conflict("The registration deadline has passed.")
    return late


def _in_a_team(t: Tournament, player: Any, but: Entry | None = None) -> Entry | None:
    """The entry ``player`` already belongs to in ``t`` (as captain or partner), if any."""
    qs = t.entries.filter(Q(player=player) | Q(partner=player), state__in=TAKEN)
    if but is not None:
        qs = qs.exclude(pk=but.pk)
    return qs.first()


def _deck_of(t: Tournament, player: Any, deck: Any, version: int | None, field: str) -> Any:
    """The player's deck, checked like an individual entry's; errors name ``field``."""
    try:
        if version is not None:
            if deck is not None:
                raise TournamentError("Give a deck or a deck_version, not both.", field=field)
            return deck_from_version(t, player, version)
        return check_deck(t, deck)
    except TournamentError as exc:
        exc.field = field
        raise


def _may_enter(by: Any, player: Any, t: Tournament, field: str) -> None:
    from ratings.bots import may_enter

    if not may_enter(by, player) and not can_manage(by, t):
        raise forbidden("You may enter only yourself or a bot account you own.")
    _plays(player, t, field)


def _plays(player: Any, t: Tournament, field: str) -> None:
    """A bot account must play the event's game (people always may)."""
    from ratings.bots import bot_spec

    if player.is_bot and bot_spec(player, t.game) is None:
        raise TournamentError(f"{player.username!r} is not a bot that plays {t.game}.", field=field)


def _place(t: Tournament, late: bool) -> str:
    """Active, or waitlisted when the event is full (a 409 when it is full without a waitlist)."""
    active = t.entries.filter(state=EntryState.ACTIVE).count()
    full = t.capacity is not None and active >= t.capacity
    if full and (late or not t.waitlist):
        raise conflict("The tournament is full.")
    return EntryState.WAITLISTED if full else EntryState.ACTIVE


def register_team(
    t: Tournament,
    captain: Any,
    partner: Any,
    by: Any,
    *,
    deck: Any = None,
    deck_version: int | None = None,
    partner_deck: Any = None,
    partner_deck_version: int | None = None,
    team_name: str = "",
    team: str = "",
) -> Entry:
    """Register the team of ``captain`` and ``partner`` (``by`` asks).

    The captain (or the owner of a bot captain) registers with the captain's deck: the team waits
    for the partner's confirmation (``pending``). An organiser of the event may instead give both
    decks: the team is entered at once (active or waitlisted). Nothing is saved on a refusal.
    """
    organiser_entry = partner_deck is not None or partner_deck_version is not None
    if organiser_entry and not can_manage(by, t):
        raise forbidden("Only the organiser enters a team with the partner's deck.")
    _may_enter(by, captain, t, "player")
    _plays(partner, t, "partner")
    if captain.pk == partner.pk:
        raise TournamentError("A team is two different players.", field="partner")
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        late = _check_open(t)
        for who in (captain, partner):
            if _in_a_team(t, who) is not None:
                raise conflict(f"{who.username} is already in a team of this tournament.")
        # a captain's earlier entry (withdrawn, or a declined team) is taken up again
        entry = t.entries.select_for_update().filter(player=captain).first()
        captain_deck = _deck_of(t, captain, deck, deck_version, "deck")
        if organiser_entry:
            mate_deck = _deck_of(t, partner, partner_deck, partner_deck_version, "partner_deck")
            state = _place(t, late)
        else:
            mate_deck, state = None, EntryState.PENDING
        if entry is None:
            entry = Entry(tournament=t, player=captain)
        entry.joined_round = t.current_round + 1 if t.state == State.RUNNING else 1
        entry.state = state
        entry.deck, entry.deck_version = captain_deck, deck_version
        entry.partner = partner
        entry.partner_deck, entry.partner_deck_version = mate_deck, partner_deck_version
        entry.team_name = team_name.strip()
        entry.team = team or ""
        entry.dropped_after = None
        entry.reason = ""
        entry.save()
        if state == EntryState.PENDING:  # the partner is told (tournaments.notifications)
            signals.team_invited.send(sender=Tournament, tournament=t, entry=entry)
        elif late:
            signals.late_entry.send(sender=Tournament, tournament=t, entry=entry, by=by)
        if organiser_entry or late:
            log(
                t,
                by,
                "register_team",
                entry=entry.pk,
                captain=captain.username,
                partner=partner.username,
                state=state,
                late=late,
            )
    return entry


def _pending_for(t: Tournament, entry_id: int, by: Any) -> Entry:
    """The locked pending team ``entry_id`` of ``t`` whose partner ``by`` may answer for."""
    from ratings.bots import may_enter

    entry = (
        Entry.objects.select_for_update(of=("self",))  # PostgreSQL: not the nullable partner
        .select_related("player", "partner")
        .filter(pk=entry_id, tournament=t)
        .first()
    )
    if entry is None or entry.partner is None:
        raise TournamentError("No such team in this tournament.", status=404)
    if not may_enter(by, entry.partner):
        raise forbidden("Only the partner named by the captain answers for the team.")
    if entry.state != EntryState.PENDING:
        raise conflict("This team is not waiting for its partner.")
    return entry


def confirm_partner(
    t: Tournament, entry_id: int, by: Any, *, deck: Any = None, deck_version: int | None = None
) -> Entry:
    """The partner joins the captain's team with their own deck: active, or waitlisted."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        late = _check_open(t)
        entry = _pending_for(t, entry_id, by)
        other = _in_a_team(t, entry.partner, but=entry)
        if other is not None:
            raise conflict(f"{entry.partner.username} is already in another team.")
        entry.partner_deck = _deck_of(t, entry.partner, deck, deck_version, "deck")
        entry.partner_deck_version = deck_version
        entry.state = _place(t, late)
        entry.save(update_fields=["partner_deck", "partner_deck_version", "state"])
        if late:
            signals.late_entry.send(sender=Tournament, tournament=t, entry=entry, by=by)
    return entry


def decline_partner(t: Tournament, entry_id: int, by: Any) -> Entry:
    """The partner says no (or the captain calls the team off): the pending team is withdrawn."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        entry = (
            Entry.objects.select_for_update(of=("self",))
            .select_related("player", "partner")
            .filter(pk=entry_id, tournament=t)
            .first()
        )
        if entry is None or entry.partner is None:
            raise TournamentError("No such team in this tournament.", status=404)
        from ratings.bots import may_enter

        if not (may_enter(by, entry.partner) or may_enter(by, entry.player)):
            raise forbidden("Only the captain or the partner answers for the team.")
        if entry.state != EntryState.PENDING:
            raise conflict("This team is not waiting for its partner.")
        entry.state = EntryState.WITHDRAWN
        entry.reason = f"partnership declined by {by.username}"
        entry.save(update_fields=["state", "reason"])
    return entry


# -- playing --------------------------------------------------------------------------------------
def team_seats(teams: Sequence[Entry]) -> list[tuple[Any, int, Any]]:
    """The seats of a team match, ``(player, team, deck)``: captains first, teams alternating."""
    first = [(e.player, i, e.deck) for i, e in enumerate(teams)]
    second = [(e.partner, i, e.partner_deck) for i, e in enumerate(teams)]
    return first + second


def team_ranks(ranks: Sequence[int], teams: int = 2) -> list[int]:
    """Each team's rank from the ranks of the seats of :func:`team_seats`: teams compare by
    their best seat's rank, then their other seats' (a team whose player forfeited, ranked last
    while every other seat ties first, loses)."""
    keys = [tuple(sorted(ranks[i::teams])) for i in range(teams)]
    return [sum(1 for other in keys if other < key) for key in keys]


# -- reading --------------------------------------------------------------------------------------
def team_label(entry: Entry) -> str:
    """The team's name, or its players' names."""
    if entry.team_name:
        return entry.team_name
    names = [entry.player.username] + ([entry.partner.username] if entry.partner_id else [])
    return " & ".join(names)
