"""``manage.py load_catalogue GAME [FILE]``: load a card catalogue version, re-check decks."""

from __future__ import annotations

import datetime as dt

from django.core.management.base import BaseCommand, CommandError

from decks import services


class Command(BaseCommand):
    help = (
        "Load a card catalogue version for GAME from FILE (default: the newest one shipped with "
        "the engine). A new version re-checks every registered deck of the game."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("game")
        parser.add_argument("file", nargs="?")
        parser.add_argument(
            "--effective-from", help="YYYY-MM-DD: tournaments from this date use it (default today)"
        )
        parser.add_argument("--notes", default="", help="what changed (errata, bans...)")
        parser.add_argument("--no-recheck", action="store_true", help="do not re-check decks")

    def handle(self, *args, **options) -> None:
        effective = None
        if options["effective_from"]:
            try:
                effective = dt.date.fromisoformat(options["effective_from"])
            except ValueError:
                raise CommandError("--effective-from must be YYYY-MM-DD") from None
        try:
            version, created = services.load_catalogue(
                options["game"],
                options["file"],
                effective_from=effective,
                notes=options["notes"],
                recheck=not options["no_recheck"],
            )
        except services.UnknownFormat as exc:
            raise CommandError(str(exc)) from None
        except services.CatalogueError as exc:
            raise CommandError(f"cannot load the catalogue: {exc}") from None
        if not created:
            self.stdout.write(
                f"{version}: unchanged (the file matches the newest loaded version); nothing loaded"
            )
            return
        self.stdout.write(
            f"loaded {version} from {version.source}: {len(version.rows)} cards, "
            f"in force from {version.effective_from}"
        )
