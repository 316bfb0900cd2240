"""Matchmaking: forming ladder matches from the queue by TrueSkill match quality.

Two layers, as in Tabbycat's pairing generators:

- :func:`form_groups` is pure: plain :class:`Candidate` objects and a ``trueskill.TrueSkill``
  environment in, :class:`Group` objects out (members, team split, ``env.quality``, the
  threshold it had to reach and a note saying why it was made). No ORM, no clock.
- :func:`matchmake` is the thin manager: it loads a ladder's queue, locks the entries
  (``select_for_update(skip_locked=True)``, so two matchmakers never take the same entry),
  calls :func:`form_groups`, schedules a match for each group and deletes its entries.

The threshold widens with waiting time. TrueSkill's quality of a pod of new players is itself
low (0.447 for two, less for four), so thresholds are fractions of that *reference* quality:
a group needs ``quality >= reference * max(floor, start - widen_per_minute * minutes)``, where
``minutes`` is the longest wait in the group. With the defaults a pod must at first be 90% as
even as a pod of new players; after 1.5 minutes anyone plays anyone.

People and bot accounts (see :mod:`ratings.bots`) are matched alike: a match with a person's
seat is played on the platform, action by action (``matches.interactive``), its bot seats on a
worker (``HUMAN_SEATS_PLAYABLE``).
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import trueskill
from django.db import transaction
from django.utils import timezone

from ratings.candidates import Candidate, Group, Policy, quality_of

log = logging.getLogger(__name__)

# People's seats are played over the API, the play socket and the play page.
HUMAN_SEATS_PLAYABLE = True
DEFAULT_POLICY = Policy()


def team_splits(n: int, team_size: int) -> list[tuple[int, ...]]:
    """Every way to split members 0..n-1 into teams of ``team_size`` (team index per member),
    each split once (the team holding the lowest free member gets the next index)."""
    if team_size <= 1:
        return [tuple(range(n))]
    out: list[tuple[int, ...]] = []

    def place(assign: list[int | None], team: int) -> None:
        free = [i for i, t in enumerate(assign) if t is None]
        if not free:
            out.append(tuple(assign))  # type: ignore[arg-type]
            return
        first, rest = free[0], free[1:]
        for mates in itertools.combinations(rest, team_size - 1):
            nxt = list(assign)
            for i in (first, *mates):
                nxt[i] = team
            place(nxt, team + 1)

    place([None] * n, 0)
    return out


def _best_split(
    env: trueskill.TrueSkill, members: Sequence[Candidate], team_size: int
) -> tuple[tuple[int, ...] | None, float]:
    if team_size <= 1:
        return None, quality_of(env, [[c] for c in members])
    best: tuple[tuple[int, ...] | None, float] = (None, -1.0)
    for split in team_splits(len(members), team_size):
        teams = [[c for c, t in zip(members, split, strict=True) if t == k] for k in set(split)]
        q = quality_of(env, teams)
        if q > best[1]:
            best = (split, q)
    return best


def reference_quality(env: trueskill.TrueSkill, size: int, team_size: int = 1) -> float:
    """The quality of a pod of ``size`` new players (the ladder's initial mu and sigma)."""
    fresh = [Candidate(i, i, env.mu, env.sigma, 0.0) for i in range(size)]
    return _best_split(env, fresh, team_size)[1]


def form_groups(
    candidates: Iterable[Candidate],
    size: int,
    env: trueskill.TrueSkill,
    *,
    team_size: int = 1,
    policy: Policy = DEFAULT_POLICY,
) -> list[Group]:
    """Groups of exactly ``size`` candidates, longest-waiting first, each over its threshold.

    Each anchor (longest wait first) not grouped yet looks at the ungrouped candidates in
    rating order (mu, then sigma): of the runs of ``size`` neighbours that include it, the one
    of best TrueSkill quality (team ladders: with its best team split) is kept if that quality
    reaches the threshold for the longest wait in it. A player is never in two groups (nor
    twice in one), however the candidates repeat.
    """
    if size < 2 or (team_size > 1 and size % team_size):
        raise ValueError(f"cannot form groups of {size} in teams of {team_size}")
    by_wait: list[Candidate] = []
    seen_players: set[int] = set()
    for c in sorted(candidates, key=lambda c: (-c.waited, c.key)):
        if c.player_id not in seen_players:  # one entry per player, the longest-waiting one
            seen_players.add(c.player_id)
            by_wait.append(c)
    by_rating = sorted(by_wait, key=lambda c: (c.mu, c.sigma, c.key))
    reference = reference_quality(env, size, team_size)
    used: set[int] = set()  # candidate keys
    groups: list[Group] = []
    for anchor in by_wait:
        if anchor.key in used:
            continue
        free = [c for c in by_rating if c.key not in used]
        if len(free) < size:
            break  # fewer players left than a group needs
        i = free.index(anchor)
        best: tuple[float, float, list[Candidate], tuple[int, ...] | None] | None = None
        for j in range(max(0, i - size + 1), min(i, len(free) - size) + 1):
            run = free[j : j + size]
            split, quality = _best_split(env, run, team_size)
            key = (quality, sum(c.waited for c in run))
            if best is None or key > best[:2]:
                best = (*key, run, split)
        assert best is not None
        quality, _, members, split = best
        longest = max(members, key=lambda c: c.waited)
        fraction = policy.fraction(longest.waited)
        threshold = reference * fraction
        if quality + 1e-12 < threshold:
            continue
        members = sorted(members, key=lambda c: (-c.waited, c.key))  # seat order: longest wait
        if split is not None:
            split = _best_split(env, members, team_size)[0]
        flags = ("widened",) if fraction < policy.start else ()
        why = (
            f"{longest.label or longest.key} waited longest ({longest.waited:.0f}s): "
            f"quality {quality:.3f} >= threshold {threshold:.3f} "
            f"({fraction:.0%} of new-player quality {reference:.3f}); "
            f"best run of {size} neighbours in rating among {len(free)} waiting"
        )
        used.update(m.key for m in members)
        groups.append(Group(tuple(members), split, quality, threshold, why, flags))
    return groups


# -- the manager (ORM) -----------------------------------------------------------------------


@dataclass
class MatchmakingReport:
    ladder: str
    waiting: int = 0
    arena_queued: int = 0
    matches: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ladder": self.ladder,
            "waiting": self.waiting,
            "arena_queued": self.arena_queued,
            "matches": self.matches,
            "notes": self.notes,
        }


