"""The API of a bot's versions and their comparisons (the rules: :mod:`ratings.versions`,
:mod:`ratings.comparisons`).

``GET /api/bots/<username>/versions/``: the versions with their ratings; ``POST`` one (the bot's
own token, its owner's, or staff's). ``GET /api/bots/<username>/comparisons/``: the paired
comparisons with their numbers; ``POST`` one (``ladder``, ``a``, ``b``, ``games``).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from gauntlet.api.serializers import StrictSerializer
from players.models import Player
from ratings import comparison, comparisons, versions
from ratings.models import BotVersion, Ladder, VersionComparison
from ratings.version_models import VERSION_NAME_MAX, VERSION_NOTES_MAX


class VersionPublishSerializer(StrictSerializer):
    name = serializers.CharField(max_length=VERSION_NAME_MAX, help_text="e.g. v2")
    notes = serializers.CharField(
        max_length=VERSION_NOTES_MAX, required=False, allow_blank=True, default=""
    )
    spec = serializers.CharField(
        max_length=80,
        required=False,
        allow_blank=True,
        default="",
        help_text="A bot spec a worker plays (search:400); blank: you play it with a token.",
    )
    game = serializers.CharField(
        max_length=40, required=False, allow_blank=True, default="", help_text="Default: the bot's."
    )


class ComparisonSerializer(StrictSerializer):
    ladder = serializers.SlugField(help_text="A 1v1 ladder of the versions' game.")
    a = serializers.CharField(max_length=VERSION_NAME_MAX, help_text="The older version's name.")
    b = serializers.CharField(max_length=VERSION_NAME_MAX, help_text="The version to test.")
    games = serializers.IntegerField(default=comparison.DEFAULT_GAMES, help_text="Even.")


def _bot(username: str) -> Player:
    bot = Player.objects.filter(username=username, is_active=True, is_bot=True).first()
    if bot is None:
        raise exceptions.NotFound(f"No bot account {username!r}.")
    return bot


def _refused(exc: versions.VersionRefused) -> Exception:
    if exc.status == 403:
        return exceptions.PermissionDenied(exc.message)
    if exc.status == 404:
        return exceptions.NotFound(exc.message)
    return exceptions.ValidationError({exc.field: [exc.message]})


def version_data(v: BotVersion) -> dict[str, Any]:
    """A version as the API shows it (``ladder_ratings`` set: :func:`versions.with_ratings`)."""
    return {
        "name": v.name,
        "notes": v.notes,
        "game": v.game,
        "spec": v.spec,
        "player": v.player.username,
        "display_name": v.player.public_name,
        "created": v.created,
        "ratings": [
            {
                "ladder": r.ladder.slug,
                "conservative": r.conservative,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
            }
            for r in getattr(v, "ladder_ratings", [])
        ],
    }


def comparison_data(s: dict[str, Any]) -> dict[str, Any]:
    """A comparison's numbers (a :func:`comparisons.summaries` row) as the API shows them."""
    found, tally, verdict, diff = s["comparison"], s["tally"], s["verdict"], s["difference"]
    return {
        "id": found.pk,
        "ladder": found.ladder.slug,
        "a": found.a.name,
        "b": found.b.name,
        "games": found.games,
        "scheduled": s["scheduled"],
        "finished": s["finished"],
        "b_wins": tally.wins,
        "draws": tally.draws,
        "b_losses": tally.losses,
        "b_rate": verdict.rate,
        "b_rate_low": verdict.low,
        "b_rate_high": verdict.high,
        "verdict": verdict.call,
        "sentence": verdict.sentence,
        "rating_difference": None
        if diff is None
        else {"mean": diff.mean, "sd": diff.sd, "p_b_above": diff.p_b_above},
    }


class BotVersionsView(APIView):
    """A bot's versions: ``GET`` them with their ratings; ``POST`` a new one (``name``,
    ``notes``, ``spec``, ``game``) with the bot's own token, its owner's or staff's. A duplicate
    or empty name, a game the bot does not play, an unknown spec: 400 naming the field."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: None})
    def get(self, request: Request, username: str) -> Response:
        bot = _bot(username)
        rows = versions.with_ratings(versions.versions_of(bot))
        return Response({"bot": bot.username, "versions": [version_data(v) for v in rows]})

    @extend_schema(request=VersionPublishSerializer, responses={201: None})
    def post(self, request: Request, username: str) -> Response:
        bot = _bot(username)
        if not versions.may_publish(request.user, bot):
            raise exceptions.PermissionDenied(
                f"Only {bot.public_name} itself, its owner or staff may publish its versions."
            )
        serializer = VersionPublishSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            v = versions.publish(bot, request.user, **data)
        except versions.VersionRefused as exc:
            raise _refused(exc) from None
        return Response(version_data(v), status=status.HTTP_201_CREATED)


class BotComparisonsView(APIView):
    """A bot's paired comparisons: ``GET`` them with their numbers; ``POST`` one (``ladder``,
    versions ``a`` and ``b`` by name, an even number of ``games``), scheduled at once."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: None})
    def get(self, request: Request, username: str) -> Response:
        bot = _bot(username)
        found = VersionComparison.objects.filter(a__bot=bot).select_related(
            "ladder", "a__player", "b__player"
        )
        rows = comparisons.summaries(list(found))
        return Response({"bot": bot.username, "comparisons": [comparison_data(s) for s in rows]})

    @extend_schema(request=ComparisonSerializer, responses={201: None})
    def post(self, request: Request, username: str) -> Response:
        bot = _bot(username)
        if not versions.may_publish(request.user, bot):
            raise exceptions.PermissionDenied(
                f"Only {bot.public_name} itself, its owner or staff may compare its versions."
            )
        serializer = ComparisonSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        ladder = Ladder.objects.filter(slug=data["ladder"]).first()
        if ladder is None:
            raise exceptions.ValidationError({"ladder": [f"No ladder {data['ladder']!r}."]})
        named = {v.name: v for v in versions.versions_of(bot)}
        for field in ("a", "b"):
            if data[field] not in named:
                raise exceptions.ValidationError(
                    {field: [f"{bot.public_name} has no version {data[field]!r}."]}
                )
        try:
            found = comparisons.start(
                ladder, named[data["a"]], named[data["b"]], request.user, data["games"]
            )
        except versions.VersionRefused as exc:
            raise _refused(exc) from None
        return Response(comparison_data(comparisons.summary(found)), status=status.HTTP_201_CREATED)
