"""What the matches API shows. Seeds stay secret until a match ends (only the commitment shows)."""

from __future__ import annotations

from rest_framework import serializers

from gauntlet.api.serializers import StrictSerializer
from matches.early_exit import rating_fields
from matches.models import AttemptOutcome, AuditEntry, Match, MatchAttempt, MatchSeat


class SeatSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username")

    class Meta:
        model = MatchSeat
        fields = ["seat", "player", "bot", "team", "rank", "score"]


class MatchSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    ladder = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    seed = serializers.SerializerMethodField()
    seed_nonce = serializers.SerializerMethodField()
    unrated_reason = serializers.SerializerMethodField(
        help_text="Why the match does not count for its ladder, in words ('' when it does)."
    )

    class Meta:
        model = Match
        fields = [
            "id",
            "game",
            "ladder",
            "state",
            "rated",
            "unrated_reason",
            "origin",
            "seats",
            "engine_version",
            "seed_commitment",
            "seed",
            "seed_nonce",
            "result",
            "corrected_result",
            "forfeit",
            "created",
            "started_at",
            "finished_at",
            "verified_at",
        ]

    def get_seed(self, match: Match) -> int | None:
        return match.seed if match.seed_revealed else None

    def get_seed_nonce(self, match: Match) -> str | None:
        return match.seed_nonce if match.seed_revealed else None

    def get_unrated_reason(self, match: Match) -> str:
        return rating_fields(match)["unrated_reason"]


class AttemptSerializer(serializers.ModelSerializer):
    class Meta:
        model = MatchAttempt
        fields = ["task_id", "worker", "started_at", "heartbeat", "ended_at", "outcome", "error"]


class AuditMatchSerializer(MatchSerializer):
    """What staff see: everything, attempts and the last verification included."""

    attempts = AttemptSerializer(many=True, read_only=True)
    seed = serializers.IntegerField(read_only=True)
    seed_nonce = serializers.CharField(read_only=True)

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "attempts", "verification", "engine_seconds"]


class AuditEntrySerializer(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", default=None)

    class Meta:
        model = AuditEntry
        fields = ["id", "match", "actor", "action", "reason", "before", "after", "created"]


class MatchVoidSerializer(StrictSerializer):
    reason = serializers.CharField(min_length=5, max_length=2000)


class MatchCorrectionSerializer(StrictSerializer):
    reason = serializers.CharField(min_length=5, max_length=2000)
    ranks = serializers.ListField(child=serializers.IntegerField(min_value=0), min_length=2)


class VerifyManySerializer(StrictSerializer):
    """Which matches to replay-verify: all, or a filter."""

    all = serializers.BooleanField(default=False)
    game = serializers.CharField(required=False)
    ids = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False)

    def validate(self, attrs):
        if not attrs.get("all") and not attrs.get("game") and not attrs.get("ids"):
            raise serializers.ValidationError(
                {"non_field_errors": ["Say which matches: all=true, a game, or ids."]}
            )
        return attrs


ATTEMPT_OUTCOMES = [c for c, _ in AttemptOutcome.choices]


class PlayActionSerializer(StrictSerializer):
    """One action of a person's seat: the action string and the ply it was chosen at."""

    action = serializers.CharField(max_length=200, trim_whitespace=False)
    ply = serializers.IntegerField(min_value=0, help_text="Actions played so far (stale: 409).")
