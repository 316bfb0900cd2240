"""Corrections carry through: a void or a correction recomputes the standings, the placings and
the winner, says what changed, offers what the rules allow next (replay, award, re-pair) and
logs it in words with the actor, the table and round, the reason and the before/after."""

from __future__ import annotations

import pytest
from tournaments_helpers import (
    bots,
    current_tables,
    entry_player,
    event,
    organiser,
    people,
    report_round,
)

from tournaments import corrections, lifecycle, log_text, outcome, results
from tournaments.errors import TournamentError
from tournaments.models import LogEntry, Round, State, Table, TableState, Tournament

pytestmark = pytest.mark.django_db


def refused(status, func, *args, **kwargs):
    with pytest.raises(TournamentError) as info:
        func(*args, **kwargs)
    assert info.value.status == status, info.value.message
    return info.value


def first_seat_wins(table):
    return {"wins": [2, 0], "draws": 0}


def finished_swiss(commit, players=4, rounds=2, **fields):
    """A paper Swiss played to its end: the first-listed player of each table wins 2–0."""
    org = organiser()
    entrants = people(players)
    for p in entrants:
        p.display_name = p.username.upper()
        p.save(update_fields=["display_name"])
    t = event(org, entrants, rounds=rounds, **fields)
    with commit(execute=True):
        t = lifecycle.start(t, org)
    for _ in range(rounds):
        with commit(execute=True):
            report_round(t, first_seat_wins)
    t.refresh_from_db()
    assert t.state == State.FINISHED
    return org, entrants, t


def table_of_round(t, number, entry):
    rnd = Round.objects.get(tournament=t, number=number)
    return next(tb for tb in rnd.tables.all() if entry in tb.entries)


def test_voiding_the_deciding_table_changes_the_winner_and_logs_it_in_words(
    django_capture_on_commit_callbacks,
):
    org, players, t = finished_swiss(django_capture_on_commit_callbacks)
    winner = t.winner_id
    assert winner is not None
    decider = table_of_round(t, 2, winner)  # the winner's round-2 win
    loser = next(e for e in decider.entries if e != winner)
    before = outcome.placing_labels(outcome.event_placings(t))
    assert before[winner] == "1st"
    with django_capture_on_commit_callbacks(execute=True):
        corrections.void(t, decider.pk, org, "the slip was signed by the wrong players")
    decider.refresh_from_db()
    assert decider.state == TableState.VOID and decider.result is None
    t.refresh_from_db()
    assert t.state == State.FINISHED
    after = outcome.placing_labels(outcome.event_placings(t))
    assert after != before and after[winner] != "1st"
    assert t.winner_id != winner and after[t.winner_id] == "1st"
    entry = LogEntry.objects.get(tournament=t, action="void_result")
    assert entry.actor == org and entry.reason == "the slip was signed by the wrong players"
    assert entry.detail["round"] == 2 and entry.detail["number"] == decider.number
    assert entry.detail["before"]["result"]["winner"] == winner
    assert entry.detail["after"] == {"state": "void", "result": None, "source": "organiser"}
    assert entry.detail["outcome"]["winner_before"] == winner
    assert entry.detail["outcome"]["winner_after"] == t.winner_id
    changed = LogEntry.objects.get(tournament=t, action="winner_changed")
    assert (changed.detail["before"], changed.detail["after"]) == (winner, t.winner_id)
    # in words, with names, never the action code
    names = {e.pk: e.player.public_name for e in t.entries.select_related("player")}
    lines = {line.what: line for line in log_text.describe(t, [entry, changed])}
    text = next(w for w in lines if w.startswith("Voided"))
    assert f"table {decider.number}, round 2" in text
    assert f"{names[decider.entries[0]]} 2–0 {names[decider.entries[1]]}" in text
    assert f"winner now {names[t.winner_id]} (was {names[winner]})" in text
    assert lines[text].who == org.public_name and lines[text].reason.startswith("the slip")
    assert all("void_result" not in w and "_" not in w for w in lines)
    # what the rules allow next: the event is over, so the table can only be awarded
    assert corrections.next_steps(t, decider) == ["award"]
    with django_capture_on_commit_callbacks(execute=True):
        results.correct(t, decider.pk, org, {"wins": [2, 0]}, "the right slip turned up")
    t.refresh_from_db()
    assert t.winner_id == winner
    assert outcome.placing_labels(outcome.event_placings(t)) == before
    assert loser in decider.entries


def test_bad_voids_change_nothing(django_capture_on_commit_callbacks):
    org, players, t = finished_swiss(django_capture_on_commit_callbacks)
    table = current_tables(t)[0]
    someone = entry_player(t)[table.entries[0]]
    refused(403, corrections.void, t, table.pk, someone, "I lost it")
    refused(400, corrections.void, t, table.pk, org, "   ")
    refused(404, corrections.void, t, 10**9, org, "no such table")
    with django_capture_on_commit_callbacks(execute=True):
        corrections.void(t, table.pk, org, "wrong players at the table")
    refused(409, corrections.void, t, table.pk, org, "again")  # no final result any more
    assert LogEntry.objects.filter(tournament=t, action="void_result").count() == 1


