"""Deck validation speed: one deck in the engine, and re-checking stored decks in the database.

Cases (one JSON object per line, each value the median of ``--runs`` runs)::

    {"bench": "decks", "case": "validate/one", "metric": "us_per_deck", ...}
    {"bench": "decks", "case": "parse+validate/text", "metric": "us_per_deck", ...}
    {"bench": "decks", "case": "recheck/sqlite/100000", "metric": "seconds", ...}

The re-check case stores ``--decks`` decks (current versions, ~40 owners, some at the budget's
edge) in a scratch database — a temporary SQLite file by default, or ``--database URL`` (e.g. a
PostgreSQL database, which is created if missing and left in place) — then times
``decks.recheck.recheck_all`` (bulk reads and writes, validation in pure Python, owners
notified) after each new catalogue version, alternating a version that raises Phalanx from 3 to 4
deck-building points (flagging the decks it pushes over 125) and one that restores it.

Run ``python bench/decks.py [--decks 100000] [--runs 3] [--database URL] [--skip-db]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
for folder in (str(REPO), str(REPO / "platform")):
    if folder not in sys.path:
        sys.path.insert(0, folder)

from engines.arackhan_wars.catalogue import DATA_DIR, shipped_catalogue  # noqa: E402
from engines.arackhan_wars.decklist import export_text, parse_text  # noqa: E402
from engines.arackhan_wars.format import starter_decks, validate  # noqa: E402


def emit(case: str, metric: str, value: float, unit: str, **extra: object) -> None:
    line = {
        "bench": "decks",
        "case": case,
        "metric": metric,
        "value": round(value, 3),
        "unit": unit,
        **extra,
    }
    print(json.dumps(line), flush=True)


def bench_engine(runs: int, per_run: int = 2000) -> None:
    catalogue = shipped_catalogue()
    decks = [d.data for d in starter_decks()]
    texts = [export_text(d, catalogue) for d in decks]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for i in range(per_run):
            validate(decks[i % len(decks)], catalogue)
        times.append((time.perf_counter() - start) / per_run)
    emit("validate/one", "us_per_deck", statistics.median(times) * 1e6, "us", runs=runs)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for i in range(per_run // 4):
            parsed = parse_text(texts[i % len(texts)], catalogue)
            validate(parsed.data, catalogue, lines=parsed.lines, problems=parsed.problems)
        times.append((time.perf_counter() - start) / (per_run // 4))
    emit("parse+validate/text", "us_per_deck", statistics.median(times) * 1e6, "us", runs=runs)


def _setup_django(database: str | None) -> str:
    if database is None:
        path = Path(tempfile.mkdtemp(prefix="gauntlet-bench-")) / "decks.sqlite3"
        database = f"sqlite:///{path}"
    os.environ["DATABASE_URL"] = database
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.pop("CHANNEL_LAYER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gauntlet.settings")
    if database.startswith("postgres"):
        from urllib.parse import urlparse

        import psycopg

        parsed = urlparse(database)
        name = parsed.path.lstrip("/")
        admin = database.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
            if not found:
                conn.execute(f'CREATE DATABASE "{name}"')
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return "postgresql" if database.startswith("postgres") else "sqlite"


def _fill(n_decks: int, seed: int = 7) -> None:
    from django.db import transaction

    from decks.models import CatalogueVersion, Deck, DeckRecheck, DeckVersion, RecheckRun
    from decks.services import ensure_catalogue
    from players.models import Player

    DeckRecheck.objects.all().delete()
    RecheckRun.objects.all().delete()
    Deck.objects.filter(owner__username__startswith="bench-").delete()
    CatalogueVersion.objects.filter(game="arackhan-wars").delete()
    v1 = ensure_catalogue("arackhan-wars")
    owners = [
        Player.objects.get_or_create(username=f"bench-{i}", defaults={"email": ""})[0]
        for i in range(40)
    ]
    rng = random.Random(seed)
    catalogue = shipped_catalogue()
    phalanx = 1113
    bases = [d.data for d in starter_decks()]
    # decks with Phalanx near the budget: the v2 errata pushes some over 125
    bases.append(
        {
            "faction": "Grey Order",
            "cards": [
                {"id": 1113, "copies": 3},
                {"id": 1122, "copies": 4},
                {"id": 1111, "copies": 12},
                {"id": 1115, "copies": 4},
            ],
        }
    )
    bases.append(
        {
            "faction": "Grey Order",
            "cards": [
                {"id": 1113, "copies": 2},
                {"id": 1122, "copies": 4},
                {"id": 1111, "copies": 13},
                {"id": 1102, "copies": 4},
            ],
        }
    )
    chunk = 5000
    made = 0
    while made < n_decks:
        size = min(chunk, n_decks - made)
        with transaction.atomic():
            decks = Deck.objects.bulk_create(
                [
                    Deck(
                        owner=owners[(made + i) % len(owners)],
                        game="arackhan-wars",
                        name=f"bench {made + i}",
                    )
                    for i in range(size)
                ]
            )
            versions = []
            for deck in decks:
                data = rng.choice(bases)
                report = validate(data, catalogue)
                versions.append(
                    DeckVersion(
                        deck=deck,
                        number=1,
                        data=data,
                        is_current=True,
                        catalogue=v1,
                        legal=report.legal,
                        total_value=report.total_value,
                        violations=[v.to_json() for v in report.violations],
                    )
                )
            DeckVersion.objects.bulk_create(versions, batch_size=1000)
        made += size
    assert phalanx in catalogue.cards


def bench_recheck(n_decks: int, runs: int, database: str | None) -> None:
    vendor = _setup_django(database)
    from decks import recheck, services

    start = time.perf_counter()
    _fill(n_decks)
    emit(f"recheck/{vendor}/{n_decks}", "fill_seconds", time.perf_counter() - start, "s")
    v1 = (DATA_DIR / "cards-v1.csv").read_text()
    raised = v1.replace(
        "1113,Phalanx,Grey Order,Creature,3,,", "1113,Phalanx,Grey Order,Creature,3,4,"
    )
    times, flagged = [], []
    for run in range(runs):
        text = raised if run % 2 == 0 else v1
        version, _ = services.load_catalogue(
            "arackhan-wars", text=text, path=f"bench-{run}.csv", recheck=False
        )
        start = time.perf_counter()
        result = recheck.recheck_all(version)
        times.append(time.perf_counter() - start)
        flagged.append(result.now_illegal + result.now_legal)
    emit(
        f"recheck/{vendor}/{n_decks}",
        "seconds",
        statistics.median(times),
        "s",
        runs=runs,
        decks_per_s=round(n_decks / statistics.median(times)),
        changed_per_run=flagged,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decks", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--database", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--skip-db", action="store_true", help="engine cases only")
    args = parser.parse_args(argv)
    bench_engine(max(args.runs, 5))
    if not args.skip_db:
        bench_recheck(args.decks, args.runs, args.database)
    return 0


if __name__ == "__main__":
    sys.exit(main())
