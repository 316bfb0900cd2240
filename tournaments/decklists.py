"""The entrants' decklists and who may see them: the organiser and staff always; everyone else
as the event's ``decklists`` setting says (never, once the event is over, or the top cut's once
it is paired)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from decks import services as deck_services
from engines.decks import get_deck_format
from tournaments.errors import can_manage
from tournaments.models import Decklists, Entry, Stage, State, Table, Tournament
from tournaments.values import IN_EVENT


@dataclass(frozen=True)
class Decklist:
    """One player's list as people read it: ``lines`` like "2 Eagle" (cards by name, with
    their numbers), the section headings of the game's format kept."""

    entry: int
    player: Any
    lines: tuple[str, ...]
    cards: tuple[tuple[int, str], ...] = ()
    notes: tuple[str, ...] = ()


COUNTED = re.compile(r"^(\d{1,3})[xX]?\s+(\S.*)$")


def deck_cards(
    data: Any, lines: tuple[str, ...]
) -> tuple[tuple[tuple[int, str], ...], tuple[str, ...]]:
    """``((count, card name), ...)`` and the other lines (headings such as "Faction: ..."):
    a list of card labels is counted; a text list is read line by line ("2 Eagle")."""
    if isinstance(data, list):
        return tuple((n, str(card)) for card, n in Counter(map(str, data)).items()), ()
    cards, notes = [], []
    for line in lines:
        m = COUNTED.match(line)
        if m:
            cards.append((int(m.group(1)), m.group(2).strip()))
        else:
            notes.append(line)
    return tuple(cards), tuple(notes)


def public_entries(t: Tournament) -> set[int] | None:
    """The entries whose lists anyone may see now (None: every entry's)."""
    if t.decklists == Decklists.AFTER and t.state == State.FINISHED:
        return None
    if t.decklists == Decklists.TOP_CUT and t.top_cut:
        cut = Table.objects.filter(round__tournament=t, round__stage=Stage.CUT)
        return {e for entries in cut.values_list("entries", flat=True) for e in entries}
    return set()


def visible_to(t: Tournament, user: Any) -> set[int] | None:
    """The entries whose lists ``user`` may see (None: all of them)."""
    return None if can_manage(user, t) else public_entries(t)


def deck_lines(game: str, data: Any, catalogue: Any = None) -> tuple[str, ...]:
    """A deck's list in the game's own text format (``catalogue``: the engine's catalogue in
    force), without its comment lines."""
    text = get_deck_format(game).export_text(data, catalogue, "")
    return tuple(line for line in text.splitlines() if line.strip() and not line.startswith("#"))


def decklists(t: Tournament, user: Any, entries: list[Entry] | None = None) -> list[Decklist]:
    """The lists ``user`` may see, by player name (a team's two players each with theirs);
    ``entries``: the event's entries with their players and partners, if already loaded."""
    shown = visible_to(t, user)
    if shown is not None and not shown:
        return []
    if entries is None:
        entries = list(
            Entry.objects.filter(tournament=t, state__in=IN_EVENT).select_related(
                "player", "partner"
            )
        )
    decks = [
        (e.pk, player, data)
        for e in entries
        if e.state in IN_EVENT and (shown is None or e.pk in shown)
        for player, data in ((e.player, e.deck), (e.partner, e.partner_deck))
        if player is not None and data is not None
    ]
    if not decks:
        return []
    catalogue = deck_services.engine_catalogue(deck_services.catalogue_in_force(t.game))
    out = []
    for pk, player, data in decks:
        lines = deck_lines(t.game, data, catalogue)
        out.append(Decklist(pk, player, lines, *deck_cards(data, lines)))
    return sorted(out, key=lambda d: d.player.public_name.casefold())
