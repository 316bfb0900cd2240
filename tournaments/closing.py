"""A bot event's closing run on the platform: planned by the organiser, it settles the top of
the placings once the event's rounds are over, then the event finishes with its order.

- :func:`plan` (the organiser or staff, with a reason, before the event has finished): how
  many contenders, the places to settle, matches per contender and the confidence. One-on-one
  events only (not pods, not teams); its contenders must be bot accounts (workers play every
  closing match).
- :func:`begin`: where the event would finish (``rounds.pair_next_round`` finds no round
  left), a planned run freezes its contenders (the top of the placings,
  :func:`tournaments.closing_field.contenders_from`) and the event waits for it; a run that
  cannot play (fewer than two contenders, a person among them) is skipped, logged, and the
  event finishes as it stands.
- :func:`step` (a finished closing match advances it, the sweep too): the contenders' skill
  is TrueSkill over the event's decided tables between them and the run's matches so far
  (:func:`tournaments.closing_field.skill_field`); the run ends when every adjacent pair of the
  top ``places`` is ordered with the confidence, or on the budget
  (:func:`ratings.closing_plan.verdict`); otherwise the next round's most informative pairs
  play (:func:`ratings.closing_plan.plan_round`, the ladder runs' plan).
- On its end the final ranking is kept and the event finishes (``ending.finish``): its
  placings (:func:`tournaments.outcome.event_placings`), so every surface — the page, the
  printout, the CSV, the API, the entrants' notifications — put the contenders first in the
  run's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import trueskill
from django.db import transaction
from django.utils import timezone

from engines.base import BadSetup
from matches.models import Match, MatchSeat, MatchState
from matches.scheduling import SeatSpec, schedule_match
from ratings.bots import bot_spec
from ratings.closing import Settings, Stepper, ranking_rows, settings_problem
from ratings.closing_plan import plan_round, ranked_pairs, verdict
from ratings.seat_decks import seat_decks
from ratings.service import make_env
from ratings.uncertainty import prob_above
from tournaments import signals
from tournaments.audit import log
from tournaments.closing_field import contenders_from, skill_field, table_outcomes
from tournaments.ending import finish as finish_event
from tournaments.errors import TournamentError, conflict, need_reason, require_manager
from tournaments.models import Entry, EntryState, EventClosingRun, Format, State, Tournament
from tournaments.outcome import entry_name, event_placings, refresh_winner
from tournaments.values import event_entries, stage_results

ORIGIN = "event-closing"
"""The origin of a closing run's matches (unrated: they count for the event only)."""
PRIOR = trueskill.TrueSkill(mu=25.0, sigma=25.0 / 3, beta=25.0 / 6, tau=0.0, draw_probability=0.01)
"""The field's TrueSkill for an event without a ladder (with one: the ladder's, no drift)."""


def check(t: Tournament, settings: Settings) -> None:
    """Raise :class:`TournamentError` naming what is wrong with a closing run of ``t``."""
    if t.state in (State.FINISHED, State.CANCELLED):
        raise conflict(f"{t.name} is {t.get_state_display().lower()}: too late for a closing run.")
    if t.format == Format.PODS or t.team_size != 1:
        raise TournamentError(
            f"{t.name} is not one-on-one: a closing run pairs two contenders.", field="format"
        )
    problem = settings_problem(settings)
    if problem:
        raise TournamentError(problem[0], field=problem[1])
    people = [
        entry_name(e)
        for e in t.entries.filter(
            state__in=(EntryState.ACTIVE, EntryState.WAITLISTED)
        ).select_related("player")
        if not bot_spec(e.player, t.game)
    ]
    if people:
        raise TournamentError(
            "A closing run plays bot accounts only (workers play its matches); "
            f"not a bot of this game: {', '.join(people[:5])}.",
            status=409,
        )


def plan(t: Tournament, by: Any, settings: Settings, reason: str) -> EventClosingRun:
    """Plan (or re-plan) the event's closing run; refused, changing nothing, with the field
    named (see the module's docstring)."""
    require_manager(by, t)
    why = need_reason(reason)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        check(t, settings)
        run = EventClosingRun.objects.filter(tournament=t).first()
        if run is not None and run.state != EventClosingRun.State.PLANNED:
            raise conflict(f"{t.name}'s closing run is {run.get_state_display()} already.")
        run = run or EventClosingRun(tournament=t)
        run.size, run.places = settings.contenders, settings.places
        run.per_contender, run.confidence = settings.per_contender, settings.confidence
        run.planned_by = by
        run.save()
        log(t, by, "closing_run_planned", why, **settings.__dict__)
    return run


