#!/usr/bin/env python
"""Server time of every page of the site on the demo data, through Django's test client.

Loads the demo (``load_demo``) into a fresh embedded database of its own (SQLite in a temporary
folder; ``--database-url`` for another), then requests every page of the crawl that
tests/web/test_web_demo.py checks, as an anonymous visitor, alice and the admin, and prints one
JSON object per page and visitor (the median of ``--runs`` requests), then the median and the
slowest page of all::

    .venv/bin/python bench/pages.py [--runs 5] [--matches 4]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "platform")]


def emit(case: str, value: float, **extra: object) -> None:
    line = {"bench": "pages", "case": case, "metric": "server_ms", "value": round(value, 1)}
    print(json.dumps({**line, "unit": "ms", **extra}), flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--matches", type=int, default=4, help="load_demo's matches per ladder")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args(argv)

    os.environ["GAUNTLET_VAR_DIR"] = tempfile.mkdtemp(prefix="gauntlet-bench-pages-")
    for name in ("CELERY_BROKER_URL", "CHANNEL_LAYER_URL", "DATABASE_URL"):
        os.environ.pop(name, None)  # the embedded default: tasks in-process
    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gauntlet.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from players.models import Player
    from tests.web.site_crawl import demo_pages, visit

    setup_test_environment()  # the test client's host, and its e-mail outbox
    call_command("migrate", verbosity=0)
    call_command("load_demo", matches=args.matches, stdout=io.StringIO())  # its report: not JSON
    pages = demo_pages()
    times = []
    for who in (None, "alice", "admin"):
        client = Client()
        if who:
            client.force_login(Player.objects.get(username=who))
        for p in pages:
            if p.access == "post":
                continue  # a form target refused on GET: nothing to time
            runs = [visit(client, who or "anonymous", p.url) for _ in range(args.runs)]
            ms = statistics.median(r.ms for r in runs)
            times.append((ms, runs[0]))
            emit(
                f"{who or 'anonymous'} {p.url}", ms, status=runs[0].status, queries=runs[0].queries
            )
    slowest_ms, slowest = max(times, key=lambda t: t[0])
    emit("all pages: median", statistics.median(t[0] for t in times), pages=len(times))
    emit("all pages: slowest", slowest_ms, page=f"{slowest.who} {slowest.url}")


if __name__ == "__main__":
    main()
