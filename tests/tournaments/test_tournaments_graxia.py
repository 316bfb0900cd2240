"""Heroes of Graxia events: free-for-all pods of 3 to 6 (issue #16, "pods of 3-6 in
tournaments"), played in-process here; the same event on real workers is in
test_tournaments_graxia_workers.py."""

from __future__ import annotations

import pytest
from tournaments_helpers import bots, event, organiser, sole_first

from matches.models import Match, MatchState
from tournaments import lifecycle, registration
from tournaments.errors import TournamentError
from tournaments.models import Format, Round, State, Table
from tournaments.summary import standings_rows

pytestmark = pytest.mark.django_db

GRAXIA = "heroes-of-graxia"


def run(t, org, capture):
    with capture(execute=True):
        lifecycle.start(t, org)
    t.refresh_from_db()
    return t


def test_pods_of_three_and_four_run_to_the_end(django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, bots(7, org, game=GRAXIA), game=GRAXIA, format=Format.PODS, rounds=2)
    t = run(t, org, django_capture_on_commit_callbacks)
    assert t.state == State.FINISHED
    for rnd in Round.objects.filter(tournament=t):
        assert sorted(len(tb.entries) for tb in rnd.tables.all()) == [3, 4]
    tables = Table.objects.filter(round__tournament=t)
    assert all(len(tb.result["placings"]) == len(tb.entries) for tb in tables)
    matches = Match.objects.filter(tournament_table__in=tables)
    assert matches.count() == 4 and set(matches.values_list("state", flat=True)) == {
        MatchState.FINISHED
    }
    assert {m.seats.count() for m in matches} == {3, 4}
    assert t.winner_id == sole_first(t)  # None when first place is shared
    assert t.winner_id is None or standings_rows(t)[0]["entry"] == t.winner_id


@pytest.mark.parametrize("size", [5, 6])
def test_a_pod_of_five_or_six_is_one_table(size, django_capture_on_commit_callbacks):
    org = organiser()
    field = bots(size, org, game=GRAXIA)
    t = event(org, field, game=GRAXIA, format=Format.PODS, rounds=1, pod_sizes=[size])
    t = run(t, org, django_capture_on_commit_callbacks)
    assert t.state == State.FINISHED
    (table,) = Table.objects.filter(round__tournament=t)
    assert len(table.entries) == size and table.match.seats.count() == size


def test_pod_sizes_beyond_six_are_refused_naming_the_range():
    """The rulebook's game is for 2 to 6 players: a pod of 7 is refused (400)."""
    org = organiser()
    with pytest.raises(TournamentError, match="Pod sizes must be 2-6 players"):
        event(org, game=GRAXIA, format=Format.PODS, rounds=1, pod_sizes=[7])


@pytest.mark.parametrize(
    ("heroes", "shared"),
    [(["Shadd", "Flist", "Sype", "Oshnuk"], False), (["Shadd", "Sype", "Sype", "Oshnuk"], True)],
)
def test_registered_heroes_play_and_a_shared_hero_is_dealt_by_the_engine(
    heroes, shared, django_capture_on_commit_callbacks
):
    """Each Hero is played by one seat only (docs/rules/heroes-of-graxia.md, "Encoding"): a
    pod whose entrants registered the same Hero has its Heroes dealt by the engine, and the
    table says why; registered Heroes otherwise sit as chosen."""
    org = organiser()
    t = event(org, game=GRAXIA, format=Format.PODS, rounds=1, pod_sizes=[4])
    for bot, hero in zip(bots(4, org, game=GRAXIA), heroes, strict=True):
        registration.register(t, bot, org, deck={"hero": hero})
    t = run(t, org, django_capture_on_commit_callbacks)
    assert t.state == State.FINISHED
    (table,) = Table.objects.filter(round__tournament=t)
    assert table.match.state == MatchState.FINISHED
    decks = table.match.decks
    if shared:
        assert not decks or all(d is None for d in decks)
        assert "dealt by the engine" in table.why
    else:
        seat_heroes = {s.player_id: decks[s.seat]["hero"] for s in table.match.seats.all()}
        assert seat_heroes == {e.player_id: e.deck["hero"] for e in t.entries.all()}
        assert "dealt by the engine" not in table.why
