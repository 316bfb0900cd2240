"""Tournaments, their entries, rounds, tables (pairings), result reports and the audit log.

Pairing itself is pure (:mod:`tournaments.pairing`); these rows are what the platform keeps: who
entered with which deck, every round's tables with the reason each pairing was made, each
table's result and where it came from (the engine, the players' agreeing reports, the organiser),
and an append-only log of every organiser action.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.choices import (  # noqa: F401  (the choices are the models' vocabulary)
    DESCRIPTION_MAX_LENGTH,
    Decklists,
    EntryState,
    Format,
    LateEntryScore,
    OnlineStart,
    RoundState,
    Stage,
    State,
    TableState,
    TimeCalled,
)


class Tournament(models.Model):
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=40, help_text="Engine slug, e.g. kingdom-of-warlords.")
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_tournaments"
    )
    format = models.CharField(max_length=24, choices=Format.choices, default=Format.SWISS)
    state = models.CharField(
        max_length=16, choices=State.choices, default=State.DRAFT, db_index=True
    )
    description = models.TextField(blank=True)  # at most DESCRIPTION_MAX_LENGTH, by the forms
    # Registration.
    capacity = models.PositiveIntegerField(null=True, blank=True, help_text="None: no limit.")
    waitlist = models.BooleanField(default=True, help_text="Past capacity, join a waitlist.")
    registration_deadline = models.DateTimeField(null=True, blank=True)
    deck_deadline = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Players may change their deck until then (never once the event starts).",
    )
    check_in_required = models.BooleanField(default=False)
    late_entry_until_round = models.PositiveSmallIntegerField(
        default=0, help_text="Players may still enter to be paired up to this round (0: none)."
    )
    # The night (tournaments.night): when, check-in, late entries, the round timer.
    starts_at = models.DateTimeField(null=True, blank=True, help_text="Start (stored in UTC).")
    time_zone = models.CharField(
        max_length=64, default="UTC", help_text="The event's IANA time zone, e.g. Europe/Paris."
    )
    check_in_minutes = models.PositiveSmallIntegerField(
        default=30, help_text="Check-in opens this many minutes before the start."
    )
    late_entry_score = models.CharField(
        max_length=8, choices=LateEntryScore.choices, default=LateEntryScore.LOSS
    )
    round_minutes = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Round timer in minutes (None: no timer)."
    )
    time_called = models.CharField(
        max_length=10, choices=TimeCalled.choices, default=TimeCalled.ORGANISER
    )
    # Format options.
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Swiss/pods rounds (None: by entrants at the start)."
    )
    top_cut = models.PositiveSmallIntegerField(default=0, help_text="0, 2, 4, 8 or 16.")
    third_place = models.BooleanField(default=False)
    double_round_robin = models.BooleanField(default=False)
    seeded_first_round = models.BooleanField(default=False, help_text="Round 1 by rating.")
    team_size = models.PositiveSmallIntegerField(
        default=1,
        choices=[(1, "One player per entry"), (2, "Teams of two")],
        help_text="Players per entry: 2 for teams of two (games that support it, tournaments.teams).",
    )
    points_win = models.PositiveSmallIntegerField(default=3)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    pod_sizes = models.JSONField(default=list, blank=True, help_text="FFA pod sizes, best first.")
    placing_points = models.JSONField(default=list, blank=True, help_text="FFA points by place.")
    options = models.JSONField(default=dict, blank=True, help_text="Engine options of matches.")
    ladder = models.ForeignKey(
        "ratings.Ladder",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournaments",
        help_text="Matches count for this ladder when set (the organiser's choice).",
    )
    auto_advance = models.BooleanField(
        default=True, help_text="Pair the next round by itself when a round's last result is in."
    )
    paper_bot_tables = models.BooleanField(
        default=False,
        help_text="Paper play allowed for bot tables: a person's own report of their table "
        "against a bot is final (the bot confirms nothing).",
    )
    online_start = models.CharField(
        max_length=8,
        choices=OnlineStart.choices,
        default=OnlineStart.ROUND,
        help_text="Tables played on the site (a turn clock is set): when their match starts.",
    )
    match_timeout_minutes = models.PositiveIntegerField(
        null=True, blank=True, help_text="After this, the organiser may award or void a table."
    )
    decklists = models.CharField(
        max_length=8,
        choices=Decklists.choices,
        default=Decklists.PRIVATE,
        help_text="Who may see the decklists besides the organiser.",
    )
    seed = models.BigIntegerField(default=0, help_text="Pairing seed (random draws).")
    # Progress.
    current_round = models.PositiveSmallIntegerField(default=0)
    stage = models.CharField(max_length=8, choices=Stage.choices, default=Stage.MAIN)
    bracket = models.JSONField(
        null=True, blank=True, help_text="The elimination bracket (main or top cut)."
    )
    main_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Rounds of the main stage, fixed at the start."
    )
    winner = models.ForeignKey(
        "Entry", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, {self.format})"

    @property
    def is_elimination(self) -> bool:
        return self.format in (Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION)

    @property
    def rated(self) -> bool:
        return self.ladder_id is not None


class Entry(models.Model):
    """One player's registration: the deck they entered with (a snapshot), and their status.

    ``deck`` is the deck data the engine validated at registration and the matches are played
    with; ``deck_version`` is reserved for the decks app's locked versions (an id for now).
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries"
    )
    state = models.CharField(
        max_length=16, choices=EntryState.choices, default=EntryState.ACTIVE, db_index=True
    )
    deck = models.JSONField(null=True, blank=True)
    deck_version = models.PositiveBigIntegerField(
        null=True, blank=True, help_text="decks.DeckVersion id, when entered with a locked one."
    )
    team = models.CharField(max_length=60, blank=True, help_text="Teammates are not paired.")
    # Team events (tournaments.teams): ``player`` is the captain, ``partner`` the teammate.
    team_name = models.CharField(max_length=60, blank=True)
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournament_partnerships",
    )
    partner_deck = models.JSONField(null=True, blank=True)
    partner_deck_version = models.PositiveBigIntegerField(null=True, blank=True)
    rating = models.FloatField(default=0.0, help_text="For a seeded first round.")
    guest = models.BooleanField(
        default=False, help_text="A walk-in without an account (a placeholder player)."
    )
    claim = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="An account asking to take over this guest entry (the organiser approves).",
    )
    checked_in = models.BooleanField(default=False)
    joined_round = models.PositiveSmallIntegerField(
        default=1, help_text="First round this entry can be paired in (late entry)."
    )
    dropped_after = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Last round played before dropping."
    )
    reason = models.TextField(
        blank=True, help_text="Why disqualified (or dropped by the organiser)."
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "created", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament_id} ({self.state})"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=8, choices=Stage.choices, default=Stage.MAIN)
    state = models.CharField(max_length=10, choices=RoundState.choices, default=RoundState.RUNNING)
    deadline = models.DateTimeField(null=True, blank=True, help_text="When time is called.")
    created = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"round {self.number} of {self.tournament_id}"


