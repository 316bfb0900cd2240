"""``python manage.py matchmake [LADDER ...]``: one matchmaking round now (what beat runs)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from ratings.matchmaking import matchmake
from ratings.models import Ladder


class Command(BaseCommand):
    help = "Run one matchmaking round on the given ladders (default: every active ladder)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("ladders", nargs="*", help="Ladder slugs.")

    def handle(self, *args, **options) -> None:
        ladders = Ladder.objects.filter(active=True)
        if options["ladders"]:
            ladders = Ladder.objects.filter(slug__in=options["ladders"])
            missing = set(options["ladders"]) - set(ladders.values_list("slug", flat=True))
            if missing:
                raise CommandError(f"no ladder {', '.join(sorted(missing))}")
        for ladder in ladders:
            report = matchmake(ladder)
            self.stdout.write(
                f"{ladder.slug}: {report.waiting} waiting, {len(report.matches)} matches"
            )
            for note in report.notes:
                self.stdout.write(f"  {note}")
