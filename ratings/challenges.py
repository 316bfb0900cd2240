"""Direct challenges: a chosen player (or bot) plays chosen opponents on a ladder, now.

Today a worker plays every seat, so every seat of a challenge must be a bot account that plays
the ladder's game (see :mod:`ratings.bots`): a person challenges *with* a bot they own (admins
with any bot). Seats are filled in order (challenger first); on a team ladder consecutive seats
form a team (challenger's team first). Challenges are rated unless they say otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matches.models import Match
from ratings.bots import bot_spec, may_enter
from ratings.errors import ChallengeRefused
from ratings.seat_decks import fill_decks
from ratings.versions import playing_account


def challenge(
    ladder: Any,
    challenger: Any,
    opponents: Sequence[Any],
    *,
    by: Any,
    deck: Any = None,
    rated: bool = True,
    enqueue: bool = True,
) -> Match:
    """Schedule ``challenger`` against ``opponents`` on ``ladder`` (created by ``by``)."""
    from engines.base import BadSetup
    from engines.registry import UnknownGame, get_game
    from matches.scheduling import SeatSpec, schedule_match

    if not ladder.active:
        raise ChallengeRefused(f"Ladder {ladder.slug!r} is closed.", status=409)
    try:
        get_game(ladder.game)
    except UnknownGame as exc:
        raise ChallengeRefused(
            f"Ladder {ladder.slug!r} cannot be played: {exc}.", status=409
        ) from None
    if not may_enter(by, challenger):
        raise ChallengeRefused(
            f"You may not challenge as {challenger.username!r}: only as yourself or a bot "
            "account you own.",
            status=403,
        )
    # A bot with versions plays its latest (ratings.versions), on either side.
    challenger, opponents = playing_account(challenger), [playing_account(p) for p in opponents]
    players = [challenger, *opponents]
    if by in opponents or challenger in opponents:
        raise ChallengeRefused("You cannot challenge yourself.", field="opponents")
    if len({p.pk for p in players}) != len(players):
        raise ChallengeRefused("Each opponent can take only one seat.", field="opponents")
    if len(players) != ladder.seats:
        raise ChallengeRefused(
            f"Ladder {ladder.slug!r} plays {ladder.seats} seats: name {ladder.seats - 1} "
            f"opponent(s), not {len(opponents)}.",
            field="opponents",
        )
    specs = []
    for p in players:
        spec = bot_spec(p, ladder.game)
        if not spec:
            raise ChallengeRefused(
                f"{p.username!r} is not a bot account that plays {ladder.game}: a worker plays "
                "every seat of a match for now, so challenges are between bot accounts.",
                field="challenger" if p is challenger else "opponents",
            )
        specs.append(spec)
    chosen = [deck, *[None] * len(opponents)]
    decks = fill_decks(ladder.game, chosen) or chosen  # a chosen deck is never dropped
    size = max(1, ladder.team_size)
    teams = [i // size if size > 1 else None for i in range(len(players))]
    seats = [
        SeatSpec(player=p, bot=s, team=t, deck=d)
        for p, s, t, d in zip(players, specs, teams, decks, strict=True)
    ]
    try:
        return schedule_match(
            ladder.game,
            seats,
            ladder=ladder,
            options=ladder.options or None,
            origin="challenge",
            created_by=by,
            rated=rated,
            enqueue=enqueue,
        )
    except BadSetup as exc:
        raise ChallengeRefused(f"The engine refused this match: {exc}", field="deck") from exc
