"""``python manage.py verify_matches --all``: the release gate for a new engine version.

Replays stored matches on the current engines and lists every match whose digests or result
changed; exits non-zero when any did.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from matches import audit
from matches.models import Match, MatchState


class Command(BaseCommand):
    help = "Replay stored matches on the current engine versions and list any that diverge."

    def add_arguments(self, parser) -> None:
        parser.add_argument("ids", nargs="*", type=int, help="match ids")
        parser.add_argument("--all", action="store_true", help="every finished or voided match")
        parser.add_argument("--game", help="only this game")

    def handle(self, *args, **options) -> None:
        queryset = Match.objects.filter(state__in=[MatchState.FINISHED, MatchState.VOIDED])
        if options["ids"]:
            queryset = queryset.filter(pk__in=options["ids"])
        elif options["game"]:
            queryset = queryset.filter(game=options["game"])
        elif not options["all"]:
            raise CommandError("say which matches: ids, --game GAME or --all")
        checked, diverged = 0, []
        for match in queryset.order_by("pk").prefetch_related("seats__player").iterator(500):
            report = audit.verify(match)
            checked += 1
            if not report.ok:
                where = report.first_divergent_action
                diverged.append(match.pk)
                self.stdout.write(
                    f"match {match.pk} ({match.game}): diverges at {where}: {report.message}"
                )
        self.stdout.write(
            f"{checked} matches replayed, {checked - len(diverged)} reproduce, {len(diverged)} diverge"
        )
        if diverged:
            raise CommandError(f"{len(diverged)} matches diverge: {' '.join(map(str, diverged))}")
