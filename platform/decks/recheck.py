"""Re-checking registered decks after a new catalogue version, batch after batch.

Each batch reads a window of deck versions by primary key, validates them in pure Python against
the new catalogue, writes the changed verdicts in bulk and tells each owner whose verdict
changed (notification ``deck-recheck``), and sends ``decks.signals.verdicts_changed`` for the
apps that hold versions (a tournament's organiser hears of an entered deck made illegal). The
task ``decks.recheck`` runs one batch and queues the next; :func:`recheck_all` runs them all
in-process.
"""

from __future__ import annotations

import logging
import os
from collections import defaultdict
from types import SimpleNamespace
from typing import Any

from django.db import transaction
from django.db.models import Min, Q
from django.utils import timezone

from decks.models import CatalogueVersion, DeckRecheck, DeckVersion, RecheckRun
from decks.services import engine_catalogue, problems_of
from decks.signals import verdicts_changed
from engines.decks import get_deck_format
from gauntlet.db import update_rows

log = logging.getLogger(__name__)

RECHECK_BATCH = int(os.environ.get("DECKS_RECHECK_BATCH", "5000"))
"""Deck versions re-checked per batch (one task per batch; override for tests and tuning)."""


def recheck_batch(
    catalogue: CatalogueVersion,
    after_pk: int = 0,
    run: RecheckRun | None = None,
    batch: int = RECHECK_BATCH,
    notify_owners: bool = True,
) -> tuple[RecheckRun, int | None]:
    """Re-check the next ``batch`` deck versions (by pk after ``after_pk``) of the catalogue's
    game against it. Returns the run and the last pk done (None when nothing was left)."""
    game = catalogue.game
    if run is None:
        run = RecheckRun.objects.create(game=game, catalogue=catalogue)
    newer = CatalogueVersion.objects.filter(game=game, number__gt=catalogue.number).exists()
    if newer:  # a newer version re-checks everything itself
        RecheckRun.objects.filter(pk=run.pk).update(superseded=True, finished=timezone.now())
        return run, None
    fmt = get_deck_format(game)
    cat = engine_catalogue(catalogue)
    # A window of pks read through the primary key alone: filtering on the deck's game in SQL
    # makes SQLite walk every deck of the game for each batch; other games are skipped here.
    start = DeckVersion.objects.filter(pk__gt=after_pk).aggregate(m=Min("pk"))["m"]
    if start is None:
        RecheckRun.objects.filter(pk=run.pk).update(finished=timezone.now())
        return run, None
    last = start + batch - 1
    rows = [
        row[:-1]
        for row in DeckVersion.objects.filter(pk__gte=start, pk__lte=last)
        .filter(Q(is_current=True) | ~Q(locked_reason=""))
        .values_list(
            "pk",
            "data",
            "problems",
            "legal",
            "violations",
            "total_value",
            "catalogue_id",
            "deck__owner_id",
            "deck__game",
        )
        if row[-1] == game
    ]
    now = timezone.now()
    changed: list[SimpleNamespace] = []
    results: list[DeckRecheck] = []
    by_owner: dict[int, list[dict[str, Any]]] = defaultdict(list)
    now_illegal = now_legal = 0
    unchanged: list[int] = []
    for pk, data, problems, legal, violations, total, checked_against, owner_id in rows:
        report = fmt.validate(data, cat, problems=problems_of(problems) if problems else ())
        new_violations = [v.to_json() for v in report.violations]
        same_verdict = report.legal == legal and new_violations == violations
        if same_verdict and report.total_value == total:
            if checked_against != catalogue.pk:
                unchanged.append(pk)
            continue
        changed.append(  # plain rows for update_rows: no model instances to build
            SimpleNamespace(
                pk=pk,
                legal=report.legal,
                total_value=report.total_value,
                violations=new_violations,
                catalogue_id=catalogue.pk,
                checked_at=now,
            )
        )
        if same_verdict:  # only the total moved: nothing to tell the owner
            continue
        results.append(
            DeckRecheck(
                run_id=run.pk,
                version_id=pk,
                owner_id=owner_id,
                catalogue_id=catalogue.pk,
                was_legal=legal,
                legal=report.legal,
                total_value=report.total_value,
                violations=new_violations,
            )
        )
        if legal and not report.legal:
            now_illegal += 1
        elif report.legal and not legal:
            now_legal += 1
        by_owner[owner_id].append(
            {
                "version": pk,
                "legal": report.legal,
                "rules": sorted({v["rule"] for v in new_violations}),
            }
        )
    with transaction.atomic():
        if changed:
            update_rows(
                DeckVersion,
                changed,
                ["legal", "total_value", "violations", "catalogue", "checked_at"],
            )
            DeckRecheck.objects.bulk_create(results, batch_size=1000)
        # the unchanged ones: checked against this version too
        for i in range(0, len(unchanged), 900):
            DeckVersion.objects.filter(pk__in=unchanged[i : i + 900]).update(
                catalogue=catalogue, checked_at=now
            )
        run_counts = RecheckRun.objects.select_for_update().get(pk=run.pk)
        run_counts.checked += len(rows)
        run_counts.changed += len(results)
        run_counts.now_illegal += now_illegal
        run_counts.now_legal += now_legal
        run_counts.save(update_fields=["checked", "changed", "now_illegal", "now_legal"])
    if notify_owners and by_owner:
        _notify(catalogue, by_owner)
    if results:  # the apps holding these versions (tournament entries) tell whom it concerns
        verdicts_changed.send(
            sender=DeckVersion,
            illegal=[r.version_id for r in results if not r.legal],
            legal=[r.version_id for r in results if r.legal],
        )
    return run_counts, last


def _notify(catalogue: CatalogueVersion, by_owner: dict[int, list[dict[str, Any]]]) -> None:
    from players.notifications import notify

    for owner_id, items in by_owner.items():
        illegal = sum(1 for i in items if not i["legal"])
        payload = {
            "game": catalogue.game,
            "catalogue": catalogue.label,
            "changed": len(items),
            "now_illegal": illegal,
            "versions": items[:20],
            "message": (
                f"Catalogue {catalogue.label} of {catalogue.game} changed the verdict on "
                f"{len(items)} of your decks ({illegal} now break the rules): "
                "see /api/deck-rechecks/ for why."
            ),
        }
        try:
            notify(owner_id, "deck-recheck", payload)
        except Exception:  # noqa: BLE001 - a notification must never undo a re-check
            log.exception("could not notify player %s of a deck re-check", owner_id)


def recheck_all(
    catalogue: CatalogueVersion, batch: int = RECHECK_BATCH, notify_owners: bool = True
) -> RecheckRun:
    """Re-check every registered deck of the catalogue's game, batch after batch (in-process)."""
    run, last = recheck_batch(catalogue, 0, None, batch, notify_owners)
    while last is not None:
        run, last = recheck_batch(catalogue, last, run, batch, notify_owners)
    run.refresh_from_db()
    return run


def recheck_step(
    catalogue_id: int, after_pk: int = 0, run_id: int | None = None
) -> tuple[int | None, int | None]:
    """One batch of the re-check against catalogue version ``catalogue_id`` (what the task
    ``decks.recheck`` runs): ``(run id, last pk done)``; ``(None, None)`` when the version is
    gone, a last pk of None when nothing is left."""
    catalogue = CatalogueVersion.objects.filter(pk=catalogue_id).first()
    if catalogue is None:
        return None, None
    run = RecheckRun.objects.filter(pk=run_id).first() if run_id else None
    run, last = recheck_batch(catalogue, after_pk, run)
    return run.pk, last
