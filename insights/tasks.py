"""Celery tasks of the insights app."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.db import DatabaseError

from insights import studies
from insights.models import Study


@shared_task(
    bind=True,
    name="insights.play_study_batch",
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(DatabaseError,),
    retry_backoff=True,
    max_retries=5,
)
def play_study_batch(self, study_id: int, batch: int) -> dict[str, Any]:
    """Play the matches of one batch of a study that are not over yet, recording each once
    (idempotent: run again, or after a killed worker, it plays only what is left)."""
    from matches.runner import run_batch

    ids = studies.batch_matches(study_id, batch)
    outcome = (
        run_batch(ids, task_id=self.request.id or "", worker=self.request.hostname or "")
        if ids
        else {}
    )
    study = Study.objects.filter(pk=study_id).first()
    if study is not None:
        studies.progress(study)
    return {"played": len(ids), "outcome": {str(k): v for k, v in outcome.items()}}


@shared_task(name="insights.rebuild_matchups", acks_late=True)
def rebuild_matchups(game: str) -> int:
    """Count ``game``'s matchups again from its history (after a void or a correction)."""
    from insights.store import rebuild

    return rebuild(game)


@shared_task(name="insights.reference_matches")
def reference_matches() -> dict[str, int]:
    """The beat's round: each active ladder's reference bots play one match each against
    its field (matches scheduled, played by the workers)."""
    from insights.reference import reference_round
    from ratings.models import HeldRating, Ladder

    ladders = Ladder.objects.filter(
        active=True, pk__in=HeldRating.objects.values("ladder_id")
    ).order_by("pk")
    return {ladder.slug: len(reference_round(ladder)) for ladder in ladders}
