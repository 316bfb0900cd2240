"""The site crawl shared by the demo-data and empty-database page tests (and bench/pages.py).

Every named URL of ``platform/web/urls.py`` is either a page (requested with GET) or a form
target that only takes POST (requested with GET too: it must answer 405 or send an anonymous
visitor to the log-in page, never a 5xx). :func:`uncovered_names` lists URL names this module
does not know, so a new URL pattern fails the tests until the crawl covers it.
:func:`title_problem` checks each page's ``<title>`` ("<page> · Gauntlet", or "Gauntlet").
"""

from __future__ import annotations

import html
import re
import time
from dataclasses import dataclass

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, reverse

# Who may open a page: anyone; anyone signed in (anonymous visitors go to the log-in page);
# alice's own deck (others get 404); a deck version of alice's (her and admins; 404 for the
# rest, anonymous visitors too); the organiser and staff (others 403); signed-out visitors
# (signed-in people are sent on: 302); a page that always redirects; staff only (others 403).
PUBLIC, SIGNED_IN, OWNER, VERSION, MANAGER = "public", "signed-in", "owner", "version", "manager"
STAFF = "staff"
SIGNED_OUT, REDIRECT = "signed-out", "redirect"
# A notification's link: to the log-in page, to the place to act, or 404 (not the visitor's).
FOLLOW = "follow"

PAGES = {
    "home": PUBLIC,
    "web-signup": SIGNED_OUT,
    "web-login": SIGNED_OUT,
    "web-profile": SIGNED_IN,
    "web-password": SIGNED_IN,
    "web-tokens": SIGNED_IN,
    "web-password-reset": PUBLIC,
    "web-password-reset-sent": PUBLIC,
    "web-password-reset-confirm": PUBLIC,  # a stale link: a page that says so
    "web-password-reset-complete": PUBLIC,
    "web-player": PUBLIC,
    "web-bot": PUBLIC,  # a bot's versions and their comparisons
    "web-ladders": PUBLIC,
    "web-ladder": PUBLIC,
    "web-matchups": PUBLIC,
    "web-matchups-game": PUBLIC,
    "web-studies": PUBLIC,
    "web-ladder-backtest": PUBLIC,
    "web-ladder-closing": PUBLIC,  # the latest closing run (none yet: a page that says so)
    "web-ladder-season": PUBLIC,  # a past season's final leaderboard, or the current season
    "web-study": PUBLIC,
    "web-my-matches": SIGNED_IN,
    "web-matches": PUBLIC,
    "web-match": PUBLIC,
    "web-replay": PUBLIC,
    "web-play-start": SIGNED_IN,
    "web-play": PUBLIC,
    "web-decks": PUBLIC,  # the starter decks for everyone, your own decks once signed in
    "web-deck-new": SIGNED_IN,
    "web-deck-cards": PUBLIC,
    "web-deck": OWNER,
    "web-deck-version": VERSION,
    "web-deck-export": VERSION,
    "web-catalogues": REDIRECT,  # to the default game's catalogue (signed-in people only)
    "web-catalogue": PUBLIC,
    "web-mode-sets": PUBLIC,
    "web-tournaments": PUBLIC,
    "web-tournament-new": MANAGER,
    "web-tournament": PUBLIC,
    "web-tournament-edit": MANAGER,
    "web-tournament-table": PUBLIC,
    "web-tournament-print": PUBLIC,
    "web-tournament-closing": PUBLIC,
    "web-tournament-csv": PUBLIC,
    "web-tournament-pairings": MANAGER,
    "web-tournament-results": MANAGER,
    "web-notifications": SIGNED_IN,
    "web-notification": FOLLOW,
    "web-organiser-request": SIGNED_IN,
    "web-staff-organisers": STAFF,
}
POST_ONLY = {
    "web-logout",
    "web-closing-start",
    "web-tournament-closing-plan",
    "web-bot-publish",
    "web-bot-compare",
    "web-season-end",
    "web-token-revoke",
    "web-queue-join",
    "web-queue-leave",
    "web-queue-wait",
    "web-queue-bot",
    "web-challenge",
    "web-verify",
    "web-void",
    "web-correct",
    "web-play-bots",
    "web-play-challenge",
    "web-play-answer",
    "web-deck-delete",
    "web-deck-validate",
    "web-deck-starter-copy",
    "web-tournament-register",
    "web-tournament-withdraw",
    "web-tournament-check-in",
    "web-tournament-deck",
    "web-team-enter",
    "web-team-answer",
    "web-tournament-step",
    "web-tournament-entry",
    "web-tournament-report",
    "web-tournament-confirm",
    "web-tournament-correct",
    "web-tournament-timeout",
    "web-tournament-entrants",
    "web-tournament-night-entry",
    "web-tournament-call-time",
    "web-tournament-night-table",
    "web-tournament-swap",
    "web-tournament-void",
    "web-tournament-replay",
    "web-tournament-repair",
    "web-play-rematch",
    "web-notifications-read",
    "web-staff-organiser-decide",
}


@dataclass(frozen=True)
class Page:
    name: str  # the URL name
    url: str
    access: str  # PUBLIC, SIGNED_IN, OWNER, MANAGER, STAFF or "post"


@dataclass(frozen=True)
class Visit:
    who: str
    url: str
    status: int
    ms: float
    queries: int
    title: str | None = None  # the page's <title> (None: no HTML page, e.g. a redirect)


def web_url_names() -> set[str]:
    """The names of the web app's URL patterns."""
    from web import urls

    return {p.name for p in urls.urlpatterns if isinstance(p, URLPattern) and p.name}


def uncovered_names(pages: list[Page]) -> set[str]:
    """URL names of the web app that no page of ``pages`` requests."""
    return web_url_names() - {p.name for p in pages}


