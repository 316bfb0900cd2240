"""``python manage.py end_season LADDER --by USERNAME --reason WHY [--reset full|widen]
[--widen W]``: what the season page's form does (``ratings.seasons.end``)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from players.models import Player
from ratings import seasons
from ratings.models import Ladder


class Command(BaseCommand):
    help = (
        "End a ladder's current season: freeze its final leaderboard, reset every rating by the "
        "season's rule (or --reset/--widen) and open the next season; logged with --by and "
        "--reason."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("ladder", help="Ladder slug.")
        parser.add_argument("--by", required=True, help="Who ends it (staff or an organiser).")
        parser.add_argument("--reason", required=True, help="Why (the ladder's log keeps it).")
        parser.add_argument("--reset", choices=["full", "widen"], default=None)
        parser.add_argument("--widen", type=float, default=None, help="w of the widen rule.")

    def handle(self, *args, **options) -> None:
        ladder = Ladder.objects.filter(slug=options["ladder"]).first()
        if ladder is None:
            known = ", ".join(Ladder.objects.values_list("slug", flat=True)) or "none"
            raise CommandError(f"no ladder {options['ladder']!r} (ladders: {known})")
        actor = Player.objects.filter(username=options["by"], is_active=True).first()
        if actor is None:
            raise CommandError(f"no player {options['by']!r}")
        try:
            season = seasons.end(
                ladder, actor, options["reason"], options["reset"], options["widen"]
            )
        except seasons.SeasonRefused as exc:
            raise CommandError(f"{exc.field}: {exc}") from None
        self.stdout.write(
            f"{ladder.slug}: {season.name} ended at sequence {season.end_sequence} with "
            f"{season.standings.count()} players ranked; {seasons.reset_words(season, ladder)}"
        )
