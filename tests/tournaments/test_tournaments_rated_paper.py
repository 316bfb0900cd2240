"""A rated event's paper results go to its ladder: one paper match per table, rated once.

Issue 29, item 5: "'Rated: counts for AracKhan Wars 1v1' is shown on an event whose 16 paper
results rated nobody." Every final result of a rated event that was played (paper ones
included) is a paper match of the event's ladder, rated exactly once, re-ranked by a correction
and taken off the ladder by a void; ``recompute_ratings <ladder> --check`` finds nothing to
change after each step. Byes, forfeits and timeout awards rate nobody.
"""

from __future__ import annotations

import io

import pytest
import trueskill
from django.core.management import call_command
from django.db import transaction
from tournaments_helpers import (
    KHAN,
    KOW,
    bots,
    current_tables,
    entry_player,
    event,
    organiser,
    people,
)

from matches import audit
from matches.models import PAPER_ORIGIN, AuditEntry, Match, MatchState
from players.models import Player
from ratings.models import Ladder, Rating, RatingChange
from ratings.recompute import recompute_ladder
from tournaments import bulk, lifecycle, registration, results, signals
from tournaments.models import Format, State, Table, TableState, Tournament
from tournaments.rounds import pair_next_round
from tournaments.tables import finalise

pytestmark = pytest.mark.django_db


# -- helpers --------------------------------------------------------------------------------------
def duel() -> Ladder:
    return Ladder.objects.create(slug="kow-duel", name="Kingdom of Warlords 1v1", game=KOW, seats=2)


def no_differences(ladder: Ladder) -> None:
    """``recompute_ratings <ladder> --check`` (the command, which exits 1 on any difference)
    and the same check as a summary: nothing would change."""
    out = io.StringIO()
    call_command("recompute_ratings", ladder.slug, "--check", stdout=out)
    assert "would change 0 rating changes and 0 ratings" in out.getvalue(), out.getvalue()
    summary = recompute_ladder(ladder, check=True)
    assert not summary.changed, summary.details


def paper_matches(ladder: Ladder):
    return Match.objects.filter(origin=PAPER_ORIGIN, ladder=ladder)


def numbers(ladder: Ladder) -> tuple:
    """Everything a rating update writes on the ladder."""
    return (
        list(
            Rating.objects.filter(ladder=ladder)
            .order_by("player_id")
            .values_list("player_id", "mu", "sigma", "games", "wins")
        ),
        list(
            RatingChange.objects.filter(ladder=ladder)
            .order_by("sequence", "player_id")
            .values_list("match_id", "player_id", "sequence", "mu_after", "sigma_after", "rank")
        ),
        Ladder.objects.get(pk=ladder.pk).last_sequence,
    )


def replayed(ladder: Ladder, match_ids: list[int]) -> dict[tuple[int, str], float]:
    """TrueSkill straight from the package over these matches in this order: each player's
    mu and sigma after them (what the ladder must hold, computed without the platform's code)."""
    env = trueskill.TrueSkill(
        mu=ladder.mu,
        sigma=ladder.sigma,
        beta=ladder.beta,
        tau=ladder.tau,
        draw_probability=ladder.draw_probability,
    )
    now: dict[int, trueskill.Rating] = {}
    for match_id in match_ids:
        seats = list(Match.objects.get(pk=match_id).seats.order_by("seat"))
        groups = [(now.get(s.player_id, env.create_rating()),) for s in seats]
        rated = env.rate(groups, ranks=[s.rank for s in seats])
        for s, (r,) in zip(seats, rated, strict=True):
            now[s.player_id] = r
    out = {}
    for p, r in now.items():
        out[p, "mu"], out[p, "sigma"] = r.mu, r.sigma
    return out


def in_sequence(ladder: Ladder) -> list[int]:
    """The ladder's rated matches in the order they were rated."""
    seen: list[int] = []
    changes = RatingChange.objects.filter(ladder=ladder).order_by("sequence", "player_id")
    for match_id in changes.values_list("match_id", flat=True):
        if match_id not in seen:
            seen.append(match_id)
    return seen


