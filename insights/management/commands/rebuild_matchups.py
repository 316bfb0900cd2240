"""``manage.py rebuild_matchups [GAME]``: count the matchup statistics again from the history."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from insights.store import rebuild


class Command(BaseCommand):
    help = "Count the matchup statistics (win rates by deck, seat) again from finished matches."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game", nargs="?", help="A game's slug (default: every game).")

    def handle(self, *args, game: str | None = None, **options) -> None:
        from engines.registry import game_slugs

        if game and game not in game_slugs():
            raise CommandError(f"unknown game {game!r} (known: {', '.join(game_slugs())})")
        counted = rebuild(game)
        self.stdout.write(f"counted {counted} matches{f' of {game}' if game else ''}")
