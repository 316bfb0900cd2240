"""``manage.py reference_bots LADDER [--add SPEC [--mu M] [--sigma S]] [--play]``."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from insights.reference import ReferenceRefused, add_reference_bot, reference_round


class Command(BaseCommand):
    help = (
        "List a ladder's reference bots (their ratings held), add one playing a bot spec, or "
        "play a round of their matches now (the beat plays one every 10 minutes)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("ladder", help="The ladder's slug.")
        parser.add_argument("--add", metavar="SPEC", help="A bot spec: random, heuristic...")
        parser.add_argument("--mu", type=float, help="The held mu (default: see the docs).")
        parser.add_argument("--sigma", type=float, help="The held sigma.")
        parser.add_argument("--play", action="store_true", help="Schedule a round now.")

    def handle(self, *args, ladder: str, **options) -> None:
        from ratings.models import HeldRating, Ladder

        row = Ladder.objects.filter(slug=ladder).first()
        if row is None:
            raise CommandError(f"no ladder {ladder!r}")
        if options["add"]:
            try:
                bot = add_reference_bot(row, options["add"], options["mu"], options["sigma"])
            except ReferenceRefused as exc:
                raise CommandError(f"{exc.field}: {exc}") from None
            self.stdout.write(f"{bot.username} is a reference bot on {row.slug}")
        if options["play"]:
            self.stdout.write(f"scheduled {len(reference_round(row))} reference matches")
        for h in HeldRating.objects.filter(ladder=row).select_related("player"):
            self.stdout.write(f"{h.player.username}: held at mu {h.mu:.2f}, sigma {h.sigma:.2f}")
