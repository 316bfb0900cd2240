"""``manage.py tournament_standings FILE.json``: standings of a paper Swiss event, as JSON.

The file is ``{"players": [names], "rounds": [[{"players": [a, b], "wins": [2, 1], "draws": 0} |
{"players": [a], "bye": true}, ...], ...], "drops": {name: after_round}}`` (``-`` reads stdin).
Prints ``[{"rank", "player", "match_points", "omw", "gw", "ogw"}]`` — percentages as fractions —
computed exactly as the platform computes its Swiss standings.
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from tournaments.pairing import paper_standings


class Command(BaseCommand):
    help = "Print the standings of a paper (hand-recorded) Swiss event as JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="The event as JSON (- for standard input).")
        parser.add_argument("--indent", type=int, default=None)

    def handle(self, *args, **options) -> None:
        path = options["file"]
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}") from None
        try:
            event = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CommandError(f"{path} is not JSON: {exc}") from None
        if not isinstance(event, dict):
            raise CommandError("the event must be a JSON object with players and rounds")
        try:
            rows = paper_standings(event)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(json.dumps(rows, indent=options["indent"]))
