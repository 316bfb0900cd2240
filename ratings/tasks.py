"""Celery tasks of the ratings app, and their beat schedule.

``ratings.matchmake`` runs one matchmaking round on every active ladder (refilling bot-arena
queues first; a join and a waiting person's page run rounds of their own, :mod:`ratings.rounds`,
which is how the embedded default, without beat, matches); ``ratings.expire_person_challenges``
aborts unanswered challenges between people. :data:`BEAT_SCHEDULE` runs them every few seconds
and every minute; it is merged into the Celery
app's ``beat_schedule`` when this module is imported (workers and beat autodiscover it), and
settings may name it too: ``CELERY_BEAT_SCHEDULE = {**ratings.tasks.BEAT_SCHEDULE}``.
"""

from __future__ import annotations

from celery import current_app, shared_task

MATCHMAKING_SECONDS = 5.0

BEAT_SCHEDULE = {
    "ratings.matchmake": {
        "task": "ratings.matchmake",
        "schedule": MATCHMAKING_SECONDS,
        # A round that waited longer than two periods is stale: the next one does its work.
        "options": {"expires": 2 * MATCHMAKING_SECONDS},
    },
    # Abort challenges between people nobody answered in time.
    "ratings.expire_person_challenges": {
        "task": "ratings.expire_person_challenges",
        "schedule": 60.0,
        "options": {"expires": 60.0},
    },
}


def install_beat_schedule(app=None) -> None:
    """Add :data:`BEAT_SCHEDULE` to the app's schedule (entries already there win)."""
    app = app or current_app
    app.conf.beat_schedule = {**BEAT_SCHEDULE, **(app.conf.beat_schedule or {})}


install_beat_schedule()


@shared_task(name="ratings.matchmake", ignore_result=True)
def matchmake() -> dict[str, list[int]]:
    """One matchmaking round on every active ladder; the matches scheduled, by ladder."""
    from ratings.closing import advance_running
    from ratings.matchmaking import matchmake_all

    advance_running()  # a closing run whose last match's advance was lost goes on
    return matchmake_all()


@shared_task(name="ratings.expire_person_challenges", ignore_result=True)
def expire_person_challenges() -> int:
    """Abort the challenges between people nobody answered in time; returns how many."""
    from ratings.person_challenges import expire_stale

    return expire_stale()


@shared_task(name="ratings.recompute_ladder")
def recompute_ladder(ladder_slug: str, from_sequence: int | None = None) -> dict:
    """Recompute a ladder's ratings from ``from_sequence`` on (for admin actions in bulk)."""
    from ratings.recompute import recompute_ladder_named

    return recompute_ladder_named(ladder_slug, from_sequence).as_dict()


@shared_task(name="ratings.advance_closing_run", ignore_result=True)
def advance_closing_run(run_id: int) -> None:
    """Finish a closing run or schedule its next round, if none of its matches is to play."""
    from ratings.closing import advance

    advance(run_id)