# How many times the seats without a chosen deck are dealt other starter decks when the
# engine refuses a group's decks (two seats with the same Khan).
DECK_FILL_ATTEMPTS = 3


def _schedule_group(ladder: Any, members: list[Any], teams: list[Any], *, enqueue: bool) -> Any:
    """Schedule one group's match. A chosen deck is never dropped: the seats without one take
    the engine's default or starter decks (:func:`ratings.seat_decks.fill_decks`), dealt
    again when the engine refuses them; raises ``BadSetup`` when the chosen decks themselves
    clash, and the group's entries keep waiting."""
    from engines.base import BadSetup
    from matches.scheduling import SeatSpec
    from ratings.seat_decks import fill_decks

    chosen = [e.deck for e in members]
    attempts = DECK_FILL_ATTEMPTS if any(d is None for d in chosen) else 1
    for attempt in range(1, attempts + 1):
        decks = fill_decks(ladder.game, chosen) or [None] * len(members)
        seats = [
            SeatSpec(player=e.player, bot=e.bot, team=t, deck=d)
            for e, t, d in zip(members, teams, decks, strict=True)
        ]
        try:
            return ladder.schedule(seats, origin="matchmaker", enqueue=enqueue)
        except BadSetup:
            if attempt == attempts or all(d is None for d in chosen):
                raise


def arena_bots(ladder: Any) -> list[tuple[Any, str]]:
    """Bot accounts that play ``ladder``'s game, with their specs (of a bot with published
    versions, only its latest version's account)."""
    from players.models import Player
    from ratings.bots import bot_spec
    from ratings.versions import playing_now

    bots = Player.objects.filter(is_bot=True, is_active=True).select_related("bot_profile")
    # A bot with published versions plays its latest one only.
    return [(p, spec) for p in playing_now(bots) if (spec := bot_spec(p, ladder.game))]


def refill_arena(ladder: Any, now: datetime | None = None) -> int:
    """Queue every bot account of a ``bot_arena`` ladder that is neither queued nor playing."""
    from matches.models import MatchSeat, MatchState
    from ratings.models import QueueEntry

    if not ladder.bot_arena or not ladder.active:
        return 0
    now = now or timezone.now()
    busy = set(
        MatchSeat.objects.filter(
            match__ladder=ladder, match__state__in=[MatchState.SCHEDULED, MatchState.RUNNING]
        ).values_list("player_id", flat=True)
    )
    busy |= set(QueueEntry.objects.filter(ladder=ladder).values_list("player_id", flat=True))
    new = [
        QueueEntry(ladder=ladder, player=p, bot=spec, joined_at=now)
        for p, spec in arena_bots(ladder)
        if p.pk not in busy
    ]
    QueueEntry.objects.bulk_create(new, ignore_conflicts=True)
    return len(new)


