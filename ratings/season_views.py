"""The seasons API: ``GET /api/ladders/<slug>/seasons/`` (every season, the current one last)
and ``GET /api/ladders/<slug>/seasons/<number>/`` (a season with its final standings; none
while it runs). The rules are :mod:`ratings.seasons`."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from ratings import seasons
from ratings.models import Ladder, Season, SeasonStanding
from ratings.views import get_ladder


class SeasonSerializer(serializers.ModelSerializer):
    reset_text = serializers.SerializerMethodField(help_text="The reset at its end, in words.")
    current = serializers.SerializerMethodField()
    closing_run = serializers.SerializerMethodField(
        help_text="The closing run that ended it (its contenders head the standings), or null."
    )

    class Meta:
        model = Season
        fields = [
            "number",
            "name",
            "starts_at",
            "ends_at",
            "ended_at",
            "reset",
            "widen",
            "reset_text",
            "start_sequence",
            "end_sequence",
            "current",
            "closing_run",
        ]
        read_only_fields = fields

    def get_closing_run(self, season: Season) -> dict[str, Any] | None:
        run = season.closing_run if season.closing_run_id else None
        if run is None:
            return None
        return {
            "contenders": len(run.contenders),
            "places": run.places,
            "confidence": run.confidence,
            "ended_on": run.reason,
            "finished_at": run.finished_at,
        }

    def get_reset_text(self, season: Season) -> str:
        return seasons.reset_words(season, season.ladder)

    def get_current(self, season: Season) -> bool:
        return season.ended_at is None


class SeasonStandingSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="player.username")
    display_name = serializers.CharField(source="player.public_name")
    is_bot = serializers.BooleanField(source="player.is_bot")

    class Meta:
        model = SeasonStanding
        fields = [
            "rank",
            "username",
            "display_name",
            "is_bot",
            "conservative",
            "mu",
            "sigma",
            "games",
            "wins",
            "above_next",
            "rank_low",
            "rank_high",
        ]
        read_only_fields = fields


class SeasonDetailSerializer(SeasonSerializer):
    standings = serializers.SerializerMethodField(
        help_text="The final leaderboard, best first (empty while the season runs)."
    )

    class Meta(SeasonSerializer.Meta):
        fields = [*SeasonSerializer.Meta.fields, "standings"]
        read_only_fields = fields

    def get_standings(self, season: Season) -> list[dict[str, Any]]:
        if season.pk is None:
            return []
        rows = season.standings.select_related("player").order_by("rank")
        return SeasonStandingSerializer(rows, many=True).data


def get_season(ladder: Ladder, number: str | int) -> Season:
    """The ladder's season ``number`` (the implicit Season 1 too), or a 404 naming it."""
    wanted = int(number)
    found = next((s for s in seasons.seasons_of(ladder) if s.number == wanted), None)
    if found is None:
        raise exceptions.NotFound(f"{ladder.name} has no season {number}.")
    return found


class SeasonListView(APIView):
    """A ladder's seasons, the current one last."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=SeasonSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        ladder = get_ladder(slug)
        return Response(SeasonSerializer(seasons.seasons_of(ladder), many=True).data)


class SeasonDetailView(APIView):
    """One season of a ladder with its final standings."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=SeasonDetailSerializer)
    def get(self, request: Request, slug: str, number: int) -> Response:
        season = get_season(get_ladder(slug), number)
        return Response(SeasonDetailSerializer(season).data)
