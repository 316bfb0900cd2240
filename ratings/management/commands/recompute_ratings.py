"""``python manage.py recompute_ratings LADDER [--check] [--from SEQUENCE]``."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from ratings.models import Ladder
from ratings.recompute import recompute_ladder


class Command(BaseCommand):
    help = (
        "Rebuild a ladder's ratings from its match history (finished, rated, non-voided matches "
        "in their original order). --check reports differences, changes nothing and exits 1 "
        "when there are any."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("ladder", help="Ladder slug.")
        parser.add_argument("--check", action="store_true", help="Report only; change nothing.")
        parser.add_argument(
            "--from",
            dest="from_sequence",
            type=int,
            default=None,
            help="Replay from this sequence number on (default: the whole history).",
        )
        parser.add_argument("--json", action="store_true", help="Print the summary as JSON.")

    def handle(self, *args, **options) -> None:
        ladder = Ladder.objects.filter(slug=options["ladder"]).first()
        if ladder is None:
            known = ", ".join(Ladder.objects.values_list("slug", flat=True)) or "none"
            raise CommandError(f"no ladder {options['ladder']!r} (ladders: {known})")
        summary = recompute_ladder(ladder, options["from_sequence"], check=options["check"])
        if options["json"]:
            self.stdout.write(json.dumps({**summary.as_dict(), "details": summary.details}))
        else:
            verb = "would change" if options["check"] else "changed"
            self.stdout.write(
                f"{ladder.slug}: {summary.matches_replayed} matches replayed from sequence "
                f"{summary.from_sequence}; {verb} {summary.changes_differing} rating changes and "
                f"{summary.ratings_differing} ratings, {summary.standings_differing} season "
                "standings"
            )
            for line in summary.details:
                self.stdout.write(f"  {line}")
        if options["check"] and summary.changed:
            raise SystemExit(1)
