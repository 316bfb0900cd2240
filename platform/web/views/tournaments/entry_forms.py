"""The forms the event page offers to enter: who the user may enter (themselves, bots they own),
a player's or a captain's registration with their deck versions, a partner's answer, and the
team parts of the page. The services decide; these only list the choices."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import timezone

from tournaments import teams
from tournaments.models import Entry, EntryState, State, Tournament
from web.entry_forms import (
    OrganiserTeamForm,
    PartnerForm,
    RegisterForm,
    TeamRegisterForm,
)
from web.views.tournaments.display import members

UPCOMING = (State.REGISTRATION, State.CHECK_IN)


def open_for_entry(t: Tournament) -> bool:
    """Whether the event takes entries now (registration or check-in before the registration
    deadline, or late entry)."""
    late = t.state == State.RUNNING and t.current_round < t.late_entry_until_round
    if late:
        return True
    past = t.registration_deadline is not None and timezone.now() > t.registration_deadline
    return t.state in UPCOMING and not past


def registration_note(t: Tournament) -> str:
    """What the "Your entry" box says of registration when it offers no form: it has not
    opened, it closed (at the deadline, at the start), or it is open (with nobody left for the
    viewer to enter)."""
    if t.state == State.DRAFT:
        return "Registration has not opened yet."
    if open_for_entry(t):
        return "Registration is open: you have nobody left to enter (you and your bots are in)."
    if t.registration_deadline is not None and t.state in UPCOMING:
        return "Registration closed at the registration deadline."
    return "Registration is closed."


def owns(user: Any, bot: Any) -> bool:
    """Whether ``user`` owns the bot account ``bot``."""
    profile = getattr(bot, "bot_profile", None)
    return user.is_authenticated and profile is not None and profile.owner_id == user.pk


def entrant_choices(t: Tournament, user: Any, entries: list[Entry]) -> list[Any]:
    """Who ``user`` may still enter: themselves, and bot accounts they own that play the game
    (the registration service decides; this only lists the choices)."""
    from players.models import Player

    registered = {
        e.player_id for e in entries if e.state not in (EntryState.WITHDRAWN, EntryState.DROPPED)
    } | {e.partner_id for e in entries if e.partner_id and e.state != EntryState.WITHDRAWN}
    bots = Player.objects.filter(
        is_bot=True, is_active=True, bot_profile__owner=user, bot_profile__game=t.game
    ).order_by("username")
    people = [user] if user.pk not in registered else []
    return people + [b for b in bots if b.pk not in registered]


def register_form(
    t: Tournament, user: Any, accounts: list[Any], data: Any = None
) -> RegisterForm | TeamRegisterForm:
    """The registration form: a player's deck, or (a team event) a captain's team."""
    if t.team_size > 1:  # a captain registers a team
        return TeamRegisterForm(data, game=t.game, versions=versions(t, user), accounts=accounts)
    return RegisterForm(data, game=t.game, versions=versions(t, user), accounts=accounts)


def versions(t: Tournament, user: Any) -> list[Any]:
    """The user's current deck versions for the event's game, by deck name."""
    from decks.models import DeckVersion

    return list(
        DeckVersion.objects.filter(
            deck__owner=user, deck__game=t.game, deck__archived=False, is_current=True
        )
        .select_related("deck")
        .order_by("deck__name")
    )


def partner_form(t: Tournament, user: Any, entry: Entry, data: Any = None) -> PartnerForm:
    """The partner's answer to a team invitation: their deck."""
    return PartnerForm(data, game=t.game, versions=versions(t, user), prefix=f"partner{entry.pk}")


def team_page_context(
    request: HttpRequest, t: Tournament, entries: list[Entry], manager: bool, **bound: Any
) -> dict[str, Any]:
    """The team parts of the event page: invitations waiting for the user's answer (with a deck
    form each), the team the user plays in as partner, pending teams, the organiser's form."""
    user = request.user
    me = user.pk if user.is_authenticated else None
    for e in entries:
        e.members = members(e)
    invitations = [e for e in entries if e.partner_id == me and e.state == EntryState.PENDING]
    forms = bound.get("partner_forms") or {}
    for e in invitations:
        e.form = forms.get(e.pk) or partner_form(t, user, e)
    context: dict[str, Any] = {
        "invitations": invitations,
        "partner_entry": next(
            (
                e
                for e in entries
                if e.partner_id == me
                and me is not None
                and e.state not in (EntryState.PENDING, EntryState.WITHDRAWN)
            ),
            None,
        ),
        "pending_teams": [e for e in entries if e.state == EntryState.PENDING],
    }
    if manager and t.state in teams.OPEN:
        context["team_entry_form"] = bound.get("team_entry_form") or OrganiserTeamForm(
            prefix="enter"
        )
    return context
