"""A ladder's seasons and the frozen final leaderboard of each ended one (``ratings.seasons``);
imported by ``ratings.models``."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Season(models.Model):
    """One season of a ladder. Its matches are the rating updates numbered after
    ``start_sequence`` up to ``end_sequence`` (the ladder's ``last_sequence`` when it ended).
    ``reset`` is what happens to every rating when *this* season ends (``ratings.seasons``):
    ``full`` (back to the ladder's mu and sigma) or ``widen`` (sigma widened by ``widen``, mu
    kept). A ladder without a row is in its implicit Season 1 (``ratings.seasons.current``).
    A season ended by a closing run (``closing_run``) ranks the run's contenders first, in the
    run's final order (``ratings.season_rules.standing_rows``)."""

    class Reset(models.TextChoices):
        FULL = "full", "full reset"
        WIDEN = "widen", "uncertainty widened"

    ladder = models.ForeignKey("ratings.Ladder", on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=60)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(null=True, blank=True, help_text="Planned end (shown).")
    ended_at = models.DateTimeField(null=True, blank=True, help_text="When it really ended.")
    reset = models.CharField(max_length=8, choices=Reset.choices, default=Reset.FULL)
    widen = models.FloatField(default=0.0, help_text="w of the widen rule (sigma units).")
    start_sequence = models.PositiveBigIntegerField(default=0)
    end_sequence = models.PositiveBigIntegerField(null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reason = models.TextField(blank=True)
    closing_run = models.OneToOneField(
        "ratings.ClosingRun",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="season",
        help_text="The closing run that ended the season: its contenders head the final "
        "leaderboard in the run's order.",
    )

    class Meta:
        ordering = ["ladder", "number"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "number"], name="one_season_number"),
            models.UniqueConstraint(
                fields=["ladder"],
                condition=models.Q(ended_at__isnull=True),
                name="one_open_season_per_ladder",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} of {self.ladder}"


class SeasonStanding(models.Model):
    """One row of an ended season's final leaderboard, frozen when it ended (``games`` and
    ``wins`` within the season; the certainty columns of ``ratings.standings``)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="season_standings"
    )
    rank = models.PositiveIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    conservative = models.FloatField()
    games = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()
    above_next = models.FloatField(null=True, blank=True)
    rank_low = models.PositiveIntegerField()
    rank_high = models.PositiveIntegerField()

    class Meta:
        ordering = ["season", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="one_standing_per_season")
        ]

    def __str__(self) -> str:
        return f"{self.player} #{self.rank} in {self.season}"
