"""bench/pages.py: the demo loaded into a database of its own, one line per page and visitor."""

from __future__ import annotations

import pytest

from tests.support.bench import run_bench

# The bench makes its own embedded database, whichever pass runs this.
pytestmark = [pytest.mark.embedded, pytest.mark.slow]


def test_the_pages_bench_times_every_page_for_each_visitor() -> None:
    out = run_bench("pages.py", "--runs", "1", "--matches", "1", timeout=600)
    assert {(o["bench"], o["metric"], o["unit"]) for o in out} == {("pages", "server_ms", "ms")}
    pages = [o for o in out if not o["case"].startswith("all pages")]
    visitors = {o["case"].split(" ", 1)[0] for o in pages}
    assert visitors == {"anonymous", "alice", "admin"}
    assert any(o["case"] == "alice /decks/" and o["status"] == 200 for o in pages)
    assert all(o["status"] < 500 and o["value"] > 0 for o in pages)
    summary = {o["case"]: o for o in out if o["case"].startswith("all pages")}
    assert summary["all pages: median"]["pages"] == len(pages)
    assert summary["all pages: slowest"]["value"] == max(o["value"] for o in pages)