class Table(models.Model):
    """One pairing of a round: the entries (in seat order), why they were paired, the result.

    ``result`` is ``{"wins": [a, b], "draws": d}`` for two players, ``{"placings": [...]}`` for a
    pod (0 = first), ``{"bye": true}`` for a bye. ``source`` says where it came from.
    ``match`` is the match played on the platform (none for a table played on paper);
    ``rated_match`` the paper match of a rated event's table played on paper
    (:mod:`tournaments.rated`), never the platform match.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()
    entries = models.JSONField(help_text="Entry ids in seat order.")
    bye = models.BooleanField(default=False)
    flags = models.JSONField(default=list, blank=True)
    why = models.TextField(blank=True)
    node = models.PositiveIntegerField(null=True, blank=True, help_text="Bracket match id.")
    state = models.CharField(
        max_length=10, choices=TableState.choices, default=TableState.PENDING, db_index=True
    )
    result = models.JSONField(null=True, blank=True)
    extra_minutes = models.PositiveSmallIntegerField(
        default=0, help_text="Extra time past the round's deadline (a judge's extension)."
    )
    source = models.CharField(
        max_length=12,
        blank=True,
        help_text="bye, engine, reports, organiser, timeout, time, forfeit, admin.",
    )
    match = models.OneToOneField(
        "matches.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_table",
    )
    rated_match = models.OneToOneField(
        "matches.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="paper_table",
        help_text="The paper match that carries this table's result to the event's ladder.",
    )
    present = models.JSONField(
        default=list,
        blank=True,
        help_text="People (player ids) who opened the board of the table's match before it "
        "started (an event whose matches start when both are present).",
    )
    created = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_per_number")
        ]

    def __str__(self) -> str:
        return f"table {self.number} of {self.round}"


class Report(models.Model):
    """A player's report of their table's result (one per entry; replaced until final)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="reports")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="reports")
    result = models.JSONField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["table", "entry"]
        constraints = [
            models.UniqueConstraint(fields=["table", "entry"], name="one_report_per_entry")
        ]

    def __str__(self) -> str:
        return f"report of entry {self.entry_id} on table {self.table_id}"


class LogEntry(models.Model):
    """Append-only log of every organiser action on a tournament: who, when, what, why."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="log")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    action = models.CharField(max_length=40)
    reason = models.TextField(blank=True)
    detail = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name_plural = "log entries"

    def __str__(self) -> str:
        return f"{self.action} on {self.tournament_id} by {self.actor}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise ValueError("tournament log entries are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("tournament log entries are append-only")


from tournaments.closing_models import EventClosingRun  # noqa: E402,F401  (its own module)
