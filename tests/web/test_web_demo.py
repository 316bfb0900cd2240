"""Every main page on the demo data: no 5xx, a bounded number of queries (no N+1), and a server
time guard (the best of three requests through Django's test client).

The target is 100 ms per page; measured alone on the demo data every page takes well under it
(see the figures this test prints). The assertion allows 250 ms because CI shares two CPUs with
other suites running in parallel, and a timing test must not fail on a busy machine: it catches
an accidental N+1 or a quadratic loop, which costs far more than that.
"""

import time

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.models import Match, MatchState
from players.models import Player
from ratings.models import Ladder

pytestmark = pytest.mark.django_db
BUDGET_SECONDS = 0.250
MAX_QUERIES = 12


def _measure(client, url: str) -> tuple[int, float, int]:
    best = float("inf")
    for _ in range(3):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.get(url)
            best = min(best, time.perf_counter() - started)
    return response.status_code, best, len(queries)


def test_main_pages_on_demo_data(client, django_capture_on_commit_callbacks, capsys):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", matches=5)
    capsys.readouterr()
    finished = Match.objects.filter(origin="demo", state=MatchState.FINISHED).order_by("-pk")
    origins = list(Match.objects.values_list("origin", "state", "game"))
    assert finished.count() == 5 * Ladder.objects.filter(active=True).count(), origins
    longest = max(finished, key=lambda m: len(m.actions))
    bot = Player.objects.filter(is_bot=True).order_by("username").first()
    urls = [
        "/",
        "/ladders/",
        *[f"/ladders/{slug}/" for slug in Ladder.objects.values_list("slug", flat=True)],
        "/matches/",
        f"/matches/{longest.pk}/",
        f"/matches/{longest.pk}/replay/?step={len(longest.actions) // 2}",
        f"/players/{bot.username}/",
    ]
    report = []
    signed_out = ["/accounts/login/", "/accounts/signup/"]
    signed_in = ["/my/matches/", "/accounts/tokens/", "/accounts/profile/"]
    for who, extra in [(None, signed_out), ("alice", signed_in), ("admin", signed_in)]:
        if who:
            client.force_login(Player.objects.get(username=who))
        for url in urls + extra:
            status, seconds, queries = _measure(client, url)
            report.append((who or "anonymous", url, status, round(seconds * 1000, 1), queries))
    with capsys.disabled():
        print("\nserver time on demo data (best of 3, ms) and queries:")
        for row in report:
            print("  ", *row)
    assert all(status == 200 for _, _, status, _, _ in report), report
    assert all(queries <= MAX_QUERIES for *_, queries in report), report
    slow = [row for row in report if row[3] > BUDGET_SECONDS * 1000]
    assert not slow, slow
