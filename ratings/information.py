"""Matchmaking for information: the pairs whose game tells the ladder most about its ranking.

Pure (no ORM, no clock): :class:`~ratings.matchmaking.Candidate` values and the ladder's
``trueskill.TrueSkill`` environment in, :class:`~ratings.matchmaking.Group` values out, so the
platform's matchmaker (:func:`ratings.matchmaking.matchmake` on a ladder whose ``matchmaking``
is ``information``), the closing run (:mod:`ratings.closing`) and ``bench/ladder_convergence.py``
call the same function.

A game's worth. The ranking's uncertainty about a pair is the binary entropy ``H(p)`` of
``p = P(skill_a > skill_b)`` (:mod:`ratings.uncertainty`). One game between them ends with a
win of either (probability ``win_probability``, with the ladder's beta), each outcome rated by
the ``trueskill`` package itself (``trueskill.rate_1vs1``, tau included); the *expected information
gain* is ``H(p) - E[H(p after the game)]``, in bits. It is largest for close players with wide
sigmas, and near zero for a pair whose order is already settled.

Only neighbours in the skill order (mu) are candidates, at distance 1 and 2: a ranking is
settled when each adjacent pair is, and a game between distant players gains almost nothing.
The gain is weighted by where the pair sits, ``1 / log2(1 + position)`` (the discount of
DCG, position 1 the best): a leaderboard is read from the top. Pairs are taken greedily, best
weighted gain first, each player once; a pair gaining less than ``min_gain`` bits is not
played (nothing left to learn there).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import trueskill

from ratings.candidates import Candidate, Group, quality_of
from ratings.uncertainty import binary_entropy, prob_above, win_probability

NEIGHBOURS = 2  # candidate opponents: the next this many in the mu order
MIN_GAIN = 1e-3  # bits: below this a game is not worth playing


def expected_gain(env: trueskill.TrueSkill, a: Candidate, b: Candidate) -> float:
    """Expected drop, in bits, of the entropy of ``a`` and ``b``'s order after one game
    between them (both outcomes rated by ``trueskill.rate_1vs1``; draws, rare on the ladders, left
    out of the outcomes)."""
    ra, rb = env.create_rating(a.mu, a.sigma), env.create_rating(b.mu, b.sigma)
    before = binary_entropy(prob_above((a.mu, a.sigma), (b.mu, b.sigma)))
    p_win = win_probability((a.mu, a.sigma), (b.mu, b.sigma), env.beta)
    try:
        wa, wb = trueskill.rate_1vs1(ra, rb, env=env)
        lb, la = trueskill.rate_1vs1(rb, ra, env=env)
    except (FloatingPointError, ValueError, ZeroDivisionError, OverflowError):
        return 0.0
    after_win = binary_entropy(prob_above((wa.mu, wa.sigma), (wb.mu, wb.sigma)))
    after_loss = binary_entropy(prob_above((la.mu, la.sigma), (lb.mu, lb.sigma)))
    return before - (p_win * after_win + (1.0 - p_win) * after_loss)


def position_weight(position: int) -> float:
    """The weight of a pair whose better player is at ``position`` (1 is first): DCG's
    ``1 / log2(1 + position)``."""
    return 1.0 / math.log2(1.0 + position)


@dataclass(frozen=True)
class ScoredPair:
    """A candidate game and what it is worth."""

    a: Candidate  # the higher in mu
    b: Candidate
    position: int  # a's position in the mu order among the candidates ranked
    gain: float  # expected bits
    score: float  # gain weighted by position


def scored_pairs(
    env: trueskill.TrueSkill,
    candidates: Sequence[Candidate],
    *,
    ranked: Sequence[Candidate] | None = None,
    neighbours: int = NEIGHBOURS,
) -> list[ScoredPair]:
    """Every candidate pair of neighbours in the mu order of ``ranked`` (default: the
    candidates themselves) that are both among ``candidates``, best score first."""
    order = sorted(ranked if ranked is not None else candidates, key=lambda c: (-c.mu, c.key))
    positions = {c.player_id: i + 1 for i, c in enumerate(order)}
    present = {c.player_id: c for c in candidates}
    ladder = [present[c.player_id] for c in order if c.player_id in present]
    out = []
    for i, a in enumerate(ladder):
        for b in ladder[i + 1 : i + 1 + neighbours]:
            gain = expected_gain(env, a, b)
            score = gain * position_weight(positions[a.player_id])
            out.append(ScoredPair(a, b, positions[a.player_id], gain, score))
    out.sort(key=lambda s: (-s.score, s.position, s.a.key, s.b.key))
    return out


def information_groups(
    candidates: Iterable[Candidate],
    env: trueskill.TrueSkill,
    *,
    ranked: Sequence[Candidate] | None = None,
    max_groups: int | None = None,
    min_gain: float = MIN_GAIN,
    neighbours: int = NEIGHBOURS,
) -> list[Group]:
    """1v1 groups, most informative first, each player once (their longest-waiting entry),
    at most ``max_groups``; ``ranked`` is the whole ranking positions are read from (the
    ladder's players, when only some are waiting)."""
    unique: dict[int, Candidate] = {}
    for c in sorted(candidates, key=lambda c: (-c.waited, c.key)):
        unique.setdefault(c.player_id, c)
    used: set[int] = set()
    groups: list[Group] = []
    for pair in scored_pairs(env, list(unique.values()), ranked=ranked, neighbours=neighbours):
        if max_groups is not None and len(groups) >= max_groups:
            break
        if pair.gain < min_gain:
            break
        if pair.a.player_id in used or pair.b.player_id in used:
            continue
        used.update((pair.a.player_id, pair.b.player_id))
        members = tuple(sorted((pair.a, pair.b), key=lambda c: (-c.waited, c.key)))
        why = (
            f"most informative game: {pair.a.label or pair.a.key} (position {pair.position}) "
            f"against {pair.b.label or pair.b.key}, expected gain {pair.gain:.3f} bits "
            f"on their order (P above {prob_above((pair.a.mu, pair.a.sigma), (pair.b.mu, pair.b.sigma)):.2f})"
        )
        quality = quality_of(env, [[m] for m in members])
        groups.append(Group(members, None, quality, 0.0, why, ("information",)))
    return groups