def play_round(t: Tournament, capture, decide) -> list[Table]:
    """Both players of every open table report ``decide(table)``; the tables, refreshed."""
    players = entry_player(t)
    tables = current_tables(t)
    with capture(execute=True):
        for table in tables:
            if table.state in (TableState.FINAL, TableState.VOID):
                continue
            for entry in table.entries:
                results.report(t, table.pk, players[entry], decide(table))
    return [Table.objects.get(pk=tb.pk) for tb in tables]


def varied(table: Table) -> dict:
    """Results of every kind: the first player wins, the second wins, a drawn match."""
    kinds = [{"wins": [2, 0]}, {"wins": [1, 2]}, {"wins": [1, 1]}]
    return kinds[(table.number + table.round.number) % 3]


def ratings_of(ladder: Ladder) -> dict[tuple[int, str], float]:
    """Each player's mu and sigma on the ladder."""
    out = {}
    for r in Rating.objects.filter(ladder=ladder):
        out[r.player_id, "mu"], out[r.player_id, "sigma"] = r.mu, r.sigma
    return out


@pytest.fixture
def rated_swiss(django_capture_on_commit_callbacks):
    """Five people (a bye each round) play a three-round rated Swiss event on paper."""
    org = organiser()
    ladder = duel()
    t = event(org, people(5), rounds=3, ladder=ladder, auto_advance=False)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    tables = []
    for number in (1, 2, 3):
        tables += play_round(t, django_capture_on_commit_callbacks, varied)
        with django_capture_on_commit_callbacks(execute=True):
            pair_next_round(t.pk, by=org, expected=number + 1)
    t.refresh_from_db()
    assert t.state == State.FINISHED
    return org, ladder, t, tables


# -- a rated Swiss event on paper -----------------------------------------------------------------
def test_every_final_paper_table_is_one_rated_paper_match(rated_swiss):
    org, ladder, t, tables = rated_swiss
    played = [tb for tb in tables if not tb.bye]
    byes = [tb for tb in tables if tb.bye]
    assert len(played) == 6 and len(byes) == 3
    assert all(tb.state == TableState.FINAL and tb.source == "reports" for tb in played)
    assert all(tb.match_id is None for tb in tables)  # the platform played none of them
    assert all(tb.rated_match_id is None for tb in byes)
    assert paper_matches(ladder).count() == 6
    assert {tb.rated_match_id for tb in played} == set(
        paper_matches(ladder).values_list("pk", flat=True)
    )
    players = entry_player(t)
    for tb in played:
        match = tb.rated_match
        assert match.state == MatchState.FINISHED and match.rated and match.game == KOW
        assert match.actions == [] and match.digests == {} and match.engine_version == "paper"
        assert match.finished_at == tb.finished_at
        seats = list(match.seats.order_by("seat"))
        assert [s.player_id for s in seats] == [players[e].pk for e in tb.entries]
        winner = tb.result["winner"]
        expected = [0, 0] if winner is None else [0 if e == winner else 1 for e in tb.entries]
        assert [s.rank for s in seats] == expected
        changes = RatingChange.objects.filter(match=match)
        assert sorted(changes.values_list("player_id", flat=True)) == sorted(
            s.player_id for s in seats
        )
    winners = {
        None if tb.result["winner"] is None else tb.entries.index(tb.result["winner"])
        for tb in played
    }
    assert winners == {None, 0, 1}  # the first player won, the second, a drawn match
    # Each match took a sequence number of its own; every person's games are their tables.
    assert len(set(RatingChange.objects.filter(ladder=ladder).values_list("sequence"))) == 6
    for rating in Rating.objects.filter(ladder=ladder):
        assert rating.games == sum(
            1 for tb in played if rating.player_id in {players[e].pk for e in tb.entries}
        )
    assert ratings_of(ladder) == pytest.approx(replayed(ladder, in_sequence(ladder)))
    no_differences(ladder)


