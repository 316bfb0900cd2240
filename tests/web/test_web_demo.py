"""Every page of the site on the demo data, as an anonymous visitor, alice and the admin: no
5xx (each page answers as its access rule says) and a bounded number of queries (no N+1).
The pages' server times are bench/pages.py's (a test asserts no time).
"""

import pytest
from django.core.management import call_command

from decks.models import DeckVersion
from matches.models import Match, MatchState
from players.models import Player
from ratings.models import Ladder
from tests.web.site_crawl import demo_pages, expected, page, title_problem, uncovered_names, visit
from tournaments.models import State, Tournament

# The demo is `make demo`'s, on the embedded default: its tests run in that pass.
pytestmark = [pytest.mark.django_db, pytest.mark.embedded]
MAX_QUERIES = 12
# A tournament page shows more kinds of things at once (entries, the round's tables, an earlier
# round, the bracket, the organiser's log, the placings and the rounds' names, which read the
# bracket's tables) and marks the notifications pointing at it seen: still a fixed number of
# queries, not one a row. The play page lists both kinds of challenges and marks the
# challenges' notifications seen. The ladder page's queue form lists the person's decks for the
# game and finds the one they last played there (their latest seats on the ladder); it also
# reads the ratings around the page for the rows' certainty (one query, whatever the page's
# length), the ladder's latest closing run (one) and its seasons (one).
# The home page signed in adds the person's games (the matches, their seats), events (the
# entries, the running rounds' tables) and ladders (the ratings with their ranks).
MAX_QUERIES_BY_NAME = {"web-tournament": 19, "web-play-start": 13, "web-ladder": 16, "home": 14}
ARACKHAN_LADDERS = {"arackhan-wars-1v1", "arackhan-wars-ffa-4p"}


@pytest.fixture
def demo(django_capture_on_commit_callbacks, capsys):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", matches=4)
    capsys.readouterr()


def test_the_demo_has_arackhan_ladders_decks_an_open_event_and_a_live_match(demo):
    for slug in ARACKHAN_LADDERS:
        ladder = Ladder.objects.get(slug=slug)
        played = Match.objects.filter(ladder=ladder, origin="demo", state=MatchState.FINISHED)
        assert played.count() == 4  # --matches, as on every ladder
        kinds = {s.bot.split(":")[0] for m in played for s in m.seats.all()}
        assert kinds <= {"random", "heuristic"}  # its search bot is too slow for the demo
        assert ladder.ratings.count() >= ladder.seats
    legal = DeckVersion.objects.get(deck__owner__username="alice", deck__name__contains="pre")
    draft = DeckVersion.objects.get(deck__owner__username="alice", deck__name__contains="draft")
    assert legal.legal and legal.violations == []
    assert not draft.legal
    assert {v["rule"] for v in draft.violations} >= {"deck-size", "single-faction"}
    event = Tournament.objects.get(name="AracKhan Wars Spring Cup")
    assert event.state == State.REGISTRATION and event.game == "arackhan-wars"
    assert not event.entries.filter(player__username="alice").exists()  # alice can join it
    live = Match.objects.get(origin="demo-play")
    assert live.state == MatchState.RUNNING
    assert live.seats.get(player__username="alice").seat == 0
    second = Player.objects.get(username="khan-of-khans-random-bot-2")
    assert second.display_name == "Random bot 2 (Khan of Khans)"  # in words, no "bot-2"


@pytest.mark.slow
def test_every_page_on_demo_data(client, demo):
    finished = Match.objects.filter(origin="demo", state=MatchState.FINISHED)
    ladders = Ladder.objects.filter(active=True)
    assert finished.count() == 4 * ladders.count()
    assert set(ladders.values_list("slug", flat=True)) >= ARACKHAN_LADDERS
    pages = demo_pages()
    assert not uncovered_names(pages), "URL names the crawl misses"
    report, wrong = [], []
    for who in (None, "alice", "admin"):
        if who:
            client.force_login(Player.objects.get(username=who))
        for p in pages:
            # The second request's queries count: the page's caches are warm by then.
            seen = visit(client, who or "anonymous", p.url, repeat=1 if p.access == "post" else 2)
            report.append((seen, p))
            if seen.status not in expected(p, who):
                wrong.append((seen, sorted(expected(p, who))))
    assert not wrong, wrong
    titles = [(s.who, s.url, title_problem(s.title)) for s, _ in report if title_problem(s.title)]
    assert not titles, titles
    assert {s.title for s, p in report if p.name == "home"} == {"Gauntlet"}
    many = [s for s, p in report if s.queries > MAX_QUERIES_BY_NAME.get(p.name, MAX_QUERIES)]
    assert not many, many


def test_a_new_url_pattern_must_join_the_crawl():
    from django.urls import path

    from web import urls

    extra = path("brand-new/", lambda request: None, name="web-brand-new")
    urls.urlpatterns.append(extra)
    try:
        assert "web-brand-new" in uncovered_names([page("home")])
    finally:
        urls.urlpatterns.remove(extra)
    with pytest.raises(KeyError, match="site_crawl"):
        page("web-brand-new")
