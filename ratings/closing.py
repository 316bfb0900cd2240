"""A ladder's closing run on the platform: start it (entries frozen), advance it round by
round as its matches finish, finish it with its final ranking kept as a record.

- :func:`start` (staff or an event organiser, with a reason): closes the ladder (the queue,
  challenges and the matchmaker refuse a closed ladder), empties its queue, freezes its top
  ``contenders`` (bot accounts: workers play every closing match) and logs the action
  (:class:`~ratings.models.LadderLogEntry`, append-only, like a match's void).
- :func:`advance`: when none of the run's matches is still to play, either the run is over
  (:func:`ratings.closing_plan.verdict`) and :func:`finish` publishes the final ranking, or
  the next round of :func:`ratings.closing_plan.plan_round` is scheduled. A finished closing
  match advances its run (``ratings.receivers``), beat's matchmaking round too.
- The final ranking orders the contenders by mu with each one's probability above the next
  and their rank interval among the contenders (:mod:`ratings.uncertainty`).

The ladder stays closed once the run has finished: its final ranking is the season's record.
A run started with ``ends_season`` ends the ladder's season as it publishes (in the same
transaction, :func:`ratings.seasons.end` with the run): the season's final standings rank the
contenders first in the run's order, every rating is reset by the season's rule, and the ladder
reopens for the next season.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from matches.models import MatchState
from matches.scheduling import SeatSpec
from ratings import seasons
from ratings.bots import bot_spec
from ratings.candidates import Candidate
from ratings.closing_plan import by_skill, plan_round, ranked_pairs, verdict
from ratings.models import ClosingRun, LadderLogEntry, QueueEntry, Rating
from ratings.service import CLOSING_ORIGIN, conservative, make_env
from ratings.signals import closing_run_changed
from ratings.standings import LEADERBOARD_ORDER
from ratings.uncertainty import Field, prob_above

MAX_CONTENDERS = 64
MAX_PER_CONTENDER = 1000


class ClosingRefused(ValueError):
    """A closing run that cannot start (the message says why; ``field`` names the input)."""

    def __init__(self, message: str, field: str = "non_field_errors", status: int = 400):
        super().__init__(message)
        self.field = field
        self.status = status


@dataclass(frozen=True)
class Settings:
    """What a closing run is asked to do (``ends_season``: a ladder's run only)."""

    contenders: int = 10
    places: int = 10
    per_contender: int = 200
    confidence: float = 0.95
    ends_season: bool = False


def may_close(person: Any) -> bool:
    """Staff and event organisers may close a ladder."""
    return bool(person and person.is_authenticated and (person.is_staff or person.is_organiser))


def check(ladder: Any, settings: Settings, reason: str) -> None:
    """Raise :class:`ClosingRefused` naming what is wrong with a closing run of ``ladder``."""
    if not reason.strip():
        raise ClosingRefused("Say why the ladder closes (the log keeps it).", "reason")
    if ladder.seats != 2 or ladder.team_size != 1:
        raise ClosingRefused(f"{ladder.name} is not 1v1: a closing run pairs two contenders.")
    if not ladder.active:
        raise ClosingRefused(f"{ladder.name} is closed already.", status=409)
    problem = settings_problem(settings)
    if problem:
        raise ClosingRefused(*problem)


def settings_problem(settings: Settings) -> tuple[str, str] | None:
    """What is wrong with a closing run's settings, as (message, field), or None (a ladder's
    run and a bot event's, ``tournaments.closing``, ask the same)."""
    if not 2 <= settings.contenders <= MAX_CONTENDERS:
        return f"Between 2 and {MAX_CONTENDERS} contenders.", "contenders"
    if not 1 <= settings.places <= settings.contenders:
        return "Between 1 place and as many as contenders.", "places"
    if not 1 <= settings.per_contender <= MAX_PER_CONTENDER:
        return f"Between 1 and {MAX_PER_CONTENDER} matches each.", "per_contender"
    if not 0.5 < settings.confidence < 1.0:
        return "A confidence strictly between 0.5 and 1.", "confidence"
    return None


def start(ladder: Any, actor: Any, settings: Settings, reason: str) -> ClosingRun:
    """Freeze ``ladder`` and start its closing run (see the module's docstring)."""
    if not may_close(actor):
        raise ClosingRefused("Only staff or an event organiser may close a ladder.", status=403)
    check(ladder, settings, reason)
    with transaction.atomic():
        ladder = type(ladder).objects.select_for_update().get(pk=ladder.pk)
        check(ladder, settings, reason)  # under the lock: nobody closed it meanwhile
        top = list(
            Rating.objects.filter(ladder=ladder, games__gt=0)
            .select_related("player")
            .order_by(*LEADERBOARD_ORDER)[: settings.contenders]
        )
        if len(top) < 2:
            raise ClosingRefused(f"{ladder.name} has fewer than two rated players.", status=409)
        people = [r.player.public_name for r in top if not bot_spec(r.player, ladder.game)]
        if people:
            raise ClosingRefused(
                "A closing run plays bot accounts only (workers play its matches); "
                f"not a bot of this game: {', '.join(people)}.",
                "contenders",
                status=409,
            )
        ladder.active = False
        ladder.save(update_fields=["active"])
        QueueEntry.objects.filter(ladder=ladder).delete()
        run = ClosingRun.objects.create(
            ladder=ladder,
            contenders=[r.player_id for r in top],
            places=min(settings.places, len(top)),
            per_contender=settings.per_contender,
            confidence=settings.confidence,
            ends_season=settings.ends_season,
            played={str(r.player_id): 0 for r in top},
            started_by=actor,
        )
        LadderLogEntry.objects.create(
            ladder=ladder,
            actor=actor,
            action="closing-run-start",
            reason=reason.strip(),
            detail={
                "run": run.pk,
                "contenders": [r.player.username for r in top],
                "places": run.places,
                "per_contender": run.per_contender,
                "confidence": run.confidence,
                "ends_season": run.ends_season,
            },
        )
        closing_run_changed.send(sender=ClosingRun, run=run)
    return run


def candidates(run: ClosingRun) -> list[Candidate]:
    """The contenders' current ratings as the plan sees them."""
    ratings = Rating.objects.filter(ladder=run.ladder_id, player_id__in=run.contenders)
    return [
        Candidate(r.player_id, r.player_id, r.mu, r.sigma, 0.0, r.player.public_name)
        for r in ratings.select_related("player")
    ]


def remaining(run: ClosingRun) -> dict[int, int]:
    """Matches each contender may still play, by player id."""
    return {pid: run.per_contender - int(run.played.get(str(pid), 0)) for pid in run.contenders}


class Stepper:
    """Steps a closing run until it waits for matches or is over. With tasks run in-process a
    round's matches finish inside the step that scheduled them, and their advance calls come
    back into this loop: a nested call asks the loop to go on instead of recursing. One
    stepper per kind of run (a ladder's here, an event's in ``tournaments.closing``)."""

    def __init__(self, step: Callable[[int], bool]) -> None:
        self.step = step
        self.local = threading.local()

    def advance(self, run_id: int) -> None:
        """Step ``run_id`` until ``step`` returns False and no nested call asked for more."""
        local = self.local
        if getattr(local, "active", False):
            local.again = True
            return
        local.active = True
        try:
            while True:
                local.again = False
                stepped = self.step(run_id)
                if not (stepped or local.again):
                    break
        finally:
            local.active = False


def advance(run_id: int) -> None:
    """Step the ladder's closing run ``run_id`` until it waits for matches or is over."""
    _stepper.advance(run_id)


def step(run_id: int) -> bool:
    """One step: finish the run or schedule its next round, if no match of it is still to
    play; True when a round was scheduled."""
    with transaction.atomic():
        run = ClosingRun.objects.select_for_update().select_related("ladder").get(pk=run_id)
        if run.state != ClosingRun.State.RUNNING:
            return False
        if run.matches.filter(state__in=[MatchState.SCHEDULED, MatchState.RUNNING]).exists():
            return False
        field, left = candidates(run), remaining(run)
        if verdict(field, left, run.confidence, run.places).over:
            finish(run, field)
            return False
        groups = plan_round(
            field, make_env(run.ladder, drift=False), left, run.confidence, run.places
        )
        if not groups:
            finish(run, field)
            return False
        players = {
            r.player_id: r.player
            for r in Rating.objects.filter(
                ladder=run.ladder, player_id__in=run.contenders
            ).select_related("player__bot_profile")
        }
        for group in groups:
            seats = [
                SeatSpec(
                    player=players[c.player_id], bot=bot_spec(players[c.player_id], run.ladder.game)
                )
                for c in group.members
            ]
            match = run.ladder.schedule(seats, origin=CLOSING_ORIGIN)
            run.matches.add(match)
            for c in group.members:
                run.played[str(c.player_id)] = int(run.played.get(str(c.player_id), 0)) + 1
        run.rounds += 1
        run.save(update_fields=["played", "rounds"])
        closing_run_changed.send(sender=ClosingRun, run=run)
    return True


_stepper = Stepper(step)


def final_ranking(run: ClosingRun, field: list[Candidate]) -> list[dict[str, Any]]:
    """The contenders by mu with their certainty among the contenders."""
    names = dict(
        Rating.objects.filter(ladder=run.ladder_id, player_id__in=run.contenders).values_list(
            "player_id", "player__username"
        )
    )
    return ranking_rows(field, run.places, names)


def ranking_rows(
    field: list[Candidate], places: int, usernames: dict[int, str]
) -> list[dict[str, Any]]:
    """A closing run's final ranking: the contenders by mu (:func:`closing_plan.by_skill`),
    each with its probability above the next and its likely rank among the contenders, and
    whether its place was one to settle (the top ``places``); ``usernames`` by player id."""
    ordered = by_skill(field)
    beliefs = Field([(c.mu, c.sigma) for c in ordered])
    rows = []
    for i, c in enumerate(ordered):
        nxt = ordered[i + 1] if i + 1 < len(ordered) else None
        rank = beliefs.rank((c.mu, c.sigma))
        rows.append(
            {
                "position": i + 1,
                "player_id": c.player_id,
                "username": usernames.get(c.player_id, ""),
                "name": c.label,
                "mu": c.mu,
                "sigma": c.sigma,
                "conservative": conservative(c.mu, c.sigma),
                "above_next": None
                if nxt is None
                else prob_above((c.mu, c.sigma), (nxt.mu, nxt.sigma)),
                "rank_low": rank.low,
                "rank_high": rank.high,
                "settled_place": i < places,
            }
        )
    return rows


def finish(run: ClosingRun, field: list[Candidate]) -> None:
    """Publish the run's final ranking and log it (inside the caller's transaction)."""
    ruling = verdict(field, remaining(run), run.confidence, run.places)
    run.state = ClosingRun.State.FINISHED
    run.reason = ruling.reason or "budget"
    run.final_ranking = final_ranking(run, field)
    run.finished_at = timezone.now()
    run.save(update_fields=["state", "reason", "final_ranking", "finished_at"])
    LadderLogEntry.objects.create(
        ladder=run.ladder,
        actor=None,
        action="closing-run-finish",
        reason=f"ended on {run.reason}",
        detail={
            "run": run.pk,
            "rounds": run.rounds,
            "matches": run.matches.count(),
            "settled": ruling.settled,
            "pairs": ruling.pairs,
        },
    )
    if run.ends_season:
        end_season(run)
    closing_run_changed.send(sender=ClosingRun, run=run)


def end_season(run: ClosingRun) -> None:
    """End the ladder's season with the finished ``run`` and reopen the ladder (inside the
    caller's transaction); a season that cannot end (nothing rated in it) is logged, and the
    ladder stays closed for staff to decide."""
    why = (
        LadderLogEntry.objects.filter(
            ladder=run.ladder, action="closing-run-start", detail__run=run.pk
        )
        .values_list("reason", flat=True)
        .first()
    )
    try:
        seasons.end(run.ladder, run.started_by, f"Closing run: {why or 'closed'}", closing_run=run)
    except seasons.SeasonRefused as exc:
        LadderLogEntry.objects.create(
            ladder=run.ladder,
            actor=None,
            action="closing-run-season",
            reason=f"the season did not end: {exc}",
            detail={"run": run.pk},
        )
        return
    type(run.ladder).objects.filter(pk=run.ladder_id).update(active=True)


def progress(run: ClosingRun) -> dict[str, Any]:
    """What the page shows while a run goes on: matches played of the budget, the adjacent
    pairs to settle with their probability, how many are settled."""
    field = candidates(run)
    ordered = ranked_pairs(field, run.places)
    pairs = [
        {"upper": a.label, "lower": b.label, "p": prob_above((a.mu, a.sigma), (b.mu, b.sigma))}
        for a, b in zip(ordered, ordered[1:], strict=False)
    ]
    for pair in pairs:
        pair["settled"] = pair["p"] >= run.confidence
    played = run.matches.filter(state=MatchState.FINISHED).count()
    return {
        "pairs": pairs,
        "settled": sum(p["settled"] for p in pairs),
        "played": played,
        "scheduled": run.matches.count(),
        "budget": run.per_contender * len(run.contenders) // 2,
        "standing": by_skill(field),
    }


def advance_running() -> list[int]:
    """Advance every running closing run (beat's matchmaking round calls it); their ids."""
    ids = list(
        ClosingRun.objects.filter(state=ClosingRun.State.RUNNING).values_list("pk", flat=True)
    )
    for pk in ids:
        advance(pk)
    return ids
