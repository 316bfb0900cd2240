"""Tournaments in chromium: a player joins an event from its page and sees themself among the
entrants; the standings and brackets are drawn (screenshots under docs/screenshots/); and an
anonymous spectator's progress bar moves by itself when a bot match finishes and when the
players of a table have reported its result (the tournament's socket).

The live test needs websockets across processes (daphne in a subprocess, Redis as the channel
layer, PostgreSQL), so it runs in the services pass; the others use pytest-django's live server.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from django.db import connection
from playwright.sync_api import expect

from players.models import Player
from tests.support.accounts import STRONG
from tests.support.server import daphne_server
from tests.support.workers import subprocess_database_url
from tests.web.conftest import chromium_page, make_bot
from tests.web.test_web_browser import log_in
from tournaments import lifecycle, registration, results
from tournaments.models import Entry, Round, State, TableState, Tournament
from tournaments.rounds import pair_next_round

pytestmark = pytest.mark.browser
KOW = "kingdom-of-warlords"
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def save(page_or_element, name: str) -> None:
    DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    kwargs = {"full_page": True} if hasattr(page_or_element, "goto") else {}
    page_or_element.screenshot(path=str(DOCS_SCREENSHOTS / f"{name}.png"), **kwargs)


def organiser(name: str = "org", role: str = "organiser") -> Player:
    return Player.objects.create_user(
        name, f"{name}@example.org", STRONG, role=role, display_name=name.title()
    )


def people(n: int, prefix: str) -> list[Player]:
    return [
        Player.objects.create_user(
            f"{prefix}{i}", f"{prefix}{i}@example.org", STRONG, display_name=f"{prefix.title()} {i}"
        )
        for i in range(n)
    ]


def report_open_tables(t: Tournament, decide=lambda table: [2, 1]) -> None:
    t.refresh_from_db()
    who = {e.pk: e.player for e in t.entries.select_related("player")}
    rnd = Round.objects.get(tournament=t, number=t.current_round)
    for table in rnd.tables.exclude(state__in=[TableState.FINAL, TableState.VOID]):
        wins = decide(table)
        for e in table.entries:
            results.report(t, table.pk, who[e], {"wins": wins, "draws": 0})


def test_a_player_joins_a_tournament_from_its_page(page, live_server, person):
    org = organiser()
    t = lifecycle.open_registration(
        lifecycle.create(org, name="Friday Warlords", game=KOW, rounds=3), org
    )
    other = people(1, "early")[0]
    registration.register(t, other, other)

    log_in(page, live_server.url, "alice")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Tournaments").click()
    page.get_by_role("link", name="Friday Warlords").click()
    entrants = page.locator("[data-testid=entrant]")
    expect(entrants).to_have_count(1)
    expect(page.get_by_label("Army")).to_have_value("fixed:standard-army")
    page.get_by_role("button", name="Join the tournament").click()

    expect(page.get_by_role("status").first).to_contain_text(
        "You are registered for Friday Warlords"
    )
    expect(entrants).to_have_count(2)
    expect(entrants.filter(has_text="Alice")).to_have_count(1)
    expect(page.get_by_test_id("my-entry")).to_contain_text("active")
    entry = Entry.objects.get(tournament=t, player=person)
    assert entry.state == "active" and len(entry.deck) == 27
    save(page, "tournament-registration")


def test_a_partner_confirms_a_team_with_their_own_deck(page, live_server, person):
    """A team event: the captain named alice; she sees the invitation on the event's page,
    picks her deck with the keyboard and joins; the entrants then show the team's two players."""
    from decks import services as deck_services
    from engines.arackhan_wars.playable import playable_starters
    from tournaments import teams

    legal = playable_starters()[0].data
    org = organiser()
    captain = people(1, "captain")[0]
    t = lifecycle.create(org, name="Friday 2v2", game="arackhan-wars", team_size=2)
    t = lifecycle.open_registration(t, org)
    own = deck_services.create_deck(captain, "arackhan-wars", "Captain's", data=legal)
    deck_services.create_deck(person, "arackhan-wars", "Alice's warband", data=legal)
    entry = teams.register_team(
        t,
        captain,
        person,
        captain,
        deck_version=deck_services.current_version(own).pk,
        team_name="Grey Order",
    )

    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/tournaments/{t.pk}/")
    invitation = page.get_by_test_id("invitation")
    expect(invitation).to_contain_text("Captain 0 invites you to play in their team Grey Order")
    deck = invitation.get_by_label("Deck")
    deck.focus()
    page.keyboard.press("ArrowDown")  # the first of her decks
    expect(deck).to_have_value(re.compile(r"^version:\d+$"))
    invitation.get_by_role("button", name="Join the team").click()
    expect(page.get_by_role("status").first).to_contain_text("You joined Grey Order")
    expect(page.get_by_test_id("partner-entry")).to_contain_text("active")
    team = page.locator("[data-testid=entrant]").get_by_test_id("team")
    expect(team).to_have_text("Grey Order (Captain 0 & Alice)")
    entry.refresh_from_db()
    assert entry.state == "active" and entry.partner_deck == legal


