"""What the players API reads and writes."""

from __future__ import annotations

from django.contrib.auth import authenticate, password_validation
from django_countries.serializer_fields import CountryField
from rest_framework import serializers

from gauntlet.api.serializers import StrictModelSerializer, StrictSerializer
from players.models import ApiToken, Notification, OrganiserRequest, Player, Venue
from players.organisers import ANSWER_MAX_LENGTH, REASON_MAX_LENGTH
from players.passwords import PASSWORD_MAX_LENGTH


class PlayerSerializer(StrictModelSerializer):
    """A player's public profile."""

    country = CountryField(required=False, allow_blank=True)

    class Meta:
        model = Player
        fields = ["username", "display_name", "country", "role", "is_bot", "date_joined"]
        read_only_fields = ["username", "role", "is_bot", "date_joined"]


class ProfileSerializer(PlayerSerializer):
    """The signed-in player's own profile (adds the e-mail address)."""

    class Meta(PlayerSerializer.Meta):
        fields = [*PlayerSerializer.Meta.fields, "email"]


class SignUpSerializer(StrictModelSerializer):
    password = serializers.CharField(write_only=True, style={"input_type": "password"})
    country = CountryField(required=False, allow_blank=True)

    class Meta:
        model = Player
        fields = ["username", "password", "email", "display_name", "country"]
        extra_kwargs = {"email": {"required": False}}

    def validate_username(self, value: str) -> str:
        """The name as it will be stored (NFKC, as Django normalises it), refused when taken in
        any case: a full-width "ａlice" is "alice" once stored."""
        value = Player.normalize_username(value)
        if Player.objects.filter(username__iexact=value).exists():
            raise serializers.ValidationError(f"The user name {value!r} is taken.")
        return value

    def validate(self, attrs: dict) -> dict:
        candidate = Player(**{k: v for k, v in attrs.items() if k != "password"})
        try:
            password_validation.validate_password(attrs["password"], user=candidate)
        except Exception as exc:  # django.core.exceptions.ValidationError
            raise serializers.ValidationError({"password": list(exc.messages)}) from None
        return attrs

    def create(self, validated_data: dict) -> Player:
        return Player.objects.create_user(**validated_data)


class CredentialsSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(
        write_only=True, max_length=PASSWORD_MAX_LENGTH, style={"input_type": "password"}
    )

    def validate(self, attrs: dict) -> dict:
        user = authenticate(
            self.context.get("request"), username=attrs["username"], password=attrs["password"]
        )
        if user is None:
            raise serializers.ValidationError(
                {"non_field_errors": ["Unknown user name or wrong password."]}
            )
        attrs["user"] = user
        return attrs


class PasswordChangeSerializer(StrictSerializer):
    old_password = serializers.CharField(write_only=True)
    new_password = serializers.CharField(write_only=True)

    def validate_old_password(self, value: str) -> str:
        if not self.context["request"].user.check_password(value):
            raise serializers.ValidationError("Wrong password.")
        return value

    def validate_new_password(self, value: str) -> str:
        try:
            password_validation.validate_password(value, user=self.context["request"].user)
        except Exception as exc:
            raise serializers.ValidationError(list(exc.messages)) from None
        return value


class TokenSerializer(StrictModelSerializer):
    """A token as listed: its name, its first characters, dates. The key itself is never shown."""

    class Meta:
        model = ApiToken
        fields = ["token_key", "name", "created", "expiry", "last_used"]
        read_only_fields = ["token_key", "created", "expiry", "last_used"]


class TokenCreateSerializer(StrictSerializer):
    """Create a token. Signed in: just a name. From a script: a name plus username/password."""

    name = serializers.CharField(max_length=60, required=False, default="default")
    username = serializers.CharField(required=False)
    password = serializers.CharField(
        required=False, write_only=True, max_length=PASSWORD_MAX_LENGTH
    )


class NotificationSerializer(serializers.ModelSerializer):
    """One of the player's notifications: what happened in words, and where to act."""

    class Meta:
        model = Notification
        fields = ["id", "kind", "text", "url", "created", "read_at"]
        read_only_fields = fields


class NotificationsReadSerializer(StrictSerializer):
    """Which notifications to mark read: ``ids``, or all of them when left out."""

    ids = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False)


class OrganiserRequestSerializer(serializers.ModelSerializer):
    """A request to become an organiser: who asked and why, and staff's decision."""

    username = serializers.CharField(source="player.username", read_only=True)
    name = serializers.CharField(source="player.public_name", read_only=True)
    venue = serializers.ChoiceField(
        choices=Venue.choices, allow_blank=True, read_only=True, help_text="Where they run events."
    )
    decided_by = serializers.SerializerMethodField(
        help_text="The member of staff's user name (null: undecided, or the command line)."
    )

    class Meta:
        model = OrganiserRequest
        fields = [
            "id",
            "username",
            "name",
            "reason",
            "venue",
            "state",
            "answer",
            "decided_by",
            "decided_at",
            "created",
        ]
        read_only_fields = fields

    def get_decided_by(self, obj: OrganiserRequest) -> str | None:
        return obj.decided_by.username if obj.decided_by_id else None


class OrganiserRequestCreateSerializer(StrictSerializer):
    """Ask to become an organiser: why (required) and where you run events (optional)."""

    reason = serializers.CharField(max_length=REASON_MAX_LENGTH)
    venue = serializers.ChoiceField(choices=Venue.choices, required=False, allow_blank=True)


class OrganiserAnswerSerializer(StrictSerializer):
    """Staff's answer to a request (required when refusing it)."""

    answer = serializers.CharField(
        max_length=ANSWER_MAX_LENGTH, required=False, allow_blank=True, default=""
    )
