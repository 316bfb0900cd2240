"""``python manage.py ensure_ladders [--arena]``: create the default ladders that are missing."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from ratings.defaults import DEFAULT_LADDERS, ensure_arena_bots, ensure_default_ladders
from ratings.models import Ladder


class Command(BaseCommand):
    help = "Create the default ladders (one per game and format) that do not exist yet."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--arena",
            action="store_true",
            help="Also turn the bot arena on for the default ladders (bots play continuously) "
            "and create the arena's bot accounts that are missing.",
        )

    def handle(self, *args, **options) -> None:
        created = ensure_default_ladders()
        slugs = [spec.slug for spec in DEFAULT_LADDERS]
        if options["arena"]:
            Ladder.objects.filter(slug__in=slugs).update(bot_arena=True)
            for username in ensure_arena_bots():
                self.stdout.write(f"bot account {username}: created")
        for slug in slugs:
            self.stdout.write(f"{slug}: {'created' if slug in created else 'exists'}")
