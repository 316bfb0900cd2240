"""Team events (tournaments.teams): which games, registering a team, pairing, results, standings."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from tournaments_helpers import (
    KOW,
    bots,
    current_tables,
    organiser,
    people,
    report_round,
    sole_first,
)

from engines.arackhan_wars.playable import playable_starters
from engines.registry import get_game
from matches.models import Match, MatchSeat, MatchState
from tournaments import lifecycle, registration, summary, teams
from tournaments.errors import TournamentError
from tournaments.models import Entry, EntryState, Format, Table, TableState
from tournaments.results import engine_result

pytestmark = pytest.mark.django_db

AKW = "arackhan-wars"
LEGAL = playable_starters()[0].data
ILLEGAL = {"not": "a deck"}


def team_event(org, **fields):
    fields.setdefault("name", "2v2 night")
    fields.setdefault("game", AKW)
    fields.setdefault("team_size", 2)
    t = lifecycle.create(org, **fields)
    return lifecycle.open_registration(t, org)


def enter_teams(t, org, players):
    """Pair up ``players`` into teams, entered by the organiser with both decks."""
    return [
        teams.register_team(t, a, b, org, partner_deck=LEGAL, team_name=f"team {a.username}")
        for a, b in zip(players[::2], players[1::2], strict=True)
    ]


def refused(status: int, field: str | None = None):
    class Refused:
        def __enter__(self):
            self.ctx = pytest.raises(TournamentError)
            self.info = self.ctx.__enter__()
            return self.info

        def __exit__(self, *exc):
            handled = self.ctx.__exit__(*exc)
            assert self.info.value.status == status, self.info.value.message
            if field is not None:
                assert self.info.value.field == field, self.info.value.message
            return handled

    return Refused()


# -- which games ----------------------------------------------------------------------------------
def test_team_sizes_come_from_the_rulebook_and_the_engine(monkeypatch):
    assert teams.team_sizes(AKW) == (2,)  # the rulebook's 2v2
    assert teams.engine_team_sizes(AKW) == (2,)  # which the engine plays with these options:
    assert teams.team_options(AKW, 2) == {"mode": "2v2"}
    assert teams.team_sizes(KOW) == () and teams.engine_team_sizes(KOW) == ()
    # a team mode the engine refuses is allowed (reported by the captains), not played
    monkeypatch.setitem(teams.TEAM_MODES, KOW, {2: {"mode": "2v2"}})
    assert teams.team_sizes(KOW) == (2,) and teams.engine_team_sizes(KOW) == ()
    # an engine may declare its team sizes itself
    monkeypatch.setattr(get_game(KOW), "team_sizes", (2,), raising=False)
    assert teams.engine_team_sizes(KOW) == (2,)


def test_team_events_need_a_game_and_format_with_teams():
    org = organiser()
    with refused(400, "team_size") as info:
        lifecycle.create(org, name="x", game=KOW, team_size=2)
    assert "kingdom-of-warlords has no teams of 2" in info.value.message
    with refused(400, "team_size"):
        lifecycle.create(org, name="x", game=AKW, team_size=2, format=Format.PODS)
    with refused(400, "team_size"):
        lifecycle.create(org, name="x", game=AKW, team_size=3)
    for fmt in teams.TEAM_FORMATS:
        assert lifecycle.create(org, name="x", game=AKW, team_size=2, format=fmt).team_size == 2
    t = team_event(org)
    with refused(409):  # fixed once registration is open
        lifecycle.update(t, org, team_size=1)


# -- registering ----------------------------------------------------------------------------------
def test_captain_registers_and_partner_confirms_with_their_own_deck():
    org = organiser()
    ana, bob = people(2)
    t = team_event(org)
    entry = teams.register_team(t, ana, bob, ana, deck=LEGAL, team_name="Grey Order")
    assert (entry.state, entry.player, entry.partner, entry.deck) == ("pending", ana, bob, LEGAL)
    with refused(400, "deck"):
        teams.confirm_partner(t, entry.pk, bob, deck=ILLEGAL)
    entry.refresh_from_db()
    assert entry.state == EntryState.PENDING and entry.partner_deck is None  # nothing changed
    with refused(403):
        teams.confirm_partner(t, entry.pk, ana, deck=LEGAL)  # the captain is not the partner
    entry = teams.confirm_partner(t, entry.pk, bob, deck=LEGAL)
    assert entry.state == EntryState.ACTIVE and entry.partner_deck == LEGAL
    with refused(409):
        teams.confirm_partner(t, entry.pk, bob, deck=LEGAL)
    with refused(404):
        teams.confirm_partner(t, 999_999, bob)


def test_nobody_plays_in_two_teams_or_alone():
    org = organiser()
    ana, bob, cat, dan = people(4)
    t = team_event(org)
    teams.register_team(t, ana, bob, ana)
    with refused(409) as info:
        teams.register_team(t, cat, bob, cat)  # bob is already named by ana
    assert "p1 is already in a team" in info.value.message  # bob is p1
    with refused(409):
        teams.register_team(t, bob, cat, bob)
    with refused(409):
        teams.register_team(t, ana, cat, ana)
    with refused(400, "partner"):
        teams.register_team(t, cat, cat, cat)
    (kow_bot,) = bots(1, org, game=KOW)
    with refused(400, "partner"):  # a bot of another game
        teams.register_team(t, cat, kow_bot, cat)
    with refused(409):  # a team event takes no individual entries
        registration.register(t, dan, dan)
    assert t.entries.count() == 1


def test_captain_enters_only_themselves_and_only_organisers_give_the_partners_deck():
    org = organiser()
    ana, bob, cat = people(3)
    t = team_event(org)
    with refused(403):
        teams.register_team(t, bob, cat, ana)
    with refused(403):
        teams.register_team(t, ana, bob, ana, partner_deck=LEGAL)
    with refused(400, "partner_deck"):
        teams.register_team(t, ana, bob, org, partner_deck=ILLEGAL)
    assert not t.entries.exists()
    entry = teams.register_team(t, ana, bob, org, deck=LEGAL, partner_deck=LEGAL)
    assert entry.state == EntryState.ACTIVE
    assert t.log.filter(action="register_team").exists()


def test_declining_withdraws_the_team_and_frees_both_players():
    org = organiser()
    ana, bob, cat = people(3)
    t = team_event(org)
    entry = teams.register_team(t, ana, bob, ana)
    with refused(403):
        teams.decline_partner(t, entry.pk, cat)
    entry = teams.decline_partner(t, entry.pk, bob)
    assert entry.state == EntryState.WITHDRAWN and "declined by p1" in entry.reason
    again = teams.register_team(t, ana, cat, ana)  # the captain's entry is taken up again
    assert again.pk == entry.pk and again.partner == cat and again.state == EntryState.PENDING
    assert teams.register_team(t, bob, org, bob).state == EntryState.PENDING  # bob is free


def test_a_full_team_event_waitlists_confirmed_teams():
    org = organiser()
    players = people(6)
    t = team_event(org, capacity=2)
    first, second = enter_teams(t, org, players[:4])
    assert (first.state, second.state) == (EntryState.ACTIVE, EntryState.ACTIVE)
    pending = teams.register_team(t, players[4], players[5], players[4])
    assert teams.confirm_partner(t, pending.pk, players[5]).state == EntryState.WAITLISTED


def test_individual_events_refuse_teams():
    org = organiser()
    ana, bob = people(2)
    t = lifecycle.open_registration(lifecycle.create(org, name="solo", game=AKW), org)
    with refused(409):
        teams.register_team(t, ana, bob, ana)


# -- playing --------------------------------------------------------------------------------------
def test_a_swiss_team_event_pairs_teams_and_ranks_them(django_capture_on_commit_callbacks):
    org = organiser()
    players = people(10)
    t = team_event(org, rounds=3)
    entered = enter_teams(t, org, players)
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
    t.refresh_from_db()
    members = {e.pk: {e.player_id, e.partner_id} for e in entered}
    seen_tables = 0
    while t.state == "running":
        tables = current_tables(t)
        for table in tables:
            if not table.bye:
                a, b = table.entries
                assert not members[a] & members[b]  # teams, not players, meet
                assert table.match_id is None  # the engine plays no 2v2 yet: reported
                seen_tables += 1
        with django_capture_on_commit_callbacks(execute=True):
            report_round(t)  # the captains report
        t.refresh_from_db()
    assert seen_tables == 6  # 5 teams: 2 tables and a bye in each of 3 rounds
    rows = summary.with_teams(t, summary.standings_rows(t))
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    assert {r["entry"] for r in rows} == set(members)
    top = rows[0]
    assert top["team"].startswith("team ") and len(top["players"]) == 2
    assert len(top["opponent_teams"]) == len(top["opponents"])
    assert sum(r["byes"] for r in rows) == 3
    assert t.winner_id == sole_first(t) and (t.winner_id is None or t.winner_id == top["entry"])


@pytest.mark.parametrize(
    ("fmt", "tables"),
    [(Format.SINGLE_ELIMINATION, 3), (Format.ROUND_ROBIN, 6), (Format.DOUBLE_ELIMINATION, 6)],
)
def test_team_brackets_and_round_robin(fmt, tables, django_capture_on_commit_callbacks):
    org = organiser()
    t = team_event(org, format=fmt)
    entered = enter_teams(t, org, people(8))
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
    t.refresh_from_db()
    played = []
    while t.state == "running":
        played += [tb.entries for tb in current_tables(t) if not tb.bye]
        with django_capture_on_commit_callbacks(execute=True):
            report_round(t)
        t.refresh_from_db()
    assert t.state == "finished" and t.winner_id == sole_first(t)  # None for a shared 1st
    assert t.winner_id is None or t.winner_id in {e.pk for e in entered}
    if fmt == Format.ROUND_ROBIN:
        assert sorted(tuple(sorted(p)) for p in played) == sorted(
            (a.pk, b.pk) for i, a in enumerate(entered) for b in entered[i + 1 :]
        )
    elif fmt == Format.SINGLE_ELIMINATION:
        assert len(played) == tables
    else:
        assert len(played) in (tables, tables + 1)  # 2N-2, or 2N-1 with the reset


def test_team_seats_alternate_teams_and_team_ranks():
    a = SimpleNamespace(player="A1", partner="A2", deck="dA1", partner_deck="dA2")
    b = SimpleNamespace(player="B1", partner="B2", deck="dB1", partner_deck="dB2")
    assert teams.team_seats([a, b]) == [
        ("A1", 0, "dA1"),
        ("B1", 1, "dB1"),
        ("A2", 0, "dA2"),
        ("B2", 1, "dB2"),
    ]
    assert teams.team_ranks([1, 0, 1, 0]) == [1, 0]
    assert teams.team_ranks([0, 1, 2, 3]) == [0, 1]
    table = SimpleNamespace(entries=[11, 12], node=None)
    match = SimpleNamespace(pk=1, corrected_result=None, result={"ranks": [1, 0, 1, 0]})
    assert engine_result(table, match) == {"wins": [0, 1], "draws": 0, "winner": 12}


def test_bot_teams_play_one_match_of_four_seats_in_the_team_mode(
    django_capture_on_commit_callbacks,
):
    """AracKhan Wars' engine plays 2v2: a table of two bot teams is one match, seats 0 and 2
    (the first team) against 1 and 3, and its result comes back to the table by itself."""
    org = organiser()
    crew = bots(4, org, game=AKW)
    t = team_event(org, format=Format.SINGLE_ELIMINATION)
    first, second = enter_teams(t, org, crew)
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
    t.refresh_from_db()
    (table,) = Table.objects.filter(round__tournament=t)
    match = Match.objects.get(pk=table.match_id)
    assert match.options == {"mode": "2v2"} and match.origin == "tournament"
    a, b = (Entry.objects.get(pk=e) for e in table.entries)  # the table's order
    assert {a.pk, b.pk} == {first.pk, second.pk}
    seats = list(MatchSeat.objects.filter(match=match).order_by("seat"))
    assert [(s.player_id, s.team) for s in seats] == [
        (a.player_id, 0),
        (b.player_id, 1),
        (a.partner_id, 0),
        (b.partner_id, 1),
    ]
    assert all(s.bot for s in seats)
    assert match.state == MatchState.FINISHED, match.state
    assert table.state == TableState.FINAL and table.source == "engine"
    ranks = match.result["ranks"]
    assert table.result == engine_result(table, match)
    if ranks[0] != ranks[1]:  # not a drawn game: the better team won the table and the event
        winner = table.entries[0] if min(ranks[0::2]) < min(ranks[1::2]) else table.entries[1]
        assert table.result["winner"] == winner
    assert t.state == "finished" and t.winner_id == table.result["winner"]


def test_individual_events_keep_teammates_apart():
    """The issue's forbidden pairings: entries of one club (``team``) do not meet in round 1."""
    org = organiser()
    ana, bob, cat, dan = people(4)
    t = lifecycle.open_registration(lifecycle.create(org, name="clubs", game=KOW, rounds=1), org)
    for p, club in ((ana, "red"), (bob, "red"), (cat, "blue"), (dan, "blue")):
        registration.register(t, p, p, team=club)
    lifecycle.start(t, org)
    club = {e.pk: e.team for e in Entry.objects.filter(tournament=t)}
    for table in current_tables(t):
        a, b = table.entries
        assert club[a] != club[b], table.why
        assert table.state == TableState.PENDING
