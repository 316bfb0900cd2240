"""Every page of the site on an empty database (a fresh migrate: the default ladders, no
matches, decks, tournaments or demo people): no 5xx. Pages of objects that do not exist answer
404, lists and forms 200, private pages send anonymous visitors to the log-in page.

Two accounts are made for the signed-in rounds (a player and an admin): without them no
signed-in page would be requested; they own nothing.
"""

import pytest

from decks.models import Deck
from matches.models import Match
from players.models import Player, Role
from ratings.models import Ladder
from tests.web.site_crawl import Page, expected, page, title_problem, uncovered_names, visit
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
MISSING = 999_999  # no object has this id


def empty_pages() -> list[tuple[Page, bool]]:
    """Every page and form target, with whether the object in its URL exists."""
    ladder = Ladder.objects.order_by("slug").first().slug
    m = MISSING
    return [
        *[
            (page(name), True)
            for name in (
                "home",
                "web-signup",
                "web-login",
                "web-profile",
                "web-password",
                "web-tokens",
                "web-password-reset",
                "web-password-reset-sent",
                "web-password-reset-complete",
                "web-ladders",
                "web-matchups",
                "web-studies",
                "web-my-matches",
                "web-matches",
                "web-play-start",
                "web-decks",
                "web-deck-new",
                "web-catalogues",
                "web-tournaments",
                "web-tournament-new",
                "web-notifications",
                "web-organiser-request",
                "web-staff-organisers",
            )
        ],
        (page("web-ladder", ladder), True),
        (page("web-matchups-game", "khan-of-khans", query="source=study&catalogue=v9"), True),
        (page("web-matchups-game", "no-such-game"), False),
        (page("web-ladder-backtest", ladder), True),
        (page("web-ladder-backtest", "no-such-ladder"), False),
        (page("web-ladder-closing", ladder), True),
        (page("web-ladder-closing", "no-such-ladder"), False),
        (page("web-ladder-season", ladder, 1), True),  # the implicit Season 1
        (page("web-ladder-season", ladder, 2), False),
        (page("web-ladder-season", "no-such-ladder", 1), False),
        (page("web-study", m), False),
        (page("web-catalogue", "arackhan-wars"), True),
        (page("web-catalogue", "arackhan-wars", query="faction=Whitelands&kind=spell"), True),
        (page("web-deck-cards", query="game=arackhan-wars&q=eagle"), True),
        (page("web-tournaments", query="q=cup&state=registration"), True),
        (page("web-player", "nobody"), False),
        (page("web-bot", "nobody"), False),
        (page("web-ladder", "no-such-ladder"), False),
        (page("web-match", m), False),
        (page("web-match", m, query="fragment=live"), False),
        (page("web-replay", m, query="step=3"), False),
        (page("web-play", m), False),
        (page("web-deck", m), False),
        (page("web-deck-version", m), False),
        (page("web-deck-export", m), False),
        (page("web-catalogue", "no-such-game"), False),
        (page("web-mode-sets", "arackhan-wars"), True),
        (page("web-mode-sets", "khan-of-khans"), False),
        (page("web-tournament", m), False),
        (page("web-tournament", m, query="round=1"), False),
        (page("web-tournament-edit", m), False),
        (page("web-tournament-table", m, m), False),
        (page("web-tournament-pairings", m, 1), False),
        (page("web-tournament-results", m, 1), False),
        (page("web-tournament-print", m, "pairings"), False),
        (page("web-tournament-closing", m), False),
        (page("web-tournament-csv", m, "standings"), False),
        (page("web-password-reset-confirm", "MQ", "stale-token"), True),
        (page("web-notification", m), False),
        *[
            (page(name, *args), False)
            for name, args in (
                ("web-logout", ()),
                ("web-token-revoke", ("nokey",)),
                ("web-queue-join", (ladder,)),
                ("web-closing-start", (ladder,)),
                ("web-tournament-closing-plan", (m,)),
                ("web-bot-publish", ("nobody",)),
                ("web-bot-compare", ("nobody",)),
                ("web-season-end", (ladder,)),
                ("web-queue-leave", (ladder,)),
                ("web-queue-wait", (ladder,)),
                ("web-queue-bot", (ladder,)),
                ("web-challenge", (ladder,)),
                ("web-verify", (m,)),
                ("web-void", (m,)),
                ("web-correct", (m,)),
                ("web-play-bots", (ladder,)),
                ("web-play-challenge", (ladder,)),
                ("web-play-answer", (m, "accept")),
                ("web-deck-delete", (m,)),
                ("web-deck-validate", ()),
                ("web-deck-starter-copy", ()),
                ("web-tournament-register", (m,)),
                ("web-tournament-withdraw", (m,)),
                ("web-tournament-check-in", (m,)),
                ("web-tournament-deck", (m,)),
                ("web-team-enter", (m,)),
                ("web-team-answer", (m, m, "accept")),
                ("web-tournament-step", (m, "start")),
                ("web-tournament-entry", (m, m, "drop")),
                ("web-tournament-report", (m, m)),
                ("web-tournament-confirm", (m, m)),
                ("web-tournament-correct", (m, m)),
                ("web-tournament-timeout", (m, m)),
                ("web-tournament-entrants", (m,)),
                ("web-tournament-night-entry", (m, m, "claim")),
                ("web-tournament-call-time", (m,)),
                ("web-tournament-night-table", (m, m, "extend")),
                ("web-tournament-swap", (m, 1)),
                ("web-tournament-void", (m, m)),
                ("web-tournament-replay", (m, m)),
                ("web-tournament-repair", (m, 1)),
                ("web-play-rematch", (m,)),
                ("web-notifications-read", ()),
                ("web-staff-organiser-decide", (m, "approve")),
            )
        ],
    ]


def test_every_page_on_an_empty_database(client):
    assert not Match.objects.exists() and not Deck.objects.exists()
    assert not Tournament.objects.exists() and not Player.objects.exists()
    assert Ladder.objects.exists()  # the default ladders come with migrate
    pages = empty_pages()
    assert not uncovered_names([p for p, _ in pages]), "URL names the crawl misses"
    alice = Player.objects.create_user("alice", password="x-unused-9")
    admin = Player.objects.create_user("admin", password="x-unused-9", role=Role.ADMIN)
    wrong, titles = [], []
    for who, user in ((None, None), ("alice", alice), ("admin", admin)):
        if user is not None:
            client.force_login(user)
        for p, exists in pages:
            seen = visit(client, who or "anonymous", p.url)
            allowed = expected(p, who, exists=exists)
            if seen.status not in allowed:
                wrong.append((seen, sorted(allowed)))
            if title_problem(seen.title):
                titles.append((seen.who, seen.url, title_problem(seen.title)))
    assert not wrong, wrong
    assert not titles, titles
