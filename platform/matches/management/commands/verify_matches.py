"""``python manage.py verify_matches --all``: the release gate for a new engine version.

Replays stored matches under the engine version that played each one and lists every match
whose digests or result changed (exits non-zero when any did: an engine version no longer plays
its own matches). A match played under an older version than the game's current one is also
replayed under the current version, and listed when that version plays it differently (from
which action, and why): what a rules fix changes, not a failure. Paper matches
(:mod:`matches.paper`) have no record to replay: they are counted apart and never fail the gate.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from matches import audit
from matches.models import PAPER_ORIGIN, Match, MatchState
from matches.paper import NO_RECORD


class Command(BaseCommand):
    help = (
        "Replay stored matches under the engine version that played them and list any that "
        "diverge; also list those the current version would play differently."
    )

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
        paper = queryset.filter(origin=PAPER_ORIGIN).count()
        queryset = queryset.exclude(origin=PAPER_ORIGIN)
        checked, diverged, older, changed = 0, [], 0, []
        for match in queryset.order_by("pk").prefetch_related("seats__player").iterator(500):
            report, current = audit.verify_both(match)
            checked += 1
            name = f"match {match.pk} ({match.game})"
            if not report.ok:
                diverged.append(match.pk)
                self.stdout.write(
                    f"{name}: diverges at {report.first_divergent_action} under engine "
                    f"{report.engine_version}: {report.message}"
                )
            if current is None:
                continue
            older += 1
            if not current.ok:
                changed.append(match.pk)
                self.stdout.write(
                    f"{name}: played under {report.engine_version}, plays differently under "
                    f"{current.engine_version} from {_where(current.first_divergent_action)}: "
                    f"{current.message}"
                )
        self.stdout.write(
            f"{checked} matches replayed, {checked - len(diverged)} reproduce, {len(diverged)} diverge"
        )
        if paper:
            self.stdout.write(f"{paper} passed by, each {NO_RECORD}")
        if older:
            self.stdout.write(
                f"{older} played under an older engine version: {len(changed)} play differently "
                f"under the current one, {older - len(changed)} the same"
            )
        if diverged:
            raise CommandError(f"{len(diverged)} matches diverge: {' '.join(map(str, diverged))}")


def _where(index: int | str | None) -> str:
    if index is None:
        return "the result"
    return "setup" if index == "setup" else f"action {index}"
