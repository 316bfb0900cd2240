"""Creating matches: seats, pinned engine version and decks, committed seed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from engines.base import BadSetup
from engines.registry import get_game
from matches.models import Match, MatchSeat, new_seed
from matches.signals import bot_match_scheduled


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a new match: the player account, the bot spec if a worker plays it, a team."""

    player: Any  # players.models.Player
    bot: str = ""
    team: int | None = None
    deck: Any = None


def schedule_match(
    game: str,
    seats: Sequence[SeatSpec],
    *,
    ladder: Any = None,
    options: dict[str, Any] | None = None,
    origin: str = "challenge",
    created_by: Any = None,
    rated: bool = True,
    seed: int | None = None,
    enqueue: bool = True,
) -> Match:
    """Create a scheduled match and (after the transaction commits) queue ``run_match``.

    Only matches whose every seat is a bot are queued for a worker; a match with a person's
    seat is played action by action (``matches.interactive``): with ``enqueue`` it starts at
    once (its bots move on a worker, its turn clock runs). ``options`` may hold the platform's
    ``clock`` setting (see ``matches.clock``) beside the engine's options.

    The engine version and the decks are pinned now; the seed is drawn now and only its
    commitment is public until the match ends. Raises :class:`BadSetup` when the engine refuses
    the seats, decks or options, before anything is written.
    """
    engine = get_game(game)
    if not engine.min_seats <= len(seats) <= engine.max_seats:
        raise BadSetup(
            f"{engine.name} is played by {engine.min_seats}-{engine.max_seats} players, "
            f"not {len(seats)}"
        )
    decks = [s.deck for s in seats] if engine.uses_decks else None
    if decks is not None and all(d is None for d in decks):
        decks = None
    from matches import clock, interactive

    options, clock_spec = clock.split_options(options)
    try:
        clock_setting = clock.parse(clock_spec)
    except clock.BadClock as exc:
        raise BadSetup(str(exc)) from None
    drawn, nonce, commitment = new_seed()
    if seed is not None:
        from matches.models import seed_commitment

        drawn, commitment = seed, seed_commitment(seed, nonce)
    # Let the engine check seats, decks and options before anything is stored.
    engine.new_game(drawn, len(seats), decks, options or None)
    with transaction.atomic():
        match = Match.objects.create(
            game=game,
            ladder=ladder,
            seed=drawn,
            seed_nonce=nonce,
            seed_commitment=commitment,
            engine_version=engine.version,
            options=options or {},
            decks=decks,
            origin=origin,
            created_by=created_by,
            rated=rated and ladder is not None,
            clock=(
                clock.new_clock(clock_setting, [not s.bot for s in seats])
                if clock_setting and interactive.has_people(seats)
                else None
            ),
        )
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, seat=i, player=s.player, bot=s.bot, team=s.team)
            for i, s in enumerate(seats)
        )
        if enqueue and all(s.bot for s in seats):  # matches.receivers queues run_match
            transaction.on_commit(lambda: bot_match_scheduled.send(sender=Match, match_id=match.pk))
        elif enqueue and interactive.has_people(seats):
            interactive.start(match)
    return match
