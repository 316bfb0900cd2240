"""Results played off the platform, on paper, kept as matches so that a ladder's history holds them.

A paper match (``origin="paper"``, :data:`~matches.models.PAPER_ORIGIN`) is finished the moment
it is recorded: its seats hold the players in seat order with their ranks (0 first, equal ranks
tie) and its ``result`` the same ranks. It has no seed to reveal (seed 0, no nonce and no
commitment), no actions, digests or decks, and its ``engine_version`` is ``"paper"``: there is
nothing for an engine to replay, so the audit's verification, the record, the replay and the
board refuse it with :data:`NO_RECORD`.

It counts like any finished ladder match: rated once (``ratings.service.rate_match``, whose
ladder lock and one-update-per-match rule make it exactly once), re-ranked by the audit's
``correct`` and taken off the ladder by its ``void`` (both recompute the ladder from it on). The
caller decides when a result becomes one (an event's paper table: ``tournaments.rated``); this
module knows nothing of who that is.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import transaction

from matches.models import PAPER_ORIGIN, Match, MatchSeat, MatchState

#: The engine version of a paper match: no engine played it.
PAPER_ENGINE_VERSION = "paper"
#: Why a paper match cannot be verified or replayed.
NO_RECORD = "a paper result: there is no engine record to replay"


def check_ranks(ranks: Sequence[Any], seats: int) -> list[int]:
    """The ranks as a list, one whole number from 0 to ``seats - 1`` per seat, 0 among them;
    a ``ValueError`` saying what is wrong otherwise."""
    ranks = list(ranks)
    if seats < 2 or len(ranks) != seats:
        raise ValueError(f"a paper match needs one rank per seat, for two seats or more ({seats})")
    if not all(isinstance(r, int) and not isinstance(r, bool) and 0 <= r < seats for r in ranks):
        raise ValueError(f"ranks are whole numbers from 0 to {seats - 1}: {ranks}")
    if 0 not in ranks:
        raise ValueError(f"someone ranks first (0): {ranks}")
    return ranks


def record_paper_match(
    game: str,
    players: Sequence[Any],
    ranks: Sequence[int],
    *,
    ladder: Any = None,
    finished_at: datetime,
    created_by: Any = None,
) -> Match:
    """A finished match of ``players`` (seat order) ranked ``ranks``, played on paper.

    Rated when ``ladder`` is given (the caller rates it: nothing is sent from here); finished
    and started at ``finished_at`` (where it goes in the ladder's history of new matches).
    """
    ranks = check_ranks(ranks, len(players))
    with transaction.atomic():
        match = Match.objects.create(
            game=game,
            ladder=ladder,
            state=MatchState.FINISHED,
            rated=ladder is not None,
            seed=0,
            seed_nonce="",
            seed_commitment="",
            engine_version=PAPER_ENGINE_VERSION,
            result={"ranks": ranks, "reason": "played on paper"},
            origin=PAPER_ORIGIN,
            created_by=created_by,
            started_at=finished_at,
            finished_at=finished_at,
        )
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, seat=i, player=player, rank=rank)
            for i, (player, rank) in enumerate(zip(players, ranks, strict=True))
        )
    return match
