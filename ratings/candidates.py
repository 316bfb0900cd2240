"""The values the pairing code passes around: a queue entry as a candidate, the matchmaker's
policy, a group to schedule, and TrueSkill's quality of a pod. Pure (no ORM): the quality
matchmaker (:mod:`ratings.matchmaking`) and the information one (:mod:`ratings.information`)
share them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import trueskill


@dataclass(frozen=True)
class Candidate:
    """One queue entry as the pairing sees it."""

    key: int  # the queue entry's id
    player_id: int
    mu: float
    sigma: float
    waited: float  # seconds in the queue
    label: str = ""  # a name for notes


@dataclass(frozen=True)
class Policy:
    """How demanding the matchmaker is, and how fast it relents."""

    start: float = 0.9  # fraction of the reference quality required at once
    widen_per_minute: float = 0.6  # fraction given up per minute of waiting
    floor: float = 0.0  # never below this fraction

    def fraction(self, waited: float) -> float:
        return max(self.floor, self.start - self.widen_per_minute * waited / 60.0)


@dataclass(frozen=True)
class Group:
    """A match to schedule: its members (seat order), team per member, quality and why."""

    members: tuple[Candidate, ...]
    teams: tuple[int, ...] | None  # team index per member; None: everyone for themselves
    quality: float
    threshold: float
    why: str
    flags: tuple[str, ...] = field(default=())


def quality_of(env: trueskill.TrueSkill, teams: Sequence[Sequence[Candidate]]) -> float:
    """TrueSkill's match quality (draw probability of the teams), 0.0 if it cannot be computed."""
    try:
        return float(
            env.quality([tuple(env.create_rating(c.mu, c.sigma) for c in t) for t in teams])
        )
    except (FloatingPointError, ValueError, ZeroDivisionError, OverflowError):
        return 0.0