def test_the_signal_sent_again_or_a_second_finalise_rates_nothing_twice(rated_swiss):
    org, ladder, t, tables = rated_swiss
    before = numbers(ladder)
    matches = paper_matches(ladder).count()
    for tb in tables:
        with transaction.atomic():
            signals.table_final.send(sender=Tournament, table=Table.objects.get(pk=tb.pk))
    again = next(tb for tb in tables if not tb.bye)
    with transaction.atomic():
        finalise(Table.objects.get(pk=again.pk), again.result, "reports")
    assert paper_matches(ladder).count() == matches
    assert numbers(ladder) == before
    assert Table.objects.get(pk=again.pk).rated_match_id == again.rated_match_id
    no_differences(ladder)


def test_a_correction_re_rates_the_ladder_from_that_match_on(rated_swiss):
    org, ladder, t, tables = rated_swiss
    first = next(tb for tb in tables if not tb.bye and tb.result["winner"] is not None)
    match = first.rated_match
    sequence = RatingChange.objects.filter(match=match).values_list("sequence", flat=True)[0]
    before = ratings_of(ladder)
    order = in_sequence(ladder)
    a, b = first.result["wins"]
    results.correct(t, first.pk, org, {"wins": [b, a]}, "the score sheet was read backwards")
    match.refresh_from_db()
    ranks = [s.rank for s in match.seats.order_by("seat")]
    assert ranks == ([1, 0] if a > b else [0, 1])
    assert match.corrected_result["ranks"] == ranks and match.state == MatchState.FINISHED
    assert AuditEntry.objects.filter(match=match, action="correct").count() == 1
    assert paper_matches(ladder).count() == 6  # the same match, re-ranked
    changed = RatingChange.objects.filter(match=match)
    assert sorted(changed.values_list("rank", flat=True)) == [0, 1]
    assert set(changed.values_list("sequence", flat=True)) == {sequence}  # kept its place
    assert {c.player_id: c.rank for c in changed} == {
        s.player_id: s.rank for s in match.seats.all()
    }
    after = ratings_of(ladder)
    assert after != before
    assert in_sequence(ladder) == order
    assert after == pytest.approx(replayed(ladder, order))
    no_differences(ladder)

    # Another score with the same winner moves nobody and re-ranks nothing.
    still = numbers(ladder)
    results.correct(t, first.pk, org, {"wins": [b + 1, a] if b > a else [b, a + 1]}, "2-1 it was")
    assert numbers(ladder) == still
    assert AuditEntry.objects.filter(match=match, action="correct").count() == 1
    no_differences(ladder)


def test_a_void_takes_the_table_off_the_ladder(rated_swiss):
    org, ladder, t, tables = rated_swiss
    admin = Player.objects.create_user("auditor", password="x-Strong-pass-9", role="admin")
    gone = next(tb for tb in tables if not tb.bye)
    match = gone.rated_match
    order = in_sequence(ladder)
    players = [s.player_id for s in match.seats.all()]
    before = ratings_of(ladder)
    audit.void(match.pk, admin, "the table's players were not who they said")
    match.refresh_from_db()
    assert match.state == MatchState.VOIDED
    assert not RatingChange.objects.filter(match=match).exists()
    rest = [m for m in order if m != match.pk]
    after = ratings_of(ladder)
    assert after == pytest.approx(replayed(ladder, rest))  # as if that table never counted
    assert all(after.get((p, "mu")) != before[p, "mu"] for p in players)
    no_differences(ladder)
    # The event's result stands; the table's later changes leave the voided match alone.
    table = Table.objects.get(pk=gone.pk)
    assert table.state == TableState.FINAL and table.rated_match_id == match.pk
    still = numbers(ladder)
    a, b = table.result["wins"]
    results.correct(t, table.pk, org, {"wins": [b, a + 1]}, "the sheet said otherwise")
    match.refresh_from_db()
    assert match.state == MatchState.VOIDED and numbers(ladder) == still
    no_differences(ladder)


