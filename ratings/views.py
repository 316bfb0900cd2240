"""The ladders API: ladders, leaderboards, rating history, the queue and challenges.

Views stay thin: the rules live in :mod:`ratings.service`, :mod:`ratings.matchmaking`,
:mod:`ratings.challenges` and :mod:`ratings.bots`.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, permissions, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from gauntlet.api.errors import Conflict
from players.models import Player
from ratings.bots import may_enter
from ratings.challenges import challenge
from ratings.errors import ChallengeRefused
from ratings.models import Ladder, QueueEntry, Rating, RatingChange
from ratings.queue import QueueRefused, join_queue, leave_queue
from ratings.serializers import (
    ChallengeSerializer,
    LadderSerializer,
    LeaderboardEntrySerializer,
    MatchSummarySerializer,
    QueueEntrySerializer,
    QueueJoinSerializer,
    RatingChangeSerializer,
    check_deck,
    deck_from_version,
)
from ratings.standings import LEADERBOARD_ORDER, ladder_certainties

USERNAME = r"[\w.@+-]+"


def get_ladder(slug: str) -> Ladder:
    ladder = Ladder.objects.filter(slug=slug).first()
    if ladder is None:
        raise exceptions.NotFound(f"No ladder {slug!r}.")
    return ladder


def get_player(username: str, field: str | None = None) -> Player:
    player = Player.objects.filter(username=username, is_active=True).first()
    if player is None:
        if field:
            raise exceptions.ValidationError({field: [f"No player {username!r}."]})
        raise exceptions.NotFound(f"No player {username!r}.")
    return player


class LadderViewSet(viewsets.ReadOnlyModelViewSet):
    """Ladders: one per game and format, each with its TrueSkill parameters."""

    serializer_class = LadderSerializer
    lookup_field = "slug"
    permission_classes = [permissions.AllowAny]

    def get_queryset(self):
        return Ladder.objects.annotate(
            player_count=Count("ratings", distinct=True),
            queue_count=Count("queue", distinct=True),
        ).order_by("game", "slug")

    def get_object(self) -> Ladder:
        slug = self.kwargs["slug"]
        ladder = self.get_queryset().filter(slug=slug).first()
        if ladder is None:
            raise exceptions.NotFound(f"No ladder {slug!r}.")
        return ladder


class LeaderboardView(generics.ListAPIView):
    """A ladder's players by conservative rating (mu - 3 sigma), best first."""

    serializer_class = LeaderboardEntrySerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Rating.objects.none()
        ladder = get_ladder(self.kwargs["slug"])
        return (
            Rating.objects.filter(ladder=ladder, games__gt=0)
            .select_related("player")
            .order_by(*LEADERBOARD_ORDER)
        )

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        queryset = self.get_queryset()
        page = self.paginate_queryset(queryset)
        first = 1
        if self.paginator is not None and getattr(self.paginator, "page", None) is not None:
            first = self.paginator.page.start_index()
        certain = ladder_certainties(get_ladder(self.kwargs["slug"]), [r.player_id for r in page])
        for i, rating in enumerate(page):
            rating.position = first + i
            rating.certainty = certain[rating.player_id]
        return self.get_paginated_response(self.get_serializer(page, many=True).data)


class HistoryView(generics.ListAPIView):
    """A player's rating changes on a ladder, newest first, each with its match."""

    serializer_class = RatingChangeSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return RatingChange.objects.none()
        ladder = get_ladder(self.kwargs["slug"])
        player = get_player(self.kwargs["username"])
        return (
            RatingChange.objects.filter(ladder=ladder, player=player)
            .select_related("match")
            .order_by("-sequence")
        )


PLAYER_PARAM = OpenApiParameter(
    "player", str, description="A bot account you own (default: yourself)."
)