def test_standings_and_brackets_are_drawn(page, live_server):
    org = organiser()
    players = people(8, "player")
    t = lifecycle.create(
        org, name="Gauntlet Spring Open", game=KOW, rounds=3, top_cut=4, auto_advance=False
    )
    lifecycle.open_registration(t, org)
    for p in players:
        registration.register(t, p, p)
    lifecycle.start(t, org)
    while True:  # Swiss rounds, then the top 4 (the better seed wins, sometimes 2-1)
        report_open_tables(t, lambda table: [2, table.number % 2])
        if pair_next_round(t.pk) is None:
            break
    t.refresh_from_db()
    assert t.state == State.FINISHED

    page.goto(f"{live_server.url}/tournaments/{t.pk}/?round=1")
    standings = page.locator("table.standings tbody tr")
    expect(standings).to_have_count(8)
    expect(standings.first.locator("td").first).to_have_text("1st")  # the champion's row
    expect(standings.first).to_contain_text(t.winner.player.public_name)
    expect(standings.nth(1).locator("td").first).to_have_text("2nd")
    expect(page.get_by_text("How the standings are computed")).to_be_visible()
    page.get_by_text("How the standings are computed").click()  # open the legend
    expect(page.get_by_text("never below 33%").first).to_be_visible()
    bracket = page.locator("svg.bracket")
    expect(bracket.locator("g.match")).to_have_count(3)
    expect(page.get_by_test_id("champion")).to_have_text(t.winner.player.public_name)
    save(page, "tournament-standings")
    save(page.locator("#bracket"), "bracket-top-cut")

    # Keyboard: each bracket match is a link to its table.
    first_match = bracket.locator("a").first
    first_match.focus()
    expect(first_match).to_be_focused()
    first_match.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_contain_text("table")

    # Double elimination, part-way: the grand final and its reset still to come.
    de = lifecycle.create(
        org, name="Double Trouble", game=KOW, format="double_elimination", auto_advance=False
    )
    lifecycle.open_registration(de, org)
    for p in players[:6]:
        registration.register(de, p, p)
    lifecycle.start(de, org)
    for _ in range(3):
        report_open_tables(de)
        pair_next_round(de.pk)
    page.set_viewport_size({"width": 1600, "height": 900})
    page.goto(f"{live_server.url}/tournaments/{de.pk}/")
    expect(page.locator("svg.bracket g.match")).to_have_count(2 * 6 - 1)
    expect(page.locator("svg.bracket")).to_contain_text("Grand final reset (if needed)")
    # The page scrolls a wide bracket in its box; the screenshot shows it whole.
    # (through the CSSOM: the site's policy refuses an injected <style>)
    page.evaluate(
        "document.querySelector('main').style.maxWidth = 'none';"
        "document.querySelector('.bracket-box').style.overflow = 'visible';"
    )
    save(page.locator("svg.bracket"), "bracket-double-elimination")


# -- live progress (services) ---------------------------------------------------------------------
@pytest.fixture
def daphne(transactional_db, tmp_path):
    assert connection.vendor == "postgresql", "the live tournament test runs on PostgreSQL"
    env = {"DATABASE_URL": subprocess_database_url(), "DEBUG": "1"}
    with daphne_server(tmp_path, env) as base_url:
        yield base_url


@pytest.fixture
def live_page(daphne, monkeypatch):
    """A chromium page for the daphne server (like conftest's ``page``)."""
    with chromium_page(monkeypatch, timeout_ms=15_000) as page:
        yield page


def in_thread(work) -> None:
    """Run ``work`` on a thread of its own (as a worker or a request would), then close its
    database connection; the page's event loop stays out of the way."""

    def run() -> None:
        try:
            work()
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)


