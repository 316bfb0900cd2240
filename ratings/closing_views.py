"""The closing-run API: ``GET /api/ladders/<slug>/closing/`` is the ladder's latest closing run
(``ratings.closing``): its settings, its progress while it runs, and once finished the final
ranking it published with its confidence — the same rows the closing-run page shows."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from ratings import closing
from ratings.models import ClosingRun
from ratings.views import get_ladder


class ClosingRunSerializer(serializers.ModelSerializer):
    """A closing run as the API shows it (players by name, never by id alone)."""

    started_by = serializers.SerializerMethodField()
    ended_on = serializers.CharField(source="reason")
    progress = serializers.SerializerMethodField()

    class Meta:
        model = ClosingRun
        fields = [
            "state",
            "places",
            "per_contender",
            "confidence",
            "rounds",
            "started_by",
            "started_at",
            "finished_at",
            "ended_on",
            "progress",
            "final_ranking",
        ]

    def get_started_by(self, run: ClosingRun) -> str | None:
        return run.started_by.public_name if run.started_by else None

    def get_progress(self, run: ClosingRun) -> dict[str, Any] | None:
        """While the run goes on: matches played of the budget and the pairs to settle."""
        if run.state != ClosingRun.State.RUNNING:
            return None
        found = closing.progress(run)
        return {k: found[k] for k in ("played", "scheduled", "budget", "settled", "pairs")}


class ClosingRunView(APIView):
    """The latest closing run of a ladder (404 when the ladder never had one)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=ClosingRunSerializer)
    def get(self, request: Request, slug: str) -> Response:
        ladder = get_ladder(slug)
        run = ClosingRun.objects.filter(ladder=ladder).select_related("started_by").first()
        if run is None:
            raise exceptions.NotFound(f"The ladder {ladder.name} has had no closing run.")
        return Response(ClosingRunSerializer(run).data)
