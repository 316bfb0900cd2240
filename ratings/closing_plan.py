"""A closing run's plan, pure: which contenders play next, and when the run is over.

The run ranks its contenders by mu (the skill estimate: the question it answers is "is each
player truly above the next?", :func:`ratings.uncertainty.prob_above`, which the mu order
maximises pair by pair). An adjacent pair is *settled* once ``P(upper above lower) >=
confidence``. Each round schedules games between unsettled adjacent pairs only, both players
with matches left in their budget, most informative first (:mod:`ratings.information`), each
contender at most once a round; with ``places`` only the pairs of the top ``places`` (and the
pair across the last place) need settling, but every contender keeps playing its unsettled
neighbours (one below the top may be better and must be able to rise). The run ends when every adjacent pair is settled
(``confidence``) or no unsettled pair can play any more (``budget``).

The platform's closing run (:mod:`ratings.closing`) and ``bench/ladder_convergence.py`` both
call :func:`plan_round` and :func:`verdict`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import trueskill

from ratings.candidates import Candidate, Group, quality_of
from ratings.information import expected_gain, position_weight
from ratings.uncertainty import adjacent_probabilities

CONFIDENCE = "confidence"
BUDGET = "budget"


def by_skill(contenders: Sequence[Candidate]) -> list[Candidate]:
    """The contenders best first by mu (ties: smaller sigma, then key)."""
    return sorted(contenders, key=lambda c: (-c.mu, c.sigma, c.key))


def adjacent(contenders: Sequence[Candidate]) -> list[float]:
    """P(each contender truly above the next), in the mu order."""
    return adjacent_probabilities([(c.mu, c.sigma) for c in by_skill(contenders)])


def ranked_pairs(contenders: Sequence[Candidate], places: int | None) -> list[Candidate]:
    """The contenders whose adjacent orders the run settles, best first: the top ``places``
    and the next one (the pair across the last place counts), or all of them (None)."""
    ordered = by_skill(contenders)
    return ordered if places is None else ordered[: places + 1]


def plan_round(
    contenders: Sequence[Candidate],
    env: trueskill.TrueSkill,
    remaining: Mapping[int, int],
    confidence: float,
    places: int | None = None,
) -> list[Group]:
    """The next round's games: unsettled adjacent pairs of all the contenders whose players
    both have matches left (``remaining`` by player id), most informative first (the top's
    weighted most), each player once; ``places`` is :func:`verdict`'s business (a contender
    below the top ``places`` still plays, or it could never rise into them)."""
    ordered = by_skill(contenders)  # every contender plays: one below may rise into the top
    probabilities = adjacent_probabilities([(c.mu, c.sigma) for c in ordered])
    open_pairs = {
        (ordered[i].player_id, ordered[i + 1].player_id)
        for i, p in enumerate(probabilities)
        if p < confidence
        and remaining.get(ordered[i].player_id, 0) > 0
        and remaining.get(ordered[i + 1].player_id, 0) > 0
    }
    positions = {c.player_id: i + 1 for i, c in enumerate(ordered)}
    by_id = {c.player_id: c for c in ordered}
    scored = sorted(
        (
            expected_gain(env, by_id[a], by_id[b]) * position_weight(positions[a]),
            positions[a],
            a,
            b,
        )
        for a, b in open_pairs
    )
    scored.sort(key=lambda s: (-s[0], s[1]))
    used: set[int] = set()
    out = []
    for score, position, a, b in scored:
        if a in used or b in used:
            continue
        used.update((a, b))
        upper, lower = by_id[a], by_id[b]
        why = (
            f"closing run: {upper.label or upper.key} (position {position}) against "
            f"{lower.label or lower.key}, their order not yet settled (weighted gain "
            f"{score:.3f} bits)"
        )
        members = (upper, lower)
        out.append(
            Group(members, None, quality_of(env, [[upper], [lower]]), 0.0, why, ("closing",))
        )
    return out


@dataclass(frozen=True)
class Verdict:
    """Whether a run is over, and why."""

    over: bool
    reason: str  # "confidence", "budget" or "" while running
    settled: int  # adjacent pairs settled
    pairs: int  # adjacent pairs


def verdict(
    contenders: Sequence[Candidate],
    remaining: Mapping[int, int],
    confidence: float,
    places: int | None = None,
) -> Verdict:
    """Over at ``confidence`` when every adjacent pair (of the top ``places``) is settled;
    over on the ``budget`` when some is not and none of those can play (a player of each has
    no match left)."""
    ordered = ranked_pairs(contenders, places)
    probabilities = adjacent_probabilities([(c.mu, c.sigma) for c in ordered])
    settled = sum(1 for p in probabilities if p >= confidence)
    if settled == len(probabilities):
        return Verdict(True, CONFIDENCE, settled, len(probabilities))
    playable = any(
        p < confidence
        and remaining.get(ordered[i].player_id, 0) > 0
        and remaining.get(ordered[i + 1].player_id, 0) > 0
        for i, p in enumerate(probabilities)
    )
    return Verdict(not playable, "" if playable else BUDGET, settled, len(probabilities))
