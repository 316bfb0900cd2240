"""A match, its seats, each attempt to run it, and the audit log of admin changes.

A match is one row: the seed, the pinned engine version and decks, the whole action log and the
state digests live in it (a few KB), never one row per action. An *attempt* (a worker picking the
match up) is kept apart from the result, so an infrastructure failure is retried, never recorded
as a game result.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models

#: The origin of a match played off the platform, on paper (:mod:`matches.paper`): a result with
#: seats and ranks, no seed to reveal and no actions for an engine to replay.
PAPER_ORIGIN = "paper"


class MatchState(models.TextChoices):
    SCHEDULED = "scheduled", "Scheduled"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"
    ABORTED = "aborted", "Aborted"
    VOIDED = "voided", "Voided"


def seed_commitment(seed: int, nonce: str) -> str:
    """The published hash of a match's seed: ``sha256("gauntlet-seed:<seed>:<nonce>")``."""
    return hashlib.sha256(f"gauntlet-seed:{seed}:{nonce}".encode()).hexdigest()


def new_seed() -> tuple[int, str, str]:
    """A fresh 63-bit seed, its secret nonce and their commitment."""
    seed = secrets.randbits(63)
    nonce = secrets.token_hex(16)
    return seed, nonce, seed_commitment(seed, nonce)


class Match(models.Model):
    game = models.CharField(max_length=40, db_index=True)
    ladder = models.ForeignKey(
        "ratings.Ladder", null=True, blank=True, on_delete=models.PROTECT, related_name="matches"
    )
    state = models.CharField(
        max_length=12, choices=MatchState.choices, default=MatchState.SCHEDULED, db_index=True
    )
    rated = models.BooleanField(default=True, help_text="Counts for the ladder's ratings.")
    # Set when a match meant to be rated was not (``rated`` then False): why, in words, e.g. it
    # ended before both players had moved (:mod:`matches.early_exit`).
    unrated_reason = models.CharField(max_length=200, blank=True)
    # Provably fair seeds: the commitment is public from the start, seed and nonce at the end.
    seed = models.BigIntegerField()
    seed_nonce = models.CharField(max_length=32)
    seed_commitment = models.CharField(max_length=64)
    engine_version = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    decks = models.JSONField(null=True, blank=True, help_text="Deck snapshot per seat.")
    # The record: action log, state digests, result (ranks, scores, reason), any forfeit.
    actions = models.JSONField(default=list, blank=True)
    digests = models.JSONField(default=dict, blank=True)
    result = models.JSONField(null=True, blank=True, help_text="The engine's result, never edited.")
    corrected_result = models.JSONField(
        null=True, blank=True, help_text="An admin's correction (ranks) that replaces the result."
    )
    forfeit = models.JSONField(null=True, blank=True)
    # Matches with people's seats: the turn clock (see matches.clock) and when the seat to act
    # runs out of time (indexed for the sweep that catches expired clocks).
    clock = models.JSONField(null=True, blank=True)
    clock_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True, db_index=True)
    engine_seconds = models.FloatField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    origin = models.CharField(
        max_length=20, default="challenge", help_text="matchmaker, challenge, tournament, demo..."
    )
    verified_at = models.DateTimeField(null=True, blank=True)
    verification = models.JSONField(null=True, blank=True, help_text="Last replay report.")

    class Meta:
        ordering = ["-created"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"match {self.pk} ({self.game}, {self.state})"

    @property
    def seed_revealed(self) -> bool:
        return self.state in (MatchState.FINISHED, MatchState.VOIDED)

    @property
    def on_paper(self) -> bool:
        """Played off the platform (:mod:`matches.paper`): nothing to replay or verify."""
        return self.origin == PAPER_ORIGIN


class MatchSeat(models.Model):
    """Who plays seat ``seat``: a player (a person or a bot account) and, for bots, the bot."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="match_seats"
    )
    bot = models.CharField(max_length=80, blank=True, help_text="Bot spec, e.g. heuristic.")
    team = models.PositiveSmallIntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_player_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}/{self.seat}: {self.player}"


class AttemptOutcome(models.TextChoices):
    RUNNING = "running", "Running"
    RECORDED = "recorded", "Recorded the result"
    DUPLICATE = "duplicate", "Finished, but another attempt had recorded the result"
    LOST = "lost", "Lost (worker died or timed out)"
    FAILED = "failed", "Failed (infrastructure error)"


class MatchAttempt(models.Model):
    """One try at running a match on a worker; failures here are never game results."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="attempts")
    task_id = models.CharField(max_length=64, blank=True)
    worker = models.CharField(max_length=200, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    heartbeat = models.DateTimeField(null=True, blank=True, help_text="Last sign of life.")
    ended_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(
        max_length=12, choices=AttemptOutcome.choices, default=AttemptOutcome.RUNNING
    )
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["match", "started_at"]

    def __str__(self) -> str:
        return f"attempt {self.pk} of match {self.match_id}: {self.outcome}"


class AuditEntry(models.Model):
    """Append-only log of admin changes to matches: who, when, why, before and after."""

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="audit_entries")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    action = models.CharField(max_length=20)  # void, correct, verify
    reason = models.TextField()
    before = models.JSONField(null=True)
    after = models.JSONField(null=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.action} of match {self.match_id} by {self.actor}: {self.reason}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise ValueError("audit entries are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("audit entries are append-only")
