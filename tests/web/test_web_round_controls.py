"""The organiser's controls added for the night: the results grid, pairings swapped or seated by
hand (a rematch confirmed first), the confirmation step of drop, disqualify and call time, and
the edit form's fixed settings shown disabled with why."""

from __future__ import annotations

import re

import pytest

from tests.web.test_web_tournaments import event, form_data, organiser, people, tables_of, text
from tournaments import lifecycle, results
from tournaments.models import Entry, LogEntry, Round, Table, TableState

pytestmark = pytest.mark.django_db


def running(n: int = 4, **fields):
    org = organiser()
    players = people(n)
    fields.setdefault("rounds", 3)
    t = event(org, players, **fields)
    t = lifecycle.start(t, org)
    return org, players, t


def names(t) -> dict[int, str]:
    return {e.pk: e.player.public_name for e in t.entries.select_related("player")}


# -- the results grid ----------------------------------------------------------------------------
def test_the_grid_names_each_bad_slip_saves_nothing_then_enters_the_round(client):
    org, players, t = running(6)
    one, two, three = tables_of(t)
    who = names(t)
    url = f"/tournaments/{t.pk}/rounds/1/results/"
    client.force_login(players[0])
    assert client.get(url).status_code == 403
    client.force_login(org)
    event_page = text(client.get(f"/tournaments/{t.pk}/"))
    assert f'href="{url}"' in event_page and "Enter the result slips" in event_page
    page = text(client.get(url))
    assert page.count('data-testid="slip"') == 3
    for e in one.entries:
        assert f"Games won by {who[e]}" in page
    assert 'value="from the slip"' in page
    bad = {
        f"t{one.pk}-wins_0": "2",
        f"t{one.pk}-wins_1": "1",
        f"t{two.pk}-wins_0": "0",
        f"t{two.pk}-wins_1": "12",
        f"t{three.pk}-wins_0": "1",
    }
    r = client.post(url, bad)
    assert r.status_code == 400
    page = text(r)
    assert "table 2: the games won are 0–12, 0 to 9 each" in page
    assert "table 3: give the games won by both players" in page
    assert "Nothing was saved" in page
    assert all(tb.state == TableState.PENDING for tb in tables_of(t))
    good = {
        f"t{one.pk}-wins_0": "2",
        f"t{one.pk}-wins_1": "1",
        f"t{two.pk}-wins_0": "0",
        f"t{two.pk}-wins_1": "2",
        f"t{two.pk}-reason": "judge's copy",
    }
    r = client.post(url, good)  # table 3 left blank: left alone
    assert r.status_code == 302 and f"entered={one.pk},{two.pk}" in r["Location"]
    page = text(client.get(r["Location"]))
    assert f"Table 1: {who[one.entries[0]]} 2–1 {who[one.entries[1]]}" in page
    assert "1 table still without a final result" in page
    assert LogEntry.objects.get(action="slip_entered", detail__table=two.pk).reason == (
        "judge's copy"
    )
    r = client.post(url, {f"t{three.pk}-wins_0": "1", f"t{three.pk}-wins_1": "1"}, follow=True)
    assert "Round 1 is complete" in text(r)
    assert Round.objects.get(tournament=t, number=1).state == "finished"


# -- pairings -----------------------------------------------------------------------------------
def test_a_swap_from_the_pairings_page_and_a_rematch_confirmed_first(client):
    org, players, t = running(4)
    one, two = tables_of(t)
    who = names(t)
    client.force_login(org)
    page = text(client.get(f"/tournaments/{t.pk}/tables/{one.pk}/"))
    assert "Change this pairing (organiser)" in page
    url = f"/tournaments/{t.pk}/rounds/1/swap/"
    r = client.post(url, {"swap-entry_a": one.entries[0], "swap-entry_b": two.entries[0]})
    assert r.status_code == 400 and "reason" in r.context["swap_form"].errors
    r = client.post(
        url,
        {
            "swap-entry_a": one.entries[0],
            "swap-entry_b": two.entries[0],
            "swap-reason": "judge call",
        },
    )
    assert r.status_code == 302
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert page.count("changed by the organiser: judge call") == 2
    assert page.count('<span class="flag changed-by-the-organiser">') == 2
    # Round 2: a swap seating round 1's pairs again is confirmed before it is made.
    for table in tables_of(t):
        results.correct(t, table.pk, org, {"wins": [2, 0]}, "slip")
    client.post(f"/tournaments/{t.pk}/steps/pair/", {"round": "2"})
    round_1 = {frozenset(tb.entries) for tb in Table.objects.filter(round__number=1)}
    one, two = tables_of(t)
    a = one.entries[0]

    def again(b: int) -> bool:  # the swap seats a pair of round 1 together again
        rest = next(e for e in two.entries if e != b)
        return frozenset((b, one.entries[1])) in round_1 or frozenset((a, rest)) in round_1

    b = next(b for b in two.entries if again(b))
    data = {"swap-entry_a": a, "swap-entry_b": b, "swap-reason": "mixed up"}
    r = client.post(f"/tournaments/{t.pk}/rounds/2/swap/", data)
    assert r.status_code == 200 and 'data-testid="confirm"' in text(r)
    assert "already played each other in round 1" in text(r)
    assert tables_of(t)[0].entries == one.entries  # nothing changed yet
    assert 'name="swap-reason" value="mixed up"' in text(r)
    r = client.post(f"/tournaments/{t.pk}/rounds/2/swap/", {**data, "confirm": "yes"})
    assert r.status_code == 302
    assert a in tables_of(t)[1].entries
    entry = LogEntry.objects.get(action="pairing_swapped", detail__round=2)
    assert entry.detail["rematches"] and entry.reason == "mixed up"
    assert f"{who[a]}" in text(client.get(f"/tournaments/{t.pk}/"))


