"""The insights API: matchup matrices and bot studies (thin over the services)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from insights.matrix import BadQuery, matrix
from insights.models import Study
from insights.schema import MatrixSchema, ProgressSchema
from insights.studies import StudyRefused, progress, start_study


def sources_of(request: Request) -> list[str]:
    """The ``source`` query parameters (repeated or comma-separated)."""
    out: list[str] = []
    for value in request.query_params.getlist("source"):
        out.extend(s for s in value.split(",") if s)
    return out


class MatchupView(APIView):
    """A game's matchup matrix: every key (faction, Khan, Hero, army) against every other, and
    the seat positions, each with wins, draws, games, win rate and 95 % Wilson interval."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("catalogue", str, description="A catalogue version (v1...); all"),
            OpenApiParameter("source", str, many=True, description="ladder, tournament, study"),
            OpenApiParameter("by", str, description="key (faction, Khan...; default) or deck"),
        ],
        responses=MatrixSchema,
    )
    def get(self, request: Request, game: str) -> Response:
        catalogue = request.query_params.get("catalogue") or None
        try:
            by = request.query_params.get("by") or "key"
            data = matrix(game, catalogue, sources_of(request), by)
        except BadQuery as exc:
            if exc.field == "game":
                raise exceptions.NotFound(str(exc)) from None
            raise exceptions.ValidationError({exc.field: [str(exc)]}) from None
        return Response(data.to_json())


def get_study(pk: int) -> Study:
    study = Study.objects.filter(pk=pk).first()
    if study is None:
        raise exceptions.NotFound(f"No study {pk}.")
    return study


class StudySerializer(serializers.Serializer):
    game = serializers.CharField()
    decks = serializers.ListField(child=serializers.CharField(), required=False, default=list)
    bot = serializers.CharField(default="heuristic")
    matches = serializers.IntegerField()
    batch_size = serializers.IntegerField(required=False, default=20)
    options = serializers.DictField(required=False, default=dict)


class StudyListView(APIView):
    """Start a bot self-play study (organisers and staff): ``matches`` two-seat matches between
    the chosen starter ``decks`` (every ordered pair in turn; none: dealt), played by ``bot``."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=StudySerializer, responses={201: ProgressSchema})
    def post(self, request: Request) -> Response:
        data = StudySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            study = start_study(request.user, **data.validated_data)
        except StudyRefused as exc:
            if exc.field == "user":
                raise exceptions.PermissionDenied(str(exc)) from None
            raise exceptions.ValidationError({exc.field: [str(exc)]}) from None
        return Response(progress(study).to_json(), status=status.HTTP_201_CREATED)


class StudyProgressView(APIView):
    """A study's progress: matches over of the total, and its state."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=ProgressSchema)
    def get(self, request: Request, pk: int) -> Response:
        return Response(progress(get_study(pk)).to_json())
