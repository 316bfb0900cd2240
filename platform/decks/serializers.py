"""What the decks API reads and writes."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from decks.models import Card, CatalogueVersion, Deck, DeckRecheck, DeckVersion
from engines.decks import format_slugs
from gauntlet.api.serializers import StrictSerializer

MAX_TEXT = 20_000


def _plain_name(value: str) -> str:
    value = " ".join(value.split())
    if not value:
        raise serializers.ValidationError("A name cannot be blank.")
    if any(ch in value for ch in "<>") or any(ord(ch) < 32 for ch in value):
        raise serializers.ValidationError("A name is plain text: no <, > or control characters.")
    return value


class DeckInputSerializer(StrictSerializer):
    """A deck list as ``text`` (one card per line) or as ``data`` (JSON), not both."""

    text = serializers.CharField(
        required=False, max_length=MAX_TEXT, trim_whitespace=False, allow_blank=True
    )
    data = serializers.JSONField(required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("text" in attrs) == ("data" in attrs) and not self.partial:
            raise serializers.ValidationError(
                {"non_field_errors": ["Give the deck either as 'text' or as 'data'."]}
            )
        if "text" in attrs and "data" in attrs:
            raise serializers.ValidationError(
                {"non_field_errors": ["Give the deck either as 'text' or as 'data', not both."]}
            )
        return attrs


class ValidateSerializer(DeckInputSerializer):
    game = serializers.ChoiceField(choices=format_slugs())
    on = serializers.DateField(
        required=False, help_text="Check against the catalogue in force on this date."
    )


class DeckCreateSerializer(DeckInputSerializer):
    game = serializers.ChoiceField(choices=format_slugs())
    name = serializers.CharField(max_length=80)

    def validate_name(self, value: str) -> str:
        return _plain_name(value)


class DeckEditSerializer(DeckInputSerializer):
    name = serializers.CharField(max_length=80, required=False)

    def validate_name(self, value: str) -> str:
        return _plain_name(value)


class StarterCopySerializer(StrictSerializer):
    game = serializers.ChoiceField(choices=format_slugs())
    key = serializers.CharField(max_length=80)
    name = serializers.CharField(max_length=80, required=False)

    def validate_name(self, value: str) -> str:
        return _plain_name(value)


class ViolationSerializer(serializers.Serializer):
    rule = serializers.CharField()
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    count = serializers.IntegerField(allow_null=True)
    line = serializers.IntegerField(allow_null=True)


class ReportSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    total_value = serializers.IntegerField(allow_null=True)
    cards = serializers.IntegerField()
    faction = serializers.CharField(allow_null=True)
    catalogue = serializers.CharField()
    violations = ViolationSerializer(many=True)
    data = serializers.JSONField(required=False)


class DeckVersionSerializer(serializers.ModelSerializer):
    catalogue = serializers.SerializerMethodField()
    deck = serializers.IntegerField(source="deck_id", read_only=True)
    violations = ViolationSerializer(many=True, read_only=True)
    frozen = serializers.BooleanField(read_only=True)

    class Meta:
        model = DeckVersion
        fields = [
            "id",
            "deck",
            "number",
            "created",
            "data",
            "text",
            "legal",
            "total_value",
            "violations",
            "catalogue",
            "checked_at",
            "used_at",
            "locked_reason",
            "frozen",
            "published",
        ]
        read_only_fields = fields

    def get_catalogue(self, obj: DeckVersion) -> str | None:
        return obj.catalogue.label if obj.catalogue_id else None


class DeckRecheckSerializer(serializers.ModelSerializer):
    deck = serializers.IntegerField(source="version.deck_id", read_only=True)
    deck_name = serializers.CharField(source="version.deck.name", read_only=True)
    version = serializers.IntegerField(source="version.number", read_only=True)
    catalogue = serializers.CharField(source="catalogue.label", read_only=True)
    game = serializers.CharField(source="catalogue.game", read_only=True)
    violations = ViolationSerializer(many=True, read_only=True)

    class Meta:
        model = DeckRecheck
        fields = [
            "id",
            "deck",
            "deck_name",
            "version",
            "game",
            "catalogue",
            "was_legal",
            "legal",
            "total_value",
            "violations",
            "created",
        ]
        read_only_fields = fields


class DeckSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username", read_only=True)
    current = serializers.SerializerMethodField()
    rechecks = serializers.SerializerMethodField()

    class Meta:
        model = Deck
        fields = [
            "id",
            "game",
            "name",
            "owner",
            "archived",
            "created",
            "updated",
            "current",
            "rechecks",
        ]
        read_only_fields = fields

    def get_current(self, obj: Deck) -> dict[str, Any] | None:
        version = next((v for v in obj.versions.all() if v.is_current), None)
        return DeckVersionSerializer(version).data if version else None

    def get_rechecks(self, obj: Deck) -> list[dict[str, Any]]:
        """What the latest catalogue changes did to this deck (newest first, at most 5)."""
        found = DeckRecheck.objects.filter(version__deck=obj).select_related(
            "catalogue", "version__deck"
        )[:5]
        return DeckRecheckSerializer(found, many=True).data


class CatalogueVersionSerializer(serializers.ModelSerializer):
    label = serializers.CharField(read_only=True)
    cards = serializers.SerializerMethodField()

    class Meta:
        model = CatalogueVersion
        fields = [
            "id",
            "game",
            "number",
            "label",
            "source",
            "effective_from",
            "loaded_at",
            "notes",
            "cards",
        ]
        read_only_fields = fields

    def get_cards(self, obj: CatalogueVersion) -> int:
        return len(obj.rows)


class CardSerializer(serializers.ModelSerializer):
    id = serializers.IntegerField(source="card_id", read_only=True)
    catalogue = serializers.CharField(source="catalogue.label", read_only=True)

    class Meta:
        model = Card
        fields = [
            "id",
            "catalogue",
            "name",
            "faction",
            "kind",
            "card_type",
            "value",
            "deck_building_value",
            "budget_value",
            "attack",
            "defense",
            "attributes",
            "family",
            "individual_limit",
            "legendary",
            "banned",
            "max_copies",
            "alt_ids",
        ]
        read_only_fields = fields