def test_tables_seated_by_hand_and_locked_tables_shown_with_why(client):
    org, players, t = running(4)
    one, two = tables_of(t)
    by = {e.pk: e.player for e in t.entries.select_related("player")}
    results.report(t, two.pk, by[two.entries[0]], {"wins": [2, 0]})
    client.force_login(org)
    url = f"/tournaments/{t.pk}/rounds/1/pairings/"
    page = text(client.get(url))
    assert "Table 2: a report is in (correct its result instead)." in page
    assert page.count('name="tables-seat-') == 2  # table 1's two seats only
    flipped = {
        f"tables-seat-{one.pk}-0": one.entries[1],
        f"tables-seat-{one.pk}-1": one.entries[0],
        "tables-reason": "seats swapped for the stream",
    }
    r = client.post(url, flipped)
    assert r.status_code == 302
    one.refresh_from_db()
    assert "edited" in one.flags and one.why.endswith("seats swapped for the stream")
    twice = {
        f"tables-seat-{one.pk}-0": one.entries[0],
        f"tables-seat-{one.pk}-1": one.entries[0],
        "tables-reason": "x",
    }
    r = client.post(url, twice)
    assert r.status_code == 400 and "would sit twice" in text(r)


# -- the confirmation step ----------------------------------------------------------------------
def test_drop_disqualify_and_call_time_act_only_once_confirmed(client):
    org, players, t = running(6, round_minutes=30, time_called="draw")
    client.force_login(org)
    entry = Entry.objects.get(tournament=t, player=players[0])
    name = players[0].public_name
    table = next(tb for tb in tables_of(t) if entry.pk in tb.entries)
    opponent = names(t)[next(e for e in table.entries if e != entry.pk)]
    drop = f"/tournaments/{t.pk}/entries/{entry.pk}/drop/"
    r = client.post(drop, {"drop-reason": "feeling ill"})
    page = text(r)
    assert r.status_code == 200 and f"Drop {name} from the event?" in page
    assert f"{name} is not paired from round 2 on" in page
    assert f"Their unfinished table {table.number} goes to {opponent}, 2–0." in page
    assert re.search(r'<input type="hidden" name="confirm" value="yes">', page)
    assert ">feeling ill</textarea>" in page
    entry.refresh_from_db()
    assert entry.state == "active"  # the first post did nothing
    r = client.post(drop, {"drop-reason": "feeling ill", "confirm": "yes"})
    assert r.status_code == 302
    entry.refresh_from_db()
    assert (entry.state, entry.reason) == ("dropped", "feeling ill")

    other = Entry.objects.get(tournament=t, player=players[1])
    dq = f"/tournaments/{t.pk}/entries/{other.pk}/disqualify/"
    r = client.post(dq, {"dq-reason": ""})
    assert r.status_code == 200 and "Disqualify" in text(r)
    assert Entry.objects.get(pk=other.pk).state == "active"  # untouched
    assert not LogEntry.objects.filter(action="disqualify").exists()

    open_tables = [tb for tb in tables_of(t) if tb.state == TableState.PENDING]
    numbers = " and ".join(str(tb.number) for tb in open_tables)
    r = client.post(f"/tournaments/{t.pk}/call-time/")
    page = text(r)
    assert r.status_code == 200 and "Call time on round 1?" in page
    assert f"{len(open_tables)} unfinished tables: tables {numbers} become 0–0 draws." in page
    assert "clock stops now" in page
    assert all(tb.state == TableState.PENDING for tb in open_tables)
    r = client.post(f"/tournaments/{t.pk}/call-time/", {"confirm": "yes"})
    assert r.status_code == 302
    assert all(Table.objects.get(pk=tb.pk).source == "time" for tb in open_tables)


# -- the edit form ------------------------------------------------------------------------------
def test_the_edit_form_shows_fixed_settings_disabled_with_why(client):
    org, players, t = running(4, capacity=8)
    client.force_login(org)
    r = client.get(f"/tournaments/{t.pk}/edit/")
    form = r.context["form"]
    for name in ("game", "format", "points_win", "seeded_first_round", "starts_at"):
        assert form.fields[name].disabled, name
    for name in ("name", "capacity", "round_minutes", "rounds", "top_cut"):
        assert not form.fields[name].disabled, name
    assert form.fields["points_win"].help_text.startswith("Fixed once a round is paired")
    page = text(r)
    assert "Fixed once a round is paired: the results so far are scored with it." in page
    assert re.search(r'name="points_win"[^>]*disabled', page)
    r = client.post(
        f"/tournaments/{t.pk}/edit/",
        form_data(name="Evening", points_win="9", rounds="4", capacity="8", top_cut="0"),
    )
    assert r.status_code == 302
    t.refresh_from_db()
    assert (t.name, t.points_win, t.rounds, t.main_rounds) == ("Evening", 3, 4, 4)
