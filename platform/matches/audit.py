"""Admin match audit: export a record, replay-verify it, void it or correct its result.

Every void and correction needs a reason and leaves an append-only :class:`AuditEntry` (who,
when, why, before, after); ratings listen to ``match_reopened`` and recompute the ladder.
A paper match (:mod:`matches.paper`) is voided and corrected the same way, but has no record
to verify: :func:`verify_both` refuses it and :func:`verify_all` passes it by.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from engines.record import MatchRecord, ReplayReport, replay
from engines.registry import UnknownGame, get_game
from matches.models import PAPER_ORIGIN, AuditEntry, Match, MatchSeat, MatchState
from matches.paper import NO_RECORD
from matches.signals import match_reopened


class AuditError(ValueError):
    """An audit action that does not apply to this match (the message says why)."""

    def __init__(self, message: str, field: str = "non_field_errors", conflict: bool = False):
        super().__init__(message)
        self.field = field
        self.conflict = conflict


def match_record(match: Match) -> MatchRecord:
    """The match as the engines' record format (what ``python -m engines replay`` reads)."""
    seats = list(match.seats.order_by("seat"))
    return MatchRecord(
        game=match.game,
        engine_version=match.engine_version,
        seed=match.seed,
        seats=[s.bot or f"player:{s.player.username}" for s in seats],
        decks=match.decks,
        options=match.options or None,
        actions=list(match.actions),
        digests=dict(match.digests),
        result=match.result,
        forfeit=match.forfeit,
    )


def verify(match: Match) -> ReplayReport:
    """Replay the stored record under the engine version that played it and keep the report on
    the match (see :func:`verify_both`); returns that report."""
    return verify_both(match)[0]


def verify_both(match: Match) -> tuple[ReplayReport, ReplayReport | None]:
    """Replay the stored record under the engine version that played it and, when the game's
    current version is another one, under the current version too (``None`` otherwise).

    The first says whether the match reproduces (an audit failure if not); the second whether
    the current rules would play it the same way (they may not after a rules fix: that is
    not a failure). Both are kept on the match (:func:`verification_json`).
    """
    if match.on_paper:
        raise AuditError(f"match {match.pk} is {NO_RECORD}", conflict=True)
    if match.state not in (MatchState.FINISHED, MatchState.VOIDED) or match.result is None:
        raise AuditError(f"match {match.pk} is {match.state}: only played matches can be verified")
    record = match_record(match)
    report = replay(record)
    current = None
    try:
        engine = get_game(match.game)
    except UnknownGame:
        engine = None
    if engine is not None and report.engine_version not in (None, engine.version):
        current = replay(record, engine)
    Match.objects.filter(pk=match.pk).update(
        verification=verification_json(report, current), verified_at=timezone.now()
    )
    return report, current


def verification_json(report: ReplayReport, current: ReplayReport | None) -> dict[str, Any]:
    """The stored verification: the report under the version that played the match, and
    ``under_current`` (the report under the current version) when that version differs."""
    data = report.to_json()
    if current is not None:
        data["under_current"] = current.to_json()
    return data


def verify_all(match_ids: list[int]) -> dict[str, list[int]]:
    """Replay-verify these matches: the ids that reproduce and those that diverge (paper
    matches, which have no record to replay, are passed by)."""
    outcome: dict[str, list[int]] = {"reproduce": [], "diverge": []}
    matches = Match.objects.filter(pk__in=match_ids).exclude(origin=PAPER_ORIGIN)
    for match in matches.prefetch_related("seats__player"):
        report = verify(match)
        outcome["reproduce" if report.ok else "diverge"].append(match.pk)
    return outcome


def _snapshot(match: Match) -> dict[str, Any]:
    return {
        "state": match.state,
        "ranks": [s.rank for s in match.seats.order_by("seat")],
        "corrected_result": match.corrected_result,
    }


def _require_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if len(reason) < 5:
        raise AuditError("a reason of at least 5 characters is required", field="reason")
    return reason


def void(match_id: int, actor: Any, reason: str) -> AuditEntry:
    """Void a finished match: it no longer counts; the ladder is recomputed from it on."""
    reason = _require_reason(reason)
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.state == MatchState.VOIDED:
            raise AuditError(f"match {match.pk} is already voided", conflict=True)
        if match.state != MatchState.FINISHED:
            raise AuditError(
                f"match {match.pk} is {match.state}: only finished matches can be voided",
                conflict=True,
            )
        before = _snapshot(match)
        match.state = MatchState.VOIDED
        match.save(update_fields=["state"])
        entry = AuditEntry.objects.create(
            match=match,
            actor=actor,
            action="void",
            reason=reason,
            before=before,
            after=_snapshot(match),
        )
        match_reopened.send(sender=Match, match=match, action="void", actor=actor, reason=reason)
    return entry


def correct(match_id: int, actor: Any, reason: str, ranks: list[int]) -> AuditEntry:
    """Replace a finished match's ranks (0 = first; equal ranks tie) with a reason."""
    reason = _require_reason(reason)
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.state != MatchState.FINISHED:
            raise AuditError(
                f"match {match.pk} is {match.state}: only finished matches can be corrected",
                conflict=True,
            )
        seats = list(match.seats.order_by("seat"))
        if not isinstance(ranks, list) or len(ranks) != len(seats):
            raise AuditError(f"give one rank per seat ({len(seats)} seats)", field="ranks")
        if any(
            not isinstance(r, int) or isinstance(r, bool) or not 0 <= r < len(seats) for r in ranks
        ):
            raise AuditError(f"ranks are whole numbers from 0 to {len(seats) - 1}", field="ranks")
        if ranks == [s.rank for s in seats]:
            raise AuditError("these are already the match's ranks", field="ranks")
        before = _snapshot(match)
        for seat, rank in zip(seats, ranks, strict=True):
            seat.rank = rank
        MatchSeat.objects.bulk_update(seats, ["rank"])
        match.corrected_result = {"ranks": ranks, "reason": reason}
        match.save(update_fields=["corrected_result"])
        entry = AuditEntry.objects.create(
            match=match,
            actor=actor,
            action="correct",
            reason=reason,
            before=before,
            after=_snapshot(match),
        )
        match_reopened.send(sender=Match, match=match, action="correct", actor=actor, reason=reason)
    return entry