def begin(t: Tournament, entries: Sequence[Entry]) -> bool:
    """Start ``t``'s planned closing run where the event would finish (inside the caller's
    transaction, ``t`` locked); True when the event now waits for the run."""
    run = EventClosingRun.objects.select_for_update().filter(tournament=t).first()
    if run is None or run.state in (EventClosingRun.State.FINISHED, EventClosingRun.State.SKIPPED):
        return False
    if run.state == EventClosingRun.State.RUNNING:
        return True
    by_id = {e.pk: e for e in entries}
    still_in = [
        p for p in event_placings(t, entries) if by_id[p.entrant].state == EntryState.ACTIVE
    ]
    contenders = contenders_from(still_in, run.size)  # who dropped plays no more
    people = [entry_name(by_id[c]) for c in contenders if not bot_spec(by_id[c].player, t.game)]
    problem = (
        "fewer than two contenders"
        if len(contenders) < 2
        else f"not a bot of this game: {', '.join(people)}"
        if people
        else ""
    )
    if problem:
        run.state, run.reason = EventClosingRun.State.SKIPPED, problem[:200]
        run.save(update_fields=["state", "reason"])
        log(t, None, "closing_run_skipped", problem)
        return False
    run.state = EventClosingRun.State.RUNNING
    run.contenders = contenders
    run.places = min(run.places, len(contenders))
    run.played = {str(c): 0 for c in contenders}
    run.started_at = timezone.now()
    run.save()
    log(t, None, "closing_run_start", contenders=[entry_name(by_id[c]) for c in contenders])
    signals.closing_run_started.send(sender=EventClosingRun, run=run)
    return True


def env_of(t: Tournament) -> trueskill.TrueSkill:
    return make_env(t.ladder, drift=False) if t.ladder_id else PRIOR


def closing_outcomes(run: EventClosingRun) -> list[tuple[int, int, int]]:
    """The run's finished matches as (entry a, entry b, score), in the order they finished."""
    t = run.tournament
    entry_of = dict(
        Entry.objects.filter(tournament=t, pk__in=run.contenders).values_list("player_id", "pk")
    )
    finished = list(
        run.matches.filter(state=MatchState.FINISHED)
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)
    )
    seats: dict[int, list[tuple[int, int]]] = {}
    for match_id, player_id, rank in (
        MatchSeat.objects.filter(match_id__in=finished)
        .order_by("match_id", "seat")
        .values_list("match_id", "player_id", "rank")
    ):
        seats.setdefault(match_id, []).append((entry_of.get(player_id, -1), rank))
    out = []
    for match_id in finished:
        (a, ra), (b, rb) = seats[match_id]
        out.append((a, b, (ra < rb) - (ra > rb)))
    return out


def field_of(run: EventClosingRun) -> list[Any]:
    """The contenders' skill now (the event's tables between them, then the run's matches)."""
    t = run.tournament
    names = {
        e.pk: entry_name(e)
        for e in Entry.objects.filter(pk__in=run.contenders).select_related("player")
    }
    outcomes = [
        *table_outcomes(stage_results(t, "main")),
        *table_outcomes(stage_results(t, "cut")),
        *closing_outcomes(run),
    ]
    return skill_field(run.contenders, names, outcomes, env_of(t))


def remaining(run: EventClosingRun) -> dict[int, int]:
    return {c: run.per_contender - int(run.played.get(str(c), 0)) for c in run.contenders}


def step(run_id: int) -> bool:
    """Finish the run or schedule its next round, if none of its matches is still to play;
    True when a round was scheduled."""
    with transaction.atomic():
        tournament_id = EventClosingRun.objects.values_list("tournament_id", flat=True).get(
            pk=run_id
        )
        t = Tournament.objects.select_for_update().get(pk=tournament_id)  # the event's lock first
        run = EventClosingRun.objects.select_for_update().get(pk=run_id)
        run.tournament = t
        if run.state != EventClosingRun.State.RUNNING:
            return False
        if run.matches.filter(state__in=[MatchState.SCHEDULED, MatchState.RUNNING]).exists():
            return False
        field, left = field_of(run), remaining(run)
        groups = []
        if not verdict(field, left, run.confidence, run.places).over:
            groups = plan_round(field, env_of(t), left, run.confidence, run.places)
        if not groups:
            finish(run, t, field)
            return False
        entries = {
            e.pk: e
            for e in Entry.objects.filter(pk__in=run.contenders).select_related(
                "player__bot_profile"
            )
        }
        for group in groups:
            pair = [entries[c.player_id] for c in group.members]
            match = _schedule(t, pair)
            if match is None:
                continue
            run.matches.add(match)
            for e in pair:
                run.played[str(e.pk)] = int(run.played.get(str(e.pk), 0)) + 1
        run.rounds += 1
        run.save(update_fields=["played", "rounds"])
    return True


