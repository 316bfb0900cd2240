#!/usr/bin/env python
"""A load test of people: N simulated people against the distributed mode, N stepped up.

Starts a PostgreSQL cluster and a Redis server of its own (ports 5441 and 6391 by default, in a
temporary directory), the no-Docker distributed mode on them (``deploy/distributed.sh``:
daphne, 2 match workers, the maintenance worker, beat) and, for N = ``--start``, 2N, 4N ...
people at once (asyncio, aiohttp, one process, loopback only; they arrive spread over
``--ramp`` seconds), each of whom

* signs in (the log-in form, CSRF and session cookie) and opens pages (home, ladders, a
  leaderboard, matches, the play page, their matches, their tournament);
* plays a match against a bot and one against another person over the play websocket
  (``ws/matches/<id>/play/``): ``--actions`` actions of their own, then resigns;
* reports the result of their tournament table (both players report; the table is final).

The matches and tournaments are made beforehand in the database (like bench/faults.py does):
what is measured is what people do, not the set-up. A step holds when no request or socket
failed, the p95 page latency is at most ``--page-ms`` and the p95 round trip of a websocket
action (sent -> the view with it) at most ``--ws-ms``; stepping stops at the first step that
does not hold, at ``--max-people`` or after ``--budget`` seconds. Then it checks that every
match it made ended exactly once (none still running, none rated twice) and every table is
final. One JSON object per line, like the other benches::

    .venv/bin/python bench/load.py                       # N = 2, 4, 8 ... 64
    .venv/bin/python bench/load.py --start 2 --max-people 4 --actions 3   # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
from yarl import URL

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))

from harness import distributed_mode, emitter  # noqa: E402
from private_services import private_services  # noqa: E402

emit = emitter("load")
GAME, PAPER_GAME, PASSWORD = "arackhan-wars", "kingdom-of-warlords", "load-bench-password-1"


@dataclass
class Person:
    username: str
    bot_match: int
    duel: int  # the person-vs-person match
    tournament: int
    table: int


@dataclass
class Stats:
    pages: list[float] = field(default_factory=list)  # ms
    by_page: dict[str, list[float]] = field(default_factory=dict)
    logins: list[float] = field(default_factory=list)
    actions: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def setup_step(step: int, n: int) -> tuple[list[Person], str]:
    """People, their bot matches, duels and tournament tables (in pairs) for one step."""
    from django.contrib.auth.hashers import make_password

    from matches.scheduling import SeatSpec, schedule_match
    from players.models import Player
    from ratings.models import Ladder
    from tournaments import lifecycle, registration
    from tournaments.models import Table

    ladder, _ = Ladder.objects.get_or_create(
        slug="load-akw", defaults={"name": "Load", "game": GAME, "seats": 2}
    )
    bot, _ = Player.objects.get_or_create(username="load-bot", defaults={"is_bot": True})
    org, _ = Player.objects.get_or_create(username="load-org", defaults={"role": "organiser"})
    hashed = make_password(PASSWORD)  # once: hashing a password per account is slow on purpose
    people = Player.objects.bulk_create(
        Player(username=f"load{step}-{i}", email=f"load{step}-{i}@example.org", password=hashed)
        for i in range(n)
    )
    out = []
    for a, b in zip(people[::2], people[1::2], strict=True):
        duel = schedule_match(GAME, [SeatSpec(a), SeatSpec(b)], ladder=ladder, origin="bench")
        t = lifecycle.create(org, name=f"Load {step}", game=PAPER_GAME, rounds=1)
        t = lifecycle.open_registration(t, org)
        for p in (a, b):
            registration.register(t, p, p)
        t = lifecycle.start(t, org)
        table = Table.objects.get(round__tournament=t)
        for p in (a, b):
            vs_bot = schedule_match(
                GAME, [SeatSpec(p), SeatSpec(bot, "random")], ladder=ladder, origin="bench"
            )
            out.append(Person(p.username, vs_bot.pk, duel.pk, t.pk, table.pk))
    return out, ladder.slug


class Visit:
    """One person's session: pages, sockets, a report; timings and failures into ``stats``."""

    def __init__(self, base: str, person: Person, stats: Stats, args: argparse.Namespace):
        self.base, self.person, self.stats, self.args = base, person, stats, args
        self.rng = random.Random(person.username)

    async def run(self, slug: str) -> None:
        jar = aiohttp.CookieJar(unsafe=True)  # cookies for 127.0.0.1
        async with aiohttp.ClientSession(self.base, cookie_jar=jar) as http:
            self.http = http
            await self.sign_in()
            for url in ("/", "/ladders/", f"/ladders/{slug}/", "/matches/", "/play/",
                        "/my/matches/", f"/tournaments/{self.person.tournament}/"):  # fmt: skip
                await self.page(url)
            await self.play(self.person.bot_match)
            await self.play(self.person.duel)
            await self.report()

    def csrf(self) -> str:
        cookie = self.http.cookie_jar.filter_cookies(URL(self.base)).get("csrftoken")
        return cookie.value if cookie else ""

    async def page(self, url: str, method: str = "GET", data: dict | None = None,
                   ok: tuple[int, ...] = (200,), into: list[float] | None = None) -> None:  # fmt: skip
        started = time.perf_counter()
        try:
            headers = {"Referer": self.base + url, "Origin": self.base} if data else {}
            async with self.http.request(
                method, url, data=data, headers=headers, allow_redirects=False
            ) as response:
                await response.read()
                status = response.status
        except (TimeoutError, aiohttp.ClientError) as exc:
            self.stats.errors.append(f"{method} {url}: {type(exc).__name__}")
            return
        ms = (time.perf_counter() - started) * 1000
        (self.stats.pages if into is None else into).append(ms)
        if into is None:
            name = f"{method} " + "/".join("<id>" if p.isdigit() else p for p in url.split("/"))
            self.stats.by_page.setdefault(name, []).append(ms)
        if status not in ok:
            self.stats.errors.append(f"{method} {url}: {status}")

    async def sign_in(self) -> None:
        await self.page("/accounts/login/")
        form = {"username": self.person.username, "password": PASSWORD,
                "csrfmiddlewaretoken": self.csrf()}  # fmt: skip
        await self.page("/accounts/login/", "POST", form, ok=(302,), into=self.stats.logins)

    async def report(self) -> None:
        url = f"/tournaments/{self.person.tournament}/tables/{self.person.table}/"
        await self.page(url)
        form = {"report-wins_0": "2", "report-wins_1": "1", "report-draws": "0",
                "csrfmiddlewaretoken": self.csrf()}  # fmt: skip
        await self.page(url + "report/", "POST", form, ok=(302,))

    async def play(self, match_id: int) -> None:
        """Act ``--actions`` times when it is this person's turn, then resign; until it ends."""
        url = f"/ws/matches/{match_id}/play/"
        done, wait = 0, self.args.turn_timeout
        try:
            async with self.http.ws_connect(url, headers={"Origin": self.base}) as ws:
                view = await self.next_view(ws, wait)
                while view["state"] == "running":
                    if not view["your_turn"]:
                        view = await self.next_view(ws, wait)
                        continue
                    if done >= self.args.actions:
                        await ws.send_json({"kind": "resign"})
                        view = await self.next_view(ws, wait, after=view["ply"])
                        continue
                    pick = self.rng.choice(view["legal"])["action"]
                    started = time.perf_counter()
                    await ws.send_json({"action": pick, "ply": view["ply"]})
                    view = await self.next_view(ws, wait, after=view["ply"])
                    self.stats.actions.append((time.perf_counter() - started) * 1000)
                    done += 1
        except (TimeoutError, aiohttp.ClientError, RuntimeError, KeyError) as exc:
            self.stats.errors.append(f"ws {url}: {type(exc).__name__} {exc}"[:200])

    async def next_view(self, ws, wait: float, after: int | None = None) -> dict:
        """The next view (one past ply ``after``, or that ended, when given); an error frame
        other than a stale ply is a failure."""
        deadline = time.monotonic() + wait
        while True:
            message = await ws.receive_json(timeout=max(0.1, deadline - time.monotonic()))
            if message.get("kind") == "error" and message.get("status") != 409:
                raise RuntimeError(f"error frame {message}")
            if message.get("kind") != "view":
                continue
            view = message["view"]
            if after is None or view["ply"] > after or view["state"] != "running":
                return view


