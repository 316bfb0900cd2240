"""Every page of the site on the demo data, as an anonymous visitor, alice and the admin: no
5xx (each page answers as its access rule says), a bounded number of queries (no N+1), and a
server time guard (the best of three requests through Django's test client).

The target is 100 ms per page; measured alone on the demo data every page takes well under it
(see the figures this test prints). The assertion allows 250 ms because CI shares two CPUs with
other suites running in parallel, and a timing test must not fail on a busy machine: it catches
an accidental N+1 or a quadratic loop, which costs far more than that.
"""

import pytest
from django.core.management import call_command

from decks.models import Deck, DeckVersion
from insights.models import Study
from matches.models import Match, MatchState
from players.models import Player
from ratings.models import Ladder
from tests.web.site_crawl import Page, expected, page, title_problem, uncovered_names, visit
from tournaments.models import State, Tournament

pytestmark = pytest.mark.django_db
BUDGET_SECONDS = 0.250
MAX_QUERIES = 12
# A tournament page shows more kinds of things at once (entries, the round's tables, an earlier
# round, the bracket, the organiser's log): still a fixed number of queries, not one a row.
# The play page lists both kinds of challenges and marks the challenges' notifications seen.
MAX_QUERIES_BY_NAME = {"web-tournament": 16, "web-play-start": 13}
ARACKHAN_LADDERS = {"arackhan-wars-1v1", "arackhan-wars-ffa-4p"}


@pytest.fixture
def demo(django_capture_on_commit_callbacks, capsys):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", matches=4)
    capsys.readouterr()


