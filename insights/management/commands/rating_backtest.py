"""``manage.py rating_backtest LADDER``: TrueSkill, OpenSkill and Glicko-2 over a ladder's history."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from insights.backtest import backtest, ladder_history
from insights.models import Backtest


class Command(BaseCommand):
    help = (
        "Replay a ladder's rated matches in time order through TrueSkill, OpenSkill and "
        "Glicko-2; report each system's log-loss of the predicted winner and pair-inversion "
        "accuracy (kept for the ladder's backtest page)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("ladder", help="The ladder's slug.")
        parser.add_argument("--json", action="store_true", help="One JSON line per system.")
        parser.add_argument("--no-save", action="store_true", help="Do not keep the result.")

    def handle(self, *args, ladder: str, **options) -> None:
        from ratings.models import Ladder

        row = Ladder.objects.filter(slug=ladder).first()
        if row is None:
            known = ", ".join(Ladder.objects.values_list("slug", flat=True)[:20])
            raise CommandError(f"no ladder {ladder!r} (known: {known})")
        history = ladder_history(row)
        scores = backtest(row, history)
        if not options["no_save"]:
            Backtest.objects.create(
                ladder=row, matches=len(history), scores=[s.to_json() for s in scores]
            )
        if options["json"]:
            for s in scores:
                self.stdout.write(json.dumps({"ladder": row.slug, **s.to_json()}))
            return
        self.stdout.write(f"{row.name}: {len(history)} rated matches, in time order")
        self.stdout.write(
            f"{'system':<10} {'log-loss':>9} {'pairs right':>12} {'pairs':>8} {'seconds':>8}"
        )
        for s in scores:
            loss = "-" if s.log_loss is None else f"{s.log_loss:.4f}"
            acc = "-" if s.pair_accuracy is None else f"{100 * s.pair_accuracy:.1f} %"
            self.stdout.write(f"{s.system:<10} {loss:>9} {acc:>12} {s.pairs:>8} {s.seconds:>8.2f}")
