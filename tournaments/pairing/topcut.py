"""Swiss with a top cut: the best of the standings into a seeded single-elimination bracket."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.elimination import Bracket, single_elimination
from tournaments.pairing.types import Standing


def top_cut(standings: Sequence[Standing], size: int, third_place: bool = False) -> Bracket:
    """Top ``size`` (4, 8, 16...) players by rank, dropped players skipped, seeded 1 v ``size``.

    Raises ValueError when fewer than ``size`` players are still in the event.
    """
    if size < 2:
        raise ValueError("a top cut needs at least two players")
    ranked = sorted((s for s in standings if not s.dropped), key=lambda s: (s.rank, s.player))
    if len(ranked) < size:
        raise ValueError(f"top {size} asked for but only {len(ranked)} players remain")
    return single_elimination([s.player for s in ranked[:size]], third_place=third_place)
