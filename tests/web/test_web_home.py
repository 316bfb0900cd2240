"""The home page: what Gauntlet is and where to start when signed out; the person's games (their
turn first), events (with the next step) and ladders when signed in, in a fixed number of
queries however many of each they have."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from ratings.models import Ladder, Rating
from tests.support.accounts import STRONG

pytestmark = pytest.mark.django_db
KOK = "khan-of-khans-2p"


def _person(name: str) -> Player:
    return Player.objects.create_user(
        name.lower(), f"{name}@example.org", STRONG, display_name=name
    )


def _game(ladder: Ladder, first: Player, second: Player):
    """A running match of ``first`` and ``second``, drawn so that ``first`` is to act."""
    from engines.registry import get_game

    engine = get_game(ladder.game)
    seed = next(s for s in range(200) if engine.to_act(engine.new_game(s, 2, None, None)) == 0)
    match = schedule_match(
        ladder.game, [SeatSpec(first), SeatSpec(second)], ladder=ladder, seed=seed
    )
    match.refresh_from_db()
    return match


def _section(html: str, testid: str) -> str:
    return html.split(f'data-testid="{testid}"')[1].split("</section>")[0]


def test_signed_out_the_home_page_says_what_gauntlet_is_and_where_to_start(client):
    html = client.get("/").content.decode()
    welcome = _section(html, "welcome")
    assert "Play tabletop card and board games online" in welcome
    for label, href in (
        ("Play", "/play/"),
        ("Tournaments", "/tournaments/"),
        ("Ladders", "/ladders/"),
    ):
        assert f'<a class="button" href="{href}">{label}</a>' in welcome
    assert 'data-testid="your-games"' not in html


def test_signed_in_empty_states_say_what_to_do(client):
    alice = _person("Alice")
    client.force_login(alice)
    html = client.get("/").content.decode()
    assert 'data-testid="welcome"' not in html
    assert "Hello, Alice" in html
    games = _section(html, "your-games")
    assert "No games yet" in games and 'href="/play/">Play a bot</a>' in games
    assert "No events yet" in _section(html, "your-events")
    assert "No ladder rating yet" in _section(html, "your-ladders")


def test_your_games_come_with_the_opponent_whose_turn_and_the_board_your_turn_first(client):
    alice, bob, cleo = _person("Alice"), _person("Bob"), _person("Cleo")
    ladder = Ladder.objects.get(slug=KOK)
    waiting = _game(ladder, bob, alice)  # Bob moves first: Alice waits
    to_play = _game(ladder, alice, cleo)  # Alice moves first
    client.force_login(alice)
    games = _section(client.get("/").content.decode(), "your-games")
    rows = games.split("<li")[1:]
    assert len(rows) == 2
    assert f'href="/matches/{to_play.pk}/play/"' in rows[0]
    assert "against Cleo" in rows[0] and "Your turn" in rows[0] and "Khan of Khans" in rows[0]
    assert f'href="/matches/{waiting.pk}/play/"' in rows[1]
    assert "against Bob" in rows[1] and "Bob&#x27;s turn" in rows[1]
    assert "seat" not in games.lower()


def test_your_events_say_the_next_step(client):
    from tournaments import lifecycle, registration, results

    alice, bob = _person("Alice"), _person("Bob")
    org = Player.objects.create_user("boss", "boss@example.org", STRONG, role="organiser")
    kow = "kingdom-of-warlords"
    soon = lifecycle.create(org, name="Next Week", game=kow, rounds=1)
    lifecycle.open_registration(soon, org)
    registration.register(soon, alice, alice)
    door = lifecycle.create(org, name="Door Check", game=kow, rounds=1, check_in_required=True)
    lifecycle.open_registration(door, org)
    registration.register(door, alice, alice)
    lifecycle.open_check_in(door, org)
    now = lifecycle.create(org, name="Club Night", game=kow, rounds=1, auto_advance=False)
    lifecycle.open_registration(now, org)
    for p in (alice, bob):
        registration.register(now, p, p)
    lifecycle.start(now, org)
    client.force_login(alice)
    events = _section(client.get("/").content.decode(), "your-events")
    assert "Next Week" in events and "You are registered; it has not started yet." in events
    assert "Club Night" in events
    door_row = events.split("Door Check")[1].split("</li>")[0]
    assert "Check-in is open" in door_row
    assert f'href="/tournaments/{door.pk}/">Check in</a>' in door_row
    table = now.round_set.get(number=1).tables.get()
    assert f'href="/tournaments/{now.pk}/tables/{table.pk}/">Report the result</a>' in events
    now.refresh_from_db()
    results.report(now, table.pk, alice, {"wins": [2, 0], "draws": 0})
    events = _section(client.get("/").content.decode(), "your-events")
    assert "You reported; waiting for your opponent." in events
    client.force_login(bob)
    events = _section(client.get("/").content.decode(), "your-events")
    assert "Your opponent reported the result." in events
    assert f'href="/tournaments/{now.pk}/tables/{table.pk}/">Confirm the result</a>' in events


def test_your_ladders_show_the_rating_and_the_rank(client):
    alice, bob, cleo = _person("Alice"), _person("Bob"), _person("Cleo")
    ladder = Ladder.objects.get(slug=KOK)
    for who, value in ((alice, 10.0), (bob, 12.5), (cleo, 3.0)):
        Rating.objects.create(
            ladder=ladder, player=who, mu=25.0, sigma=5.0, conservative=value, games=4
        )
    client.force_login(alice)
    ladders = _section(client.get("/").content.decode(), "your-ladders")
    assert ladder.name in ladders and "10.00" in ladders and "2nd of 3" in ladders


def _home_queries(client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/").status_code == 200
    return len(queries)


def test_the_signed_in_home_page_runs_a_fixed_number_of_queries(client):
    from tournaments import lifecycle, registration

    alice = _person("Alice")
    org = Player.objects.create_user("boss", "boss@example.org", STRONG, role="organiser")
    ladders = list(Ladder.objects.filter(active=True, seats=2).order_by("slug")[:4])
    client.force_login(alice)

    def add(i: int) -> None:
        other = _person(f"Opponent{i}")
        _game(Ladder.objects.get(slug=KOK), alice, other)
        Rating.objects.create(
            ladder=ladders[i], player=alice, mu=25.0, sigma=8.0, conservative=float(i), games=1
        )
        t = lifecycle.create(org, name=f"Night {i}", game="kingdom-of-warlords", rounds=1)
        lifecycle.open_registration(t, org)
        registration.register(t, alice, alice)
        registration.register(t, other, other)
        if i % 2 == 0:  # running and open events in both counts
            lifecycle.start(t, org)

    add(0)
    _home_queries(client)  # warm the caches a first page fills
    one = _home_queries(client)
    for i in (1, 2, 3):
        add(i)
    many = _home_queries(client)
    assert many == one, f"{one} queries with one of each, {many} with four"
    assert many <= 14  # as the demo crawl holds it (tests/web/test_web_demo.py)
