"""The decks API: decks and their versions, validation, starter decks, catalogues, re-checks.

Decks are private: a player lists and reads only their own (admins read any). A single version
is readable by its owner, admins, organisers once it is locked for an event, and everyone once
published (``/api/deck-versions/<id>/``); anyone else gets 404, as if it did not exist.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import generics, mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from decks import services
from decks.models import Card, CatalogueVersion, Deck, DeckRecheck, DeckVersion
from decks.serializers import (
    CardSerializer,
    CatalogueVersionSerializer,
    DeckCreateSerializer,
    DeckEditSerializer,
    DeckRecheckSerializer,
    DeckSerializer,
    DeckVersionSerializer,
    ReportSerializer,
    StarterCopySerializer,
    ValidateSerializer,
)
from engines.decks import format_slugs, get_deck_format
from gauntlet.query import whole_number

NINE_DIGITS = 999_999_999
"""The largest version or catalogue number a parameter may name."""


def _input_error(exc: Exception, attrs: dict[str, Any]) -> ValidationError:
    field = "text" if "text" in attrs else "data"
    return ValidationError({field: [str(exc)]})


def _content(attrs: dict[str, Any]) -> dict[str, Any]:
    return {k: attrs[k] for k in ("text", "data") if k in attrs}


def _game_param(request: Request) -> str:
    game = request.query_params.get("game", "")
    if game not in format_slugs():
        raise ValidationError({"game": [f"Choose one of {', '.join(format_slugs())}."]})
    return game


class DeckViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """Your decks. ``POST`` creates one (``text`` or ``data``; a draft with violations is
    saved and shows them); ``PATCH`` renames it or gives new content (a new version);
    ``DELETE`` deletes it, or archives it once a version was used or locked."""

    serializer_class = DeckSerializer
    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_permissions(self):
        if self.action in ("validate", "starters"):
            return [permissions.AllowAny()]
        return super().get_permissions()

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Deck.objects.none()
        qs = Deck.objects.select_related("owner").prefetch_related(
            Prefetch(
                "versions",
                queryset=DeckVersion.objects.filter(is_current=True)
                .select_related("catalogue")
                .defer("catalogue__rows"),
            )
        )
        user = self.request.user
        if self.action == "list" or not user.is_admin:
            qs = qs.filter(owner=user)
        if self.action == "list":
            if self.request.query_params.get("archived") not in ("1", "true"):
                qs = qs.filter(archived=False)
            if "game" in self.request.query_params:
                qs = qs.filter(game=self.request.query_params["game"])
        return qs.order_by("game", "name", "pk")

    def _own(self) -> Deck:
        deck = self.get_object()
        if deck.owner_id != self.request.user.pk:
            raise NotFound("No such deck.")
        return deck

    @extend_schema(request=DeckCreateSerializer, responses={201: DeckSerializer})
    def create(self, request: Request) -> Response:
        serializer = DeckCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        attrs = serializer.validated_data
        try:
            deck = services.create_deck(
                request.user, attrs["game"], attrs["name"], **_content(attrs)
            )
        except services.DeckInputError as exc:
            raise _input_error(exc, attrs) from None
        return Response(
            DeckSerializer(self.get_queryset().get(pk=deck.pk)).data, status=status.HTTP_201_CREATED
        )

    @extend_schema(request=DeckEditSerializer, responses=DeckSerializer)
    def partial_update(self, request: Request, pk: str | None = None) -> Response:
        deck = self._own()
        serializer = DeckEditSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        attrs = serializer.validated_data
        try:
            services.edit_deck(deck, name=attrs.get("name"), **_content(attrs))
        except services.DeckInputError as exc:
            raise _input_error(exc, attrs) from None
        return Response(DeckSerializer(self.get_queryset().get(pk=deck.pk)).data)

    def destroy(self, request: Request, pk: str | None = None) -> Response:
        services.delete_deck(self._own())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(responses=DeckVersionSerializer(many=True))
    @action(detail=True)
    def versions(self, request: Request, pk: str | None = None) -> Response:
        """Every version of the deck, newest first."""
        deck = self.get_object()
        page = self.paginate_queryset(
            DeckVersion.objects.filter(deck=deck)
            .select_related("catalogue")
            .defer("catalogue__rows")
            .order_by("-number")
        )
        return self.get_paginated_response(DeckVersionSerializer(page, many=True).data)

    @extend_schema(
        parameters=[OpenApiParameter("version", int, description="default: the current one")],
        responses=inline_serializer(
            "DeckExport", {"version": serializers.IntegerField(), "text": serializers.CharField()}
        ),
    )
    @action(detail=True)
    def export(self, request: Request, pk: str | None = None) -> Response:
        """The deck as a text list (the form ``POST``/``PATCH`` accept as ``text``)."""
        deck = self.get_object()
        number = request.query_params.get("version")
        versions = DeckVersion.objects.filter(deck=deck).select_related("catalogue", "deck")
        if number is None:
            version = versions.filter(is_current=True).first()
        elif whole_number(number, NINE_DIGITS) is None:
            raise ValidationError({"version": ["A version number."]})
        else:
            version = versions.filter(number=int(number)).first()
        if version is None:
            raise NotFound("No such version.")
        return Response({"version": version.number, "text": services.export_text(version)})

    @extend_schema(request=ValidateSerializer, responses=ReportSerializer)
    @action(detail=False, methods=["post"])
    def validate(self, request: Request) -> Response:
        """Check a deck list without saving it (against the catalogue in force, or on ``on``)."""
        serializer = ValidateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        attrs = serializer.validated_data
        try:
            report, parsed, _ = services.validate_deck(
                attrs["game"], on=attrs.get("on"), **_content(attrs)
            )
        except services.DeckInputError as exc:
            raise _input_error(exc, attrs) from None
        return Response({**report.to_json(), "data": parsed.data})

    @extend_schema(
        parameters=[OpenApiParameter("game", str, required=True)],
        responses=inline_serializer(
            "StarterDeck",
            {
                "key": serializers.CharField(),
                "name": serializers.CharField(),
                "faction": serializers.CharField(),
                "data": serializers.JSONField(),
                "note": serializers.CharField(),
            },
            many=True,
        ),
    )
    @action(detail=False)
    def starters(self, request: Request) -> Response:
        """The game's starter decks, which every player may copy."""
        game = _game_param(request)
        return Response([s.to_json() for s in get_deck_format(game).starter_decks()])

    @extend_schema(request=StarterCopySerializer, responses={201: DeckSerializer})
    @action(detail=False, methods=["post"], url_path="starters/copy")
    def copy_starter(self, request: Request) -> Response:
        """Copy a starter deck into a new deck of your own."""
        serializer = StarterCopySerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        attrs = serializer.validated_data
        try:
            deck = services.copy_starter(
                request.user, attrs["game"], attrs["key"], attrs.get("name")
            )
        except KeyError:
            raise ValidationError({"key": ["No starter deck of that game has this key."]}) from None
        return Response(
            DeckSerializer(self.get_queryset().get(pk=deck.pk)).data, status=status.HTTP_201_CREATED
        )


