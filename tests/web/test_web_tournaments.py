"""The tournament pages: list and search, permissions, the create form, registration with a deck,
pairings and standings, reporting and disputes, brackets, and the number of queries per page."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from decks import services as deck_services
from players.models import Player
from tests.support.accounts import STRONG
from tournaments import lifecycle, registration, results
from tournaments.models import Entry, LogEntry, Round, State, Table, TableState, Tournament

pytestmark = pytest.mark.django_db
KOW = "kingdom-of-warlords"
KHAN = "khan-of-khans"


# -- helpers ------------------------------------------------------------------------------------
def organiser(name: str = "org") -> Player:
    return Player.objects.create_user(name, f"{name}@example.org", STRONG, role="organiser")


def people(n: int, prefix: str = "p") -> list[Player]:
    return [
        Player.objects.create_user(f"{prefix}{i}", f"{prefix}{i}@example.org", STRONG)
        for i in range(n)
    ]


def event(org: Player, players=(), *, open_: bool = True, **fields) -> Tournament:
    fields.setdefault("name", "Test event")
    fields.setdefault("game", KOW)
    fields.setdefault("auto_advance", False)
    t = lifecycle.create(org, **fields)
    if open_:
        t = lifecycle.open_registration(t, org)
    for p in players:
        registration.register(t, p, p)
    return t


def tables_of(t: Tournament) -> list[Table]:
    t.refresh_from_db()
    return list(Round.objects.get(tournament=t, number=t.current_round).tables.order_by("number"))


def by_entry(t: Tournament) -> dict[int, Player]:
    return {e.pk: e.player for e in t.entries.select_related("player")}


def report_all(t: Tournament) -> None:
    """Both players of every open table agree: the first-listed player wins 2-0."""
    players = by_entry(t)
    for table in tables_of(t):
        if table.state in (TableState.FINAL, TableState.VOID):
            continue
        for e in table.entries:
            results.report(t, table.pk, players[e], {"wins": [2, 0], "draws": 0})


def text(response) -> str:
    return response.content.decode()


# -- list and search ----------------------------------------------------------------------------
def test_list_searches_by_name_game_and_state_and_hides_drafts(client):
    org = organiser()
    players = people(2)
    spring = event(org, name="Spring Open")
    khan = event(org, name="Khan Cup", game=KHAN, format="pods", pod_sizes=[3, 2])
    running = event(org, players, name="Summer Swiss")
    lifecycle.start(running, org)
    event(org, name="Secret draft", open_=False)

    page = text(client.get(f"/tournaments/{running.pk}/"))
    assert "Registration is closed." in page and "to take part" not in page
    assert "to take part" in text(client.get(f"/tournaments/{spring.pk}/"))

    page = text(client.get("/tournaments/"))
    for name in ("Spring Open", "Khan Cup", "Summer Swiss"):
        assert name in page
    assert "Secret draft" not in page  # drafts: the organiser and staff only

    page = text(client.get("/tournaments/", {"q": "spring"}))
    assert "Spring Open" in page and "Summer Swiss" not in page
    page = text(client.get("/tournaments/", {"game": KHAN}))
    assert "Khan Cup" in page and "Spring Open" not in page
    page = text(client.get("/tournaments/", {"state": "running"}))
    assert "Summer Swiss" in page and "Spring Open" not in page
    page = text(client.get("/tournaments/", {"state": "upcoming"}))
    assert "Spring Open" in page and "Khan Cup" in page and "Summer Swiss" not in page
    assert spring.pk and khan.pk

    client.force_login(org)
    assert "Secret draft" in text(client.get("/tournaments/"))


def test_list_is_paginated_and_keeps_the_filters(client):
    org = organiser()
    for i in range(30):
        event(org, name=f"Weekly {i:02d}")
    first = text(client.get("/tournaments/", {"q": "weekly"}))
    assert "Page 1 of 2" in first
    assert "q=weekly&amp;page=2" in first
    second = text(client.get("/tournaments/", {"q": "weekly", "page": 2}))
    assert second.count("Weekly ") == 5


# -- permissions --------------------------------------------------------------------------------
def test_drafts_are_404_and_organiser_controls_403_for_everyone_else(client):
    org = organiser()
    stranger = people(1, "s")[0]
    draft = event(org, name="Hidden", open_=False)
    assert client.get(f"/tournaments/{draft.pk}/").status_code == 404
    client.force_login(stranger)
    assert client.get(f"/tournaments/{draft.pk}/").status_code == 404
    assert client.get("/tournaments/999999/").status_code == 404

    public = event(org, name="Open one")
    for step in ("open-check-in", "start", "pair"):
        r = client.post(f"/tournaments/{public.pk}/steps/{step}/")
        assert r.status_code == 403, step
    assert (
        client.post(f"/tournaments/{public.pk}/steps/cancel/", {"cancel-reason": "x"}).status_code
        == 403
    )
    assert client.get(f"/tournaments/{public.pk}/edit/").status_code == 403
    assert client.get("/tournaments/new/").status_code == 403  # players do not organise
    public.refresh_from_db()
    assert public.state == State.REGISTRATION  # nothing changed

    client.logout()
    r = client.post(f"/tournaments/{public.pk}/steps/start/")
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]

    client.force_login(org)
    page = text(client.get(f"/tournaments/{public.pk}/"))
    assert "Open check-in" in page and "Start and pair round 1" in page


# -- create -------------------------------------------------------------------------------------
def form_data(**over) -> dict:
    data = {
        "name": "Club night",
        "game": KOW,
        "format": "swiss",
        "capacity": "16",
        "waitlist": "on",
        "late_entry_until_round": "0",
        "rounds": "3",
        "top_cut": "4",
        "points_win": "3",
        "points_draw": "1",
        "points_loss": "0",
        "auto_advance": "on",
    }
    data.update(over)
    return {k: v for k, v in data.items() if v is not None}


def test_create_form_errors_are_400_naming_the_field_and_create_nothing(client):
    org = organiser()
    client.force_login(org)
    assert client.get("/tournaments/new/").status_code == 200

    r = client.post("/tournaments/new/", form_data(name=""))
    assert r.status_code == 400
    assert 'id="id_name_error"' in text(r) or "This field is required" in text(r)
    assert r.context["form"].errors.keys() == {"name"}

    # (A round robin's top cut is not its field: tests/web/test_web_event_form.py.)

    r = client.post("/tournaments/new/", form_data(format="pods", top_cut="0"))
    assert r.status_code == 400
    assert r.context["form"].errors["format"] == [
        "Kingdom of Warlords is a two-player game: no pods."
    ]
    assert "Kingdom of Warlords is a two-player game: no pods." in text(r)
    r = client.post("/tournaments/new/", form_data(format="pods", pod_sizes="four"))
    assert r.status_code == 400 and "pod_sizes" in r.context["form"].errors
    assert not Tournament.objects.exists()

    r = client.post("/tournaments/new/", form_data())
    t = Tournament.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/tournaments/{t.pk}/"
    assert (t.name, t.state, t.top_cut, t.rounds, t.capacity) == ("Club night", "draft", 4, 3, 16)
    assert LogEntry.objects.filter(tournament=t, action="create").exists()


def test_organiser_walks_the_lifecycle_through_the_buttons(
    client, django_capture_on_commit_callbacks
):
    org = organiser()
    players = people(4)
    t = event(org, open_=False, check_in_required=True)
    client.force_login(org)
    assert client.post(f"/tournaments/{t.pk}/steps/open-registration/").status_code == 302
    for p in players:
        registration.register(t, p, p)
    assert client.post(f"/tournaments/{t.pk}/steps/open-check-in/").status_code == 302
    for p in players[:3]:
        client.force_login(p)
        assert client.post(f"/tournaments/{t.pk}/check-in/").status_code == 302
    client.force_login(org)
    r = client.post(f"/tournaments/{t.pk}/steps/start/")
    assert r.status_code == 302
    t.refresh_from_db()
    assert t.state == State.RUNNING and t.current_round == 1
    assert Entry.objects.get(tournament=t, player=players[3]).state == "withdrawn"

    r = client.post(f"/tournaments/{t.pk}/steps/pair/", {"round": "2"})
    assert r.status_code == 409  # round 1 is still being played
    assert "still being played" in text(r)

    # Drop without a reason is fine; disqualify needs one (400 naming it). Both are confirmed
    # on a confirmation page first (its form posts confirm=yes).
    entry = Entry.objects.get(tournament=t, player=players[0])
    r = client.post(
        f"/tournaments/{t.pk}/entries/{entry.pk}/disqualify/", {"dq-reason": " ", "confirm": "yes"}
    )
    assert r.status_code == 400 and "reason: Give a reason" in text(r)
    r = client.post(
        f"/tournaments/{t.pk}/entries/{entry.pk}/disqualify/",
        {"dq-reason": "marked cards", "confirm": "yes"},
    )
    assert r.status_code == 302
    entry.refresh_from_db()
    assert entry.state == "disqualified" and entry.reason == "marked cards"

    r = client.post(f"/tournaments/{t.pk}/steps/cancel/", {"cancel-reason": ""})
    assert r.status_code == 400
    r = client.post(f"/tournaments/{t.pk}/steps/cancel/", {"cancel-reason": "venue closed"})
    assert r.status_code == 302
    t.refresh_from_db()
    assert t.state == State.CANCELLED
    assert LogEntry.objects.filter(tournament=t, action="cancel", reason="venue closed").exists()


# -- registration -------------------------------------------------------------------------------
def army(size: int = 27) -> list[str]:
    from engines.registry import get_game

    return get_game(KOW).default_decks(1)[0][:size]


def test_register_with_the_fixed_army_then_withdraw(client):
    org = organiser()
    alice = people(1, "a")[0]
    t = event(org)
    client.force_login(alice)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Join the tournament" in page and "standard 27-card army" in page
    r = client.post(
        f"/tournaments/{t.pk}/register/", {"deck": "fixed:standard-army", "team": "Lyon"}
    )
    assert r.status_code == 302
    entry = Entry.objects.get(tournament=t, player=alice)
    assert entry.state == "active" and entry.deck == army() and entry.team == "Lyon"
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert re.search(r'data-testid="entrant">.*?a0', page, re.S)
    r = client.post(f"/tournaments/{t.pk}/register/", {"deck": "fixed:standard-army"})
    assert r.status_code == 409 and "already registered" in text(r)
    assert client.post(f"/tournaments/{t.pk}/withdraw/").status_code == 302
    assert Entry.objects.get(pk=entry.pk).state == "withdrawn"


def test_register_with_a_khan(client):
    org = organiser()
    bob = people(1, "b")[0]
    t = event(org, game=KHAN, format="pods", pod_sizes=[3])
    client.force_login(bob)
    assert "High Llama Tribe" in text(client.get(f"/tournaments/{t.pk}/"))
    assert (
        client.post(f"/tournaments/{t.pk}/register/", {"deck": "fixed:high-llama"}).status_code
        == 302
    )
    assert Entry.objects.get(tournament=t, player=bob).deck == "high-llama"


def test_an_illegal_or_foreign_deck_is_refused_with_a_clear_message(client):
    org = organiser()
    alice, bob = people(2)
    t = event(org)
    short = deck_services.create_deck(alice, KOW, "Short army", data=army(26))
    mine_bad = deck_services.current_version(short)
    foreign = deck_services.current_version(
        deck_services.create_deck(bob, KOW, "Bob's", data=army())
    )
    other_game = deck_services.current_version(
        deck_services.create_deck(alice, KHAN, "My Khan", data="morokanth")
    )
    client.force_login(alice)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Short army (version 1) — not legal" in page
    assert "Bob&#x27;s" not in page and "My Khan" not in page  # only your decks of this game

    r = client.post(f"/tournaments/{t.pk}/register/", {"deck": f"version:{mine_bad.pk}"})
    assert r.status_code == 400
    assert "not legal" in text(r) and "27 cards" in text(r)
    r = client.post(f"/tournaments/{t.pk}/register/", {"deck": f"version:{foreign.pk}"})
    assert r.status_code == 400 and "No deck version of yours with that id." in text(r)
    r = client.post(f"/tournaments/{t.pk}/register/", {"deck": f"version:{other_game.pk}"})
    assert r.status_code == 400 and "That deck is for another game." in text(r)
    r = client.post(f"/tournaments/{t.pk}/register/", {"deck": "anything"})
    assert r.status_code == 400 and "Choose a deck" in text(r)
    assert not Entry.objects.filter(tournament=t).exists()


def test_registration_closed_and_full_are_409(client):
    org = organiser()
    a, b = people(2)
    t = event(org, capacity=1, waitlist=False)
    client.force_login(a)
    assert (
        client.post(f"/tournaments/{t.pk}/register/", {"deck": "fixed:standard-army"}).status_code
        == 302
    )
    client.force_login(b)
    r = client.post(f"/tournaments/{t.pk}/register/", {"deck": "fixed:standard-army"})
    assert r.status_code == 409 and "The tournament is full." in text(r)
    lifecycle.cancel(t, org, "no venue")
    r = client.post(f"/tournaments/{t.pk}/register/", {"deck": "fixed:standard-army"})
    assert r.status_code == 409 and "Registration is not open" in text(r)


# -- pairings and standings ---------------------------------------------------------------------
def test_pairings_show_why_and_standings_every_tiebreaker_with_a_legend(client):
    org = organiser()
    players = people(5)
    t = event(org, players, rounds=3)
    lifecycle.start(t, org)
    first = tables_of(t)
    bye = next(tb for tb in first if tb.bye)
    report_all(t)
    client.force_login(org)
    assert client.post(f"/tournaments/{t.pk}/steps/pair/", {"round": "2"}).status_code == 302
    second = tables_of(t)

    page = text(client.get(f"/tournaments/{t.pk}/"))
    names = {e.pk: e.player.public_name for e in t.entries.select_related("player")}
    for tb in second:
        assert tb.why  # the recorded reason of each pairing, entry ids shown as names
        shown = re.sub(r"\b(\d+) \(", lambda m: f"{names[int(m.group(1))]} (", tb.why)
        assert shown in page
    pair_down = next(tb for tb in second if "pair-down" in tb.flags)
    assert re.search(r"pair-down: p\d \(3 points\) v p\d \(0 points\)", page), pair_down.why
    assert "Round 2" in page and 'data-testid="round-progress"' in page
    assert "0 of 3 finished" in page or "1 of 3 finished" in page  # a bye counts as finished
    for column in ("Points", "MW%", "OMW%", "GW%", "OGW%"):
        assert column in page
    assert "How the standings are computed" in page and "never below 33%" in page
    assert "byes are no opponent" in page

    # Round 1 from the rounds list: the bye and why it went to that player.
    page = text(client.get(f"/tournaments/{t.pk}/", {"round": 1}))
    assert bye.why in page and "bye" in bye.why.lower()

    # The standings rows agree with the service's, in order with their percentages.
    from tournaments.summary import standings_rows

    rows = standings_rows(t)
    found = re.findall(r'<td><a href="/players/([^/]+)/">', page.split('id="standings"')[1])
    assert found[: len(rows)] == [r["player"] for r in rows]
    assert f"{round(rows[0]['omw'] * 100)}%" in page


def test_the_live_fragment_has_the_progress_and_pairings_only(client):
    org = organiser()
    t = event(org, people(4), rounds=2)
    lifecycle.start(t, org)
    r = client.get(f"/tournaments/{t.pk}/", {"fragment": "live"})
    body = text(r)
    assert r.status_code == 200 and "<html" not in body
    assert 'data-total="2"' in body and 'data-done="0"' in body
    report_all(t)
    body = text(client.get(f"/tournaments/{t.pk}/", {"fragment": "live"}))
    assert 'data-done="2"' in body and "2 of 2 finished" in body


# -- report, confirm, dispute, correct ----------------------------------------------------------
def test_report_confirm_dispute_and_correct(client):
    org = organiser()
    players = people(4)
    t = event(org, players, rounds=2)
    lifecycle.start(t, org)
    first, second = tables_of(t)
    who = by_entry(t)
    a, b = (who[e] for e in first.entries)
    c, d = (who[e] for e in second.entries)
    url = f"/tournaments/{t.pk}/tables/{first.pk}/"

    # Someone else's table: 403, nothing recorded.
    client.force_login(c)
    r = client.post(url + "report/", {"report-wins_0": "2", "report-wins_1": "0"})
    assert r.status_code == 403
    assert not first.reports.exists()

    client.force_login(a)
    page = text(client.get(url))
    assert "Report the result" in page and f"Games won by {a.public_name}" in page
    r = client.post(url + "report/", {"report-wins_0": "12", "report-wins_1": "0"})
    assert r.status_code == 400  # field error, nothing recorded
    assert not first.reports.exists()
    r = client.post(url + "report/", {"report-wins_0": "2", "report-wins_1": "1"}, follow=True)
    assert "waiting for your opponent" in text(r)
    assert Table.objects.get(pk=first.pk).state == TableState.REPORTED
    client.force_login(b)
    r = client.post(url + "report/", {"report-wins_0": "2", "report-wins_1": "1"}, follow=True)
    assert "the result is final" in text(r)
    table = Table.objects.get(pk=first.pk)
    assert table.state == TableState.FINAL and table.result["wins"] == [2, 1]
    assert table.source == "reports"

    # Disagreement: a dispute the organiser sees and settles with a reason.
    url2 = f"/tournaments/{t.pk}/tables/{second.pk}/"
    client.force_login(c)
    client.post(url2 + "report/", {"report-wins_0": "2", "report-wins_1": "0"})
    client.force_login(d)
    r = client.post(url2 + "report/", {"report-wins_0": "0", "report-wins_1": "2"}, follow=True)
    assert "disagrees" in text(r) and 'data-testid="dispute"' in text(r)
    assert Table.objects.get(pk=second.pk).state == TableState.DISPUTED
    r = client.post(
        url2 + "correct/", {"correct-wins_0": "2", "correct-wins_1": "0", "correct-reason": "x"}
    )
    assert r.status_code == 403  # players do not correct

    client.force_login(org)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "1 disputed" in page
    page = text(client.get(url2))
    assert "Settle the dispute" in page and page.count('data-testid="report"') == 2
    r = client.post(url2 + "correct/", {"correct-wins_0": "2", "correct-wins_1": "0"})
    assert r.status_code == 400 and "reason" in r.context["correct_form"].errors
    r = client.post(
        url2 + "correct/",
        {"correct-wins_0": "2", "correct-wins_1": "0", "correct-reason": "judge saw it"},
    )
    assert r.status_code == 302
    table = Table.objects.get(pk=second.pk)
    assert table.state == TableState.FINAL and table.source == "organiser"
    assert LogEntry.objects.filter(
        tournament=t, action="correct_result", reason="judge saw it"
    ).exists()

    # A final result cannot be reported again.
    client.force_login(a)
    r = client.post(url + "report/", {"report-wins_0": "0", "report-wins_1": "2"})
    assert r.status_code == 409


def test_timeout_awards_a_stuck_table(client):
    org = organiser()
    t = event(org, people(2), rounds=1)
    lifecycle.start(t, org)
    (table,) = tables_of(t)
    client.force_login(org)
    url = f"/tournaments/{t.pk}/tables/{table.pk}/timeout/"
    r = client.post(url, {"timeout-action": "award", "timeout-reason": "no result in time"})
    assert r.status_code == 400 and "winner" in r.context["timeout_form"].errors
    r = client.post(
        url,
        {
            "timeout-action": "award",
            "timeout-winner": str(table.entries[1]),
            "timeout-reason": "no result in time",
        },
    )
    assert r.status_code == 302
    table.refresh_from_db()
    assert table.state == TableState.FINAL and table.result["winner"] == table.entries[1]


# -- brackets -----------------------------------------------------------------------------------
def test_single_elimination_bracket_is_drawn_with_players_scores_and_links(client):
    org = organiser()
    players = people(4)
    t = event(org, players, format="single_elimination")
    lifecycle.start(t, org)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Winner of M1" in page and "Winner of M2" in page  # the final's players are to come
    report_all(t)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    start = page.index('<svg class="bracket"')
    svg = page[start : page.index("</svg>", start)]
    assert svg.count('class="match ') == 3  # N-1 matches
    for p in players:
        assert p.public_name in svg
    for table in Table.objects.filter(round__tournament=t):
        assert f'href="/tournaments/{t.pk}/tables/{table.pk}/"' in svg
    assert svg.count('data-state="done"') == 2 and "Final" in svg
    assert '<text class="score"' in svg and ">2</text>" in svg


def test_double_elimination_bracket_has_the_grand_final_and_reset(client):
    org = organiser()
    t = event(org, people(4), format="double_elimination")
    lifecycle.start(t, org)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Winners bracket" in page and "Losers bracket" in page
    assert "Grand final" in page and "Grand final reset (if needed)" in page
    assert page.count('class="match ') == 2 * 4 - 1


# -- speed --------------------------------------------------------------------------------------
def played_swiss(n: int, org: Player, prefix: str) -> Tournament:
    t = event(org, people(n, prefix), rounds=3, top_cut=4, name=f"Swiss {n}")
    lifecycle.start(t, org)
    from tournaments.rounds import pair_next_round

    while True:
        report_all(t)
        t.refresh_from_db()
        if pair_next_round(t.pk) is None:
            break
    t.refresh_from_db()
    return t


def test_pages_make_a_fixed_number_of_queries(client):
    org = organiser()
    small = played_swiss(8, org, "s")
    large = played_swiss(16, org, "l")
    assert small.state == large.state == State.FINISHED
    client.force_login(org)
    counts = []
    for t in (small, large):
        with CaptureQueriesContext(connection) as queries:
            r = client.get(f"/tournaments/{t.pk}/", {"round": 2})
        assert r.status_code == 200 and '<svg class="bracket"' in text(r)
        counts.append(len(queries))
    assert counts[0] == counts[1], counts  # no query per player or table
    assert counts[0] <= 30, counts
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/tournaments/").status_code == 200
    assert len(queries) <= 8


def test_home_lists_running_and_upcoming_tournaments(client):
    org = organiser()
    running = event(org, people(2), name="Live Cup")
    lifecycle.start(running, org)
    event(org, name="Next Week Open")
    event(org, name="Draft plan", open_=False)
    finished = event(org, name="Old Cup")
    lifecycle.cancel(finished, org, "rain")
    page = text(client.get("/"))
    section = page.split('id="tournaments-h"')[1].split("</section>")[0]
    assert "Live Cup" in section and "round 1" in section
    assert "Next Week Open" in section
    assert "Draft plan" not in section and "Old Cup" not in section


def test_a_pod_reports_placings(client):
    org = organiser()
    players = people(3)
    t = event(org, game=KHAN, format="pods", pod_sizes=[3], rounds=1)
    for p, khan in zip(players, ("high-llama", "morokanth", "bison-riders"), strict=True):
        client.force_login(p)
        r = client.post(f"/tournaments/{t.pk}/register/", {"deck": f"fixed:{khan}"})
        assert r.status_code == 302
    lifecycle.start(t, org)
    (table,) = tables_of(t)
    who = by_entry(t)
    url = f"/tournaments/{t.pk}/tables/{table.pk}/"
    places = {"report-placing_0": "2", "report-placing_1": "1", "report-placing_2": "3"}
    for e in table.entries:
        client.force_login(who[e])
        page = text(client.get(url))
        # each player's place by name, chosen as "1st", "2nd"... (not a seat's number)
        assert f"{who[table.entries[0]].public_name} finished" in page
        assert '<option value="2">2nd</option>' in page
        r = client.post(url + "report/", places)
        assert r.status_code == 302
    table.refresh_from_db()
    assert table.state == TableState.FINAL and table.result == {"placings": [1, 0, 2]}
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Points by placing" in page and "share of your pod-mates" in page
    assert "then by OMW%, then GW%, then OGW%" in page


def test_the_organiser_edits_settings_as_far_as_the_event_allows(client):
    org = organiser()
    t = event(org, capacity=8)
    client.force_login(org)
    r = client.get(f"/tournaments/{t.pk}/edit/")
    assert r.status_code == 200 and r.context["form"].fields["game"].disabled
    data = form_data(name="Renamed", capacity="12", top_cut="0", format="round_robin", game=KHAN)
    r = client.post(f"/tournaments/{t.pk}/edit/", data)
    assert r.status_code == 302
    t.refresh_from_db()
    assert (t.name, t.capacity, t.format, t.game) == ("Renamed", 12, "swiss", KOW)  # fixed
    r = client.post(f"/tournaments/{t.pk}/edit/", form_data(top_cut="3"))
    assert r.status_code == 400 and "top_cut" in r.context["form"].errors
    lifecycle.open_check_in(t, org)
    # From check-in on, what would not rewrite the past still changes (tournaments.editable);
    # a capacity below the entrants already in is refused, naming the field.
    (late,) = people(1)
    registration.register(t, late, late)
    r = client.post(f"/tournaments/{t.pk}/edit/", form_data(name="Too late", capacity="0"))
    assert r.status_code == 409 and "capacity" in r.context["form"].errors
    assert "1 entrant is in: the capacity cannot go below that." in text(r)
    t.refresh_from_db()
    assert t.name == "Renamed"
    r = client.post(f"/tournaments/{t.pk}/edit/", form_data(name="Still in time", top_cut="0"))
    assert r.status_code == 302
    t.refresh_from_db()
    assert t.name == "Still in time"


def test_an_owner_enters_and_withdraws_their_bot(client):
    from ratings.models import BotProfile

    org = organiser()
    owner, stranger = people(2)
    bot = Player.objects.create_user("owned-bot", "b@example.org", STRONG, is_bot=True)
    BotProfile.objects.create(player=bot, game=KOW, spec="random", owner=owner)
    t = event(org)
    client.force_login(owner)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Enter as" in page and "owned-bot (Random bot)" in page  # its kind in words
    r = client.post(
        f"/tournaments/{t.pk}/register/", {"player": "owned-bot", "deck": "fixed:standard-army"}
    )
    assert r.status_code == 302
    entry = Entry.objects.get(tournament=t, player=bot)
    assert entry.state == "active"
    assert not Entry.objects.filter(tournament=t, player=owner).exists()
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Withdraw owned-bot" in page  # the owner's button on the bot's row
    assert 'value="owned-bot"' not in page  # entered already: not offered again

    client.force_login(stranger)  # not theirs: refused by the service, nothing changes
    r = client.post(f"/tournaments/{t.pk}/withdraw/", {"entry": entry.pk})
    assert r.status_code == 403 and Entry.objects.get(pk=entry.pk).state == "active"
    r = client.post(
        f"/tournaments/{t.pk}/register/", {"player": "owned-bot", "deck": "fixed:standard-army"}
    )
    assert r.status_code == 400 and "a bot account you own" in text(r)
    assert not Entry.objects.filter(tournament=t, player=stranger).exists()

    client.force_login(owner)
    assert client.post(f"/tournaments/{t.pk}/withdraw/", {"entry": entry.pk}).status_code == 302
    assert Entry.objects.get(pk=entry.pk).state == "withdrawn"


def test_large_events_are_paged_with_your_table_and_rank_on_top(client, monkeypatch):
    from web.views.tournaments import public as views

    monkeypatch.setattr(views, "TABLES_PER_PAGE", 2)
    monkeypatch.setattr(views, "STANDINGS_PER_PAGE", 3)
    monkeypatch.setattr(views, "ENTRANTS_PER_PAGE", 5)
    org = organiser()
    players = people(8)
    t = event(org, players, rounds=3)
    lifecycle.start(t, org)
    report_all(t)
    from tournaments.rounds import pair_next_round

    pair_next_round(t.pk)
    tables = tables_of(t)
    last = players_at(t, tables[-1])[0]
    client.force_login(last)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Your table" in page  # their table is on page 2 of the tables: shown on top
    assert page.count('<tr id="table-') == 3
    assert "Page 1 of 2" in page and "tables=2" in page
    assert "You are <strong>" in page  # their rank, whatever the page of the standings
    page2 = text(client.get(f"/tournaments/{t.pk}/", {"tables": 2, "standings": 3}))
    assert f'id="table-{tables[-1].pk}"' in page2
    assert "Page 3 of 3" in page2  # standings: 8 rows, 3 a page
    assert page.count('data-testid="entrant"') == 5
    fragment = text(client.get(f"/tournaments/{t.pk}/", {"fragment": "live", "tables": 2}))
    assert f'id="table-{tables[-1].pk}"' in fragment and "fragment=live" not in fragment


def players_at(t: Tournament, table: Table) -> list[Player]:
    who = by_entry(t)
    return [who[e] for e in table.entries]