def quantile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


async def run_step(base: str, people: list[Person], slug: str, args) -> tuple[Stats, float]:
    stats = Stats()
    started = time.perf_counter()

    async def arrive(k: int, person: Person) -> None:
        # People arrive spread over the ramp, not all in the same millisecond.
        await asyncio.sleep(args.ramp * k / max(1, len(people)))
        await Visit(base, person, stats, args).run(slug)

    visits = [arrive(k, p) for k, p in enumerate(people)]
    try:
        await asyncio.wait_for(asyncio.gather(*visits), timeout=args.step_timeout)
    except TimeoutError:
        stats.errors.append(f"step over {args.step_timeout:.0f}s")
    return stats, time.perf_counter() - started


def check_matches(step_people: list[list[Person]]) -> dict[str, int]:
    """What happened to every match and table the bench made."""
    from django.db.models import Count

    from matches.models import Match, MatchState
    from ratings.models import RatingChange
    from tournaments.models import Table, TableState

    people = [p for step in step_people for p in step]
    ids = {p.bot_match for p in people} | {p.duel for p in people}
    states = dict(Match.objects.filter(pk__in=ids).values_list("state").annotate(n=Count("pk")))
    rated_twice = (
        RatingChange.objects.filter(match_id__in=ids)
        .values("match_id", "player_id")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
        .count()
    )
    tables = {p.table for p in people}
    return {
        "matches_made": len(ids),
        "matches_finished": states.get(MatchState.FINISHED, 0),
        "matches_lost": len(ids) - states.get(MatchState.FINISHED, 0),
        "matches_rated_twice": rated_twice,
        "tables_not_final": Table.objects.filter(pk__in=tables)
        .exclude(state=TableState.FINAL)
        .count(),
    }


