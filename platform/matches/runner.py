"""Playing a scheduled match on a worker and storing its result exactly once.

The play itself happens outside any transaction (it may take seconds); the start and the finish
are short transactions holding the match row's lock. A match is played from its seed, so playing
it twice gives the same record: a redelivered or duplicated task records nothing new.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.db import transaction
from django.db.models import Prefetch, prefetch_related_objects
from django.utils import timezone

from engines.base import Action, Game
from engines.bots.base import Bot
from engines.record import MatchRecord, play_match
from engines.registry import engine_for
from gauntlet.db import update_rows
from matches.failures import PLATFORM_ERRORS, give_up_if_exhausted
from matches.models import AttemptOutcome, Match, MatchAttempt, MatchSeat, MatchState
from matches.signals import matches_finished

log = logging.getLogger(__name__)

# A bot that thinks longer than this on one move forfeits (the match task has a hard limit too).
DEFAULT_MOVE_BUDGET_SECONDS = 5.0
# A running attempt beats at least this often while its bots play.
HEARTBEAT_SECONDS = 2.0
# An attempt silent for this long is presumed dead; the reaper queues the match again (a
# heartbeat comes after every move at most HEARTBEAT_SECONDS apart, and a move takes at most the
# move budget: the longest gap is 7 s, and 15 s is twice that and more, so a live worker slowed
# by a busy machine is not taken for dead). Part of the 60 s recovery budget: matches.recovery.
STALE_AFTER_SECONDS = 15.0


class BotTooSlow(RuntimeError):
    """A bot used more than its time budget on one move."""


class BudgetedBot(Bot):
    """Wraps a bot and fails its move when it took longer than ``budget`` seconds."""

    def __init__(self, inner: Bot, budget: float, on_move: Any = None) -> None:
        self.inner = inner
        self.budget = budget
        self.on_move = on_move
        self.kind = inner.kind
        self.spec = getattr(inner, "spec", inner.kind)

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        started = time.perf_counter()
        action = self.inner.choose(game, state, seat)
        spent = time.perf_counter() - started
        if spent > self.budget:
            raise BotTooSlow(
                f"took {spent:.2f}s for one move, over its budget of {self.budget:.2f}s"
            )
        if self.on_move is not None:
            self.on_move()
        return action


class Heartbeat:
    """Notes on attempts, at most every ``interval`` seconds, that their worker is alive."""

    def __init__(self, attempt_ids: list[int], interval: float = HEARTBEAT_SECONDS) -> None:
        self.attempt_ids = attempt_ids
        self.interval = interval
        self.last = time.monotonic()

    def __call__(self) -> None:
        now = time.monotonic()
        if now - self.last >= self.interval:
            self.last = now
            MatchAttempt.objects.filter(pk__in=self.attempt_ids).update(heartbeat=timezone.now())


def start_attempts(match_ids: list[int], task_id: str = "", worker: str = "") -> list[MatchAttempt]:
    """Mark the matches running and open one attempt each (matches already over are skipped)."""
    with transaction.atomic():
        matches = list(
            Match.objects.select_for_update()
            .filter(pk__in=match_ids, state__in=[MatchState.SCHEDULED, MatchState.RUNNING])
            .order_by("pk")
        )
        if not matches:
            return []
        now = timezone.now()
        Match.objects.filter(
            pk__in=[m.pk for m in matches if m.state == MatchState.SCHEDULED]
        ).update(state=MatchState.RUNNING, started_at=now)
        return MatchAttempt.objects.bulk_create(
            MatchAttempt(match=m, task_id=task_id or "", worker=worker or "", heartbeat=now)
            for m in matches
        )


def start_attempt(match_id: int, task_id: str = "", worker: str = "") -> MatchAttempt | None:
    """Mark the match running and open an attempt; ``None`` when there is nothing to play."""
    attempts = start_attempts([match_id], task_id, worker)
    return attempts[0] if attempts else None


def play(
    match: Match, seats: list[MatchSeat], move_budget: float, on_move: Any = None
) -> MatchRecord:
    """Play the match from its seed with the seats' bots, every action checked by the engine
    version the match was scheduled with (the current one when the game no longer keeps it;
    the record says which played)."""
    from engines.bots.factory import make_bot
    from engines.record import bot_seed

    game = engine_for(match.game, match.engine_version)
    missing = [s.seat for s in seats if not s.bot]
    if missing:
        raise ValueError(f"seats {missing} have no bot: a worker cannot play them")
    bots = [
        BudgetedBot(make_bot(match.game, s.bot, bot_seed(match.seed, s.seat)), move_budget, on_move)
        for s in seats
    ]
    return play_match(
        game,
        match.seed,
        bots,
        match.decks,
        match.options or None,
        record=True,
        platform_errors=PLATFORM_ERRORS,
    )


FINISH_FIELDS = [
    "engine_version",
    "actions",
    "digests",
    "result",
    "forfeit",
    "state",
    "finished_at",
    "engine_seconds",
]


FINISHED_SEATS = Prefetch(
    "seats", queryset=MatchSeat.objects.select_related("player").order_by("seat")
)
"""How :func:`finish_many` reads the finished matches' seats: with their players, in seat order."""


