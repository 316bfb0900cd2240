"""The insights API: matchup matrices and bot studies (thin over the services)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from insights.matrix import BadQuery, matrix


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
        ]
    )
    def get(self, request: Request, game: str) -> Response:
        catalogue = request.query_params.get("catalogue") or None
        try:
            data = matrix(game, catalogue, sources_of(request))
        except BadQuery as exc:
            if exc.field == "game":
                raise exceptions.NotFound(str(exc)) from None
            raise exceptions.ValidationError({exc.field: [str(exc)]}) from None
        return Response(data.to_json())
