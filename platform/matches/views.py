"""The matches API: public match pages and records; staff-only audit actions."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from gauntlet.api.errors import Conflict
from gauntlet.query import whole_number
from matches import audit, interactive
from matches.filters import filter_matches
from matches.models import PAPER_ORIGIN, AuditEntry, Match, MatchState
from matches.paper import NO_RECORD
from matches.serializers import (
    AuditEntrySerializer,
    AuditMatchSerializer,
    MatchCorrectionSerializer,
    MatchSerializer,
    MatchVoidSerializer,
    PlayActionSerializer,
    VerifyManySerializer,
)

FILTERS = [
    OpenApiParameter(name, str, description=text)
    for name, text in [
        ("game", "engine slug"),
        ("player", "username"),
        ("ladder", "ladder slug"),
        ("state", "scheduled, running, finished, aborted, voided"),
        ("since", "created at or after (ISO 8601)"),
        ("until", "created before (ISO 8601)"),
        (
            "result",
            "forfeit, corrected, diverged, verified, given-up (aborted after failures of the platform)",
        ),
    ]
]


def _audit_call(func, *args):
    try:
        return func(*args)
    except audit.AuditError as exc:
        if exc.conflict:
            raise Conflict(str(exc)) from None
        raise ValidationError({exc.field: [str(exc)]}) from None


def play_error(exc: interactive.PlayError) -> Exception:
    """The API error for a refused action."""
    if exc.status == 409:
        return Conflict(exc.message)
    if exc.status == 403:
        return PermissionDenied(exc.message)
    if exc.status == 404:
        return Http404(exc.message)
    return ValidationError({exc.details.get("field", "non_field_errors"): [exc.message]})


class MatchViewSet(viewsets.ReadOnlyModelViewSet):
    """Matches. The seed is revealed (with its nonce) once a match ends."""

    serializer_class = MatchSerializer

    def get_queryset(self):
        queryset = Match.objects.select_related("ladder").prefetch_related("seats__player")
        return filter_matches(queryset, self.request.query_params).order_by("-created")

    @extend_schema(parameters=FILTERS)
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @action(detail=True, methods=["get"])
    def record(self, request: Request, pk: str | None = None) -> Response:
        """The full match record (the format ``python -m engines replay`` reads)."""
        match = self.get_object()
        if (
            match.state not in (MatchState.FINISHED, MatchState.VOIDED)
            and not request.user.is_staff
        ):
            raise PermissionDenied("The record of a match is published when it ends.")
        if match.on_paper:
            raise Http404(f"Match {match.pk} is {NO_RECORD}.")
        return Response(audit.match_record(match).to_json())

    @action(detail=True, methods=["get"])
    def play(self, request: Request, pk: str | None = None) -> Response:
        """The match as the caller's seat sees it: its observation, and its legal actions when
        it is to act; anyone else gets the public view."""
        match = self.get_object()
        try:
            return Response(interactive.view_for(match, interactive.seat_of(match, request.user)))
        except interactive.PlayError as exc:
            raise play_error(exc) from None

    @extend_schema(request=PlayActionSerializer)
    @action(
        detail=True,
        methods=["post"],
        url_path="actions",
        permission_classes=[permissions.IsAuthenticated],
    )
    def act(self, request: Request, pk: str | None = None) -> Response:
        """Play an action for the caller's seat: ``{"action": "raid 3", "ply": 12}``.

        400: the engine refuses the action (its reason is given); 403: no seat here; 409: not
        your turn, the match is over, or ``ply`` is stale (the message names the current ply).
        Answers with the new view of the caller's seat.
        """
        body = PlayActionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        match = self.get_object()
        try:
            interactive.submit_action(
                match.pk, request.user, body.validated_data["action"], body.validated_data["ply"]
            )
        except interactive.PlayError as exc:
            raise play_error(exc) from None
        match.refresh_from_db()
        return Response(interactive.view_for(match, interactive.seat_of(match, request.user)))

    @extend_schema(request=None)
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def resign(self, request: Request, pk: str | None = None) -> Response:
        """Resign the caller's seat: the match ends at once, that seat last (the record's
        ``forfeit`` says "resigned"). 403: no seat here; 409: the match is not running.
        Answers with the final view of the caller's seat."""
        match = self.get_object()
        try:
            interactive.resign(match.pk, request.user)
        except interactive.PlayError as exc:
            raise play_error(exc) from None
        match.refresh_from_db()
        return Response(interactive.view_for(match, interactive.seat_of(match, request.user)))


