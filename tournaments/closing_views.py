"""The event closing-run API: ``GET /api/tournaments/<id>/closing/`` is a bot event's closing
run (``tournaments.closing``): its settings, its progress while it plays and, once finished,
the final ranking at the top of the event's placings — the rows the closing-run page shows.
``POST`` (the organiser or staff) plans it: ``contenders``, ``places``, ``per_contender``,
``confidence`` and ``reason``; a bad field is a 400 naming it, and nothing changes."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from ratings.closing import MAX_CONTENDERS, MAX_PER_CONTENDER
from tournaments import closing
from tournaments.api import body, call
from tournaments.errors import can_manage
from tournaments.models import EventClosingRun, State, Tournament


class EventClosingRunSerializer(serializers.ModelSerializer):
    """A bot event's closing run as the API shows it."""

    contenders = serializers.IntegerField(source="size")
    ended_on = serializers.CharField(source="reason")
    progress = serializers.SerializerMethodField()

    class Meta:
        model = EventClosingRun
        fields = [
            "state",
            "contenders",
            "places",
            "per_contender",
            "confidence",
            "rounds",
            "planned_at",
            "started_at",
            "finished_at",
            "ended_on",
            "progress",
            "final_ranking",
        ]

    def get_progress(self, run: EventClosingRun) -> dict[str, Any] | None:
        """While the run plays: matches played and the neighbouring pairs to settle."""
        if run.state != EventClosingRun.State.RUNNING:
            return None
        return closing.progress(run)


class PlanSerializer(serializers.Serializer):
    contenders = serializers.IntegerField(min_value=2, max_value=MAX_CONTENDERS)
    places = serializers.IntegerField(min_value=1, max_value=MAX_CONTENDERS)
    per_contender = serializers.IntegerField(min_value=1, max_value=MAX_PER_CONTENDER)
    confidence = serializers.FloatField(min_value=0.51, max_value=0.9999)
    reason = serializers.CharField(max_length=500)


def _event(request: Request, pk: int) -> Tournament:
    t = Tournament.objects.filter(pk=pk).first()
    if t is None or (t.state == State.DRAFT and not can_manage(request.user, t)):
        raise exceptions.NotFound(f"No tournament {pk}.")
    return t


class EventClosingRunView(APIView):
    """A bot event's closing run (404 when none is planned); POST plans it."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses=EventClosingRunSerializer)
    def get(self, request: Request, pk: int) -> Response:
        t = _event(request, pk)
        run = EventClosingRun.objects.filter(tournament=t).first()
        if run is None:
            raise exceptions.NotFound(f"{t.name} has no closing run.")
        return Response(EventClosingRunSerializer(run).data)

    @extend_schema(request=PlanSerializer, responses=EventClosingRunSerializer)
    def post(self, request: Request, pk: int) -> Response:
        t = _event(request, pk)
        data = body(PlanSerializer, request)
        settings = closing.Settings(
            contenders=data["contenders"],
            places=data["places"],
            per_contender=data["per_contender"],
            confidence=data["confidence"],
        )
        run = call(closing.plan, t, request.user, settings, data["reason"])
        return Response(EventClosingRunSerializer(run).data, status=status.HTTP_201_CREATED)
