"""API documents of tournaments. Every write goes through a strict serializer (unknown fields
are refused)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from gauntlet.api.serializers import StrictModelSerializer, StrictSerializer
from ratings.models import Ladder
from tournaments.models import DESCRIPTION_MAX_LENGTH, Entry, LogEntry, Tournament

SETTINGS_FIELDS = [
    "name",
    "game",
    "format",
    "description",
    "capacity",
    "waitlist",
    "registration_deadline",
    "deck_deadline",
    "check_in_required",
    "late_entry_until_round",
    "rounds",
    "top_cut",
    "decklists",
    "third_place",
    "double_round_robin",
    "seeded_first_round",
    "team_size",
    "points_win",
    "points_draw",
    "points_loss",
    "pod_sizes",
    "placing_points",
    "options",
    "ladder",
    "auto_advance",
    "paper_bot_tables",
    "online_start",
    "match_timeout_minutes",
    "starts_at",
    "time_zone",
    "check_in_minutes",
    "late_entry_score",
    "round_minutes",
    "time_called",
]


class TournamentSerializer(serializers.ModelSerializer):
    organiser = serializers.CharField(source="organiser.username", read_only=True)
    ladder = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    winner = serializers.SerializerMethodField()
    entrants = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = [
            "id",
            *SETTINGS_FIELDS,
            "organiser",
            "state",
            "current_round",
            "stage",
            "main_rounds",
            "winner",
            "entrants",
            "created",
            "started_at",
            "finished_at",
        ]
        read_only_fields = fields

    def get_winner(self, t: Tournament) -> str | None:
        return t.winner.player.username if t.winner_id else None

    def get_entrants(self, t: Tournament) -> int:
        return t.entries.filter(state__in=["active", "dropped", "disqualified"]).count()


class TournamentWriteSerializer(StrictModelSerializer):
    ladder = serializers.SlugRelatedField(
        slug_field="slug", queryset=Ladder.objects.all(), required=False, allow_null=True
    )

    class Meta:
        model = Tournament
        fields = SETTINGS_FIELDS
        extra_kwargs = {"description": {"max_length": DESCRIPTION_MAX_LENGTH}}


class TournamentEntrySerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username", read_only=True)
    partner = serializers.CharField(source="partner.username", read_only=True, default=None)
    is_bot = serializers.BooleanField(source="player.is_bot", read_only=True)

    class Meta:
        model = Entry
        fields = [
            "id",
            "player",
            "is_bot",
            "state",
            "team",
            "team_name",
            "partner",
            "partner_deck_version",
            "checked_in",
            "joined_round",
            "dropped_after",
            "reason",
            "deck_version",
            "created",
        ]
        read_only_fields = fields


class TournamentRegisterSerializer(StrictSerializer):
    player = serializers.CharField(
        required=False, help_text="Username of a bot account you own (default: yourself)."
    )
    deck = serializers.JSONField(required=False, allow_null=True)
    deck_version = serializers.IntegerField(required=False, min_value=1)
    team = serializers.CharField(required=False, allow_blank=True, max_length=60)


class TournamentTeamSerializer(StrictSerializer):
    """Register a team: the captain (you, or a bot you own) and the partner who will confirm."""

    player = serializers.CharField(
        required=False, help_text="Username of the captain (default: yourself)."
    )
    partner = serializers.CharField(help_text="Username of the teammate.")
    deck = serializers.JSONField(required=False, allow_null=True)
    deck_version = serializers.IntegerField(required=False, min_value=1)
    partner_deck = serializers.JSONField(
        required=False, help_text="Organisers: the partner's deck (enters the team at once)."
    )
    partner_deck_version = serializers.IntegerField(required=False, min_value=1)
    team_name = serializers.CharField(required=False, allow_blank=True, max_length=60)
    team = serializers.CharField(
        required=False, allow_blank=True, max_length=60, help_text="Club: not paired together."
    )


class TournamentPartnerSerializer(StrictSerializer):
    """The partner confirms with their own deck."""

    deck = serializers.JSONField(required=False, allow_null=True)
    deck_version = serializers.IntegerField(required=False, min_value=1)


class TournamentDeckSerializer(StrictSerializer):
    """A new deck for an entry: deck data, or a deck version (yours; the organiser's own for a
    guest's entry)."""

    deck = serializers.JSONField(required=False, allow_null=True)
    deck_version = serializers.IntegerField(required=False, min_value=1)


class TournamentResultSerializer(StrictSerializer):
    wins = serializers.ListField(child=serializers.IntegerField(), required=False)
    draws = serializers.IntegerField(required=False)
    placings = serializers.ListField(child=serializers.IntegerField(), required=False)


class TournamentReportSerializer(TournamentResultSerializer):
    entry = serializers.IntegerField(
        required=False, help_text="The entry you report for (a bot you own); default: yours."
    )


class TournamentCorrectSerializer(TournamentResultSerializer):
    reason = serializers.CharField()


class TournamentTimeoutSerializer(StrictSerializer):
    action = serializers.ChoiceField(choices=["award", "void"])
    winner = serializers.IntegerField(required=False, help_text="Entry id awarded the table.")
    reason = serializers.CharField()


class TournamentNoShowSerializer(StrictSerializer):
    entry = serializers.IntegerField()
    reason = serializers.CharField()


class TournamentReasonSerializer(StrictSerializer):
    reason = serializers.CharField()


class TournamentOptionalReasonSerializer(StrictSerializer):
    reason = serializers.CharField(required=False, allow_blank=True)


class TournamentPairSerializer(StrictSerializer):
    round = serializers.IntegerField(min_value=1, help_text="The round to pair (the next one).")


class TournamentLogEntrySerializer(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", read_only=True, default=None)
    text = serializers.SerializerMethodField(
        help_text="The entry in words, as the event page shows it (who did what, to which "
        "table of which round, before and after)."
    )

    class Meta:
        model = LogEntry
        fields = ["id", "actor", "action", "text", "reason", "detail", "created"]
        read_only_fields = fields

    def get_text(self, entry: LogEntry) -> str:
        return self.context.get("texts", {}).get(entry.pk, "")


class TournamentPlacingSerializer(serializers.Serializer):
    """One entrant's placing (``tournaments.outcome.placing_rows``)."""

    entry = serializers.IntegerField()
    player = serializers.CharField(help_text="Username (a team's captain).")
    name = serializers.CharField(help_text="The name the pages show (a team: its name).")
    place = serializers.IntegerField(help_text="1-based; the best place of a shared group.")
    last = serializers.IntegerField(help_text="The last place shared (equal to place if alone).")
    label = serializers.CharField(help_text='As the pages show it: "1st", "3rd–4th".')
    how = serializers.CharField(help_text="How the place was decided, in words.")


class TournamentDeckCardSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Copies of the card in the list.")
    card = serializers.CharField(help_text="The card's name, as the game prints it.")


class TournamentDecklistSerializer(serializers.Serializer):
    """One public decklist: whose it is and its cards by name with their counts."""

    entry = serializers.IntegerField()
    username = serializers.CharField(source="player.username")
    player = serializers.CharField(source="player.public_name", help_text="The player's name.")
    cards = serializers.SerializerMethodField()
    notes = serializers.ListField(
        child=serializers.CharField(), help_text='Other lines of the list ("Faction: ...").'
    )

    @extend_schema_field(TournamentDeckCardSerializer(many=True))
    def get_cards(self, d) -> list[dict]:
        return [{"count": n, "card": name} for n, name in d.cards]
