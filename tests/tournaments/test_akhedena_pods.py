"""An Akhedena Quick Match free-for-all pods tournament (3 and 4 players a pod), run by the
workers from registration to its winner, the entrants bringing their army lists."""

from __future__ import annotations

import pytest
from tournaments_helpers import bots, event, organiser

from engines.decks import get_deck_format
from engines.registry import get_game
from matches.models import Match, MatchState
from tournaments import lifecycle, registration
from tournaments.errors import TournamentError
from tournaments.models import Format, Round, State, Table, TableState
from tournaments.summary import standings_rows

pytestmark = pytest.mark.django_db
GAME = "akhedena"


def _army_lists() -> list[dict]:
    return [s.data for s in get_deck_format(GAME).starter_decks()]


def test_an_akhedena_pods_tournament_runs_to_its_end(django_capture_on_commit_callbacks):
    """Issue #17: "pods in tournaments". Seven entrants in pods of 3 and 4 for two rounds;
    every pod is an Akhedena game played by the workers, placings score 3/2/1/0 and the
    standings' leader wins."""
    org = organiser()
    field = bots(7, org, game=GAME)
    t = event(org, game=GAME, format=Format.PODS, pod_sizes=[4, 3], rounds=2)
    lists = _army_lists()
    for i, bot in enumerate(field):
        registration.register(t, bot, org, deck=lists[i % len(lists)])
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
    t.refresh_from_db()
    assert t.state == State.FINISHED
    rounds = list(Round.objects.filter(tournament=t).order_by("number"))
    assert len(rounds) == 2
    for rnd in rounds:
        assert sorted(len(tb.entries) for tb in rnd.tables.all()) == [3, 4]
    tables = list(Table.objects.filter(round__tournament=t))
    assert all(tb.state == TableState.FINAL and tb.source == "engine" for tb in tables)
    assert all(len(tb.result["placings"]) == len(tb.entries) for tb in tables)
    matches = Match.objects.filter(tournament_table__in=tables)
    assert matches.count() == 4
    assert {m.state for m in matches} == {MatchState.FINISHED}
    assert {m.game for m in matches} == {GAME}
    # Each seat played the army list its entrant registered.
    for match in matches:
        assert all(deck in lists for deck in match.decks)
    rows = standings_rows(t)
    first = [r["entry"] for r in rows if r["place"] == 1]
    # the leader wins; players level on points and every tiebreaker share first place, and
    # then nobody alone is the winner
    assert t.winner_id == (first[0] if len(first) == 1 else None)
    assert sum(r["match_points"] for r in rows) == sum(
        [3, 2, 1, 0][min(p, 3)] for tb in tables for p in tb.result["placings"]
    )


def test_an_illegal_army_list_is_refused_at_registration_naming_every_violation():
    """A list that breaks the army-list rules does not enter: a 400 naming each rule broken,
    and no entry is made."""
    org = organiser()
    (bot,) = bots(1, org, game=GAME)
    t = event(org, game=GAME, format=Format.PODS, pod_sizes=[4, 3], rounds=2)
    bad = _army_lists()[0]
    bad = {**bad, "pieces": {k: v for k, v in bad["pieces"].items() if k != "archer"}}
    bad["reserve"] = bad["reserve"][:4]
    expected = {v.message for v in get_game(GAME).validate_deck(bad)}
    assert len(expected) >= 2
    with pytest.raises(TournamentError) as refused:
        registration.register(t, bot, org, deck=bad)
    assert refused.value.status == 400 and refused.value.field == "deck"
    for message in expected:
        assert message in refused.value.message
    assert not t.entries.exists()