def test_a_voided_final_sends_an_elimination_back_to_be_decided(
    django_capture_on_commit_callbacks,
):
    org = organiser()
    t = event(org, people(4), format="single_elimination")
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            report_round(t, first_seat_wins)
    t.refresh_from_db()
    assert t.state == State.FINISHED
    champion = t.winner_id
    final = current_tables(t)[0]
    semi = Round.objects.get(tournament=t, number=1).tables.first()
    refused(409, corrections.void, t, semi.pk, org, "a later match was paired from it")
    with django_capture_on_commit_callbacks(execute=True):
        corrections.void(t, final.pk, org, "played with a marked deck")
    final.refresh_from_db()
    t.refresh_from_db()
    assert final.state == TableState.PENDING and final.result is None
    assert t.state == State.RUNNING and t.winner_id is None
    labels = outcome.placing_labels(outcome.event_placings(t))
    assert labels[champion] == "1st–2nd"  # both finalists still in
    assert corrections.next_steps(t, final) == ["replay", "award"]
    runner_up = next(e for e in final.entries if e != champion)
    with django_capture_on_commit_callbacks(execute=True):
        results.correct(
            t,
            final.pk,
            org,
            {"wins": [0, 2] if final.entries[0] == champion else [2, 0]},
            "replayed",
        )
    t.refresh_from_db()
    assert t.state == State.FINISHED and t.winner_id == runner_up
    assert outcome.placing_labels(outcome.event_placings(t))[champion] == "2nd"


def test_a_table_of_the_running_round_is_replayed(django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, people(4), rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    table, other = current_tables(t)
    players = entry_player(t)
    with django_capture_on_commit_callbacks(execute=True):
        for e in table.entries:
            results.report(t, table.pk, players[e], {"wins": [2, 0]})
    table.refresh_from_db()
    assert table.state == TableState.FINAL
    assert "replay" in corrections.next_steps(t, table)
    with django_capture_on_commit_callbacks(execute=True):
        corrections.replay(t, table.pk, org, "played with the wrong decks")
    table.refresh_from_db()
    assert table.state == TableState.PENDING and not table.reports.exists()
    entry = LogEntry.objects.get(tournament=t, action="replay_table")
    assert entry.actor == org and entry.detail["before"]["state"] == "final"
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t)
    t.refresh_from_db()
    assert t.current_round == 2
    refused(409, corrections.replay, t, table.pk, org, "too late: round 2 runs")


