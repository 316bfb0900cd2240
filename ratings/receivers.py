"""What the ratings app does when a match finishes or is reopened, and after ``migrate``."""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError, transaction

log = logging.getLogger(__name__)


def on_matches_finished(sender: Any, matches: Any, **kwargs: Any) -> None:
    """Rate the finished ladder matches, inside the transaction that stores their results.

    A database error propagates (the whole finish rolls back and the match task retries); any
    other failure is logged and leaves the matches finished without their update, which
    ``recompute_ratings`` repairs: a rating update never fails a match.
    """
    rated = [m for m in matches if m.rated and m.ladder_id]
    if not rated:
        return
    from ratings.service import rate_matches

    try:
        with transaction.atomic():
            rate_matches(rated)
    except DatabaseError:
        raise
    except Exception:
        log.exception(
            "rating update of matches %s failed; run recompute_ratings", [m.pk for m in rated]
        )


def on_closing_matches_finished(sender: Any, matches: Any, **kwargs: Any) -> None:
    """Once the finish commits, advance the closing runs of its closing-run matches."""
    closing = [m.pk for m in matches if m.origin == "closing-run"]
    if not closing:
        return
    from ratings.models import ClosingRun

    runs = set(
        ClosingRun.objects.filter(matches__in=closing, state="running").values_list("pk", flat=True)
    )
    for pk in sorted(runs):
        transaction.on_commit(lambda pk=pk: _advance_later(pk))


def on_closing_run_changed(sender: Any, run: Any, **kwargs: Any) -> None:
    """A closing run just started: its first round once the start commits."""
    if run.state == "running" and run.rounds == 0:
        transaction.on_commit(lambda: _advance_later(run.pk))


def _advance_later(run_id: int) -> None:
    from ratings.tasks import advance_closing_run

    advance_closing_run.delay(run_id)


def on_match_reopened(sender: Any, match: Any, **kwargs: Any) -> None:
    """An admin voided or corrected a match: recompute its ladder from that match on."""
    if not match.ladder_id:
        return
    from ratings.recompute import recompute_after_reopen

    summary = recompute_after_reopen(match)
    if summary is not None:
        log.info(
            "recomputed ladder %s after match %s: %s", summary.ladder, match.pk, summary.as_dict()
        )


def on_person_challenged(
    sender: Any, match: Any, challenger: Any, opponent: Any, **kwargs: Any
) -> None:
    """The challenged person gets a notification (stored, then pushed once it commits)."""
    from engines.registry import get_game
    from players import inbox

    where = match.ladder.name if match.ladder else get_game(match.game).name
    inbox.post(
        opponent.pk,
        "challenge",
        f"{challenger.public_name} challenges you to a game on {where}: accept or decline it.",
        "/play/",
    )


def on_queue_joined(sender: Any, entry: Any, **kwargs: Any) -> None:
    """Once the join commits, one matchmaking round for its ladder (``ratings.rounds``): a
    failing round is logged, never the join's failure."""
    from ratings.rounds import after_join

    ladder_id = entry.ladder_id
    transaction.on_commit(lambda: after_join(ladder_id), robust=True)


def ensure_default_ladders_after_migrate(
    sender: Any, apps: Any = None, using: str = "default", **kwargs: Any
) -> None:
    """Create the default ladders that are missing (never changes an existing one)."""
    from ratings.defaults import ensure_default_ladders

    try:
        model = apps.get_model("ratings", "Ladder") if apps is not None else None
    except LookupError:  # migrated back to before the ladders existed
        return
    ensure_default_ladders(model=model, using=using)