def measure(args: argparse.Namespace) -> None:
    base = f"http://127.0.0.1:{args.web_port}"
    n, step, held, made = args.start, 0, 0, []
    deadline = time.monotonic() + args.budget
    # A warm-up visit, not measured: the first requests of each process load templates and code.
    people, slug = setup_step(0, 2)
    made.append(people)
    stats, _ = asyncio.run(run_step(base, people, slug, args))
    emit("warm-up", "errors", len(stats.errors), "errors", first=stats.errors[:3])
    while n <= args.max_people and time.monotonic() < deadline:
        step += 1
        people, slug = setup_step(step, n)
        made.append(people)
        stats, seconds = asyncio.run(run_step(base, people, slug, args))
        case = f"{n} people"
        page_p95, ws_p95 = quantile(stats.pages, 95), quantile(stats.actions, 95)
        extra = {"load_average_1min": round(os.getloadavg()[0], 1)}
        emit(case, "page_p50", quantile(stats.pages, 50), "ms", requests=len(stats.pages))
        emit(case, "page_p95", page_p95, "ms", requests=len(stats.pages))
        emit(case, "sign_in_p95", quantile(stats.logins, 95), "ms", requests=len(stats.logins))
        emit(case, "ws_action_p50", quantile(stats.actions, 50), "ms", actions=len(stats.actions))
        emit(case, "ws_action_p95", ws_p95, "ms", actions=len(stats.actions))
        emit(case, "errors", len(stats.errors), "errors", first=stats.errors[:3], **extra)
        emit(case, "step_seconds", seconds, "s")
        if stats.by_page:
            page, times = max(stats.by_page.items(), key=lambda kv: statistics.median(kv[1]))
            emit(case, "slowest_page_p50", statistics.median(times), "ms", page=page)
        if stats.errors or page_p95 > args.page_ms or ws_p95 > args.ws_ms:
            break
        held, n = n, n * 2
    emit("all", "largest_n_held", held, "people", page_ms=args.page_ms, ws_ms=args.ws_ms)
    for metric, value in check_matches(made).items():
        emit("all", metric, value, "matches" if metric.startswith("matches") else "tables")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--start", type=int, default=2, help="people in the first step (even)")
    parser.add_argument("--max-people", type=int, default=64)
    parser.add_argument("--actions", type=int, default=6, help="own actions per match")
    parser.add_argument("--page-ms", type=float, default=500.0)
    parser.add_argument("--ws-ms", type=float, default=300.0)
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds over which people arrive")
    parser.add_argument("--turn-timeout", type=float, default=60.0, help="seconds")
    parser.add_argument("--step-timeout", type=float, default=300.0, help="seconds")
    parser.add_argument("--budget", type=float, default=1200.0, help="seconds for all steps")
    parser.add_argument("--pg-port", type=int, default=5441)
    parser.add_argument("--redis-port", type=int, default=6391)
    parser.add_argument("--web-port", type=int, default=8044)
    parser.add_argument("--keep-running", action="store_true")
    args = parser.parse_args()
    if args.start < 2 or args.start % 2:
        parser.error("--start must be even (people play in pairs)")

    services = private_services(
        "load", args.pg_port, args.redis_port, args.web_port, 2, args.keep_running
    )
    with services as (_, _, env):
        # Every simulated person comes from 127.0.0.1: the per-client limits would refuse
        # them as one client (a real site sees as many addresses as people).
        env.update(
            THROTTLE_LOGIN="100000/min", THROTTLE_ANON="100000/min", THROTTLE_USER="100000/min"
        )
        with distributed_mode(env, args.keep_running):
            measure(args)


if __name__ == "__main__":
    main()
