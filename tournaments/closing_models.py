"""A bot event's closing run (``tournaments.closing``); imported by ``tournaments.models``."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class EventClosingRun(models.Model):
    """The closing run an organiser asks of a bot event: planned before the event's main play
    ends, it then freezes the top ``contenders`` of the placings (``contenders``, entry ids in
    placing order) and plays them against their neighbours until each adjacent pair is ordered
    with ``confidence`` or ``per_contender`` matches each are spent; the event then finishes
    with the run's order at the top of its placings (``final_ranking``)."""

    class State(models.TextChoices):
        PLANNED = "planned", "planned"
        RUNNING = "running", "running"
        FINISHED = "finished", "finished"
        SKIPPED = "skipped", "skipped"

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="closing_run"
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.PLANNED)
    size = models.PositiveSmallIntegerField(help_text="Contenders asked for: the top this many.")
    places = models.PositiveSmallIntegerField(help_text="Final places to settle.")
    per_contender = models.PositiveIntegerField(help_text="Matches each contender may play.")
    confidence = models.FloatField(help_text="P(above the next) every adjacent pair must reach.")
    contenders = models.JSONField(default=list, help_text="Entry ids frozen at the start.")
    played = models.JSONField(default=dict, help_text="Matches played so far by entry id.")
    matches = models.ManyToManyField("matches.Match", related_name="event_closing_runs", blank=True)
    rounds = models.PositiveIntegerField(default=0)
    reason = models.CharField(
        max_length=200, blank=True, help_text="confidence or budget; why a run was skipped."
    )
    final_ranking = models.JSONField(null=True, blank=True)
    planned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    planned_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"closing run of {self.tournament_id} ({self.state})"