def finish_many(
    played: list[tuple[MatchAttempt, MatchRecord, float]], timings: dict[str, float] | None = None
) -> list[bool]:
    """Store records, results and (through ``matches_finished``) ratings in one transaction.

    For each ``(attempt, record, engine_seconds)`` returns True when it was recorded, False when
    another attempt had recorded that match first (then only the attempt changes). ``timings``
    receives the seconds of the receivers (``rating``: ratings, matchup counts, notifications,
    spectators' payloads) and of the commit with its on-commit hooks (``commit``).
    """
    if not played:
        return []
    timings = {} if timings is None else timings
    with transaction.atomic():
        locked = {
            m.pk: m
            for m in Match.objects.select_for_update()
            .filter(pk__in=[a.match_id for a, _, _ in played])
            .order_by("pk")
        }
        now = timezone.now()
        recorded, outcome = [], []
        for attempt, record, seconds in played:
            match = locked[attempt.match_id]
            if match.state != MatchState.RUNNING:
                outcome.append(False)
                continue
            match.engine_version = record.engine_version
            match.actions = record.actions
            match.digests = record.digests
            match.result = record.result
            match.forfeit = record.forfeit
            match.state = MatchState.FINISHED
            match.finished_at = now
            match.engine_seconds = seconds
            recorded.append(match)
            outcome.append(True)
        if recorded:
            update_rows(Match, recorded, FINISH_FIELDS)
            # The seats (and their players) are read once here, for every receiver: they reach
            # them as ``match.seats.all()`` (``prefetch_related_objects`` reads nothing again).
            prefetch_related_objects(recorded, FINISHED_SEATS)
            seats = [seat for m in recorded for seat in m.seats.all()]
            for seat in seats:
                result = seat.match.result
                seat.rank = result["ranks"][seat.seat]
                seat.score = result["scores"][seat.seat]
            update_rows(MatchSeat, seats, ["rank", "score"])
            rating_started = time.perf_counter()
            # In match order: ratings apply in a defined order.
            matches_finished.send(sender=Match, matches=recorded)
            timings["rating"] = timings.get("rating", 0.0) + time.perf_counter() - rating_started
        ok = [a.pk for (a, _, _), good in zip(played, outcome, strict=True) if good]
        dup = [a.pk for (a, _, _), good in zip(played, outcome, strict=True) if not good]
        MatchAttempt.objects.filter(pk__in=ok).update(outcome=AttemptOutcome.RECORDED, ended_at=now)
        MatchAttempt.objects.filter(pk__in=dup).update(
            outcome=AttemptOutcome.DUPLICATE, ended_at=now
        )
        # Earlier attempts still marked running died (or are duplicates still playing: those
        # will mark themselves "duplicate" when they end).
        MatchAttempt.objects.filter(
            match_id__in=[m.pk for m in recorded], outcome=AttemptOutcome.RUNNING
        ).exclude(pk__in=ok).update(
            outcome=AttemptOutcome.LOST,
            ended_at=now,
            error="did not finish before another attempt recorded the match",
        )
        commit_started = time.perf_counter()
    timings["commit"] = timings.get("commit", 0.0) + time.perf_counter() - commit_started
    return outcome


def finish(attempt: MatchAttempt, record: MatchRecord, engine_seconds: float) -> bool:
    """:func:`finish_many` for one match."""
    return finish_many([(attempt, record, engine_seconds)])[0]


def fail_attempt(attempt: MatchAttempt, error: str) -> None:
    MatchAttempt.objects.filter(pk=attempt.pk).update(
        outcome=AttemptOutcome.FAILED, ended_at=timezone.now(), error=error[:4000]
    )


