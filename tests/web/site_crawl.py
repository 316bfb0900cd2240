"""The site crawl shared by the demo-data and empty-database page tests.

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
# (signed-in people are sent on: 302); a page that always redirects.
PUBLIC, SIGNED_IN, OWNER, VERSION, MANAGER = "public", "signed-in", "owner", "version", "manager"
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
    "web-ladders": PUBLIC,
    "web-ladder": PUBLIC,
    "web-matchups": PUBLIC,
    "web-matchups-game": PUBLIC,
    "web-studies": PUBLIC,
    "web-ladder-backtest": PUBLIC,
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
    "web-tournament-csv": PUBLIC,
    "web-notifications": SIGNED_IN,
    "web-notification": FOLLOW,
}
POST_ONLY = {
    "web-logout",
    "web-token-revoke",
    "web-queue-join",
    "web-queue-leave",
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
    "web-team-enter",
    "web-team-answer",
    "web-tournament-step",
    "web-tournament-entry",
    "web-tournament-report",
    "web-tournament-correct",
    "web-tournament-timeout",
    "web-tournament-entrants",
    "web-tournament-night-entry",
    "web-tournament-call-time",
    "web-tournament-night-table",
    "web-play-rematch",
    "web-notifications-read",
}


@dataclass(frozen=True)
class Page:
    name: str  # the URL name
    url: str
    access: str  # PUBLIC, SIGNED_IN, OWNER, MANAGER or "post"


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
    if who is None and p.access in (SIGNED_IN, OWNER, MANAGER):
        return {302}
    if not exists:
        return {404}
    if p.access == OWNER and who != "alice":
        return {404}
    if p.access == VERSION and who not in ("alice", "admin"):
        return {404}
    if p.access == MANAGER and who not in ("admin", "organiser"):
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
    """GET ``url``: its status, the best server time of ``repeat`` requests, queries, title."""
    best = float("inf")
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.get(url)
            best = min(best, time.perf_counter() - started)
    ms = round(best * 1000, 1)
    return Visit(who, url, response.status_code, ms, len(queries), page_title(response))
