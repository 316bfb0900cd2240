"""A bot account's published versions and the paired comparisons between two of them
(``ratings.versions``, ``ratings.comparisons``); imported by ``ratings.models``."""

from __future__ import annotations

from django.conf import settings
from django.db import models

#: A version's name and notes, at most (the API and the page refuse longer, naming the field).
VERSION_NAME_MAX = 40
VERSION_NOTES_MAX = 500


class BotVersion(models.Model):
    """One named version of a bot account: its own rating identity.

    ``player`` is the version's own bot account ("Ana's engine v2"): its ratings and matches
    are the version's, kept when a newer version is published. The latest version's account
    plays the bot's new matches (the queue, challenges, the bot arena, events). ``spec`` is the
    bot spec a worker plays it with; blank for an external bot played through the API.
    """

    bot = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bot_versions"
    )
    name = models.CharField(max_length=VERSION_NAME_MAX)
    notes = models.CharField(max_length=VERSION_NOTES_MAX, blank=True)
    game = models.CharField(max_length=40, help_text="Engine slug the version plays.")
    spec = models.CharField(
        max_length=80, blank=True, help_text="Bot spec a worker plays; blank: played by the API."
    )
    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="bot_version"
    )
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["bot", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["bot", "name"], name="one_version_name_per_bot")
        ]

    def __str__(self) -> str:
        return f"{self.bot} {self.name}"


class VersionComparison(models.Model):
    """ "Is version ``b`` better than ``a``?": ``games`` head-to-head matches on ``ladder``,
    unrated, in pairs on one seed with the seats swapped (``ratings.comparisons``)."""

    ladder = models.ForeignKey(
        "ratings.Ladder", on_delete=models.PROTECT, related_name="version_comparisons"
    )
    a = models.ForeignKey(BotVersion, on_delete=models.CASCADE, related_name="+")
    b = models.ForeignKey(BotVersion, on_delete=models.CASCADE, related_name="+")
    games = models.PositiveIntegerField(help_text="Head-to-head matches asked for (even).")
    matches = models.ManyToManyField(
        "matches.Match", related_name="version_comparisons", blank=True
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.b} against {self.a} on {self.ladder}"
