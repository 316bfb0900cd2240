"""``python manage.py load_demo``: demo accounts for the embedded default (idempotent)."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from engines.registry import game_slugs
from players.models import Player, Role

DEMO_PASSWORD = "gauntlet-demo"
PEOPLE = [
    ("admin", "Ada Admin", "GB", Role.ADMIN),
    ("organiser", "Olu Organiser", "NG", Role.ORGANISER),
    ("alice", "Alice", "FR", Role.PLAYER),
    ("bob", "Bob", "DE", Role.PLAYER),
    ("chen", "Chen", "CN", Role.PLAYER),
]
BOT_KINDS = ("random", "heuristic", "search")


class Command(BaseCommand):
    help = "Create demo people (password 'gauntlet-demo') and one bot account per game and kind."

    def handle(self, *args, **options) -> None:
        if settings.GAUNTLET_PRODUCTION:
            raise CommandError("refusing to load demo accounts with the production settings")
        created = 0
        for username, name, country, role in PEOPLE:
            player, new = Player.objects.get_or_create(
                username=username,
                defaults={
                    "display_name": name,
                    "country": country,
                    "role": role,
                    "is_superuser": role == Role.ADMIN,
                },
            )
            if new:
                player.set_password(DEMO_PASSWORD)
                player.save()
                created += 1
        for slug in game_slugs():
            for kind in BOT_KINDS:
                bot, new = Player.objects.get_or_create(
                    username=f"{slug}-{kind}-bot",
                    defaults={"display_name": f"{kind.title()} bot ({slug})", "is_bot": True},
                )
                if new:  # bots never log in: workers play them
                    bot.set_unusable_password()
                    bot.save()
                    created += 1
        self.stdout.write(
            f"demo data: {created} accounts created; people log in with password "
            f"'{DEMO_PASSWORD}' (admin: 'admin')"
        )
