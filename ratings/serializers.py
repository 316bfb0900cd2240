"""What the ladders API reads and writes (every write through a strict serializer)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from engines.registry import UnknownGame, get_game
from gauntlet.api.serializers import StrictModelSerializer, StrictSerializer
from ratings.models import Ladder, QueueEntry, Rating, RatingChange


class LadderSerializer(StrictModelSerializer):
    game_name = serializers.SerializerMethodField()
    players = serializers.IntegerField(read_only=True, source="player_count")
    queued = serializers.IntegerField(read_only=True, source="queue_count")

    class Meta:
        model = Ladder
        fields = [
            "slug",
            "name",
            "game",
            "game_name",
            "seats",
            "team_size",
            "mu",
            "sigma",
            "beta",
            "tau",
            "draw_probability",
            "options",
            "active",
            "bot_arena",
            "clock_initial",
            "clock_increment",
            "players",
            "queued",
            "created",
        ]
        read_only_fields = fields

    def get_game_name(self, ladder: Ladder) -> str:
        try:
            return get_game(ladder.game).name
        except UnknownGame:
            return ladder.game


class LeaderboardEntrySerializer(serializers.ModelSerializer):
    position = serializers.SerializerMethodField()
    username = serializers.CharField(source="player.username")
    display_name = serializers.CharField(source="player.public_name")
    is_bot = serializers.BooleanField(source="player.is_bot")
    above_next = serializers.SerializerMethodField(
        help_text="P(this player's skill > the next player's), from the posteriors; null last."
    )
    rank_low = serializers.SerializerMethodField(help_text="The 90% rank interval's best rank.")
    rank_high = serializers.SerializerMethodField(help_text="The 90% rank interval's worst rank.")

    class Meta:
        model = Rating
        fields = [
            "position",
            "username",
            "display_name",
            "is_bot",
            "conservative",
            "above_next",
            "rank_low",
            "rank_high",
            "mu",
            "sigma",
            "games",
            "wins",
            "last_active",
        ]
        read_only_fields = fields

    def get_position(self, rating: Rating) -> int:
        return getattr(rating, "position", 0)

    def get_above_next(self, rating: Rating) -> float | None:
        certainty = getattr(rating, "certainty", None)
        return None if certainty is None else certainty.above_next

    def get_rank_low(self, rating: Rating) -> int | None:
        certainty = getattr(rating, "certainty", None)
        return None if certainty is None else certainty.rank.low

    def get_rank_high(self, rating: Rating) -> int | None:
        certainty = getattr(rating, "certainty", None)
        return None if certainty is None else certainty.rank.high


class RatingChangeSerializer(serializers.ModelSerializer):
    match = serializers.IntegerField(source="match_id")
    played_at = serializers.DateTimeField(source="match.finished_at", allow_null=True)
    conservative_before = serializers.SerializerMethodField()
    conservative_after = serializers.SerializerMethodField()

    class Meta:
        model = RatingChange
        fields = [
            "match",
            "sequence",
            "rank",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
            "conservative_before",
            "conservative_after",
            "backend",
            "played_at",
        ]
        read_only_fields = fields

    def get_conservative_before(self, change: RatingChange) -> float:
        return change.mu_before - 3 * change.sigma_before

    def get_conservative_after(self, change: RatingChange) -> float:
        return change.mu_after - 3 * change.sigma_after


class QueueEntrySerializer(serializers.ModelSerializer):
    ladder = serializers.CharField(source="ladder.slug")
    player = serializers.CharField(source="player.username")
    waited_seconds = serializers.SerializerMethodField()
    playable_by_worker = serializers.SerializerMethodField()

    class Meta:
        model = QueueEntry
        fields = [
            "ladder",
            "player",
            "bot",
            "deck",
            "deck_version",
            "joined_at",
            "waited_seconds",
            "playable_by_worker",
        ]
        read_only_fields = fields

    def get_waited_seconds(self, entry: QueueEntry) -> float:
        return round((timezone.now() - entry.joined_at).total_seconds(), 3)

    def get_playable_by_worker(self, entry: QueueEntry) -> bool:
        from ratings.matchmaking import HUMAN_SEATS_PLAYABLE

        return bool(entry.bot) or HUMAN_SEATS_PLAYABLE


class DeckSerializer(StrictSerializer):
    """A deck as a seat brings it: the game it is for, and the engine's deck data.

    (Registered, versioned decks arrive with the decks app; this is the engine's plain format:
    a Khan slug for Khan of Khans, a list of card labels for Kingdom of Warlords.)
    """

    game = serializers.CharField(max_length=40)
    data = serializers.JSONField()


def check_deck(deck: dict[str, Any] | None, ladder: Ladder) -> Any:
    """The deck data, after checking its game and legality; raises ValidationError."""
    if deck is None:
        return None
    if deck["game"] != ladder.game:
        raise serializers.ValidationError(
            {
                "deck": [
                    f"This deck is for {deck['game']!r}; ladder {ladder.slug!r} plays "
                    f"{ladder.game!r}."
                ]
            }
        )
    try:
        engine = get_game(ladder.game)
    except UnknownGame as exc:
        raise serializers.ValidationError({"deck": [str(exc)]}) from None
    if not engine.uses_decks:
        raise serializers.ValidationError({"deck": [f"{engine.name} is played without decks."]})
    try:
        violations = engine.validate_deck(deck["data"], ladder.options or None)
    except Exception as exc:  # an engine that trips over malformed data: still the caller's input
        raise serializers.ValidationError(
            {"deck": [f"Not a {engine.name} deck: {type(exc).__name__}: {exc}"]}
        ) from None
    if violations:
        raise serializers.ValidationError({"deck": [v.message for v in violations]})
    return deck["data"]


def deck_from_version(version_id: int, player: Any, ladder: Ladder) -> tuple[Any, Any]:
    """``(data, version)`` of a registered deck version the player owns, legal under the
    catalogue in force today; raises ValidationError naming what is wrong. The caller marks the
    version used (``decks.services.mark_used``) once the entry is made."""
    from ratings.errors import ChallengeRefused
    from ratings.seat_decks import chosen_deck

    try:
        return chosen_deck(version_id, player, ladder)
    except ChallengeRefused as exc:
        raise serializers.ValidationError({exc.field: [exc.message]}) from None


class QueueJoinSerializer(StrictSerializer):
    player = serializers.CharField(
        required=False, help_text="A bot account you own (default: yourself)."
    )
    deck = DeckSerializer(required=False)
    deck_version = serializers.IntegerField(
        required=False, min_value=1, help_text="A registered, legal deck version of yours."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "deck" in attrs and "deck_version" in attrs:
            raise serializers.ValidationError(
                {"deck_version": ["Give a deck or a deck version, not both."]}
            )
        return attrs


class ChallengeSerializer(StrictSerializer):
    ladder = serializers.SlugField()
    opponent = serializers.CharField(required=False, help_text="One opponent (2-seat ladders).")
    opponents = serializers.ListField(
        child=serializers.CharField(), required=False, max_length=16, allow_empty=False
    )
    challenger = serializers.CharField(
        required=False, help_text="The challenging account: yourself or a bot you own."
    )
    deck = DeckSerializer(required=False, help_text="The challenger's deck.")
    deck_version = serializers.IntegerField(
        required=False, min_value=1, help_text="The challenger's registered, legal deck version."
    )
    rated = serializers.BooleanField(default=True)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "deck" in attrs and "deck_version" in attrs:
            raise serializers.ValidationError(
                {"deck_version": ["Give a deck or a deck version, not both."]}
            )
        if ("opponent" in attrs) == ("opponents" in attrs):
            raise serializers.ValidationError(
                {"opponents": ["Give either 'opponent' or 'opponents' (a list)."]}
            )
        if "opponent" in attrs:
            attrs["opponents"] = [attrs.pop("opponent")]
        return attrs


class MatchSummarySerializer(serializers.Serializer):
    """A scheduled match as a challenge answers it."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    ladder = serializers.CharField(source="ladder.slug", allow_null=True)
    state = serializers.CharField()
    rated = serializers.BooleanField()
    seed_commitment = serializers.CharField()
    engine_version = serializers.CharField()
    seats = serializers.SerializerMethodField()

    @extend_schema_field(
        serializers.ListField(child=serializers.DictField(child=serializers.CharField()))
    )
    def get_seats(self, match: Any) -> list[dict[str, Any]]:
        return [
            {"seat": s.seat, "player": s.player.username, "bot": s.bot, "team": s.team}
            for s in match.seats.select_related("player").order_by("seat")
        ]
