"""The vocabularies of an event: its formats, states and settings' choices, as Django
``TextChoices`` (the value stored, the words a page shows). :mod:`tournaments.models` re-exports
them: ``from tournaments.models import State`` keeps working."""

from __future__ import annotations

from django.db import models

DESCRIPTION_MAX_LENGTH = 5000
"""The longest event description the site and the API take (the column has no limit)."""


class Format(models.TextChoices):
    SWISS = "swiss", "Swiss"
    SINGLE_ELIMINATION = "single_elimination", "Single elimination"
    DOUBLE_ELIMINATION = "double_elimination", "Double elimination"
    ROUND_ROBIN = "round_robin", "Round robin"
    PODS = "pods", "Free-for-all pods"


class State(models.TextChoices):
    DRAFT = "draft", "Draft"
    REGISTRATION = "registration", "Registration open"
    CHECK_IN = "check_in", "Check-in"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"
    CANCELLED = "cancelled", "Cancelled"


class Stage(models.TextChoices):
    """What the current rounds are: the main format, or the elimination top cut after Swiss."""

    MAIN = "main", "Main"
    CUT = "cut", "Top cut"


class Decklists(models.TextChoices):
    """Who may see the entrants' decklists (the organiser and staff always may)."""

    PRIVATE = "private", "private (the organiser only)"
    AFTER = "after", "public once the event is over"
    TOP_CUT = "top_cut", "public for the top cut, once it is paired"


class LateEntryScore(models.TextChoices):
    LOSS = "loss", "A loss for each missed round"
    DRAW = "draw", "A draw for each missed round"


class TimeCalled(models.TextChoices):
    DRAW = "draw", "Unfinished tables are drawn"
    ORGANISER = "organiser", "The organiser decides each unfinished table"


class OnlineStart(models.TextChoices):
    """When a table played on the site between people starts its match (the organiser's
    choice; :mod:`tournaments.online`)."""

    ROUND = "round", "At the round's start"
    PRESENT = "present", "When both players have opened the table's board"


class EntryState(models.TextChoices):
    ACTIVE = "active", "Active"
    WAITLISTED = "waitlisted", "Waitlisted"
    WITHDRAWN = "withdrawn", "Withdrawn before the start"
    DROPPED = "dropped", "Dropped"
    DISQUALIFIED = "disqualified", "Disqualified"
    PENDING = "pending", "Team waiting for the partner to confirm"


class RoundState(models.TextChoices):
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class TableState(models.TextChoices):
    PENDING = "pending", "Waiting for a result"
    REPORTED = "reported", "One report in"
    DISPUTED = "disputed", "Reports disagree"
    FINAL = "final", "Final"
    VOID = "void", "Void (no result)"
