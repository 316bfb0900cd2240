"""The tournaments API's corrections and outcome: voiding a table's result, replaying a table,
re-pairing a round, the audit log in words, and the placings (a mixin of
:class:`tournaments.views.TournamentViewSet`; every rule lives in :mod:`tournaments.corrections`
and :mod:`tournaments.outcome`)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import corrections, log_text, outcome
from tournaments.api import ROUND, TABLE, body, call
from tournaments.errors import can_manage
from tournaments.models import LogEntry, Tournament
from tournaments.serializers import (
    TournamentLogEntrySerializer,
    TournamentPlacingSerializer,
    TournamentReasonSerializer,
)


class CorrectionActions:
    """Actions on an event after its results: corrections and the outcome they change."""

    def _manager(self, request: Request) -> Tournament:
        t = self.get_object()  # type: ignore[attr-defined]
        if not can_manage(request.user, t):
            raise PermissionDenied("Only the organiser of this tournament and staff may do that.")
        return t

    def _table_out(self, t: Tournament, table: Any) -> Response:
        table.refresh_from_db()
        t.refresh_from_db()
        return Response(
            {
                "table": table.pk,
                "state": table.state,
                "result": table.result,
                "tournament_state": t.state,
                "winner": t.winner.player.username if t.winner_id else None,
                "next_steps": corrections.next_steps(t, table),
            }
        )

    @extend_schema(request=TournamentReasonSerializer)
    @action(detail=True, methods=["post"], url_path=TABLE + "/void")
    def void(self, request: Request, pk: str | None = None, table_id: str = "") -> Response:
        """Void a table's final result, with a reason: standings, placings and the winner are
        recomputed (a bracket match's result is taken back to be replayed or awarded)."""
        t = self._manager(request)
        data = body(TournamentReasonSerializer, request)
        table = call(corrections.void, t, int(table_id), request.user, data["reason"])
        return self._table_out(t, table)

    @extend_schema(request=TournamentReasonSerializer)
    @action(detail=True, methods=["post"], url_path=TABLE + "/replay")
    def replay(self, request: Request, pk: str | None = None, table_id: str = "") -> Response:
        """Send a table of the running round to be played again (a new match if it was played
        on the platform), with a reason."""
        t = self._manager(request)
        data = body(TournamentReasonSerializer, request)
        table = call(corrections.replay, t, int(table_id), request.user, data["reason"])
        return self._table_out(t, table)

    @extend_schema(request=TournamentReasonSerializer)
    @action(detail=True, methods=["post"], url_path=ROUND + "/repair")
    def repair(self, request: Request, pk: str | None = None, number: str = "") -> Response:
        """Take back the running round's pairings (nothing of it played yet) and pair it again
        from the standings in force, with a reason."""
        t = self._manager(request)
        data = body(TournamentReasonSerializer, request)
        rnd = call(corrections.repair_round, t, int(number), request.user, data["reason"])
        return Response(
            {"round": rnd.number if rnd else None, "tables": rnd.tables.count() if rnd else 0}
        )

    @extend_schema(responses=TournamentPlacingSerializer(many=True))
    @action(detail=True, methods=["get"])
    def placings(self, request: Request, pk: str | None = None) -> Response:
        """Every entrant's placing (final once the event is finished), best first: the place,
        the last place it shares, the label ("3rd–4th") and how it was decided."""
        t = self.get_object()  # type: ignore[attr-defined]
        return Response(TournamentPlacingSerializer(outcome.placing_rows(t), many=True).data)

    @extend_schema(responses=TournamentLogEntrySerializer(many=True))
    @action(detail=True, methods=["get"])
    def log(self, request: Request, pk: str | None = None) -> Response:
        """The append-only audit log of the event (organiser and staff), each entry in words."""
        t = self._manager(request)
        entries = list(LogEntry.objects.filter(tournament=t).select_related("actor"))
        texts = {
            e.pk: line.what for e, line in zip(entries, log_text.describe(t, entries), strict=True)
        }
        return Response(
            TournamentLogEntrySerializer(entries, many=True, context={"texts": texts}).data
        )