class DeckVersionView(generics.RetrieveAPIView):
    """One deck version: its owner, admins, organisers (locked for an event) or anyone once
    published may read it."""

    serializer_class = DeckVersionSerializer
    permission_classes = [permissions.AllowAny]
    queryset = DeckVersion.objects.select_related("deck", "catalogue")

    def get_object(self) -> DeckVersion:
        version = super().get_object()
        if not services.can_view_version(self.request.user, version):
            raise NotFound("No such deck version.")
        return version


class DeckRecheckList(generics.ListAPIView):
    """What new catalogue versions did to your decks, and why (newest first)."""

    serializer_class = DeckRecheckSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return DeckRecheck.objects.none()
        return DeckRecheck.objects.filter(owner=self.request.user).select_related(
            "catalogue", "version__deck"
        )


class CatalogueViewSet(viewsets.ReadOnlyModelViewSet):
    """Catalogue versions (``?game=``), newest first."""

    serializer_class = CatalogueVersionSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self):
        qs = CatalogueVersion.objects.defer("rows").order_by("game", "-number")
        game = self.request.query_params.get("game")
        if game:
            qs = qs.filter(game=game)
        return qs

    def list(self, request: Request, *args, **kwargs) -> Response:
        for slug in format_slugs():
            services.ensure_catalogue(slug)
        return super().list(request, *args, **kwargs)


class CardList(generics.ListAPIView):
    """Browse a catalogue's cards: ``?game=`` (required), ``catalogue=<number>`` (default: in
    force today), ``faction``, ``kind`` (creature/land/spell), ``legendary``, ``attribute``,
    ``q`` (name contains), ``min_value`` / ``max_value`` (deck-building value)."""

    serializer_class = CardSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Card.objects.none()
        params = self.request.query_params
        game = _game_param(self.request)
        number = params.get("catalogue")
        if number:
            if whole_number(number, NINE_DIGITS) is None:
                raise ValidationError({"catalogue": ["A catalogue version number."]})
            services.ensure_catalogue(game)
            catalogue = CatalogueVersion.objects.filter(game=game, number=int(number)).first()
            if catalogue is None:
                raise NotFound("No such catalogue version.")
        else:
            catalogue = services.catalogue_in_force(game)
        if catalogue is None:
            return Card.objects.none()
        qs = Card.objects.filter(catalogue=catalogue).select_related("catalogue")
        if params.get("faction"):
            qs = qs.filter(faction__iexact=params["faction"][:40])
        if params.get("kind"):
            qs = qs.filter(kind=params["kind"].lower()[:20])
        if params.get("legendary") in ("1", "true", "0", "false"):
            qs = qs.filter(legendary=params["legendary"] in ("1", "true"))
        if params.get("q"):
            qs = qs.filter(name__icontains=params["q"][:80])
        cards = list(qs)
        if params.get("attribute"):
            wanted = params["attribute"].lower()[:40]
            cards = [c for c in cards if any(a.lower().startswith(wanted) for a in c.attributes)]
        for key, keep in (
            ("min_value", lambda c, n: c.budget_value >= n),
            ("max_value", lambda c, n: c.budget_value <= n),
        ):
            if params.get(key) is not None:
                text = params[key]
                if whole_number(text, 9999) is None:
                    raise ValidationError({key: ["A whole number."]})
                cards = [c for c in cards if keep(c, int(text))]
        return cards
