"""Celery tasks of the tournaments app, and their beat schedule.

``tournaments.advance`` pairs the round after a finished one (queued when the last result of a
round becomes final); it is idempotent: a round already paired is a no-op. ``tournaments.sweep``
is the safety net run by beat: any running event whose current round is finished but whose next
round was never paired (its task was lost) is advanced; check-in opens at its time, the decks lock
at the deck deadline (:mod:`tournaments.entry_decks`) and time is called on rounds past their
deadline (:mod:`tournaments.night`, :mod:`tournaments.timer`).
"""

from __future__ import annotations

from celery import current_app, shared_task

from gauntlet.db import RETRY_THROUGH_OUTAGES

SWEEP_SECONDS = 30.0

BEAT_SCHEDULE = {
    "tournaments.sweep": {
        "task": "tournaments.sweep",
        "schedule": SWEEP_SECONDS,
        "options": {"expires": 2 * SWEEP_SECONDS},
    }
}


def install_beat_schedule(app=None) -> None:
    """Add :data:`BEAT_SCHEDULE` to the app's schedule (entries already there win)."""
    app = app or current_app
    app.conf.beat_schedule = {**BEAT_SCHEDULE, **(app.conf.beat_schedule or {})}


install_beat_schedule()


@shared_task(
    name="tournaments.advance",
    **RETRY_THROUGH_OUTAGES,
)
def advance(tournament_id: int, finished_round: int) -> str:
    """Pair the round after ``finished_round`` (or finish the event); a no-op if already done."""
    from tournaments.rounds import advance_after

    return advance_after(tournament_id, finished_round)


@shared_task(name="tournaments.sweep", ignore_result=True)
def sweep() -> list[int]:
    """Advance running, self-advancing events stuck after a finished round; their ids. Also
    opens check-in when its time comes, locks the decks at the deck deadline (the organiser
    hears of entries without a legal deck) and calls time on rounds past their deadline."""
    from tournaments.entry_decks import lock_due_decks
    from tournaments.night import open_due_check_ins
    from tournaments.rounds import stuck_events
    from tournaments.timer import call_due_rounds

    open_due_check_ins()
    lock_due_decks()
    call_due_rounds()

    from tournaments.closing import advance_running

    advance_running()  # a closing run whose last match's advance was lost goes on
    advanced = []
    for tournament_id, finished_round in stuck_events():
        advance.delay(tournament_id, finished_round)
        advanced.append(tournament_id)
    return advanced


@shared_task(name="tournaments.advance_closing_run", ignore_result=True)
def advance_closing_run(run_id: int) -> None:
    """Finish a bot event's closing run or schedule its next round, if none of its matches is
    still to play."""
    from tournaments.closing import advance

    advance(run_id)