@pytest.mark.services
def test_a_spectators_progress_bar_moves_for_bot_and_reported_tables(
    live_page, daphne, monkeypatch
):
    # No worker runs here: the test plays the bot table's match itself.
    monkeypatch.setattr("tournaments.scheduling.queue_matches", lambda ids: None)
    org = organiser("boss")
    bot_a, bot_b = (make_bot(KOW, "random", owner=org, n=i) for i in (1, 2))
    human_a, human_b = people(2, "human")
    t = lifecycle.create(
        org,
        name="Mixed Night",
        game=KOW,
        format="single_elimination",
        auto_advance=False,
        paper_bot_tables=True,  # the final, a person against a bot, is reported on paper
    )
    lifecycle.open_registration(t, org)
    # Equal ratings seed by registration order: seed 1 v 4 (the bots), 2 v 3 (the people).
    for player, by in [(bot_a, org), (human_a, human_a), (human_b, human_b), (bot_b, org)]:
        registration.register(t, player, by)
    lifecycle.start(t, org)
    t.refresh_from_db()
    tables = list(Round.objects.get(tournament=t, number=1).tables.order_by("number"))
    bot_table = next(tb for tb in tables if tb.match_id)
    human_table = next(tb for tb in tables if not tb.match_id)
    who = {e.pk: e.player for e in t.entries.select_related("player")}
    assert {who[e] for e in human_table.entries} == {human_a, human_b}

    # The page's tournament sockets pass through here, so the test can drop one (see the end).
    sockets = []
    deaf = {"on": False}

    def through(route) -> None:
        server = route.connect_to_server()
        server.on_message(lambda message: None if deaf["on"] else route.send(message))
        sockets.append(route)

    live_page.route_web_socket(re.compile(r"/ws/tournaments/\d+/$"), through)
    live_page.goto(f"{daphne}/tournaments/{t.pk}/")  # nobody signed in
    box = live_page.locator("#tournament-live")
    expect(box).to_have_attribute("data-socket", "open")  # the tournament's own socket
    bar = live_page.locator("#round-progress-bar")
    progress_text = live_page.get_by_test_id("round-progress-text")
    status = live_page.locator("#live-status")
    expect(bar).to_have_attribute("value", "0")
    expect(progress_text).to_have_text("0 of 2 finished")

    def play() -> None:
        from matches.tasks import run_match

        run_match(bot_table.match_id)

    in_thread(play)
    expect(bar).to_have_attribute("value", "1")
    expect(progress_text).to_have_text("1 of 2 finished")
    expect(status).to_contain_text(f"Table {bot_table.number} of the semi-finals is final")
    expect(live_page.locator(f"#table-{bot_table.pk}")).to_have_attribute("data-state", "final")

    def report(player: Player) -> None:
        results.report(t, human_table.pk, player, {"wins": [2, 1], "draws": 0})

    in_thread(lambda: report(who[human_table.entries[0]]))
    expect(status).to_contain_text("1 of 2 reports in")
    human_row = live_page.locator(f"#table-{human_table.pk}")
    expect(human_row).to_have_attribute("data-state", "reported")
    expect(progress_text).to_have_text("1 of 2 finished")

    in_thread(lambda: report(who[human_table.entries[1]]))
    expect(bar).to_have_attribute("value", "2")
    expect(progress_text).to_have_text("2 of 2 finished")
    expect(human_row).to_have_attribute("data-state", "final")
    expect(status).to_contain_text("Semi-finals are finished")
    assert Round.objects.get(tournament=t, number=1).state == "finished"
    save(live_page, "tournament-round-progress")

    in_thread(lambda: pair_next_round(t.pk))  # the final: the page shows it by itself
    expect(live_page.locator("#round-h")).to_have_text("Final")
    expect(progress_text).to_have_text("0 of 1 finished")
    expect(status).to_contain_text("Final is paired")

    # A dropped connection: the page misses the final's result, reconnects by itself (after
    # about a second) and then fetches what it missed.
    (final,) = Round.objects.get(tournament=t, number=2).tables.all()
    deaf["on"] = True

    def report_final() -> None:  # the person's report of a bot table is final (paper play)
        (person,) = [e for e in final.entries if not who[e].is_bot]
        results.report(t, final.pk, who[person], {"wins": [2, 0], "draws": 0}, entry_id=person)

    in_thread(report_final)
    assert Round.objects.get(tournament=t, number=2).state == "finished"
    live_page.wait_for_timeout(500)
    expect(progress_text).to_have_text("0 of 1 finished")  # nothing heard
    deaf["on"] = False
    sockets[-1].close(code=4000, reason="connection lost")
    expect(progress_text).to_have_text("1 of 1 finished")
    expect(status).to_have_text("Reconnected.")
    expect(box).to_have_attribute("data-socket", "open")
    assert len(sockets) == 2
