"""Ladders, the current rating of each player on a ladder, and every rating change."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from matches import clock as clocks

# The trueskill package's defaults (mu 25, sigma 25/3, beta sigma/2, tau sigma/100, draw 10%).
DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3
DEFAULT_BETA = DEFAULT_SIGMA / 2
DEFAULT_TAU = DEFAULT_SIGMA / 100
DEFAULT_DRAW_PROBABILITY = 0.10
# People's matches: 15 minutes each, plus 30 seconds a turn.
DEFAULT_CLOCK_INITIAL = 15 * 60
DEFAULT_CLOCK_INCREMENT = 30


class Ladder(models.Model):
    """One game played in one format (``kingdom-of-warlords`` 1v1, ``khan-of-khans`` 4-player).

    ``seats`` players take part in each match, in teams of ``team_size`` (1: everyone for
    themselves). TrueSkill parameters default to the package's own.
    """

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=40, help_text="Engine slug, e.g. khan-of-khans.")
    seats = models.PositiveSmallIntegerField(default=2)
    team_size = models.PositiveSmallIntegerField(default=1)
    mu = models.FloatField(default=DEFAULT_MU)
    sigma = models.FloatField(default=DEFAULT_SIGMA)
    beta = models.FloatField(default=DEFAULT_BETA)
    tau = models.FloatField(default=DEFAULT_TAU)
    draw_probability = models.FloatField(default=DEFAULT_DRAW_PROBABILITY)
    options = models.JSONField(default=dict, blank=True, help_text="Engine options for matches.")
    active = models.BooleanField(default=True)
    bot_arena = models.BooleanField(
        default=False, help_text="Keep this ladder's bot accounts playing matches continuously."
    )
    matchmaking = models.CharField(
        max_length=12,
        choices=[("quality", "match quality"), ("information", "information")],
        default="quality",
        help_text="How bot accounts are paired (1v1): the closest match, or the game that "
        "settles the ranking most (ratings.information). People are always paired by quality.",
    )
    # The turn clock of matches with people's seats (see matches.clock); 0 and 0: no clock.
    clock_initial = models.PositiveIntegerField(
        default=DEFAULT_CLOCK_INITIAL, help_text="Seconds on each person's clock at the start."
    )
    clock_increment = models.PositiveIntegerField(
        default=DEFAULT_CLOCK_INCREMENT, help_text="Seconds added whenever a person's turn starts."
    )
    # Rating updates apply in this order; the counter is bumped under a row lock.
    last_sequence = models.PositiveBigIntegerField(default=0, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "slug"]

    def __str__(self) -> str:
        return self.name

    def clock_setting(self) -> dict[str, float] | None:
        """The turn clock of people's matches (``None``: none), in ``matches.clock`` form."""
        if not self.clock_initial and not self.clock_increment:
            return None
        return {"initial": float(self.clock_initial), "increment": float(self.clock_increment)}

    def clock_label(self) -> str:
        """The clock in words, e.g. "15 min + 30 s a turn" ("" without a clock), in the one
        format of every page (``matches.clock.label``)."""
        return clocks.label(self.clock_setting())

    def match_options(self) -> dict[str, Any] | None:
        """Options for a new match: the engine's options and, unless they set their own, the
        ladder's clock (used only when a person takes a seat)."""
        options = dict(self.options or {})
        clock = self.clock_setting()
        if "clock" not in options and clock is not None:
            options["clock"] = clock
        return options or None

    def schedule(self, seats: list[Any], **kwargs: Any) -> Any:
        """A new match of this ladder (``matches.scheduling.schedule_match`` with the ladder's
        game and :meth:`match_options`); ``kwargs`` as there (origin, created_by, enqueue)."""
        from matches.scheduling import schedule_match

        return schedule_match(self.game, seats, ladder=self, options=self.match_options(), **kwargs)

    def clean(self) -> None:
        """The game must be a registered engine seating ``seats`` with ``options``; sane
        TrueSkill parameters."""
        from django.core.exceptions import ValidationError

        from engines.registry import UnknownGame, get_game

        try:
            engine = get_game(self.game)
        except UnknownGame as exc:
            raise ValidationError({"game": str(exc)}) from None
        errors = {}
        if not engine.min_seats <= self.seats <= engine.max_seats:
            errors["seats"] = f"{engine.name} seats {engine.min_seats}-{engine.max_seats} players."
        elif self.team_size < 1 or self.seats % self.team_size or self.seats == self.team_size:
            errors["team_size"] = "Teams must split the seats into at least two equal teams."
        if not 0.0 < self.draw_probability < 1.0:
            errors["draw_probability"] = "A probability strictly between 0 and 1."
        if self.sigma <= 0 or self.beta <= 0 or self.tau < 0:
            errors["sigma"] = "sigma and beta must be positive, tau not negative."
        if max(self.clock_initial, self.clock_increment) > 7 * 24 * 3600:
            errors["clock_initial"] = "A turn clock of at most a week (604800 seconds)."
        if not errors and self.options:  # the engine names what is wrong (a mode, its table)
            from engines.base import BadSetup

            engine_options = {k: v for k, v in self.options.items() if k != "clock"}
            try:
                engine.new_game(0, self.seats, None, engine_options or None)
            except BadSetup as exc:
                errors["options"] = f"The engine refused the options: {exc}"
        if errors:
            raise ValidationError(errors)


