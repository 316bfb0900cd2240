"""Serializer helpers shared by every app."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class StrictSerializer(serializers.Serializer):
    """Rejects fields it does not know and bodies that are not JSON objects.

    DRF silently drops unknown fields; a typo in a bot's request should be an error instead.
    """

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, dict):
            raise serializers.ValidationError(
                {"non_field_errors": [f"Expected a JSON object, got {type(data).__name__}."]}
            )
        writable = {name for name, field in self.fields.items() if not field.read_only}
        unknown = sorted(set(data) - writable)
        if unknown:
            raise serializers.ValidationError({name: ["Unknown field."] for name in unknown})
        return super().to_internal_value(data)


class StrictModelSerializer(StrictSerializer, serializers.ModelSerializer):
    """A model serializer that rejects unknown fields."""
