"""The site crawl shared by the demo-data and empty-database page tests.

Every named URL of ``platform/web/urls.py`` is either a page (requested with GET) or a form
target that only takes POST (requested with GET too: it must answer 405 or send an anonymous
visitor to the log-in page, never a 5xx). :func:`uncovered_names` lists URL names this module
does not know, so a new URL pattern fails the tests until the crawl covers it.
"""

from __future__ import annotations

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

PAGES = {
    "home": PUBLIC,
    "web-signup": SIGNED_OUT,
    "web-login": SIGNED_OUT,
    "web-profile": SIGNED_IN,
    "web-password": SIGNED_IN,
    "web-tokens": SIGNED_IN,
    "web-player": PUBLIC,
    "web-ladders": PUBLIC,
    "web-ladder": PUBLIC,
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
    "web-tournaments": PUBLIC,
    "web-tournament-new": MANAGER,
    "web-tournament": PUBLIC,
    "web-tournament-edit": MANAGER,
    "web-tournament-table": PUBLIC,
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


def visit(client, who: str, url: str, repeat: int = 1) -> Visit:
    """GET ``url``: its status, the best server time of ``repeat`` requests, and queries."""
    best = float("inf")
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.get(url)
            best = min(best, time.perf_counter() - started)
    return Visit(who, url, response.status_code, round(best * 1000, 1), len(queries))
