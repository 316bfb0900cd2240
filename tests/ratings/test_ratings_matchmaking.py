"""Matchmaking: the pure pairing function (property tests) and the manager around it."""

from __future__ import annotations

from datetime import timedelta

import pytest
import trueskill
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.models import Match, MatchState
from players.models import Player
from ratings.matchmaking import (
    Candidate,
    Policy,
    form_groups,
    matchmake,
    reference_quality,
    refill_arena,
    team_splits,
)
from ratings.models import BotProfile, Ladder, QueueEntry, Rating

ENV = trueskill.TrueSkill(backend=None)

candidate = st.builds(
    lambda key, player, mu, sigma, waited: Candidate(key, player, mu, sigma, waited),
    key=st.integers(0, 10**6),
    player=st.integers(0, 40),  # small range: repeated players happen
    mu=st.floats(-20, 70),
    sigma=st.floats(0.5, 9),
    waited=st.floats(0, 400),
)
queues = st.lists(candidate, max_size=30, unique_by=lambda c: c.key)
formats = st.sampled_from([(2, 1), (3, 1), (4, 1), (4, 2)])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(queue=queues, fmt=formats)
def test_groups_are_disjoint_full_and_over_their_threshold(queue, fmt):
    size, team_size = fmt
    groups = form_groups(queue, size, ENV, team_size=team_size)
    keys = {c.key for c in queue}
    seen_players, seen_keys = set(), set()
    for g in groups:
        assert len(g.members) == size
        for m in g.members:
            assert m.key in keys
            assert m.player_id not in seen_players  # never in two groups, nor twice in one
            assert m.key not in seen_keys
            seen_players.add(m.player_id)
            seen_keys.add(m.key)
        assert g.quality + 1e-12 >= g.threshold
        assert g.why
        if team_size > 1:
            assert sorted(g.teams) == sorted(
                t for t in range(size // team_size) for _ in range(team_size)
            )
            teams = [
                [m for m, t in zip(g.members, g.teams, strict=True) if t == k]
                for k in range(size // team_size)
            ]
        else:
            assert g.teams is None
            teams = [[m] for m in g.members]
        want = ENV.quality([tuple(ENV.create_rating(m.mu, m.sigma) for m in t) for t in teams])
        assert g.quality == pytest.approx(want, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(queue=queues, fmt=formats)
def test_after_a_long_enough_wait_everyone_but_the_remainder_plays(queue, fmt):
    size, team_size = fmt
    patient = [Candidate(c.key, c.player_id, c.mu, c.sigma, 10_000.0) for c in queue]
    groups = form_groups(patient, size, ENV, team_size=team_size)
    players = {c.player_id for c in queue}
    assert sum(len(g.members) for g in groups) == size * (len(players) // size)


@settings(max_examples=150, deadline=None)
@given(
    a=st.floats(0, 60),
    b=st.floats(0, 60),
    sigma=st.floats(0.5, 9),
    early=st.floats(0, 200),
    later=st.floats(0, 200),
)
def test_the_threshold_only_widens_with_waiting(a, b, sigma, early, later):
    early, later = sorted((early, later))

    def forms(wait):
        pair = [Candidate(1, 1, a, sigma, wait), Candidate(2, 2, b, sigma, wait)]
        return bool(form_groups(pair, 2, ENV))

    if forms(early):
        assert forms(later)


def test_a_big_gap_waits_then_plays():
    pair = [Candidate(1, 1, 40.0, 2.0, 0.0), Candidate(2, 2, 10.0, 2.0, 0.0)]
    assert form_groups(pair, 2, ENV) == []
    later = [Candidate(c.key, c.player_id, c.mu, c.sigma, 89.0) for c in pair]
    assert form_groups(later, 2, ENV) == []  # not yet fully widened
    (group,) = form_groups(
        [Candidate(c.key, c.player_id, c.mu, c.sigma, 91.0) for c in pair], 2, ENV
    )
    assert "widened" in group.flags and group.threshold == 0.0


def test_even_players_play_at_once_and_the_longest_waiting_first():
    queue = [
        Candidate(1, 1, 25.0, 8.333, 5.0, "new1"),
        Candidate(2, 2, 25.0, 8.333, 50.0, "new2"),
        Candidate(3, 3, 25.5, 8.333, 1.0, "new3"),
    ]
    (group,) = form_groups(queue, 2, ENV)
    assert [m.key for m in group.members] == [2, 1]  # new3 waited least: left over
    assert group.quality >= 0.9 * reference_quality(ENV, 2)
    assert "new2 waited longest (50s)" in group.why


def test_stronger_policy_is_stricter():
    pair = [Candidate(1, 1, 30.0, 3.0, 0.0), Candidate(2, 2, 25.0, 3.0, 0.0)]
    assert form_groups(pair, 2, ENV, policy=Policy(start=0.1))
    assert not form_groups(pair, 2, ENV, policy=Policy(start=1.5))


def test_team_splits_cover_each_split_once():
    assert team_splits(4, 2) == [(0, 0, 1, 1), (0, 1, 0, 1), (0, 1, 1, 0)]
    assert len(team_splits(6, 2)) == 15 and len(team_splits(6, 3)) == 10


def test_bad_group_sizes_are_refused():
    with pytest.raises(ValueError):
        form_groups([], 1, ENV)
    with pytest.raises(ValueError):
        form_groups([], 5, ENV, team_size=2)


# -- the manager ----------------------------------------------------------------------------


def _bots(game, kinds=("random", "heuristic", "search")):
    return [Player.objects.create(username=f"{game}-{kind}-bot", is_bot=True) for kind in kinds]


@pytest.mark.django_db
def test_matchmake_schedules_a_match_and_empties_the_entries(duel):
    bots = _bots(duel.game, ("random", "heuristic"))
    now = timezone.now()
    for i, bot in enumerate(bots):
        QueueEntry.objects.create(
            ladder=duel,
            player=bot,
            bot=bot.username.split("-")[-2],
            joined_at=now - timedelta(seconds=10 * i),
        )
    report = matchmake(duel, now=now, enqueue=False)
    (match_id,) = report.matches
    match = Match.objects.get(pk=match_id)
    assert match.state == MatchState.SCHEDULED and match.origin == "matchmaker"
    assert match.ladder == duel and match.rated
    seats = {s.player.username: s.bot for s in match.seats.select_related("player")}
    assert seats == {
        "kingdom-of-warlords-random-bot": "random",
        "kingdom-of-warlords-heuristic-bot": "heuristic",
    }
    assert not QueueEntry.objects.exists()
    assert any("quality" in note for note in report.notes)


@pytest.mark.django_db
def test_matchmake_uses_ratings_and_leaves_the_odd_one_out(ffa):
    bots = [Player.objects.create(username=f"x{i}", is_bot=True) for i in range(6)]
    now = timezone.now()
    for i, bot in enumerate(bots):
        QueueEntry.objects.create(
            ladder=ffa, player=bot, bot="random", joined_at=now - timedelta(seconds=i)
        )
    # Two far-above players: the pod of four is formed from the four even ones.
    for bot in bots[:2]:
        Rating.objects.create(ladder=ffa, player=bot, mu=60, sigma=1, conservative=57)
    report = matchmake(ffa, now=now, enqueue=False)
    assert len(report.matches) == 1
    players = set(Match.objects.get(pk=report.matches[0]).seats.values_list("player", flat=True))
    assert players == {b.pk for b in bots[2:]}
    assert set(QueueEntry.objects.values_list("player", flat=True)) == {b.pk for b in bots[:2]}


@pytest.mark.django_db
def test_human_entries_are_matched_into_a_match_played_on_the_platform(duel, people):
    now = timezone.now()
    for p in people[:2]:
        QueueEntry.objects.create(ladder=duel, player=p, joined_at=now - timedelta(hours=1))
    report = matchmake(duel, now=now)
    assert len(report.matches) == 1 and QueueEntry.objects.count() == 0
    match = Match.objects.get(pk=report.matches[0])
    assert {s.player_id for s in match.seats.all()} == {p.pk for p in people[:2]}
    assert all(s.bot == "" for s in match.seats.all())
    assert match.state == "running" and match.digests["states"]  # open for the people's actions


@pytest.mark.django_db
def test_bot_arena_keeps_its_bots_queued(duel):
    duel.bot_arena = True
    duel.save()
    bots = _bots(duel.game)
    _bots("khan-of-khans", ("random",))  # another game's bot: not on this ladder
    Player.objects.create(username="kingdom-of-warlords-genius-bot", is_bot=True)  # no such kind
    custom = Player.objects.create(username="my-bot", is_bot=True)
    BotProfile.objects.create(player=custom, game=duel.game, spec="search:50")
    assert refill_arena(duel) == 4
    queued = dict(QueueEntry.objects.values_list("player__username", "bot"))
    assert queued == {
        "kingdom-of-warlords-random-bot": "random",
        "kingdom-of-warlords-heuristic-bot": "heuristic",
        "kingdom-of-warlords-search-bot": "search",
        "my-bot": "search:50",
    }
    assert refill_arena(duel) == 0  # already queued
    report = matchmake(duel, now=timezone.now() + timedelta(minutes=5), enqueue=False)
    assert len(report.matches) == 2 and not QueueEntry.objects.exists()
    # Bots in a scheduled match are not queued again until it ends.
    assert refill_arena(duel) == 0
    Match.objects.filter(pk=report.matches[0]).update(state=MatchState.FINISHED)
    assert refill_arena(duel) == 2
    assert len(bots) == 3


@pytest.mark.django_db
def test_a_closed_ladder_makes_no_matches(duel):
    duel.active = False
    duel.bot_arena = True
    duel.save()
    _bots(duel.game)
    assert matchmake(duel, enqueue=False).matches == []
    assert not QueueEntry.objects.exists()


@pytest.mark.django_db
def test_the_matchmake_task_and_command_run_every_active_ladder(duel, capsys):
    from django.core.management import call_command

    from ratings.tasks import BEAT_SCHEDULE
    from ratings.tasks import matchmake as task

    duel.bot_arena = True
    duel.save()
    _bots(duel.game, ("random", "heuristic"))
    QueueEntry.objects.all().delete()
    call_command("matchmake", duel.slug)
    assert "1 matches" in capsys.readouterr().out
    Match.objects.update(state=MatchState.FINISHED)
    result = task.run()
    assert len(result[duel.slug]) == 1
    assert BEAT_SCHEDULE["ratings.matchmake"]["task"] == "ratings.matchmake"
    assert BEAT_SCHEDULE["ratings.matchmake"]["schedule"] <= 10


@pytest.mark.django_db
def test_a_team_ladder_match_gets_balanced_teams(teams):
    bots = [Player.objects.create(username=f"t{i}", is_bot=True) for i in range(4)]
    for bot, mu in zip(bots, (40.0, 30.0, 20.0, 10.0), strict=True):
        Rating.objects.create(ladder=teams, player=bot, mu=mu, sigma=1.0, conservative=mu - 3)
        QueueEntry.objects.create(ladder=teams, player=bot, bot="random", joined_at=timezone.now())
    report = matchmake(teams, now=timezone.now() + timedelta(minutes=5), enqueue=False)
    (match_id,) = report.matches
    team_of = dict(Match.objects.get(pk=match_id).seats.values_list("player__username", "team"))
    # The strongest plays with the weakest: 40+10 against 30+20.
    assert team_of["t0"] == team_of["t3"] != team_of["t1"] == team_of["t2"]


# -- decks chosen in the queue ----------------------------------------------------------------


def _queue_two(ladder, decks):
    bots = [Player.objects.create(username=f"deckbot{i}", is_bot=True) for i in range(2)]
    now = timezone.now()
    for i, (bot, deck) in enumerate(zip(bots, decks, strict=True)):
        QueueEntry.objects.create(
            ladder=ladder, player=bot, bot="random", deck=deck, joined_at=now - timedelta(hours=i)
        )
    report = matchmake(ladder, now=now, enqueue=False)
    return bots, report


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["khan-of-khans", "arackhan-wars"])
def test_a_chosen_deck_is_kept_when_the_other_seat_has_none(game):
    """Games that deal decks at random: the other seat takes a starter deck, never a deal that
    drops the chosen one."""
    from engines.decks import get_deck_format

    ladder = Ladder.objects.create(slug=f"decks-{game}", name=game, game=game, seats=2)
    starters = [s.data for s in get_deck_format(game).starter_decks()]
    bots, report = _queue_two(ladder, [starters[1], None])
    (match_id,) = report.matches
    match = Match.objects.get(pk=match_id)
    by_player = {s.player_id: match.decks[s.seat] for s in match.seats.all()}
    assert by_player[bots[0].pk] == starters[1]
    assert by_player[bots[1].pk] in starters and by_player[bots[1].pk] != starters[1]
    assert not QueueEntry.objects.exists()


@pytest.mark.django_db
def test_clashing_chosen_decks_wait_in_the_queue_with_a_note():
    """Two seats with the same Khan cannot play each other: the entries wait, decks kept."""
    ladder = Ladder.objects.create(slug="decks-clash", name="clash", game="khan-of-khans", seats=2)
    _, report = _queue_two(ladder, ["impala-people", "impala-people"])
    assert report.matches == [] and not Match.objects.exists()
    assert any("waits" in note for note in report.notes), report.notes
    assert list(QueueEntry.objects.values_list("deck", flat=True)) == ["impala-people"] * 2


@pytest.mark.django_db
def test_the_arackhan_ladders_and_their_arena_bots():
    """Both AracKhan Wars ladders exist after migrate; their arena's search bots think for a
    time budget a move (a playout is a whole game), and every spec makes a bot."""
    from engines.bots.factory import make_bot
    from ratings.defaults import ensure_arena_bots
    from ratings.matchmaking import arena_bots

    duel = Ladder.objects.get(slug="arackhan-wars-1v1")
    ffa = Ladder.objects.get(slug="arackhan-wars-ffa-4p")
    assert (duel.game, duel.seats, ffa.game, ffa.seats) == ("arackhan-wars", 2, "arackhan-wars", 4)
    ensure_arena_bots(["arackhan-wars"])
    specs = {p.username: s for p, s in arena_bots(ffa)}
    assert len(specs) > ffa.seats
    assert specs["arackhan-wars-search-bot"] == "search:100ms"
    assert specs["arackhan-wars-search500-bot"] == "search:500ms"
    for spec in specs.values():
        assert make_bot("arackhan-wars", spec, 1) is not None