def _schedule(t: Tournament, pair: list[Entry]) -> Match | None:
    """A closing match between two entries with their registered decks (the engine's deal
    when it refuses them); None, logged, when the engine refuses the match itself."""
    specs = [bot_spec(e.player, t.game) for e in pair]
    problem = ""
    for decks in (seat_decks(t.game, [e.deck for e in pair]), [None, None]):
        try:
            return schedule_match(
                t.game,
                [
                    SeatSpec(player=e.player, bot=spec, deck=deck)
                    for e, spec, deck in zip(pair, specs, decks, strict=True)
                ],
                options=t.options or None,
                origin=ORIGIN,
                created_by=t.organiser,
                rated=False,
            )
        except BadSetup as exc:
            problem = str(exc)
    log(t, None, "closing_match_refused", problem)
    return None


def finish(run: EventClosingRun, t: Tournament, field: list[Any]) -> None:
    """Publish the run's final ranking and finish the event with it (inside the caller's
    transaction, ``t`` locked)."""
    ruling = verdict(field, remaining(run), run.confidence, run.places)
    usernames = dict(
        Entry.objects.filter(pk__in=run.contenders).values_list("pk", "player__username")
    )
    run.state = EventClosingRun.State.FINISHED
    run.reason = ruling.reason or "budget"
    run.final_ranking = ranking_rows(field, run.places, usernames)
    run.finished_at = timezone.now()
    run.save(update_fields=["state", "reason", "final_ranking", "finished_at"])
    log(
        t,
        None,
        "closing_run_finish",
        f"ended on {run.reason}",
        rounds=run.rounds,
        matches=run.matches.count(),
        settled=ruling.settled,
        pairs=ruling.pairs,
    )
    finish_event(t, event_entries(t))


def reopened(match: Any, actor: Any, reason: str) -> None:
    """A closing match was voided or corrected (the match audit): a finished run's final
    ranking is computed again from the matches in force, and the event's winner follows
    (``outcome.refresh_winner``, which logs a new winner)."""
    for run in EventClosingRun.objects.filter(
        matches=match, state=EventClosingRun.State.FINISHED
    ).select_related("tournament"):
        t = run.tournament
        before = event_placings(t)
        usernames = dict(
            Entry.objects.filter(pk__in=run.contenders).values_list("pk", "player__username")
        )
        run.final_ranking = ranking_rows(field_of(run), run.places, usernames)
        run.save(update_fields=["final_ranking"])
        log(t, actor, "closing_run_recomputed", reason, match=match.pk)
        refresh_winner(t, actor, before, reason or "a closing match was reopened")


def progress(run: EventClosingRun) -> dict[str, Any]:
    """What the page shows while the run goes on: the adjacent pairs to settle with their
    probability, how many are settled, matches played."""
    field = field_of(run)
    ordered = ranked_pairs(field, run.places)
    pairs = [
        {
            "upper": a.label,
            "lower": b.label,
            "p": prob_above((a.mu, a.sigma), (b.mu, b.sigma)),
        }
        for a, b in zip(ordered, ordered[1:], strict=False)
    ]
    for pair in pairs:
        pair["settled"] = pair["p"] >= run.confidence
    return {
        "pairs": pairs,
        "settled": sum(p["settled"] for p in pairs),
        "played": run.matches.filter(state=MatchState.FINISHED).count(),
        "scheduled": run.matches.count(),
    }


_stepper = Stepper(step)


def advance(run_id: int) -> None:
    """Step the event's closing run until it waits for matches or is over."""
    _stepper.advance(run_id)


def advance_running() -> list[int]:
    """Advance every running event closing run (the sweep); their ids."""
    ids = list(
        EventClosingRun.objects.filter(state=EventClosingRun.State.RUNNING).values_list(
            "pk", flat=True
        )
    )
    for pk in ids:
        advance(pk)
    return ids
