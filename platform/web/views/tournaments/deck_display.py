"""What the event page shows of the entrants' decks: the organiser's deck column (each player's
deck registered, illegal and why, missing, or no deck needed) with its counts, the player's own
deck in "Your entry" with the form to change it until the decks lock, and the organiser's form to
set a guest's deck. Nobody else sees anything of a deck here (public lists are the decklists
section's). The rules are :mod:`tournaments.entry_decks`'."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from tournaments.entry_decks import OVER, deck_counts, deck_states, decks_locked, needs_deck
from tournaments.models import Entry, EntryState, Tournament
from web.entry_forms import DeckChangeForm
from web.views.tournaments.entry_forms import versions

HOLDS_DECK = (EntryState.ACTIVE, EntryState.WAITLISTED, EntryState.PENDING)


def deck_form(t: Tournament, user: Any, data: Any = None) -> DeckChangeForm:
    """The form of a new deck: the user's own deck versions of the game (and its fixed decks)."""
    return DeckChangeForm(data, game=t.game, versions=versions(t, user), prefix="deck")


def own_deck_entry(user: Any, entries: list[Entry]) -> tuple[Entry | None, str]:
    """The entry whose deck ``user`` holds, and which side (``player``, a team's ``partner``)."""
    if not user.is_authenticated:
        return None, ""
    for e in entries:
        if e.player_id == user.pk and e.state in HOLDS_DECK:
            return e, "player"
        if e.partner_id == user.pk and e.state in HOLDS_DECK and e.state != EntryState.PENDING:
            return e, "partner"
    return None, ""


def deck_context(
    request: HttpRequest,
    t: Tournament,
    entries: list[Entry],
    entrants: list[Entry],
    manager: bool,
    **bound: Any,
) -> dict[str, Any]:
    """The page's deck parts: for ``manager`` each entrant's ``deck_seats`` and the counts (and
    the form to set a guest's deck), for the user their own deck and the form to change it."""
    locked = decks_locked(t)
    context: dict[str, Any] = {"decks_locked": locked, "deck_needed": needs_deck(t.game)}
    if manager:
        states = deck_states(t, entrants)
        for e in entrants:
            e.deck_seats = states[e.pk]
        context["deck_counts"] = deck_counts(states)
        if t.state not in OVER and any(e.guest for e in entrants):
            context["guest_deck_form"] = deck_form(t, request.user)
    mine, side = own_deck_entry(request.user, entries)
    if mine is not None:
        seats = deck_states(t, [mine])[mine.pk]
        context["my_deck"] = seats[0] if side == "player" else seats[-1]
        if not locked:
            context["deck_form"] = bound.get("deck_form") or deck_form(t, request.user)
    return context