class Rating(models.Model):
    """A player's current TrueSkill rating on one ladder."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    conservative = models.FloatField(db_index=True, help_text="mu - 3 sigma: the leaderboard key.")
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    last_active = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["ladder", "player"], name="one_rating_per_ladder")
        ]
        ordering = ["-conservative"]

    def __str__(self) -> str:
        return f"{self.player} on {self.ladder}: {self.mu:.2f} ± {self.sigma:.2f}"


class RatingChange(models.Model):
    """One immutable rating change: a player's rating before and after one match."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="changes")
    match = models.ForeignKey(
        "matches.Match", on_delete=models.CASCADE, related_name="rating_changes"
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    sequence = models.PositiveBigIntegerField(help_text="Order of application on the ladder.")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    rank = models.PositiveSmallIntegerField()
    backend = models.CharField(max_length=16, default="default")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "player"], name="one_change_per_match_player")
        ]
        indexes = [models.Index(fields=["ladder", "sequence"])]
        ordering = ["ladder", "sequence", "player_id"]

    def __str__(self) -> str:
        return f"{self.player} #{self.sequence}: {self.mu_before:.2f} -> {self.mu_after:.2f}"


class BotProfile(models.Model):
    """How a worker plays a bot account, and who may enter it in challenges.

    Optional: a bot account named ``<game>-<kind>-bot`` (``khan-of-khans-heuristic-bot``, as the
    demo creates them) plays ``<kind>`` in ``<game>`` without a profile. A profile overrides that
    (any spec the bot factory knows, e.g. ``search:400``) and names the account's owner.
    """

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bot_profile"
    )
    game = models.CharField(max_length=40, help_text="Engine slug the bot plays.")
    spec = models.CharField(max_length=80, help_text="Bot spec: random, heuristic, search:400...")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="owned_bots",
        help_text="May queue this bot and challenge with it (admins always may).",
    )
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.player} plays {self.spec} in {self.game}"


