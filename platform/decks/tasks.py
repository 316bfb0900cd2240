"""Celery tasks of the decks app."""

from __future__ import annotations

from celery import shared_task
from django.db import DatabaseError

from decks import recheck


@shared_task(
    bind=True,
    name="decks.recheck",
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(DatabaseError,),
    retry_backoff=True,
    max_retries=5,
)
def recheck_decks(
    self, catalogue_id: int, after_pk: int = 0, run_id: int | None = None
) -> dict[str, int | None]:
    """Re-check one batch of a game's registered decks against catalogue version
    ``catalogue_id``, then queue the next batch. Safe to run twice: a version already
    re-checked against this catalogue with the same verdict is left alone."""
    run_id, last = recheck.recheck_step(catalogue_id, after_pk, run_id)
    if run_id is None:
        return {"last": None}
    if last is not None:  # the next batch, on the queue this one came from
        queue = (self.request.delivery_info or {}).get("routing_key") or None
        recheck_decks.apply_async((catalogue_id, last, run_id), queue=queue)
    return {"run": run_id, "last": last}