def demo_pages() -> list[Page]:
    """One URL (or more) of every page and POST-only target, on the demo's objects."""
    finished = Match.objects.filter(origin="demo", state=MatchState.FINISHED).order_by("-pk")
    longest = max(finished, key=lambda m: len(m.actions))
    live = Match.objects.get(origin="demo-play", state=MatchState.RUNNING)
    bot = Player.objects.filter(is_bot=True).order_by("username").first()
    legal = Deck.objects.get(owner__username="alice", name__contains="pre-built")
    draft = Deck.objects.get(owner__username="alice", name__contains="draft")
    version = DeckVersion.objects.get(deck=legal, is_current=True)
    done = Tournament.objects.get(name="Gauntlet Demo Open")
    upcoming = Tournament.objects.get(name="AracKhan Wars Spring Cup")
    table = done.round_set.order_by("number").first().tables.order_by("number").first()
    entry = done.entries.order_by("pk").first()
    ladders = list(Ladder.objects.values_list("slug", flat=True))
    arackhan = "arackhan-wars-1v1"
    return [
        page("home"),
        page("web-signup"),
        page("web-login"),
        page("web-profile"),
        page("web-password"),
        page("web-tokens"),
        page("web-password-reset"),
        page("web-password-reset-sent"),
        page("web-password-reset-confirm", "MQ", "stale-token"),
        page("web-password-reset-complete"),
        page("web-player", "alice"),
        page("web-player", bot.username),
        page("web-ladders"),
        *[page("web-ladder", slug) for slug in ladders],
        page("web-my-matches"),
        page("web-matches"),
        page("web-matches", query="state=running"),
        page("web-match", longest.pk),
        page("web-match", live.pk),
        page("web-match", live.pk, query="fragment=live"),
        page("web-replay", longest.pk, query=f"step={len(longest.actions) // 2}"),
        page("web-play-start"),
        page("web-play", live.pk),
        page("web-decks"),
        page("web-deck-new"),
        page("web-deck-cards", query="game=arackhan-wars&q=eagle"),
        page("web-deck", legal.pk),
        page("web-deck", draft.pk),
        page("web-deck-version", version.pk),
        page("web-deck-export", version.pk),
        page("web-catalogues"),
        page("web-catalogue", "arackhan-wars"),
        page("web-catalogue", "arackhan-wars", query="faction=Whitelands&kind=creature"),
        page("web-catalogue", "arackhan-wars", query="attribute=Flight&min_value=3&max_value=9"),
        page("web-catalogue", "khan-of-khans"),
        page("web-mode-sets", "arackhan-wars"),
        page("web-tournaments"),
        page("web-tournaments", query="game=arackhan-wars&state=registration"),
        page("web-tournament-new"),
        page("web-tournament", done.pk),
        page("web-tournament", done.pk, query="round=1"),
        page("web-tournament", done.pk, query="fragment=live"),
        page("web-tournament", upcoming.pk),
        page("web-tournament-edit", upcoming.pk),
        page("web-tournament-table", done.pk, table.pk),
        *[
            page("web-tournament-print", done.pk, kind)
            for kind in ("pairings", "pairings-by-name", "standings", "slips", "decklists")
        ],
        page("web-tournament-print", done.pk, "pairings", query="round=1"),
        *[
            page("web-tournament-csv", done.pk, kind)
            for kind in ("entrants", "pairings", "standings")
        ],
        page("web-matchups"),
        page("web-matchups-game", "arackhan-wars"),
        page("web-matchups-game", "khan-of-khans", query="source=ladder"),
        page("web-studies"),
        page("web-study", Study.objects.get().pk),
        page("web-ladder-backtest", arackhan),
        page("web-notifications"),
        page("web-notification", 10**9),
        # Form targets: a GET is refused (405) or sent to the log-in page, never a 5xx.
        page("web-logout"),
        page("web-token-revoke", "nokey"),
        page("web-queue-join", arackhan),
        page("web-queue-leave", arackhan),
        page("web-challenge", arackhan),
        page("web-verify", longest.pk),
        page("web-void", longest.pk),
        page("web-correct", longest.pk),
        page("web-play-bots", arackhan),
        page("web-play-challenge", arackhan),
        page("web-play-answer", live.pk, "accept"),
        page("web-deck-delete", draft.pk),
        page("web-deck-validate"),
        page("web-deck-starter-copy"),
        page("web-tournament-register", upcoming.pk),
        page("web-tournament-withdraw", upcoming.pk),
        page("web-tournament-check-in", upcoming.pk),
        page("web-team-enter", upcoming.pk),
        page("web-team-answer", upcoming.pk, entry.pk, "accept"),
        page("web-tournament-step", upcoming.pk, "start"),
        page("web-tournament-entry", done.pk, entry.pk, "drop"),
        page("web-tournament-report", done.pk, table.pk),
        page("web-tournament-correct", done.pk, table.pk),
        page("web-tournament-timeout", done.pk, table.pk),
        page("web-tournament-entrants", done.pk),
        page("web-tournament-night-entry", done.pk, entry.pk, "reinstate"),
        page("web-tournament-call-time", done.pk),
        page("web-tournament-night-table", done.pk, table.pk, "extend"),
        page("web-play-rematch", live.pk),
        page("web-notifications-read"),
    ]


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


@pytest.mark.slow
def test_every_page_on_demo_data(client, demo, capsys):
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
            seen = visit(client, who or "anonymous", p.url, repeat=1 if p.access == "post" else 3)
            report.append((seen, p))
            if seen.status not in expected(p, who):
                wrong.append((seen, sorted(expected(p, who))))
    with capsys.disabled():
        print("\nserver time on demo data (best of 3, ms) and queries:")
        for seen, _ in report:
            print("  ", seen.who, seen.url, seen.status, seen.ms, seen.queries)
    assert not wrong, wrong
    titles = [(s.who, s.url, title_problem(s.title)) for s, _ in report if title_problem(s.title)]
    assert not titles, titles
    assert {s.title for s, p in report if p.name == "home"} == {"Gauntlet"}
    many = [s for s, p in report if s.queries > MAX_QUERIES_BY_NAME.get(p.name, MAX_QUERIES)]
    assert not many, many
    slow = [s for s, _ in report if s.ms > BUDGET_SECONDS * 1000]
    assert not slow, slow


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
