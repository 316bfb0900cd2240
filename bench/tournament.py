#!/usr/bin/env python
"""A whole bot tournament, end to end, in distributed mode.

Starts the no-Docker distributed mode (``deploy/distributed.sh``: PostgreSQL, Redis, daphne,
N Celery workers, beat) on a database of its own, registers ``--players`` bot accounts (random
bots) in a Swiss event of ``--rounds`` rounds plus a top ``--cut``, starts it and waits while the
platform does the rest by itself: workers play each round's matches, results flow back through
``matches_finished``, and the ``tournaments.advance`` task pairs the next round when a round's
last result is in, through the top cut to the champion. Prints one JSON object per line
(``bench``, ``case``, ``metric``, ``value``, ``unit``):

    .venv/bin/python bench/tournament.py                       # 1,024 players, 10 rounds + top 8
    .venv/bin/python bench/tournament.py --players 64 --rounds 6 --cut 8   # a quick look
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))

from harness import distributed_mode, emitter  # noqa: E402

emit = emitter("tournament")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--cut", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", default="kingdom-of-warlords")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds to wait")
    parser.add_argument("--keep-running", action="store_true")
    args = parser.parse_args()

    run_dir = REPO / "var" / "bench-tournament"
    env = {
        "GAUNTLET_DB_NAME": "gauntlet_bench_tournament",
        "GAUNTLET_PORT": "8013",
        "GAUNTLET_REDIS_DB": "12",
        "GAUNTLET_CHANNEL_REDIS_DB": "13",
        "GAUNTLET_RUN_DIR": str(run_dir),
        "GAUNTLET_WORKERS": str(args.workers),
        "GAUNTLET_WORKER_PREFIX": "tbench",
    }
    with distributed_mode(env, args.keep_running):
        measure(args)


def measure(args) -> None:
    from django.contrib.auth.hashers import make_password

    from matches.models import Match, MatchState
    from players.models import Player
    from ratings.models import BotProfile
    from tournaments import lifecycle, registration
    from tournaments.models import Round, State, Table, Tournament

    case = f"{args.game}/{args.players}p/{args.rounds}r+top{args.cut}/{args.bot}/{args.workers}w"
    org = Player.objects.create_user("bench-organiser", password=None, role="organiser")
    password = make_password(None)
    Player.objects.bulk_create(
        Player(username=f"tbench-bot-{i:05d}", is_bot=True, password=password)
        for i in range(args.players)
    )
    field = list(Player.objects.filter(username__startswith="tbench-bot-").order_by("username"))
    BotProfile.objects.bulk_create(
        BotProfile(player=p, game=args.game, spec=args.bot, owner=org) for p in field
    )
    t = lifecycle.create(
        org,
        name=f"Bench Swiss {args.players}",
        game=args.game,
        rounds=args.rounds,
        top_cut=args.cut,
    )
    lifecycle.open_registration(t, org)
    started = time.perf_counter()
    for p in field:
        registration.register(t, p, org)
    emit(case, "registration_s", time.perf_counter() - started, "s", players=len(field))

    started = time.perf_counter()
    lifecycle.start(t, org)  # pairs round 1 and queues its matches; everything else is automatic
    paired_first = time.perf_counter() - started
    deadline = started + args.timeout
    while True:
        state = Tournament.objects.values_list("state", flat=True).get(pk=t.pk)
        if state == State.FINISHED:
            break
        if time.perf_counter() > deadline:
            t.refresh_from_db()
            sys.exit(f"not finished after {args.timeout}s: round {t.current_round}, {state}")
        time.sleep(0.5)
    total = time.perf_counter() - started
    t.refresh_from_db()

    rounds = list(Round.objects.filter(tournament=t).order_by("number"))
    tables = Table.objects.filter(round__tournament=t)
    matches = Match.objects.filter(tournament_table__round__tournament=t)
    finished = matches.filter(state=MatchState.FINISHED).count()
    round_s = [(r.finished_at - r.created).total_seconds() for r in rounds]
    gaps = [
        (b.created - a.finished_at).total_seconds()
        for a, b in zip(rounds, rounds[1:], strict=False)
    ]
    emit(case, "end_to_end_s", total, "s", rounds=len(rounds), champion=t.winner.player.username)
    emit(case, "first_round_pairing_s", paired_first, "s", tables=rounds[0].tables.count())
    emit(
        case,
        "matches_played",
        finished,
        "matches",
        tables=tables.count(),
        byes=tables.filter(bye=True).count(),
    )
    emit(
        case,
        "round_median_s",
        statistics.median(round_s),
        "s",
        per_round=[round(x, 2) for x in round_s],
    )
    emit(case, "advance_gap_median_s", statistics.median(gaps), "s", max=round(max(gaps), 3))
    engine = [m for m in matches.values_list("engine_seconds", flat=True) if m is not None]
    emit(case, "engine_ms_per_match", 1000 * statistics.mean(engine), "ms")
    emit(case, "matches_per_s", finished / total, "matches/s")


if __name__ == "__main__":
    main()
