"""The API of challenges between people (the rules: :mod:`ratings.person_challenges`).

``GET /api/person-challenges/``: yours, ``incoming`` and ``outgoing``; ``POST`` one;
``POST /api/person-challenges/<id>/accept|decline|cancel/``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from gauntlet.api.errors import Conflict
from gauntlet.api.serializers import StrictSerializer
from matches.models import Match
from ratings import person_challenges
from ratings.errors import ChallengeRefused
from ratings.models import Ladder


class PersonChallengeCreateSerializer(StrictSerializer):
    ladder = serializers.SlugField(help_text="A two-seat ladder.")
    opponent = serializers.CharField(max_length=150, help_text="The person's user name.")
    deck_version = serializers.IntegerField(
        required=False, min_value=1, help_text="Your registered, legal deck version."
    )
    clock = serializers.JSONField(
        required=False,
        help_text='{"initial": seconds, "increment": seconds}; default: the ladder\'s clock.',
    )
    rated = serializers.BooleanField(default=True)


class AcceptSerializer(StrictSerializer):
    deck_version = serializers.IntegerField(
        required=False, min_value=1, help_text="Your registered, legal deck version."
    )


def challenge_json(match: Match) -> dict[str, Any]:
    """A challenge as the API shows it."""
    seats = sorted(match.seats.all(), key=lambda s: s.seat)
    return {
        "id": match.pk,
        "ladder": match.ladder.slug if match.ladder else None,
        "game": match.game,
        "challenger": seats[0].player.username,
        "opponent": seats[1].player.username,
        "state": match.state,
        "rated": match.rated,
        "clock": (
            {"initial": match.clock["initial"], "increment": match.clock["increment"]}
            if match.clock
            else None
        ),
        "created": match.created.isoformat(),
        "expires_at": person_challenges.expires_at(match).isoformat(),
        "play_url": f"/matches/{match.pk}/play/",
    }


def _refused(exc: ChallengeRefused) -> Exception:
    if exc.status == 404:
        return exceptions.NotFound(exc.message)
    if exc.status == 403:
        return exceptions.PermissionDenied(exc.message)
    if exc.status == 409:
        return Conflict(exc.message)
    return exceptions.ValidationError({exc.field: [exc.message]})


CHALLENGE = inline_serializer(
    "PersonChallenge",
    {
        "id": serializers.IntegerField(),
        "ladder": serializers.CharField(),
        "challenger": serializers.CharField(),
        "opponent": serializers.CharField(),
        "state": serializers.CharField(),
        "expires_at": serializers.DateTimeField(),
    },
)


class PersonChallengesView(APIView):
    """Your open challenges with other people (``GET``), or challenge someone (``POST``)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        responses=inline_serializer(
            "PersonChallenges",
            {"incoming": serializers.ListField(), "outgoing": serializers.ListField()},
        )
    )
    def get(self, request: Request) -> Response:
        incoming, outgoing = person_challenges.pending(request.user)
        return Response(
            {
                "incoming": [challenge_json(m) for m in incoming],
                "outgoing": [challenge_json(m) for m in outgoing],
            }
        )

    @extend_schema(request=PersonChallengeCreateSerializer, responses={201: CHALLENGE})
    def post(self, request: Request) -> Response:
        body = PersonChallengeCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        ladder = Ladder.objects.filter(slug=data["ladder"]).first()
        if ladder is None:
            raise exceptions.ValidationError({"ladder": [f"No ladder {data['ladder']!r}."]})
        try:
            match = person_challenges.create(
                ladder,
                request.user,
                data["opponent"],
                deck_version=data.get("deck_version"),
                clock=data.get("clock"),
                rated=data["rated"],
            )
        except ChallengeRefused as exc:
            raise _refused(exc) from None
        return Response(challenge_json(match), status=status.HTTP_201_CREATED)


class PersonChallengeAnswerView(APIView):
    """``accept`` (the challenged person; optionally ``{"deck_version": id}``: the match
    starts), ``decline`` (the challenged person) or ``cancel`` (either side; the challenger's
    only answer). A refused answer is 403, 404 or 409 with the reason."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="person_challenges_answer", request=AcceptSerializer, responses=CHALLENGE
    )
    def post(self, request: Request, pk: int, answer: str) -> Response:
        body = AcceptSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            match = person_challenges.answer(
                int(pk), request.user, answer, deck_version=body.validated_data.get("deck_version")
            )
        except ChallengeRefused as exc:
            raise _refused(exc) from None
        match.refresh_from_db()
        return Response(challenge_json(match))