def run_batch(
    match_ids: list[int],
    task_id: str = "",
    worker: str = "",
    move_budget: float = DEFAULT_MOVE_BUDGET_SECONDS,
    timings: dict[str, float] | None = None,
) -> dict[int, str]:
    """Run matches end to end, recording them together; returns what happened to each.

    A match whose play fails (the platform's, an engine's or a setup error, never a bot's: bots
    forfeit; see ``matches.failures``) gets a failed attempt and stays running for the reaper,
    until its failures are exhausted and it is given up; the others are recorded. ``timings``, when
    given, receives seconds spent in the engine, the database, the finish's receivers (``rating``)
    and the commit with its on-commit hooks (``commit``).
    """
    clock = time.perf_counter()
    attempts = start_attempts(match_ids, task_id, worker)
    outcome = {match_id: "nothing to do" for match_id in match_ids}
    if not attempts:
        return outcome
    # The rows ``start_attempts`` locked and read (its attempts hold them): not read again.
    matches = {a.match_id: a.match for a in attempts}
    seats: dict[int, list[MatchSeat]] = {}
    for seat in MatchSeat.objects.filter(match_id__in=matches).order_by("match_id", "seat"):
        seats.setdefault(seat.match_id, []).append(seat)
    heartbeat = Heartbeat([a.pk for a in attempts])
    db_seconds = time.perf_counter() - clock
    played, errors = [], []
    for attempt in attempts:
        started = time.perf_counter()
        try:
            record = play(
                matches[attempt.match_id], seats[attempt.match_id], move_budget, heartbeat
            )
        except Exception as exc:  # the platform's, an engine's or a setup failure: no result
            log.exception("match %s failed to play", attempt.match_id)
            fail_attempt(attempt, f"{type(exc).__name__}: {exc}")
            gave_up = give_up_if_exhausted(attempt.match_id)
            outcome[attempt.match_id] = "given up" if gave_up else "failed"
            if not gave_up:
                errors.append(exc)
            continue
        played.append((attempt, record, time.perf_counter() - started))
    engine_seconds = sum(seconds for _, _, seconds in played)
    clock = time.perf_counter()
    spent: dict[str, float] = {}
    finished = finish_many(played, spent)
    for (attempt, _, _), good in zip(played, finished, strict=True):
        outcome[attempt.match_id] = "recorded" if good else "duplicate"
    if timings is not None:
        finish_seconds = time.perf_counter() - clock
        timings["engine"] = timings.get("engine", 0.0) + engine_seconds
        for key in ("rating", "commit"):
            timings[key] = timings.get(key, 0.0) + spent.get(key, 0.0)
        timings["database"] = (
            timings.get("database", 0.0)
            + db_seconds
            + finish_seconds
            - spent.get("rating", 0.0)
            - spent.get("commit", 0.0)
        )
    if errors and len(match_ids) == 1:
        raise errors[0]
    return outcome


def run(
    match_id: int,
    task_id: str = "",
    worker: str = "",
    move_budget: float = DEFAULT_MOVE_BUDGET_SECONDS,
) -> str:
    """Run one match end to end; returns what happened (for logs and tests)."""
    return run_batch([match_id], task_id, worker, move_budget)[match_id]


def stale_matches(stale_after: float = STALE_AFTER_SECONDS) -> list[int]:
    """Running matches whose every attempt has been silent for ``stale_after`` seconds."""
    cutoff = timezone.now() - timezone.timedelta(seconds=stale_after)
    # Matches with a person's seat have no worker attempt while they wait for people.
    running = Match.objects.filter(state=MatchState.RUNNING).exclude(seats__bot="")
    alive = MatchAttempt.objects.filter(
        match__state=MatchState.RUNNING, outcome=AttemptOutcome.RUNNING, heartbeat__gte=cutoff
    ).values("match_id")
    return list(running.exclude(pk__in=alive).values_list("pk", flat=True))


def lost_bot_matches(older_than: float = 600.0, limit: int = 1000) -> list[int]:
    """All-bot matches still scheduled ``older_than`` seconds after creation: their task was
    lost (the broker was down when they were created, or it lost its queue)."""
    cutoff = timezone.now() - timezone.timedelta(seconds=older_than)
    return list(
        Match.objects.filter(state=MatchState.SCHEDULED, created__lt=cutoff)
        .exclude(seats__bot="")
        .distinct()
        .values_list("pk", flat=True)[:limit]
    )