def test_the_next_round_is_paired_again_after_a_void(django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, people(8), rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    with django_capture_on_commit_callbacks(execute=True):
        report_round(t, first_seat_wins)
    t.refresh_from_db()
    assert t.current_round == 2
    old = [list(tb.entries) for tb in current_tables(t)]
    voided = Round.objects.get(tournament=t, number=1).tables.order_by("number").first()
    with django_capture_on_commit_callbacks(execute=True):
        corrections.void(t, voided.pk, org, "the two players swapped tables")
    voided.refresh_from_db()
    assert corrections.next_steps(t, voided) == ["award", "repair"]
    with django_capture_on_commit_callbacks(execute=True):
        rnd = corrections.repair_round(t, 2, org, "round 2 was paired from the wrong result")
    t.refresh_from_db()
    assert rnd.number == 2 and t.current_round == 2
    new = [list(tb.entries) for tb in current_tables(t)]
    assert sorted(map(sorted, new)) != sorted(map(sorted, old)) or len(new) == len(old)
    assert Round.objects.filter(tournament=t, number=2).count() == 1
    assert (
        LogEntry.objects.filter(tournament=t, action="repair_round").get().detail["before"] == old
    )
    # once a result of the round is in, it can no longer be paired again
    table = current_tables(t)[0]
    players = entry_player(t)
    results.report(t, table.pk, players[table.entries[0]], {"wins": [2, 0]})
    refused(409, corrections.repair_round, t, 2, org, "again")


def test_a_staff_void_of_a_bot_match_names_the_actor_and_reason(
    django_capture_on_commit_callbacks,
):
    from matches import audit as match_audit
    from players.models import Player

    org = organiser()
    staff = Player.objects.create_user("judge", password="x-Strong-pass-9", role="admin")
    field = bots(4, org)
    t = event(org, field, rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    t.refresh_from_db()
    assert t.state == State.FINISHED
    table = Table.objects.filter(round__tournament=t, round__number=2).exclude(match=None).first()
    winner_before = t.winner_id
    with django_capture_on_commit_callbacks(execute=True):
        match_audit.void(table.match_id, staff, "the bot crashed the engine")
    table.refresh_from_db()
    assert table.state == TableState.VOID
    entry = LogEntry.objects.get(tournament=t, action="match_void")
    assert entry.actor == staff and entry.reason == "the bot crashed the engine"
    assert entry.detail["round"] == 2 and entry.detail["before"]["state"] == "final"
    t.refresh_from_db()
    assert t.winner_id == outcome.winner_of(t, outcome.event_placings(t))
    (line,) = log_text.describe(t, [entry])
    assert line.who == "judge" and line.staff and line.what.startswith("Voided the match of table")
    if t.winner_id != winner_before:
        assert LogEntry.objects.filter(tournament=t, action="winner_changed").exists()


def test_placings_of_a_swiss_with_a_top_cut(django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, people(8), rounds=3, top_cut=4)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    while Tournament.objects.get(pk=t.pk).state == State.RUNNING:
        with django_capture_on_commit_callbacks(execute=True):
            report_round(t, first_seat_wins)
    t.refresh_from_db()
    final = current_tables(t)[0]
    champion, finalist = final.entries[0], final.entries[1]
    assert t.winner_id == champion
    rows = outcome.placing_rows(t)
    assert [r["label"] for r in rows[:2]] == ["1st", "2nd"]
    assert [r["entry"] for r in rows[:2]] == [champion, finalist]
    semis = Round.objects.get(tournament=t, number=4).tables.all()
    semi_losers = {tb.entries[1] for tb in semis}
    assert {r["entry"] for r in rows[2:4]} == semi_losers
    # the semi-finalists by their Swiss standing (sharing 3rd–4th only when level on it), then
    # the others from 5th, in Swiss order
    assert rows[2]["place"] == 3 and rows[3]["last"] == 4
    assert all(r["place"] >= 5 for r in rows[4:]) and rows[-1]["last"] == 8
    assert [r["place"] for r in rows] == sorted(r["place"] for r in rows)


def test_a_round_robin_places_by_head_to_head_and_shows_its_cross_table(
    client, django_capture_on_commit_callbacks
):
    """Five players, every match 2–0 to the first-listed: the placings break equal points by
    head-to-head, and the event page's cross-table shows each row's results in placing order."""
    org = organiser()
    t = event(org, people(5), format="round_robin")
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    while Tournament.objects.get(pk=t.pk).state == State.RUNNING:
        with django_capture_on_commit_callbacks(execute=True):
            report_round(t, first_seat_wins)
    t.refresh_from_db()
    rows = outcome.cross_table_rows(t)
    assert len(rows) == 5 and all(len(r["cells"]) == 5 for r in rows)
    for i, row in enumerate(rows):
        assert row["cells"][i] is None
        for j, cell in enumerate(row["cells"]):
            if cell is None:
                continue
            mirror = rows[j]["cells"][i]
            assert cell["played"] == mirror["played"] == 1  # everyone met once
            assert (cell["wins"], cell["won"]) == (mirror["losses"], mirror["lost"])
    # placings: more points place better; among players level on points, the points taken in
    # the matches between them (head-to-head) never rise down the order
    points = [r["points"] for r in rows]
    assert points == sorted(points, reverse=True)
    for level in set(points):
        group = [i for i, p in enumerate(points) if p == level]
        mutual = [sum(rows[i]["cells"][j]["points"] for j in group if j != i) for i in group]
        assert mutual == sorted(mutual, reverse=True), (level, mutual)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="cross-table"' in page and page.count('data-testid="cross-row"') == 5
    assert page.count('data-testid="cross-cell"') == 20


def test_every_action_the_services_log_reads_in_words():
    """Each action code the tournaments app writes to its log has a sentence of its own (not
    the code read aloud), found by reading the services' source."""
    import re
    from pathlib import Path

    source = "\n".join(
        p.read_text()
        for p in Path(log_text.__file__).parent.glob("*.py")
        if p.name != "log_text.py"
    )
    patterns = [
        r'\blog\(\s*\w+,\s*\w+,\s*"([a-z_]+)"',  # log(t, by, "start", ...)
        r'\b_apply\(\s*\w+,\s*\w+,\s*"([a-z_]+)"',  # pairings_edit's changes
        r'\baction\s*=\s*"([a-z_]+)"',  # an action chosen before the call
        # log(t, by, "deck_set" if organiser else "deck_changed", ...)
        r'\blog\(\s*\w+,\s*\w+,\s*"([a-z_]+)" if \w+ else "[a-z_]+"',
        r'\blog\(\s*\w+,\s*\w+,\s*"[a-z_]+" if \w+ else "([a-z_]+)"',
    ]
    found = {action for pattern in patterns for action in re.findall(pattern, source)}
    assert {"void_result", "correct_result", "pairing_swapped", "register", "deck_set"} <= found
    missing = sorted(a for a in found if a not in log_text.SENTENCES)
    assert not missing, missing
