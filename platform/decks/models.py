"""Card catalogues (versioned), decks and their immutable versions, and re-check results.

A deck's content lives in :class:`DeckVersion` rows that never change once written (editing a
deck writes a new version). What *does* change is the verdict: each version keeps the result of
its latest check (legal, violations, the catalogue version checked against), which a new
catalogue version may overturn; every such change is kept as a :class:`DeckRecheck` row so the
owner sees why.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class CatalogueVersion(models.Model):
    """One version of a game's card list, loaded from a data file (never edited afterwards)."""

    game = models.CharField(max_length=40, db_index=True)
    number = models.PositiveIntegerField(help_text="1, 2, 3... per game, in loading order.")
    source = models.CharField(max_length=300, help_text="The file it was loaded from.")
    effective_from = models.DateField(
        help_text="Tournaments on or after this date check decks against this version."
    )
    digest = models.CharField(max_length=64)
    rows = models.JSONField(help_text="The cards as the engine reads them.")
    notes = models.TextField(blank=True)
    loaded_at = models.DateTimeField(auto_now_add=True)
    loaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["game", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_catalogue_number_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.label}"

    @property
    def label(self) -> str:
        return f"v{self.number}"


class Card(models.Model):
    """One card of a catalogue version, for browsing and filtering (the engine reads ``rows``)."""

    catalogue = models.ForeignKey(CatalogueVersion, on_delete=models.CASCADE, related_name="cards")
    card_id = models.PositiveIntegerField()
    name = models.CharField(max_length=80, db_index=True)
    faction = models.CharField(max_length=40)
    kind = models.CharField(max_length=20)
    card_type = models.CharField(max_length=80)
    value = models.PositiveSmallIntegerField()
    deck_building_value = models.PositiveSmallIntegerField(null=True, blank=True)
    budget_value = models.PositiveSmallIntegerField()
    attack = models.PositiveSmallIntegerField(null=True, blank=True)
    defense = models.PositiveSmallIntegerField(null=True, blank=True)
    attributes = models.JSONField(default=list, blank=True)
    family = models.CharField(max_length=80, blank=True)
    individual_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    legendary = models.BooleanField(default=False)
    banned = models.BooleanField(default=False)
    max_copies = models.PositiveSmallIntegerField(null=True, blank=True)
    alt_ids = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["catalogue", "card_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["catalogue", "card_id"], name="one_card_id_per_catalogue"
            )
        ]
        indexes = [models.Index(fields=["catalogue", "faction"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.faction}) #{self.card_id}"


class Deck(models.Model):
    """A player's named deck for one game; its content is in its versions."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    game = models.CharField(max_length=40, db_index=True)
    name = models.CharField(max_length=80)
    archived = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["owner", "game", "name", "pk"]
        indexes = [models.Index(fields=["owner", "game"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, {self.owner_id})"


class DeckVersion(models.Model):
    """One immutable content of a deck, with the verdict of its latest check."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    data = models.JSONField(help_text="Canonical deck data, as the engine receives it.")
    text = models.TextField(blank=True, help_text="The list as submitted (text input).")
    problems = models.JSONField(
        default=list, blank=True, help_text="Problems of the list itself (unknown names...)."
    )
    created = models.DateTimeField(auto_now_add=True)
    is_current = models.BooleanField(default=True, db_index=True)
    # the latest check
    catalogue = models.ForeignKey(
        CatalogueVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    legal = models.BooleanField(default=False)
    total_value = models.IntegerField(null=True, blank=True)
    violations = models.JSONField(default=list, blank=True)
    checked_at = models.DateTimeField(null=True, blank=True)
    # use: once used or locked, a version can never be deleted
    used_at = models.DateTimeField(null=True, blank=True, help_text="First used in a match.")
    locked_reason = models.CharField(
        max_length=120, blank=True, help_text="e.g. tournament:12 (registration locks it)."
    )
    locked_at = models.DateTimeField(null=True, blank=True)
    published = models.BooleanField(
        default=False, help_text="Visible to everyone (an organiser published the lists)."
    )

    class Meta:
        ordering = ["deck", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="one_version_number_per_deck")
        ]

    def __str__(self) -> str:
        return f"{self.deck.name} v{self.number}"

    @property
    def frozen(self) -> bool:
        return self.used_at is not None or bool(self.locked_reason)


class RecheckRun(models.Model):
    """Re-checking every registered deck of a game after a new catalogue version."""

    game = models.CharField(max_length=40)
    catalogue = models.ForeignKey(CatalogueVersion, on_delete=models.CASCADE, related_name="runs")
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    checked = models.PositiveIntegerField(default=0)
    now_illegal = models.PositiveIntegerField(default=0)
    now_legal = models.PositiveIntegerField(default=0)
    changed = models.PositiveIntegerField(default=0)
    superseded = models.BooleanField(default=False)

    class Meta:
        ordering = ["-started"]

    def __str__(self) -> str:
        return f"re-check of {self.game} against {self.catalogue.label}"


class DeckRecheck(models.Model):
    """A deck version whose verdict a new catalogue version changed, and why."""

    run = models.ForeignKey(RecheckRun, on_delete=models.CASCADE, related_name="results")
    version = models.ForeignKey(DeckVersion, on_delete=models.CASCADE, related_name="rechecks")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_rechecks"
    )
    catalogue = models.ForeignKey(CatalogueVersion, on_delete=models.CASCADE, related_name="+")
    was_legal = models.BooleanField()
    legal = models.BooleanField()
    total_value = models.IntegerField(null=True, blank=True)
    violations = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["owner", "-created"])]

    def __str__(self) -> str:
        verdict = "legal" if self.legal else "illegal"
        return f"{self.version} now {verdict} under {self.catalogue.label}"
