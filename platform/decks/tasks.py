"""Celery tasks of the decks app."""

from __future__ import annotations

from celery import shared_task

from decks import recheck
from gauntlet.db import RETRY_THROUGH_OUTAGES


@shared_task(
    bind=True,
    name="decks.recheck",
    **RETRY_THROUGH_OUTAGES,
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