def matchmake(
    ladder: Any,
    *,
    now: datetime | None = None,
    policy: Policy = DEFAULT_POLICY,
    enqueue: bool = True,
    refill: bool = True,
) -> MatchmakingReport:
    """One matchmaking round on ``ladder``: refill the arena (unless ``refill`` is false: the
    rounds a join or a waiting page asks for, :mod:`ratings.rounds`), form groups, schedule
    matches; each person paired leaves a :class:`~ratings.models.QueueWait`."""
    from engines.base import BadSetup
    from engines.registry import UnknownGame, get_game
    from ratings.models import QueueEntry, QueueWait, Rating

    report = MatchmakingReport(ladder.slug)
    if not ladder.active:
        return report
    try:
        get_game(ladder.game)
    except UnknownGame as exc:
        report.notes.append(f"not played: {exc}")
        return report
    now = now or timezone.now()
    report.arena_queued = refill_arena(ladder, now) if refill else 0
    with transaction.atomic():
        entries = list(
            QueueEntry.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(ladder=ladder)
            .select_related("player")
            .order_by("joined_at", "pk")
        )
        report.waiting = len(entries)
        playable = [e for e in entries if e.bot or HUMAN_SEATS_PLAYABLE]
        if len(playable) < len(entries):
            report.notes.append(
                f"{len(entries) - len(playable)} human entries wait: human seats cannot be "
                "played by a worker yet"
            )
        ratings = {
            r.player_id: r
            for r in Rating.objects.filter(
                ladder=ladder, player_id__in=[e.player_id for e in playable]
            )
        }
        by_key = {e.pk: e for e in playable}
        candidates = [
            Candidate(
                key=e.pk,
                player_id=e.player_id,
                mu=ratings[e.player_id].mu if e.player_id in ratings else ladder.mu,
                sigma=ratings[e.player_id].sigma if e.player_id in ratings else ladder.sigma,
                waited=max(0.0, (now - e.joined_at).total_seconds()),
                label=e.player.username,
            )
            for e in playable
        ]
        groups = pair_candidates(ladder, candidates, policy, {e.pk for e in playable if e.bot})
        for group in groups:
            members = [by_key[c.key] for c in group.members]
            teams = group.teams or [None] * len(members)
            try:
                match = _schedule_group(ladder, members, teams, enqueue=enqueue)
            except BadSetup as exc:
                report.notes.append(f"group {[e.player.username for e in members]} waits: {exc}")
                log.warning("matchmaking on %s could not schedule: %s", ladder.slug, exc)
                continue
            QueueEntry.objects.filter(pk__in=[e.pk for e in members]).delete()
            QueueWait.objects.bulk_create(
                QueueWait(
                    ladder=ladder,
                    player=e.player,
                    match=match,
                    joined_at=e.joined_at,
                    paired_at=max(now, e.joined_at),
                )
                for e in members
                if not e.bot
            )
            report.matches.append(match.pk)
            report.notes.append(f"match {match.pk}: {group.why}")
    return report


def pair_candidates(
    ladder: Any, candidates: list[Candidate], policy: Policy, bot_keys: set[int]
) -> list[Group]:
    """The groups of a round: on a 1v1 ladder whose ``matchmaking`` is ``information``, its
    bot entries (``bot_keys``) by :func:`ratings.information.information_groups` (positions
    read from the whole ladder's ratings) and its people by quality; otherwise everyone by
    :func:`form_groups`."""
    from ratings.information import information_groups
    from ratings.models import Rating
    from ratings.service import make_env

    env = make_env(ladder)
    if ladder.matchmaking != "information" or ladder.seats != 2 or ladder.team_size != 1:
        return form_groups(candidates, ladder.seats, env, team_size=ladder.team_size, policy=policy)
    rows = Rating.objects.filter(ladder=ladder).values_list("player_id", "mu", "sigma")
    ranked = [Candidate(pid, pid, mu, sigma, 0.0) for pid, mu, sigma in rows]
    known = {c.player_id for c in ranked}
    ranked += [c for c in candidates if c.player_id not in known]
    bots = [c for c in candidates if c.key in bot_keys]
    people = [c for c in candidates if c.key not in bot_keys]
    return information_groups(bots, env, ranked=ranked) + form_groups(people, 2, env, policy=policy)


def matchmake_all() -> dict[str, list[int]]:
    """One matchmaking round on every active ladder (the beat task's): matches by ladder slug."""
    from ratings.models import Ladder

    return {ladder.slug: matchmake(ladder).matches for ladder in Ladder.objects.filter(active=True)}