def test_an_event_without_a_ladder_makes_no_paper_match(django_capture_on_commit_callbacks):
    org = organiser()
    t = event(org, people(4), rounds=1, auto_advance=False)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    tables = play_round(t, django_capture_on_commit_callbacks, varied)
    assert all(tb.state == TableState.FINAL for tb in tables)
    assert all(tb.rated_match_id is None for tb in tables)
    assert not Match.objects.filter(origin=PAPER_ORIGIN).exists()
    assert not RatingChange.objects.exists()


def test_forfeits_and_awards_rate_nobody_and_a_correction_of_one_does(
    django_capture_on_commit_callbacks,
):
    """A no-show's forfeit and a timeout award were not played: no paper match. The
    organiser's correction of a forfeit into a played result is rated."""
    org = organiser()
    ladder = duel()
    t = event(org, people(6), rounds=1, ladder=ladder, auto_advance=False)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    no_show, stuck, played = current_tables(t)
    players = entry_player(t)
    with django_capture_on_commit_callbacks(execute=True):
        results.no_show(t, no_show.pk, org, no_show.entries[0], "not at the table")
        results.timeout(t, stuck.pk, org, "award", "no result in time", stuck.entries[1])
        for entry in played.entries:
            results.report(t, played.pk, players[entry], {"wins": [2, 1]})
    no_show, stuck, played = (Table.objects.get(pk=tb.pk) for tb in (no_show, stuck, played))
    assert (no_show.source, stuck.source, played.source) == ("forfeit", "timeout", "reports")
    assert no_show.rated_match_id is None and stuck.rated_match_id is None
    assert played.rated_match_id is not None
    assert paper_matches(ladder).count() == 1
    no_differences(ladder)

    results.correct(t, no_show.pk, org, {"wins": [1, 2]}, "they did play: the sheet was late")
    no_show.refresh_from_db()
    match = no_show.rated_match
    assert match is not None and [s.rank for s in match.seats.order_by("seat")] == [1, 0]
    assert RatingChange.objects.filter(match=match).count() == 2
    assert paper_matches(ladder).count() == 2
    no_differences(ladder)


def test_a_table_with_a_guest_rates_nobody(django_capture_on_commit_callbacks):
    """A guest is a placeholder account, not a person the ladder can follow: the organiser's
    result of their table stands for the event and rates nobody."""
    org = organiser()
    ladder = duel()
    t = event(org, people(1), rounds=1, ladder=ladder, auto_advance=False)
    bulk.add_entrants(t, org, guests="Walk-in Wendy")
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    (table,) = current_tables(t)
    results.correct(t, table.pk, org, {"wins": [2, 0]}, "from the score sheet")
    table.refresh_from_db()
    assert table.state == TableState.FINAL and table.source == "organiser"
    assert table.rated_match_id is None and not paper_matches(ladder).exists()
    no_differences(ladder)


def test_pods_on_a_four_seat_ladder(django_capture_on_commit_callbacks):
    """Khan of Khans pods of four people rate each pod as one four-seat paper match."""
    org = organiser()
    ladder = Ladder.objects.create(slug="khan-4", name="Khan of Khans 4p", game=KHAN, seats=4)
    t = event(
        org, people(8), game=KHAN, format=Format.PODS, rounds=1, ladder=ladder, auto_advance=False
    )
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    placings = {1: [0, 1, 2, 3], 2: [2, 0, 0, 3]}  # the second pod shares second place
    tables = play_round(
        t, django_capture_on_commit_callbacks, lambda tb: {"placings": placings[tb.number]}
    )
    assert [len(tb.entries) for tb in tables] == [4, 4]
    for tb in tables:
        match = tb.rated_match
        assert [s.rank for s in match.seats.order_by("seat")] == placings[tb.number]
        assert RatingChange.objects.filter(match=match).count() == 4
    assert paper_matches(ladder).count() == 2
    no_differences(ladder)