def page(name: str, *args: object, query: str = "") -> Page:
    """A page (or a POST-only target) by URL name and arguments."""
    if name not in PAGES and name not in POST_ONLY:
        raise KeyError(f"{name}: add it to PAGES or POST_ONLY in tests/web/site_crawl.py")
    url = reverse(name, args=args) + (f"?{query}" if query else "")
    return Page(name, url, PAGES.get(name, "post"))


def expected(p: Page, who: str | None, *, exists: bool = True) -> set[int]:
    """The statuses allowed for ``who`` (None: anonymous) on ``p``; ``exists`` False: the
    object in the URL is not in the database."""
    if p.access == "post":
        return {302, 405} if who is None else {403, 404, 405}
    if p.access == REDIRECT:
        return {302}
    if p.access == FOLLOW:
        return {302} if who is None else {302, 404}
    if p.access == SIGNED_OUT:
        return {200} if who is None else {302}
    if who is None and p.access in (SIGNED_IN, OWNER, MANAGER, STAFF):
        return {302}
    if not exists:
        return {404}
    if p.access == OWNER and who != "alice":
        return {404}
    if p.access == VERSION and who not in ("alice", "admin"):
        return {404}
    if p.access == MANAGER and who not in ("admin", "organiser"):
        return {403}
    if p.access == STAFF and who != "admin":
        return {403}
    return {200}


SITE = "Gauntlet"
HEAD_TITLE = re.compile(r"<head>.*?<title>(.*?)</title>.*?</head>", re.S)


def page_title(response) -> str | None:
    """The ``<title>`` in the ``<head>`` of an HTML page (``None`` for anything else: JSON, a
    redirect, an empty 405, a fragment a page's script fetches)."""
    if not response.get("Content-Type", "").startswith("text/html"):
        return None
    text = response.content.decode()
    if not text.lstrip().lower().startswith("<!doctype html"):
        return None
    found = HEAD_TITLE.search(text)
    return html.unescape(found.group(1)) if found else ""


def title_problem(title: str | None) -> str | None:
    """What is wrong with a page's title (``None``: nothing): it is "Gauntlet" alone or
    "<page> · Gauntlet", the site's name once at the end, never "… · Gauntlet · Gauntlet"."""
    if title is None or title == SITE:
        return None
    page, sep, site = title.rpartition(" · ")
    if not sep or site != SITE:
        return f"{title!r} does not end with ' · {SITE}'"
    if not page.strip() or page.strip() == SITE or page.endswith(f" · {SITE}"):
        return f"{title!r} repeats the site's name or names no page"
    return None


def visit(client, who: str, url: str, repeat: int = 1) -> Visit:
    """GET ``url`` ``repeat`` times: the status, the best server time, the last request's
    queries, the title."""
    best = float("inf")
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.get(url)
            best = min(best, time.perf_counter() - started)
    ms = round(best * 1000, 1)
    return Visit(who, url, response.status_code, ms, len(queries), page_title(response))


def demo_pages() -> list[Page]:
    """One URL (or more) of every page and POST-only target, on the objects of ``load_demo``."""
    from decks.models import Deck, DeckVersion
    from insights.models import Study
    from matches.models import Match, MatchState
    from players.models import Player
    from ratings.models import Ladder
    from tournaments.models import Tournament

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
        page("web-bot", bot.username),
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
        page("web-tournament-pairings", done.pk, 1),
        page("web-tournament-results", done.pk, 1),
        *[
            page("web-tournament-print", done.pk, kind)
            for kind in ("pairings", "pairings-by-name", "standings", "slips", "decklists")
        ],
        page("web-tournament-print", done.pk, "pairings", query="round=1"),
        page("web-tournament-closing", done.pk),
        page("web-tournament-closing", upcoming.pk, query="part=progress"),
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
        page("web-ladder-closing", arackhan),
        page("web-ladder-closing", arackhan, query="part=progress"),
        page("web-ladder-season", arackhan, 1),
        page("web-notifications"),
        page("web-notification", 10**9),
        page("web-organiser-request"),
        page("web-staff-organisers"),
        # Form targets: a GET is refused (405) or sent to the log-in page, never a 5xx.
        page("web-logout"),
        page("web-token-revoke", "nokey"),
        page("web-queue-join", arackhan),
        page("web-closing-start", arackhan),
        page("web-tournament-closing-plan", upcoming.pk),
        page("web-bot-publish", bot.username),
        page("web-bot-compare", bot.username),
        page("web-season-end", arackhan),
        page("web-queue-leave", arackhan),
        page("web-queue-wait", arackhan),
        page("web-queue-bot", arackhan),
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
        page("web-tournament-deck", upcoming.pk),
        page("web-team-enter", upcoming.pk),
        page("web-team-answer", upcoming.pk, entry.pk, "accept"),
        page("web-tournament-step", upcoming.pk, "start"),
        page("web-tournament-entry", done.pk, entry.pk, "drop"),
        page("web-tournament-report", done.pk, table.pk),
        page("web-tournament-confirm", done.pk, table.pk),
        page("web-tournament-correct", done.pk, table.pk),
        page("web-tournament-timeout", done.pk, table.pk),
        page("web-tournament-entrants", done.pk),
        page("web-tournament-night-entry", done.pk, entry.pk, "reinstate"),
        page("web-tournament-call-time", done.pk),
        page("web-tournament-night-table", done.pk, table.pk, "extend"),
        page("web-tournament-swap", done.pk, 1),
        page("web-tournament-void", done.pk, table.pk),
        page("web-tournament-replay", done.pk, table.pk),
        page("web-tournament-repair", done.pk, 1),
        page("web-play-rematch", live.pk),
        page("web-notifications-read"),
        page("web-staff-organiser-decide", 10**9, "approve"),
    ]
