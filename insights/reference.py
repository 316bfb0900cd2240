"""Reference bots: fixed-strength bots whose rating on a ladder is held
(:class:`ratings.models.HeldRating`), playing the ladder's field regularly (a beat task), so
the field's ratings can be read against a fixed point: drift or inflation shows.
"""

from __future__ import annotations

import random
import re
from typing import Any

from django.db import transaction

ORIGIN = "reference"


class ReferenceRefused(ValueError):
    """A reference bot that cannot be made; ``field`` names the input at fault."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def account_name(ladder: Any, spec: str) -> str:
    """The reference bot's user name on ``ladder``: ``ref-<ladder>-<spec>``."""
    return f"ref-{ladder.slug}-{re.sub(r'[^a-z0-9]+', '-', spec.lower()).strip('-')}"[:150]


def add_reference_bot(
    ladder: Any, spec: str, mu: float | None = None, sigma: float | None = None
) -> Any:
    """Make (or re-hold) the reference bot playing ``spec`` on ``ladder``, its rating held at
    ``mu`` and ``sigma``: by default its current rating there if it has played, else the
    ladder's starting mu with a third of its sigma (a fixed point is a sure one). Raises
    :class:`ReferenceRefused`."""
    from engines.bots.factory import make_bot
    from players.models import Player
    from ratings.models import BotProfile, HeldRating, Rating
    from ratings.service import conservative

    try:
        make_bot(ladder.game, spec, 1)
    except Exception as exc:  # the factory's refusals name the spec's problem
        raise ReferenceRefused(f"{spec!r} is no bot for {ladder.game}: {exc}", "spec") from None
    if sigma is not None and sigma <= 0:
        raise ReferenceRefused(f"sigma must be positive, not {sigma}", "sigma")
    with transaction.atomic():
        player, _ = Player.objects.get_or_create(
            username=account_name(ladder, spec),
            defaults={"display_name": f"Reference bot ({spec})", "is_bot": True},
        )
        BotProfile.objects.update_or_create(
            player=player, defaults={"game": ladder.game, "spec": spec}
        )
        rating = Rating.objects.filter(ladder=ladder, player=player, games__gt=0).first()
        if mu is None:
            mu = rating.mu if rating else ladder.mu
        if sigma is None:
            sigma = rating.sigma if rating else ladder.sigma / 3
        HeldRating.objects.update_or_create(
            ladder=ladder, player=player, defaults={"mu": mu, "sigma": sigma}
        )
        Rating.objects.update_or_create(
            ladder=ladder,
            player=player,
            defaults={"mu": mu, "sigma": sigma, "conservative": conservative(mu, sigma)},
        )
    return player


def field_bots(ladder: Any, exclude: set[int]) -> list[Any]:
    """The ladder's bot accounts that may be scheduled against a reference bot."""
    from players.models import Player
    from ratings.bots import bot_spec

    bots = Player.objects.filter(is_bot=True, is_active=True).exclude(pk__in=exclude)
    return [b for b in bots.order_by("pk") if bot_spec(b, ladder.game)]


def reference_round(ladder: Any, rng: random.Random | None = None) -> list[Any]:
    """One match per reference bot of ``ladder`` against a bot of its field drawn at random
    (the other seats of a larger ladder drawn too); returns the matches scheduled."""
    from matches.scheduling import SeatSpec, schedule_match
    from ratings.bots import bot_spec
    from ratings.models import HeldRating
    from ratings.seat_decks import fill_decks

    rng = rng or random.SystemRandom()
    held = list(HeldRating.objects.filter(ladder=ladder).select_related("player"))
    pool = field_bots(ladder, {h.player_id for h in held})
    need = ladder.seats - 1
    if not held or len(pool) < need or ladder.team_size > 1 or not ladder.active:
        return []
    out = []
    for h in held:
        players = [h.player, *rng.sample(pool, need)]
        decks = fill_decks(ladder.game, [None] * len(players)) or [None] * len(players)
        seats = [
            SeatSpec(player=p, bot=bot_spec(p, ladder.game) or "", deck=d)
            for p, d in zip(players, decks, strict=True)
        ]
        out.append(
            schedule_match(
                ladder.game, seats, ladder=ladder, options=ladder.options or None, origin=ORIGIN
            )
        )
    return out