class QueueView(APIView):
    """A ladder's matchmaking queue: ``GET`` your entry, ``POST`` to join, ``DELETE`` to leave.

    One entry per player per ladder. ``player`` (in the body for ``POST``, in the query string
    for ``GET``/``DELETE``) queues a bot account you own instead of yourself. On a game with
    deck construction ``deck_version`` (a registered version of the queued account's, legal
    today; 400 naming ``deck_version`` otherwise) is the deck the match seats it with. A
    matchmaking round runs for the ladder once the join is made: the answer's entry may already
    be paired (``GET`` then answers 404 and the match is under the player's matches).
    """

    permission_classes = [permissions.IsAuthenticated]

    def _player(self, request: Request, username: str | None) -> Player:
        if not username:
            return request.user
        player = get_player(username, field="player")
        if not may_enter(request.user, player):
            raise exceptions.PermissionDenied(
                f"You may not queue {username!r}: only yourself or a bot account you own."
            )
        return player

    def _entry(self, ladder: Ladder, player: Player) -> QueueEntry:
        entry = (
            QueueEntry.objects.filter(ladder=ladder, player=player)
            .select_related("ladder", "player")
            .first()
        )
        if entry is None:
            raise exceptions.NotFound(f"{player.username} is not in the queue of {ladder.slug!r}.")
        return entry

    @extend_schema(parameters=[PLAYER_PARAM], responses=QueueEntrySerializer)
    def get(self, request: Request, slug: str) -> Response:
        ladder = get_ladder(slug)
        player = self._player(request, request.query_params.get("player"))
        return Response(QueueEntrySerializer(self._entry(ladder, player)).data)

    @extend_schema(request=QueueJoinSerializer, responses={201: QueueEntrySerializer})
    def post(self, request: Request, slug: str) -> Response:
        ladder = get_ladder(slug)
        serializer = QueueJoinSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        player = self._player(request, data.get("player"))
        deck, version = check_deck(data.get("deck"), ladder), None
        if "deck_version" in data:
            deck, version = deck_from_version(data["deck_version"], player, ladder)
        try:
            entry = join_queue(ladder, player, request.user, deck, version)
        except QueueRefused as refused:
            if refused.kind == "not_a_bot":
                raise exceptions.ValidationError({"player": [str(refused)]}) from None
            raise Conflict(str(refused)) from None
        return Response(QueueEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(parameters=[PLAYER_PARAM], responses={204: None})
    def delete(self, request: Request, slug: str) -> Response:
        ladder = get_ladder(slug)
        player = self._player(request, request.query_params.get("player"))
        try:
            leave_queue(ladder, player)
        except QueueRefused as refused:
            raise exceptions.NotFound(str(refused)) from None
        return Response(status=status.HTTP_204_NO_CONTENT)


class ChallengeView(APIView):
    """Challenge: schedule a match on a ladder now, between named accounts.

    A worker plays every seat for now, so every seat must be a bot account that plays the
    ladder's game: challenge *with* a bot you own (admins: any bot), against any bot accounts.
    """

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ChallengeSerializer, responses={201: MatchSummarySerializer})
    def post(self, request: Request) -> Response:
        serializer = ChallengeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        ladder = get_ladder(data["ladder"])
        challenger = (
            get_player(data["challenger"], field="challenger")
            if data.get("challenger")
            else request.user
        )
        opponents = [get_player(name, field="opponents") for name in data["opponents"]]
        deck, version = check_deck(data.get("deck"), ladder), None
        if "deck_version" in data:
            deck, version = deck_from_version(data["deck_version"], challenger, ladder)
        try:
            match = challenge(
                ladder, challenger, opponents, by=request.user, deck=deck, rated=data["rated"]
            )
        except ChallengeRefused as exc:
            if exc.status == 403:
                raise exceptions.PermissionDenied(exc.message) from None
            if exc.status == 409:
                raise Conflict(exc.message) from None
            raise exceptions.ValidationError({exc.field: [exc.message]}) from None
        if version is not None:
            from decks.services import mark_used

            mark_used(version)
        return Response(MatchSummarySerializer(match).data, status=status.HTTP_201_CREATED)
