"""Team events on the tournament pages: a captain registers a team, the partner confirms with
their own deck or declines, an organiser enters a whole team; and how teams are named.

Every rule is :mod:`tournaments.teams`' (who may answer, nobody in two teams, decks, capacity);
a refusal is shown with its message and status code (4xx) and changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from players.models import Player
from tournaments import teams
from tournaments.errors import TournamentError
from tournaments.models import Entry, EntryState, Tournament
from web.tournament_forms import OrganiserTeamForm, PartnerForm, TeamRegisterForm
from web.views.accounts import private


# -- names --------------------------------------------------------------------------------------
def members(entry: Entry) -> list[Any]:
    """The entry's players: the captain, then the partner (if any)."""
    return [entry.player] + ([entry.partner] if entry.partner_id else [])


def team_name(entry: Entry) -> str:
    """A team as the pages show it: "Grey Order (Ana & Bob)", or "Ana & Bob" without a name."""
    players = " & ".join(p.public_name for p in members(entry))
    return f"{entry.team_name} ({players})" if entry.team_name else players


def entry_names(entries: list[Entry]) -> dict[int, str]:
    """Each entry's name on the pages: the player's, or the team's with both players."""
    return {e.pk: team_name(e) if e.partner_id else e.player.public_name for e in entries}


# -- what the event page shows --------------------------------------------------------------------
def _versions(t: Tournament, user: Any) -> list[Any]:
    from decks.models import DeckVersion

    return list(
        DeckVersion.objects.filter(
            deck__owner=user, deck__game=t.game, deck__archived=False, is_current=True
        )
        .select_related("deck")
        .order_by("deck__name")
    )


def register_form(t: Tournament, user: Any, accounts: list[Any], data: Any = None):
    return TeamRegisterForm(data, game=t.game, versions=_versions(t, user), accounts=accounts)


def partner_form(t: Tournament, user: Any, entry: Entry, data: Any = None) -> PartnerForm:
    return PartnerForm(data, game=t.game, versions=_versions(t, user), prefix=f"partner{entry.pk}")


def page_context(
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


# -- captains and partners ------------------------------------------------------------------------
def _player(username: str) -> Player | None:
    return Player.objects.filter(username=username.strip()).first()


def register(request: HttpRequest, t: Tournament, accounts: list[Any]) -> HttpResponse:
    """A captain (you, or a bot you own) registers a team naming the partner."""
    from web.views.tournaments import _back, _refused, detail

    form = register_form(t, request.user, accounts, request.POST)
    partner = None
    if form.is_valid():
        partner = _player(form.cleaned_data["partner"])
        if partner is None:
            form.add_error("partner", f"No player named {form.cleaned_data['partner']!r}.")
    if not form.is_valid():
        messages.error(
            request,
            " ".join(
                f"{k.replace('_', ' ')}: {e}" for k, errs in form.errors.items() for e in errs
            ),
        )
        return detail(request, t.pk, status=400, register_form=form)
    captain = form.entrant()
    try:
        entry = teams.register_team(t, captain, partner, request.user, **form.entry_kwargs())
    except TournamentError as exc:
        field = "deck" if exc.field.startswith("deck") else exc.field
        form.add_error(field if field in form.fields else None, exc.message)
        return _refused(request, t, exc, register_form=form)
    messages.success(
        request,
        f"Team {teams.team_label(entry)} registered: waiting for {partner.public_name} to "
        "confirm with their deck.",
    )
    return _back(t, "#you")


@private
@require_POST
def answer(request: HttpRequest, pk: int, entry_id: int, answer: str) -> HttpResponse:
    """The partner confirms (with their deck) or declines; the captain may call the team off."""
    from web.views.tournaments import _back, _refused, _visible, detail

    t = _visible(request, pk)
    entry = Entry.objects.filter(pk=entry_id, tournament=t).select_related("player").first()
    try:
        if answer == "decline":
            entry = teams.decline_partner(t, entry_id, request.user)
            partner = entry.partner_id == request.user.pk
            messages.success(
                request, "You declined the invitation." if partner else "The team is called off."
            )
            return _back(t, "#you")
        if answer != "confirm":
            raise TournamentError("No such answer: confirm or decline.", status=404)
        form = partner_form(t, request.user, entry or Entry(pk=entry_id), request.POST)
        if not form.is_valid():
            messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
            return detail(request, pk, status=400, partner_forms={entry_id: form})
        try:
            entry = teams.confirm_partner(t, entry_id, request.user, **form.deck_kwargs())
        except TournamentError as exc:
            if exc.field.startswith("deck") and "deck" in form.fields:
                form.add_error("deck", exc.message)
            return _refused(request, t, exc, partner_forms={entry_id: form})
    except TournamentError as exc:
        return _refused(request, t, exc)
    where = "on the waitlist" if entry.state == EntryState.WAITLISTED else "in"
    messages.success(request, f"You joined {teams.team_label(entry)}: the team is {where}.")
    return _back(t, "#you")


# -- organisers -----------------------------------------------------------------------------------
@private
@require_POST
def enter(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser enters a whole team with both players' decks (active or waitlisted)."""
    from web.views.tournaments import _back, _managed, _refused, detail

    t = _managed(request, pk)
    form = OrganiserTeamForm(request.POST, prefix="enter")
    found: dict[str, Any] = {}
    if form.is_valid():
        for field in ("captain", "partner"):
            found[field] = _player(form.cleaned_data[field])
            if found[field] is None:
                form.add_error(field, f"No player named {form.cleaned_data[field]!r}.")
    if not form.is_valid():
        messages.error(
            request,
            " ".join(
                f"{k.replace('_', ' ')}: {e}" for k, errs in form.errors.items() for e in errs
            ),
        )
        return detail(request, pk, status=400, team_entry_form=form)
    data = form.cleaned_data
    try:
        entry = teams.register_team(
            t,
            found["captain"],
            found["partner"],
            request.user,
            deck_version=data["deck_version"],
            partner_deck_version=data["partner_deck_version"],
            team_name=data["team_name"],
        )
    except TournamentError as exc:
        form.add_error(form.field_for(exc.field), exc.message)
        return _refused(request, t, exc, team_entry_form=form)
    where = "on the waitlist" if entry.state == EntryState.WAITLISTED else "entered"
    messages.success(request, f"{teams.team_label(entry)} is {where}.")
    return _back(t, "#entrants")