def test_a_paper_bot_table_is_rated_once_by_its_paper_match(django_capture_on_commit_callbacks):
    """The person's report of a paper bot table is final and its platform match aborted:
    the paper match rates it, the aborted match never does."""
    org = organiser()
    (owner,) = people(1, prefix="owner")
    (ana,) = people(1, prefix="ana")
    (bot,) = bots(1, owner)
    ladder = duel()
    t = event(org, [ana], rounds=1, ladder=ladder, paper_bot_tables=True, auto_advance=False)
    registration.register(t, bot, owner)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    (table,) = current_tables(t)
    assert table.match_id is not None
    wins = [1, 0] if table.entries[0] == t.entries.get(player=ana).pk else [0, 1]
    with django_capture_on_commit_callbacks(execute=True):
        results.report(t, table.pk, ana, {"wins": wins})
    table.refresh_from_db()
    platform = Match.objects.get(pk=table.match_id)
    assert platform.state == MatchState.ABORTED
    assert not RatingChange.objects.filter(match=platform).exists()
    match = table.rated_match
    assert match is not None and match.pk != platform.pk
    assert {s.player_id: s.rank for s in match.seats.all()} == {ana.pk: 0, bot.pk: 1}
    assert RatingChange.objects.filter(ladder=ladder).count() == 2
    assert RatingChange.objects.filter(match=match).count() == 2
    with transaction.atomic():
        signals.table_final.send(sender=Tournament, table=table)
    assert RatingChange.objects.filter(ladder=ladder).count() == 2
    no_differences(ladder)


def test_the_replay_audit_passes_paper_matches_by(rated_swiss):
    """A paper match has no engine record: verifying it says so, the release gate skips it."""
    org, ladder, t, tables = rated_swiss
    match = next(tb for tb in tables if not tb.bye).rated_match
    with pytest.raises(audit.AuditError, match="a paper result: there is no engine record"):
        audit.verify(match)
    assert audit.verify_all([match.pk]) == {"reproduce": [], "diverge": []}
    out = io.StringIO()
    call_command("verify_matches", "--all", stdout=out)
    assert "6 passed by, each a paper result: there is no engine record to replay" in out.getvalue()


def test_a_voided_paper_table_leaves_the_ladder_and_its_award_is_rated_anew(
    django_capture_on_commit_callbacks,
):
    """The organiser voids a rated paper table (tournaments.corrections.void): its paper match
    is voided and the ladder recomputed; awarding the table a result later rates that result
    with a new paper match, once."""
    from tournaments import corrections

    ladder = duel()
    org = organiser()
    t = event(org, people(4), rounds=2, ladder=ladder)
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
    players = entry_player(t)
    table, other = current_tables(t)
    with django_capture_on_commit_callbacks(execute=True):
        for e in table.entries:
            results.report(t, table.pk, players[e], {"wins": [2, 0]})
    table.refresh_from_db()
    first = table.rated_match
    assert first is not None and first.state == MatchState.FINISHED
    assert RatingChange.objects.filter(match=first).count() == 2
    no_differences(ladder)
    with django_capture_on_commit_callbacks(execute=True):
        corrections.void(t, table.pk, org, "the players swapped decks")
    table.refresh_from_db()
    first.refresh_from_db()
    assert table.state == TableState.VOID and table.rated_match is None
    assert first.state == MatchState.VOIDED
    assert not Rating.objects.filter(ladder=ladder, games__gt=0).exists()  # nothing else rated
    no_differences(ladder)
    with django_capture_on_commit_callbacks(execute=True):
        results.correct(t, table.pk, org, {"wins": [0, 2]}, "the replay's slip")
    table.refresh_from_db()
    second = table.rated_match
    assert second is not None and second.pk != first.pk and second.state == MatchState.FINISHED
    ranks = dict(second.seats.values_list("player_id", "rank"))
    assert ranks[players[table.entries[1]].pk] == 0
    assert RatingChange.objects.filter(match=second).count() == 2
    assert paper_matches(ladder).filter(state=MatchState.FINISHED).count() == 1
    no_differences(ladder)