class QueueEntry(models.Model):
    """A player (or bot account) waiting on a ladder's matchmaking queue."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="queue")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entries"
    )
    bot = models.CharField(
        max_length=80, blank=True, help_text="Bot spec a worker plays this seat with (bots)."
    )
    deck = models.JSONField(null=True, blank=True, help_text="The deck this seat brings.")
    deck_version = models.ForeignKey(
        "decks.DeckVersion",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The registered deck version the deck was taken from (if one was chosen).",
    )
    joined_at = models.DateTimeField(db_index=True)
    queued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Who queued it (empty: the bot arena).",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["ladder", "player"], name="one_queue_entry_per_ladder")
        ]
        ordering = ["ladder", "joined_at", "pk"]
        verbose_name_plural = "queue entries"

    def __str__(self) -> str:
        return f"{self.player} waiting on {self.ladder}"


class QueueWait(models.Model):
    """How long a person waited in a ladder's queue before the matchmaker paired them: the
    expected wait the ladder page shows is the median of the latest (``ratings.waiting``)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="queue_waits")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_waits"
    )
    match = models.ForeignKey(
        "matches.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    joined_at = models.DateTimeField(help_text="When the person joined the queue.")
    paired_at = models.DateTimeField(db_index=True, help_text="When the matchmaker paired them.")

    class Meta:
        ordering = ["ladder", "-paired_at"]

    def __str__(self) -> str:
        return f"{self.player} waited {self.waited:.0f} s on {self.ladder}"

    @property
    def waited(self) -> float:
        """Seconds from joining the queue to the pairing."""
        return max(0.0, (self.paired_at - self.joined_at).total_seconds())


class HeldRating(models.Model):
    """A reference bot's rating on a ladder, held: its matches move the other seats' ratings
    against it, never its own (updates and recomputes alike start and leave it here)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="held_ratings")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="held_ratings"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["ladder", "player"], name="one_held_rating_per_ladder")
        ]
        ordering = ["ladder", "mu"]

    def __str__(self) -> str:
        return f"{self.player} held at {self.mu:.2f} on {self.ladder}"


class ClosingRun(models.Model):
    """A ladder's closing run: entries frozen (the ladder is closed to the queue and to
    challenges), its top ``contenders`` (bot accounts) play up to ``per_contender`` more
    matches each, scheduled where the ranking is least certain (``ratings.closing_plan``),
    until every adjacent pair of the top ``places`` is ordered with ``confidence`` or the
    budget is spent; then its final ranking is kept here (``ratings.closing``)."""

    class State(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"

    ladder = models.ForeignKey(Ladder, on_delete=models.PROTECT, related_name="closing_runs")
    state = models.CharField(max_length=12, choices=State.choices, default=State.RUNNING)
    contenders = models.JSONField(help_text="Player ids frozen at the start, leaderboard order.")
    places = models.PositiveSmallIntegerField(help_text="Final places to settle.")
    per_contender = models.PositiveIntegerField(help_text="Matches each contender may play.")
    confidence = models.FloatField(help_text="P(above the next) every adjacent pair must reach.")
    played = models.JSONField(default=dict, help_text="Matches played so far by player id.")
    matches = models.ManyToManyField("matches.Match", related_name="closing_runs", blank=True)
    rounds = models.PositiveIntegerField(default=0)
    reason = models.CharField(max_length=12, blank=True, help_text="confidence or budget.")
    final_ranking = models.JSONField(null=True, blank=True)
    ends_season = models.BooleanField(
        default=False,
        help_text="End the ladder's season with the final ranking when the run publishes "
        "(the ladder then reopens for the next season).",
    )
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["ladder"],
                condition=models.Q(state="running"),
                name="one_running_closing_run_per_ladder",
            )
        ]

    def __str__(self) -> str:
        return f"closing run of {self.ladder} ({self.state})"


class LadderLogEntry(models.Model):
    """Append-only log of staff and organisers' actions on a ladder (a closing run started,
    finished): who, when, why, and what."""

    ladder = models.ForeignKey(Ladder, on_delete=models.PROTECT, related_name="log_entries")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    action = models.CharField(max_length=24)
    reason = models.TextField(blank=True)
    detail = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        verbose_name_plural = "ladder log entries"

    def __str__(self) -> str:
        return f"{self.action} on {self.ladder} by {self.actor}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("ladder log entries are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise ValueError("ladder log entries are append-only")


# A ladder's seasons, a bot's versions and their comparisons live in their own modules (this
# one stays small).
from ratings.season_models import Season, SeasonStanding  # noqa: E402
from ratings.version_models import BotVersion, VersionComparison  # noqa: E402

__all__ = [
    "BotProfile",
    "BotVersion",
    "ClosingRun",
    "HeldRating",
    "Ladder",
    "LadderLogEntry",
    "QueueEntry",
    "QueueWait",
    "Rating",
    "RatingChange",
    "Season",
    "SeasonStanding",
    "VersionComparison",
]
