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
from django.utils import timezone

from engines.base import Action, Game
from engines.bots.base import Bot
from engines.record import MatchRecord, play_match
from engines.registry import get_game
from matches.models import AttemptOutcome, Match, MatchAttempt, MatchSeat, MatchState
from matches.signals import match_finished

log = logging.getLogger(__name__)

# A bot that thinks longer than this on one move forfeits (the match task has a hard limit too).
DEFAULT_MOVE_BUDGET_SECONDS = 5.0
# A running attempt beats at least this often while its bots play.
HEARTBEAT_SECONDS = 2.0
# An attempt silent for this long is presumed dead; the reaper queues the match again.
STALE_AFTER_SECONDS = 30.0


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
    """Notes on the attempt, at most every ``interval`` seconds, that its worker is alive."""

    def __init__(self, attempt_id: int, interval: float = HEARTBEAT_SECONDS) -> None:
        self.attempt_id = attempt_id
        self.interval = interval
        self.last = time.monotonic()

    def __call__(self) -> None:
        now = time.monotonic()
        if now - self.last >= self.interval:
            self.last = now
            MatchAttempt.objects.filter(pk=self.attempt_id).update(heartbeat=timezone.now())


def start_attempt(match_id: int, task_id: str = "", worker: str = "") -> MatchAttempt | None:
    """Mark the match running and open an attempt; ``None`` when there is nothing to play."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.state not in (MatchState.SCHEDULED, MatchState.RUNNING):
            return None
        now = timezone.now()
        if match.state == MatchState.SCHEDULED:
            match.state = MatchState.RUNNING
            match.started_at = now
            match.save(update_fields=["state", "started_at"])
        return MatchAttempt.objects.create(
            match=match, task_id=task_id or "", worker=worker or "", heartbeat=now
        )


def play(
    match: Match, seats: list[MatchSeat], move_budget: float, on_move: Any = None
) -> MatchRecord:
    """Play the match from its seed with the seats' bots, every action checked by the engine."""
    from engines.bots.factory import make_bot
    from engines.record import bot_seed

    game = get_game(match.game)
    missing = [s.seat for s in seats if not s.bot]
    if missing:
        raise ValueError(f"seats {missing} have no bot: a worker cannot play them")
    bots = [
        BudgetedBot(make_bot(match.game, s.bot, bot_seed(match.seed, s.seat)), move_budget, on_move)
        for s in seats
    ]
    return play_match(game, match.seed, bots, match.decks, match.options or None, record=True)


def finish(attempt: MatchAttempt, record: MatchRecord, engine_seconds: float) -> bool:
    """Store the record, the result and (through ``match_finished``) the ratings, atomically.

    Returns False, changing nothing but the attempt, when another attempt got there first.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=attempt.match_id)
        now = timezone.now()
        if match.state != MatchState.RUNNING:
            MatchAttempt.objects.filter(pk=attempt.pk).update(
                outcome=AttemptOutcome.DUPLICATE, ended_at=now
            )
            return False
        match.actions = record.actions
        match.digests = record.digests
        match.result = record.result
        match.forfeit = record.forfeit
        match.state = MatchState.FINISHED
        match.finished_at = now
        match.engine_seconds = engine_seconds
        match.save(
            update_fields=[
                "actions",
                "digests",
                "result",
                "forfeit",
                "state",
                "finished_at",
                "engine_seconds",
            ]
        )
        seats = list(match.seats.all())
        for seat in seats:
            seat.rank = record.result["ranks"][seat.seat]
            seat.score = record.result["scores"][seat.seat]
        MatchSeat.objects.bulk_update(seats, ["rank", "score"])
        match_finished.send(sender=Match, match=match)
        MatchAttempt.objects.filter(pk=attempt.pk).update(
            outcome=AttemptOutcome.RECORDED, ended_at=now
        )
        # Earlier attempts still marked running died (or are duplicates still playing: those
        # will mark themselves "duplicate" when they end).
        match.attempts.filter(outcome=AttemptOutcome.RUNNING).exclude(pk=attempt.pk).update(
            outcome=AttemptOutcome.LOST,
            ended_at=now,
            error="did not finish before another attempt recorded the match",
        )
    return True


def fail_attempt(attempt: MatchAttempt, error: str) -> None:
    MatchAttempt.objects.filter(pk=attempt.pk).update(
        outcome=AttemptOutcome.FAILED, ended_at=timezone.now(), error=error[:4000]
    )


def run(
    match_id: int,
    task_id: str = "",
    worker: str = "",
    move_budget: float = DEFAULT_MOVE_BUDGET_SECONDS,
) -> str:
    """Run one match end to end; returns what happened (for logs and tests)."""
    attempt = start_attempt(match_id, task_id, worker)
    if attempt is None:
        return "nothing to do"
    match = Match.objects.get(pk=match_id)
    seats = list(match.seats.order_by("seat"))
    started = time.perf_counter()
    try:
        record = play(match, seats, move_budget, Heartbeat(attempt.pk))
    except Exception as exc:  # an engine or setup failure is not a game result
        fail_attempt(attempt, f"{type(exc).__name__}: {exc}")
        raise
    engine_seconds = time.perf_counter() - started
    return "recorded" if finish(attempt, record, engine_seconds) else "duplicate"


def stale_matches(stale_after: float = STALE_AFTER_SECONDS) -> list[int]:
    """Running matches whose every attempt has been silent for ``stale_after`` seconds."""
    cutoff = timezone.now() - timezone.timedelta(seconds=stale_after)
    running = Match.objects.filter(state=MatchState.RUNNING)
    alive = MatchAttempt.objects.filter(
        match__state=MatchState.RUNNING, outcome=AttemptOutcome.RUNNING, heartbeat__gte=cutoff
    ).values("match_id")
    return list(running.exclude(pk__in=alive).values_list("pk", flat=True))
