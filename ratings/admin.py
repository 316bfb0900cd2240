"""Ladders in the Django admin. Ladders and bot profiles are set up here; ratings, their
changes, held ratings and the queue are view only: they follow from the rated matches (a void
or a correction on a match's page recomputes the ladder, audited), and ``manage.py
recompute_ratings`` rebuilds them. Bots' versions and their comparisons are view only too:
they are published on the bot's page or through the API."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.urls import reverse

from gauntlet.admin_mixins import AuditedAdmin, ZonedAdmin
from ratings.models import (
    BotProfile,
    ClosingRun,
    HeldRating,
    Ladder,
    LadderLogEntry,
    QueueEntry,
    QueueWait,
    Rating,
    RatingChange,
    Season,
    SeasonStanding,
)
from ratings.version_models import BotVersion, VersionComparison

FROM_MATCHES = (
    "Ratings follow from the rated matches: voiding or correcting a match on its page (staff, "
    "audited) recomputes the ladder, and manage.py recompute_ratings rebuilds it"
)


class LadderRows(AuditedAdmin):
    """A row of one ladder: its page is the ladder's leaderboard."""

    audit_note = FROM_MATCHES

    def site_page(self, obj: Any) -> str | None:
        return reverse("web-ladder", args=[obj.ladder.slug])

    def site_list(self) -> str | None:
        return reverse("web-ladders")


@admin.register(Ladder)
class LadderAdmin(ZonedAdmin):
    list_display = (
        "slug",
        "name",
        "game",
        "seats",
        "team_size",
        "draw_probability",
        "active",
        "bot_arena",
        "last_sequence",
    )
    list_filter = ("game", "active", "bot_arena")
    search_fields = ("slug", "name", "game")
    readonly_fields = ("last_sequence", "created")


@admin.register(Rating)
class RatingAdmin(LadderRows):
    """Current ratings: derived from the changes (recompute_ratings rebuilds them)."""

    list_display = (
        "player",
        "ladder",
        "conservative",
        "mu",
        "sigma",
        "games",
        "wins",
        "last_active",
    )
    list_filter = ("ladder",)
    search_fields = ("player__username",)
    list_select_related = ("player", "ladder")


@admin.register(RatingChange)
class RatingChangeAdmin(LadderRows):
    """Immutable: every rating change with its match, in ladder order."""

    list_display = (
        "ladder",
        "sequence",
        "match",
        "player",
        "rank",
        "mu_before",
        "mu_after",
        "sigma_after",
        "backend",
        "created",
    )
    list_filter = ("ladder", "backend")
    search_fields = ("player__username", "match__id")
    list_select_related = ("player", "ladder", "match")

    def site_page(self, obj: Any) -> str | None:
        return reverse("web-match", args=[obj.match_id])


@admin.register(HeldRating)
class HeldRatingAdmin(LadderRows):
    audit_note = "A reference bot's held rating is set with manage.py reference_bots"
    list_display = ("player", "ladder", "mu", "sigma", "created")
    list_filter = ("ladder",)
    list_select_related = ("player", "ladder")


@admin.register(QueueEntry)
class QueueEntryAdmin(LadderRows):
    """A stale entry may be deleted: that changes no result and no rating."""

    audit_note = (
        "Players join and leave the queue on the ladder's page; deleting a stale entry here "
        "changes no result or rating"
    )
    deletable = True
    list_display = ("ladder", "player", "bot", "deck_version", "joined_at", "queued_by")
    list_filter = ("ladder",)
    search_fields = ("player__username",)
    raw_id_fields = ("deck_version",)


@admin.register(QueueWait)
class QueueWaitAdmin(LadderRows):
    """How long each person waited before the matchmaker paired them (the expected wait)."""

    audit_note = "The matchmaker records each person's wait when it pairs them"
    list_display = ("ladder", "player", "match", "joined_at", "paired_at")
    list_filter = ("ladder",)
    search_fields = ("player__username",)
    list_select_related = ("player", "ladder")


@admin.register(BotProfile)
class BotProfileAdmin(ZonedAdmin):
    list_display = ("player", "game", "spec", "owner", "created")
    list_filter = ("game",)
    search_fields = ("player__username", "owner__username")
    raw_id_fields = ("player", "owner")


CLOSED_ON_THE_SITE = (
    "Staff and organisers start a closing run on the ladder's closing page (with a reason, "
    "logged); its rounds and final ranking follow from its matches"
)


@admin.register(ClosingRun)
class ClosingRunAdmin(LadderRows):
    audit_note = CLOSED_ON_THE_SITE
    list_display = ("ladder", "state", "reason", "rounds", "per_contender", "confidence")
    list_filter = ("ladder", "state")
    list_select_related = ("ladder",)

    def site_page(self, obj: Any) -> str | None:
        return reverse("web-ladder-closing", args=[obj.ladder.slug])


@admin.register(LadderLogEntry)
class LadderLogEntryAdmin(LadderRows):
    """Append-only: who did what to a ladder, when and why."""

    audit_note = CLOSED_ON_THE_SITE
    list_display = ("ladder", "action", "actor", "reason", "created")
    list_filter = ("ladder", "action")
    list_select_related = ("ladder", "actor")


PUBLISHED_ON_THE_SITE = (
    "A bot's versions are published, and compared, on the bot's page or through the API "
    "(the bot's token, its owner, staff); each version's rating follows from its matches"
)


class BotRows(AuditedAdmin):
    """A row of one bot's versions: its page is the bot's page."""

    audit_note = PUBLISHED_ON_THE_SITE

    def bot_of(self, obj: Any) -> Any:
        return obj.bot

    def site_page(self, obj: Any) -> str | None:
        return reverse("web-bot", args=[self.bot_of(obj).username])


@admin.register(BotVersion)
class BotVersionAdmin(BotRows):
    list_display = ("bot", "name", "game", "spec", "player", "created")
    list_filter = ("game",)
    search_fields = ("bot__username", "name")
    list_select_related = ("bot", "player")


@admin.register(VersionComparison)
class VersionComparisonAdmin(BotRows):
    list_display = ("ladder", "a", "b", "games", "requested_by", "created")
    list_select_related = ("ladder", "a__bot", "b__bot", "requested_by")

    def bot_of(self, obj: Any) -> Any:
        return obj.a.bot


ENDED_ON_THE_SITE = (
    "Staff and organisers end a season on its page (with a reason, logged) or with manage.py "
    "end_season; its final leaderboard is frozen then and follows a recompute"
)


@admin.register(Season)
class SeasonAdmin(LadderRows):
    audit_note = ENDED_ON_THE_SITE
    list_display = ("ladder", "name", "starts_at", "ends_at", "ended_at", "reset", "widen")
    list_filter = ("ladder", "reset")
    list_select_related = ("ladder",)

    def site_page(self, obj: Any) -> str | None:
        return reverse("web-ladder-season", args=[obj.ladder.slug, obj.number])


@admin.register(SeasonStanding)
class SeasonStandingAdmin(LadderRows):
    audit_note = ENDED_ON_THE_SITE
    list_display = ("season", "rank", "player", "conservative", "games", "wins")
    list_filter = ("season__ladder",)
    list_select_related = ("season__ladder", "player")

    def site_page(self, obj: Any) -> str | None:
        return reverse("web-ladder-season", args=[obj.season.ladder.slug, obj.season.number])

    def site_list(self) -> str | None:
        return reverse("web-ladders")
