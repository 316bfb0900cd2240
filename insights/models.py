"""Pre-aggregated matchup counts, and bot self-play studies with the matches they play.

The matchup pages read :class:`MatchupCount` rows (a few hundred per game), never the matches:
a receiver adds each finished match's pairs and seats to them, and ``rebuild_matchups`` counts
them again from the history after voids and corrections.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Source(models.TextChoices):
    LADDER = "ladder", "Ladder"
    TOURNAMENT = "tournament", "Tournament"
    STUDY = "study", "Bot study"


class Kind(models.TextChoices):
    PAIR = "pair", "Matchup"
    DECK = "deck", "Matchup of named decks"
    SEAT = "seat", "Seat position"


class MatchupCount(models.Model):
    """Results of ``key`` against ``opponent`` (kind ``pair``: the engine's key, a faction, a
    Khan...; kind ``deck``: the named decks, starter decks by name; seat against seat, both
    orders kept), or of seat position ``key`` (kind ``seat``, no opponent: the seat finishing
    first)."""

    game = models.CharField(max_length=40)
    catalogue = models.CharField(max_length=20, blank=True, help_text="Catalogue version: v1...")
    source = models.CharField(max_length=12, choices=Source.choices)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    key = models.CharField(max_length=80)
    opponent = models.CharField(max_length=80, blank=True)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "catalogue", "kind", "key", "opponent", "source"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "catalogue", "source", "kind", "key", "opponent"],
                name="one_matchup_count",
            )
        ]

    def __str__(self) -> str:
        return (
            f"{self.game} {self.catalogue} {self.key} v {self.opponent}: {self.wins}/{self.games}"
        )


class StudyState(models.TextChoices):
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class Study(models.Model):
    """Bot self-play: ``matches`` matches of ``game`` between ``decks`` played by ``bot``."""

    game = models.CharField(max_length=40)
    decks = models.JSONField(default=list, blank=True, help_text="Starter deck keys; [] = dealt.")
    options = models.JSONField(default=dict, blank=True)
    bot = models.CharField(max_length=80, help_text="Bot spec every seat plays: heuristic...")
    matches = models.PositiveIntegerField()
    batch_size = models.PositiveSmallIntegerField(default=20)
    state = models.CharField(max_length=10, choices=StudyState.choices, default=StudyState.RUNNING)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        verbose_name_plural = "studies"

    def __str__(self) -> str:
        return f"study {self.pk} ({self.game}, {self.matches} matches of {self.bot})"


class StudyMatch(models.Model):
    """One match of a study, in the batch that plays it."""

    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="study_matches")
    match = models.OneToOneField(
        "matches.Match", on_delete=models.CASCADE, related_name="study_match"
    )
    batch = models.PositiveIntegerField()

    class Meta:
        ordering = ["study", "batch", "match"]
        indexes = [models.Index(fields=["study", "batch"])]

    def __str__(self) -> str:
        return f"match {self.match_id} of study {self.study_id}"


class Backtest(models.Model):
    """One run of ``rating_backtest``: each rating system's figures over a ladder's history."""

    ladder = models.ForeignKey("ratings.Ladder", on_delete=models.CASCADE, related_name="+")
    matches = models.PositiveIntegerField()
    scores = models.JSONField(help_text="Per system: log_loss, pair_accuracy, pairs, seconds.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"backtest of {self.ladder_id} over {self.matches} matches"
