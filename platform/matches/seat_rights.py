"""Who may play a person's seat (a seat without a bot spec): the account holding it, and the
accounts an app above says the user plays for.

The matches app knows no bots' versions; the ratings app registers, in its ``AppConfig.ready``,
the accounts a user plays for (``ratings.versions.accounts_played_by``: a bot account's
versions, for the bot's own token and its owner's). A bot seat (a worker plays it) is never
anyone's to play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

_providers: list[Callable[[Any], Iterable[int]]] = []


def register(provider: Callable[[Any], Iterable[int]]) -> None:
    """Add ``provider(user)``: the ids of further accounts whose person's seats ``user`` plays."""
    if provider not in _providers:
        _providers.append(provider)


def accounts_of(user: Any) -> set[int]:
    """The account ids whose person's seats ``user`` may play (none for an anonymous user)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return set()
    ids = {user.pk}
    for provider in _providers:
        ids.update(provider(user))
    return ids


def seats_played_by(user: Any, seats: Iterable[Any]) -> list[int]:
    """The seat numbers of ``seats`` (``MatchSeat`` rows) that ``user`` may play, in order."""
    seats = list(seats)
    people = [s for s in seats if not s.bot]
    if not people:
        return []
    ids = accounts_of(user)
    return [s.seat for s in people if s.player_id in ids]
