"""The decks of a match's seats on a ladder: a player's chosen deck version, checked; the
engine's defaults or starter decks for the seats without one.

Challenges (to bots and to people) and the matchmaker fill the seats through these functions, so
a chosen deck is never dropped and every seat plays alike when the engine deals the decks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ratings.errors import ChallengeRefused
from ratings.models import Ladder


def seat_decks(game: str, decks: Sequence[Any]) -> list[Any]:
    """Decks for a match's seats: seats without one take the engine's default deck; when the
    engine has none (it deals at random), no seat's deck is used, so every seat is dealt alike."""
    from engines.registry import get_game

    if all(d is None for d in decks):
        return list(decks)
    defaults = get_game(game).default_decks(len(decks))
    filled = [
        d if d is not None else (defaults[i] if defaults else None) for i, d in enumerate(decks)
    ]
    return [None] * len(decks) if any(d is None for d in filled) else filled


def chosen_deck(version_id: int, player: Any, ladder: Ladder) -> tuple[Any, Any]:
    """``(data, version)`` of a registered deck version ``player`` owns, of the ladder's game
    and legal under the catalogue in force; raises :class:`ChallengeRefused` (field
    ``deck_version``). The caller marks the version used once the match is made."""
    from decks.models import DeckVersion
    from decks.services import DeckNotPlayable, playable_data
    from engines.registry import get_game

    version = (
        DeckVersion.objects.select_related("deck").filter(pk=version_id, deck__owner=player).first()
    )
    if version is None:
        raise ChallengeRefused(
            f"{player.username} has no deck version {version_id}.", field="deck_version"
        )
    if version.deck.game != ladder.game:
        raise ChallengeRefused(
            f"This deck is for {version.deck.game!r}; ladder {ladder.slug!r} plays "
            f"{ladder.game!r}.",
            field="deck_version",
        )
    if not get_game(ladder.game).uses_decks:
        raise ChallengeRefused(f"{ladder.name} is played without decks.", field="deck_version")
    try:
        return playable_data(version), version
    except DeckNotPlayable as exc:
        raise ChallengeRefused(str(exc), field="deck_version") from None


def fill_decks(game: str, decks: list[Any]) -> list[Any] | None:
    """Decks for every seat once someone chose one (``None`` when nobody did): the others take
    the engine's default decks or, for games that deal them at random (Khan of Khans, AracKhan
    Wars), starter decks of the game's format drawn at random, distinct from the chosen ones
    where possible. The engine still checks them when the match is made."""
    from engines.decks import UnknownFormat, get_deck_format
    from engines.registry import get_game

    if all(d is None for d in decks):
        return None
    defaults = get_game(game).default_decks(len(decks))
    if defaults:
        return [d if d is not None else defaults[i] for i, d in enumerate(decks)]
    try:
        starters = [s.data for s in get_deck_format(game).starter_decks()]
    except UnknownFormat:
        return None
    random.SystemRandom().shuffle(starters)
    out = list(decks)
    for i, deck in enumerate(out):
        if deck is None:
            fresh = [s for s in starters if s not in out]
            out[i] = (fresh or starters)[0]
    return out


# How many of a player's latest matches on a ladder are searched for the deck they last used.
LAST_USED_SEARCH = 20


def queue_versions(player: Any, ladder: Ladder) -> list[Any] | None:
    """The deck versions ``player`` may bring to ``ladder``: the current, legal versions of
    their decks of its game (not archived), by deck name; ``None`` on a game without decks."""
    from decks.models import DeckVersion
    from engines.registry import get_game

    if not get_game(ladder.game).uses_decks:
        return None
    return list(
        DeckVersion.objects.filter(
            deck__owner=player,
            deck__game=ladder.game,
            deck__archived=False,
            is_current=True,
            legal=True,
        )
        .select_related("deck")
        .order_by("deck__name", "deck_id")
    )


def last_used(player: Any, ladder: Ladder, versions: Sequence[Any]) -> Any:
    """Of ``versions`` (:func:`queue_versions`), the one of the deck ``player`` last played on
    ``ladder`` (queue, bot game or challenge: the seat's deck in the match's snapshot): that
    version, or its deck's current one when the deck was edited since; ``None`` if none of
    their latest :data:`LAST_USED_SEARCH` matches there used one of these decks."""
    from decks.models import DeckVersion
    from matches.models import MatchSeat

    if not versions:
        return None
    seats = (
        MatchSeat.objects.filter(player=player, match__ladder=ladder, match__decks__isnull=False)
        .select_related("match")
        .only("seat", "match__decks", "match__created")
        .order_by("-match__created", "-match_id")[:LAST_USED_SEARCH]
    )
    played = [s.match.decks[s.seat] for s in seats if s.match.decks and s.seat < len(s.match.decks)]
    if not played:
        return None
    current = {v.deck_id: v for v in versions}
    earlier: list[tuple[Any, int]] | None = None
    for deck in played:
        for v in versions:
            if v.data == deck:
                return v
        if earlier is None:  # an older version of one of these decks (edited since)
            earlier = list(
                DeckVersion.objects.filter(deck_id__in=current, is_current=False).values_list(
                    "data", "deck_id"
                )
            )
        for data, deck_id in earlier:
            if data == deck:
                return current[deck_id]
    return None
