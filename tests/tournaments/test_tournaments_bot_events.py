"""Whole bot events, end to end in-process: pairing, matches on workers, results, automation."""

from __future__ import annotations

import itertools

import pytest
from tournaments_helpers import KHAN, KOW, Inbox, bots, event, organiser, sole_first

from matches.models import Match, MatchState
from ratings.models import Ladder, RatingChange
from tournaments import lifecycle, pairing
from tournaments.models import Format, Round, Stage, State, Table, TableState
from tournaments.summary import bracket_json, export, standings_rows

pytestmark = pytest.mark.django_db


def run(t, org, capture):
    with capture(execute=True):
        lifecycle.start(t, org)
    t.refresh_from_db()
    return t


def tables_of(t):
    return list(Table.objects.filter(round__tournament=t).order_by("round__number", "number"))


def test_swiss_with_top_cut_runs_by_itself(django_capture_on_commit_callbacks):
    org = organiser()
    field = bots(8, org)
    t = event(org, field, rounds=3, top_cut=4)
    inbox = Inbox()
    with inbox.patch():
        t = run(t, org, django_capture_on_commit_callbacks)
    sent = inbox.sent
    assert t.state == State.FINISHED
    rounds = list(Round.objects.filter(tournament=t).order_by("number"))
    assert [(r.number, r.stage) for r in rounds] == [
        (1, Stage.MAIN),
        (2, Stage.MAIN),
        (3, Stage.MAIN),
        (4, Stage.CUT),
        (5, Stage.CUT),
    ]
    tables = tables_of(t)
    assert [len(r.tables.all()) for r in rounds] == [4, 4, 4, 2, 1]
    # Every table was played by the workers as a tournament match, unrated (no ladder).
    matches = Match.objects.filter(tournament_table__in=tables)
    assert matches.count() == 15
    assert set(matches.values_list("origin", "rated", "state")) == {
        ("tournament", False, MatchState.FINISHED)
    }
    assert all(tb.state == TableState.FINAL and tb.source == "engine" for tb in tables)
    # Nobody met twice in the Swiss rounds; the cut is the top 4 of the Swiss standings.
    swiss_pairs = [frozenset(tb.entries) for tb in tables[:12]]
    assert len(set(swiss_pairs)) == 12
    rows = standings_rows(t)
    assert sum(r["match_points"] for r in rows) == 3 * 12
    tree = bracket_json(t)
    swiss = sorted(rows, key=lambda r: (r["rank"], r["entry"]))  # rows come in placing order
    assert tree["seeds"] == [r["entry"] for r in swiss[:4]]
    assert {r["entry"] for r in rows[:4]} == set(tree["seeds"])  # the cut places first
    assert rows[0]["entry"] == tree["winner"] and rows[0]["place_label"] == "1st"
    final = tables[-1]
    assert t.winner_id == final.result["winner"] == tree["winner"]
    # Entrants heard about pairings, round ends and the end of the event.
    kinds = {(a[0], a[1]) for a in sent}
    for bot in field:
        assert (bot.pk, "tournament.pairings") in kinds
        assert (bot.pk, "tournament.round_finished") in kinds
        assert (bot.pk, "tournament.finished") in kinds
    winner = next(e.player.username for e in t.entries.all() if e.pk == final.result["winner"])
    assert export(t)["tournament"]["winner"] == winner


def test_ladder_option_rates_tournament_matches(django_capture_on_commit_callbacks):
    org = organiser()
    ladder = Ladder.objects.create(slug="duel", name="Duel", game=KOW, seats=2)
    t = event(org, bots(4, org), rounds=2, ladder=ladder)
    t = run(t, org, django_capture_on_commit_callbacks)
    assert t.state == State.FINISHED
    matches = Match.objects.filter(origin="tournament")
    assert matches.count() == 4 and all(m.rated and m.ladder_id == ladder.pk for m in matches)
    assert RatingChange.objects.filter(match__in=matches).count() == 8


@pytest.mark.parametrize("n", [2, 3, 5, 8])
def test_single_elimination_plays_n_minus_one_matches(n, django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, bots(n, org), format=Format.SINGLE_ELIMINATION)
    t = run(t, org, django_capture_on_commit_callbacks)
    assert t.state == State.FINISHED
    tables = tables_of(t)
    assert len(tables) == n - 1
    assert t.winner_id == tables[-1].result["winner"]
    tree = bracket_json(t)
    assert tree["winner"] == t.winner_id and len(tree["nodes"]) == n - 1


@pytest.mark.parametrize("n", [3, 4, 6])
def test_double_elimination(n, django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, bots(n, org), format=Format.DOUBLE_ELIMINATION)
    t = run(t, org, django_capture_on_commit_callbacks)
    assert t.state == State.FINISHED
    played = len(tables_of(t))
    assert played in (2 * n - 2, 2 * n - 1)
    # Everyone but the champion lost twice, the champion at most once.
    losses = {}
    for tb in tables_of(t):
        loser = next(e for e in tb.entries if e != tb.result["winner"])
        losses[loser] = losses.get(loser, 0) + 1
    assert losses.get(t.winner_id, 0) <= 1
    assert sorted(v for k, v in losses.items() if k != t.winner_id) == [2] * (n - 1)


@pytest.mark.parametrize("double", [False, True])
def test_round_robin_every_pair_meets(double, django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, bots(5, org), format=Format.ROUND_ROBIN, double_round_robin=double)
    t = run(t, org, django_capture_on_commit_callbacks)
    assert t.state == State.FINISHED
    games = [frozenset(tb.entries) for tb in tables_of(t) if not tb.bye]
    ids = list(t.entries.values_list("pk", flat=True))
    expected = {frozenset(p) for p in itertools.combinations(ids, 2)}
    assert set(games) == expected
    assert len(games) == len(expected) * (2 if double else 1)
    # Sitting out is not scored: nobody has a bye in the standings.
    assert all(r["byes"] == 0 for r in standings_rows(t))


def test_free_for_all_pods(django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, bots(7, org, game=KHAN), game=KHAN, format=Format.PODS, rounds=2)
    t = run(t, org, django_capture_on_commit_callbacks)
    assert t.state == State.FINISHED
    for rnd in Round.objects.filter(tournament=t):
        sizes = sorted(len(tb.entries) for tb in rnd.tables.all())
        assert sizes == [3, 4]
    tables = tables_of(t)
    assert all("placings" in tb.result for tb in tables)
    rows = standings_rows(t)
    assert t.winner_id == sole_first(t)  # None when first place is shared
    assert t.winner_id is None or rows[0]["entry"] == t.winner_id
    assert sum(r["match_points"] for r in rows) == sum(
        [3, 2, 1, 0][min(p, 3)] for tb in tables for p in tb.result["placings"]
    )


def test_everyone_dropping_ends_the_event(django_capture_on_commit_callbacks):
    from tournaments import registration

    org = organiser()
    field = bots(4, org)
    t = event(org, field, rounds=5, auto_advance=False)
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
    t.refresh_from_db()
    assert t.current_round == 1
    for e in t.entries.all():
        registration.drop(t, e, org)
    with django_capture_on_commit_callbacks(execute=True):
        from tournaments.rounds import pair_next_round

        assert pair_next_round(t.pk, expected=2) is None
    t.refresh_from_db()
    assert t.state == State.FINISHED and t.current_round == 1
    assert pairing.default_swiss_rounds(4) == 2