class AuditMatchViewSet(viewsets.ReadOnlyModelViewSet):
    """Staff only: every match with its attempts and verification; verify, void, correct."""

    serializer_class = AuditMatchSerializer
    permission_classes = [permissions.IsAdminUser]

    def get_queryset(self):
        queryset = Match.objects.select_related("ladder").prefetch_related(
            "seats__player", "attempts"
        )
        return filter_matches(queryset, self.request.query_params).order_by("-created")

    @extend_schema(parameters=FILTERS)
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(request=None)
    @action(detail=True, methods=["post"])
    def verify(self, request: Request, pk: str | None = None) -> Response:
        """Replay this match now under the engine version that played it: "reproduces" or the
        first divergent action (``engine_version`` names that version). A match played under
        an older version also gets ``under_current``: the same replay under the current
        version, which may play it differently after a rules fix."""
        report, current = _audit_call(audit.verify_both, self.get_object())
        return Response(audit.verification_json(report, current))

    @extend_schema(request=MatchVoidSerializer, responses=AuditEntrySerializer)
    @action(detail=True, methods=["post"])
    def void(self, request: Request, pk: str | None = None) -> Response:
        body = MatchVoidSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        match = self.get_object()
        entry = _audit_call(audit.void, match.pk, request.user, body.validated_data["reason"])
        return Response(AuditEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=MatchCorrectionSerializer, responses=AuditEntrySerializer)
    @action(detail=True, methods=["post"])
    def correct(self, request: Request, pk: str | None = None) -> Response:
        body = MatchCorrectionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        match = self.get_object()
        entry = _audit_call(
            audit.correct,
            match.pk,
            request.user,
            body.validated_data["reason"],
            body.validated_data["ranks"],
        )
        return Response(AuditEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=VerifyManySerializer)
    @action(detail=False, methods=["post"], url_path="verify-many")
    def verify_many(self, request: Request) -> Response:
        """Queue replay-verification of all matches, a game's, or some ids (Celery tasks)."""
        from matches.tasks import verify_matches

        body = VerifyManySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        queryset = Match.objects.filter(state__in=[MatchState.FINISHED, MatchState.VOIDED]).exclude(
            origin=PAPER_ORIGIN
        )  # a paper match has no record to replay
        if data.get("game"):
            queryset = queryset.filter(game=data["game"])
        if data.get("ids"):
            queryset = queryset.filter(pk__in=data["ids"])
        ids = list(queryset.values_list("pk", flat=True))
        chunks = [ids[i : i + 200] for i in range(0, len(ids), 200)]
        for chunk in chunks:
            verify_matches.delay(chunk)
        return Response({"queued": len(ids), "tasks": len(chunks)}, status=status.HTTP_202_ACCEPTED)


class AuditLogViewSet(viewsets.ReadOnlyModelViewSet):
    """Staff only: the append-only audit log (?match=ID)."""

    serializer_class = AuditEntrySerializer
    permission_classes = [permissions.IsAdminUser]

    def get_queryset(self):
        queryset = AuditEntry.objects.select_related("actor")
        if match := self.request.query_params.get("match"):
            number = whole_number(match)
            if number is None:
                raise Http404("no such match")
            queryset = queryset.filter(match_id=number)
        return queryset
