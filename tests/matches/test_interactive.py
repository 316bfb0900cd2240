"""Matches with people's seats: actions validated by the engine under the row lock, refusals
that change nothing, bots that answer, the runner's finish path, replay-verify, the turn clock."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from engines.registry import get_game
from matches import audit, interactive, seat_bots
from matches.interactive import PlayError, submit_action, view_for
from matches.models import Match, MatchState
from matches.scheduling import SeatSpec, schedule_match
from matches.tasks import sweep_clocks
from players.models import Player
from ratings.models import Ladder, Rating
from tests.support.accounts import STRONG
from tests.support.moves import play_until_each_moved


@pytest.fixture
def people(db) -> list[Player]:
    return [Player.objects.create_user(f"person{i}", password=STRONG) for i in range(2)]


@pytest.fixture
def bot(db) -> Player:
    return Player.objects.create(username="kok-bot", is_bot=True)


def _people_match(people, ladder="kingdom-of-warlords-1v1", options=None, seed=None):
    lad = Ladder.objects.get(slug=ladder)
    return schedule_match(
        lad.game,
        [SeatSpec(p) for p in people],
        ladder=lad,
        options=options,
        origin="test",
        seed=seed,
    )


def _snapshot(match_id: int) -> tuple:
    m = Match.objects.get(pk=match_id)
    return (m.state, list(m.actions), dict(m.digests), m.clock_deadline, m.result)


def _to_act(match: Match) -> int:
    game, state = interactive.game_state(match)
    return game.to_act(state)


def _play_out(match: Match, people: list[Player], rng: random.Random) -> Match:
    """Both people play random legal actions until the match ends."""
    while True:
        match.refresh_from_db()
        if match.state != MatchState.RUNNING:
            return match
        seat = _to_act(match)
        view = view_for(match, seat)
        assert view["your_turn"] and view["legal"]
        submit_action(match.pk, people[seat], rng.choice(view["legal"])["action"], view["ply"])


def test_a_match_with_people_starts_running_with_its_setup_digest(people):
    match = _people_match(people)
    assert match.state == MatchState.RUNNING and match.started_at is not None
    assert len(match.digests["states"]) == 1 and match.actions == []


def test_the_view_shows_only_the_seats_own_hand_and_its_legal_actions(people):
    match = _people_match(people)
    seat = _to_act(match)
    mine, theirs, public = view_for(match, seat), view_for(match, 1 - seat), view_for(match, None)
    assert mine["your_turn"] and not theirs["your_turn"] and not public["your_turn"]
    assert mine["legal"] and theirs["legal"] == [] and public["legal"] == []
    assert all(entry["label"] for entry in mine["legal"])
    game, state = interactive.game_state(match)
    hand = game.observation(state, seat)["hand"]
    assert mine["observation"]["hand"] == hand
    assert not public["observation"].get("hand")
    assert theirs["observation"]["hand"] != hand
    assert mine["ply"] == 0 and mine["to_act"] == seat and mine["seat"] == seat


def test_a_legal_action_is_recorded_with_its_digest(people):
    match = _people_match(people)
    seat = _to_act(match)
    action = view_for(match, seat)["legal"][0]["action"]
    outcome = submit_action(match.pk, people[seat], action, 0)
    assert not outcome.finished
    match.refresh_from_db()
    assert match.actions == [action] and len(match.digests["states"]) == 2
    game = get_game(match.game)
    state = game.new_game(match.seed, 2, match.decks, None)
    game.apply(state, action)
    assert match.digests["states"][1] == game.digest(state)


@pytest.mark.parametrize(
    "case, status, words",
    [
        ("illegal", 400, "Illegal action 'play 99'"),
        ("garbage", 400, "Illegal action 'xyzzy"),
        ("empty", 400, "action:"),
        ("stale", 409, "the match is at ply 0"),
        ("ply-not-int", 400, "ply:"),
        ("wrong-seat", 409, "turn, not yours"),
        ("outsider", 403, "no seat"),
    ],
)
def test_refused_actions_change_nothing(people, case, status, words):
    match = _people_match(people)
    seat = _to_act(match)
    user, action, ply = people[seat], view_for(match, seat)["legal"][0]["action"], 0
    if case == "illegal":
        action = "play 99"
    elif case == "garbage":
        action = "xyzzy ??"
    elif case == "empty":
        action = " "
    elif case == "stale":
        ply = 3
    elif case == "ply-not-int":
        ply = "0"
    elif case == "wrong-seat":
        user = people[1 - seat]
    elif case == "outsider":
        user = Player.objects.create_user("stranger", password=STRONG)
    before = _snapshot(match.pk)
    with pytest.raises(PlayError) as refused:
        submit_action(match.pk, user, action, ply)
    assert refused.value.status == status and words in refused.value.message
    assert _snapshot(match.pk) == before


def test_illegal_action_names_the_engines_reason(people):
    match = _people_match(people)
    seat = _to_act(match)
    with pytest.raises(PlayError) as refused:
        submit_action(match.pk, people[seat], "play 99", 0)
    assert "play 99" in refused.value.message and len(refused.value.message) > 25


def test_a_played_match_finishes_through_the_finish_path_rates_and_verifies(people):
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    # A fixed seed: some deals end a game of random moves within 10 actions (79 here).
    match = _play_out(_people_match(people, seed=1234), people, random.Random(3))
    assert match.state == MatchState.FINISHED and match.result is not None
    assert match.attempts.get().outcome == "recorded"
    ranks = sorted(s.rank for s in match.seats.all())
    assert ranks == sorted(match.result["ranks"])
    ratings = Rating.objects.filter(ladder=ladder, player__in=people)
    assert ratings.count() == 2 and all(r.games == 1 for r in ratings)
    if match.result["ranks"][0] != match.result["ranks"][1]:
        assert {round(r.mu, 6) for r in ratings} != {ladder.mu}
    report = audit.verify(match)
    assert report.ok, report.message
    assert report.n_actions == len(match.actions) > 10
    with pytest.raises(PlayError) as late:
        submit_action(match.pk, people[0], "play 5", len(match.actions))
    assert late.value.status == 409 and "finished" in late.value.message


def test_bots_answer_until_a_person_is_to_act(people, bot, django_capture_on_commit_callbacks):
    ladder = Ladder.objects.get(slug="khan-of-khans-2p")
    with django_capture_on_commit_callbacks(execute=True):
        match = schedule_match(
            ladder.game, [SeatSpec(people[0]), SeatSpec(bot, "random")], ladder=ladder
        )
    match.refresh_from_db()
    assert _to_act(match) == 0  # a bot moving first has already moved
    rng = random.Random(5)
    moves = 0
    while match.state == MatchState.RUNNING:
        view = view_for(match, 0)
        assert view["your_turn"], "the bot answered and it is the person's turn again"
        with django_capture_on_commit_callbacks(execute=True):
            submit_action(match.pk, people[0], rng.choice(view["legal"])["action"], view["ply"])
        moves += 1
        match.refresh_from_db()
    assert match.state == MatchState.FINISHED
    assert len(match.actions) > moves  # the bot played its share
    assert audit.verify(match).ok


def test_clock_timeout_forfeits_the_seat_to_act(people, django_capture_on_commit_callbacks):
    match = _people_match(people, options={"clock": {"initial": 30, "increment": 5}})
    seat = _to_act(match)
    assert match.clock["remaining"] == ([35.0, 30.0] if seat == 0 else [30.0, 35.0])
    assert match.options == {}  # the clock never reaches the engine
    deadline = match.clock_deadline
    assert 34 < (deadline - timezone.now()).total_seconds() <= 35
    Match.objects.filter(pk=match.pk).update(clock_deadline=timezone.now() - timedelta(seconds=1))
    action = view_for(match, seat)["legal"][0]["action"]
    with pytest.raises(PlayError) as late:
        submit_action(match.pk, people[seat], action, 0)
    assert late.value.status == 409 and "Your time ran out" in late.value.message
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED and match.forfeit["kind"] == "timeout"
    assert match.forfeit["seat"] == seat and match.actions == []
    ranks = {s.seat: s.rank for s in match.seats.all()}
    assert ranks[seat] == 1 and ranks[1 - seat] == 0
    assert audit.verify(match).ok


def test_the_clock_deducts_time_used_and_adds_the_increment(people):
    match = _people_match(people, options={"clock": {"initial": 60, "increment": 2}})
    seat = _to_act(match)
    since = timezone.now() - timedelta(seconds=10)
    clock = dict(match.clock, since=since.isoformat())
    Match.objects.filter(pk=match.pk).update(clock=clock)
    action = view_for(match, seat)["legal"][0]["action"]
    submit_action(match.pk, people[seat], action, 0)
    match.refresh_from_db()
    used_left = match.clock["remaining"][seat]
    assert 51 < used_left <= 52  # 60 + 2 - 10 seconds
    assert match.clock["seat"] == _to_act(match) and match.clock_deadline is not None


def test_a_periodic_sweep_catches_an_expired_clock(people):
    match = _people_match(people, options={"clock": {"initial": 0, "increment": 20}})
    other = _people_match(people, options={"clock": {"initial": 0, "increment": 20}})
    Match.objects.filter(pk=match.pk).update(clock_deadline=timezone.now() - timedelta(seconds=2))
    assert sweep_clocks() == [match.pk]
    match.refresh_from_db()
    other.refresh_from_db()
    assert match.state == MatchState.FINISHED and match.forfeit["kind"] == "timeout"
    assert other.state == MatchState.RUNNING
    assert sweep_clocks() == []  # once only


def test_a_bad_clock_is_refused_naming_the_field(people):
    from engines.base import BadSetup

    with pytest.raises(BadSetup, match=r"clock\.increment"):
        _people_match(people, options={"clock": {"initial": 10, "increment": "fast"}})
    assert not Match.objects.exists()


def _bot_to_act(people, bot, spec: str) -> Match:
    """A person against a bot, the bot to act (no task ran: on-commit work is not executed)."""
    ladder = Ladder.objects.get(slug="khan-of-khans-2p")
    match = schedule_match(ladder.game, [SeatSpec(people[0]), SeatSpec(bot, spec)], ladder=ladder)
    if _to_act(match) == 0:
        submit_action(match.pk, people[0], view_for(match, 0)["legal"][0]["action"], 0)
        match.refresh_from_db()
    assert _to_act(match) == 1
    return match


@pytest.mark.parametrize(
    "spec, budget, words",
    [("random", 0.0, "over its budget"), ("no-such-bot", 5.0, "unknown bot")],
)
def test_a_bot_that_is_too_slow_or_broken_forfeits(people, bot, spec, budget, words):
    match = _bot_to_act(people, bot, spec)
    assert seat_bots.advance_bots(match.pk, budget=budget) == 0
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED
    assert match.forfeit["seat"] == 1 and match.forfeit["kind"] == "error"
    assert words in match.forfeit["reason"]
    assert audit.verify(match).ok


def test_the_expiry_task_forfeits_only_an_expired_clock(people):
    from matches.tasks import expire_clock

    match = _people_match(people, options={"clock": {"initial": 60, "increment": 0}})
    assert expire_clock(match.pk, 0) is False  # time left: nothing happens
    assert Match.objects.get(pk=match.pk).state == MatchState.RUNNING
    Match.objects.filter(pk=match.pk).update(clock_deadline=timezone.now())
    assert expire_clock(match.pk, 0) is True
    assert Match.objects.get(pk=match.pk).forfeit["kind"] == "timeout"
    assert expire_clock(match.pk, 0) is False  # once only


def test_beat_runs_the_clock_sweep(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["matches.sweep_clocks"]
    assert entry["task"] == sweep_clocks.name and entry["schedule"] <= 15


def test_the_reaper_leaves_matches_with_people_alone(people):
    from matches.runner import stale_matches

    match = _people_match(people)
    assert match.state == MatchState.RUNNING and not match.attempts.exists()
    assert stale_matches(stale_after=0.0) == []


@pytest.mark.parametrize("who", ["to_act", "waiting"])
def test_a_seat_resigns_on_any_turn_ranks_last_and_the_match_verifies(people, who):
    """Once both sides have moved (earlier the match is not rated: see
    tests/ratings/test_ratings_early_exits.py), a resignation is a rated loss."""
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    match = _people_match(people, seed=1234)
    play_until_each_moved(match, people)
    seat = _to_act(match)
    quitter = seat if who == "to_act" else 1 - seat
    interactive.resign(match.pk, people[quitter])
    played = len(match.actions)
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED and match.rated
    assert match.forfeit == {
        "seat": quitter,
        "index": played,
        "kind": "resigned",
        "action": None,
        "reason": "resigned",
    }
    ranks = {s.seat: s.rank for s in match.seats.all()}
    assert ranks[quitter] == 1 and ranks[1 - quitter] == 0
    winner = Rating.objects.get(ladder=ladder, player=people[1 - quitter])
    loser = Rating.objects.get(ladder=ladder, player=people[quitter])
    assert winner.games == loser.games == 1 and winner.mu > ladder.mu > loser.mu
    report = audit.verify(match)
    assert report.ok, report.message
    assert "resigned" in view_for(match, None)["result"]["reason"]


def test_a_forfeit_off_turn_verifies_only_as_a_resignation(people):
    match = _people_match(people)
    waiting = 1 - _to_act(match)
    interactive.resign(match.pk, people[waiting])
    match.refresh_from_db()
    assert audit.verify(match).ok
    Match.objects.filter(pk=match.pk).update(forfeit={**match.forfeit, "kind": "timeout"})
    match.refresh_from_db()
    report = audit.verify(match)
    assert not report.ok and "not the seat to act" in report.message


@pytest.mark.parametrize(
    "case, status, words",
    [("stranger", 403, "no seat"), ("finished", 409, "finished"), ("unknown", 404, "No match")],
)
def test_refused_resignations_change_nothing(people, case, status, words):
    match = _people_match(people)
    user = people[0]
    if case == "stranger":
        user = Player.objects.create_user("outsider", password=STRONG)
    if case == "finished":
        interactive.resign(match.pk, people[1])
    before = _snapshot(match.pk)
    with pytest.raises(PlayError) as refused:
        interactive.resign(999999 if case == "unknown" else match.pk, user)
    assert refused.value.status == status and words in refused.value.message
    assert _snapshot(match.pk) == before


def test_a_resignation_after_the_clock_ran_out_is_a_timeout(people):
    match = _people_match(people, options={"clock": {"initial": 30, "increment": 5}})
    seat = _to_act(match)
    Match.objects.filter(pk=match.pk).update(clock_deadline=timezone.now() - timedelta(seconds=1))
    with pytest.raises(PlayError) as late:
        interactive.resign(match.pk, people[1 - seat])
    assert late.value.status == 409 and f"person{seat}'s time ran out" in late.value.message
    match.refresh_from_db()
    assert match.forfeit["kind"] == "timeout" and match.forfeit["seat"] == seat


def test_a_long_turn_is_checked_in_hops_shorter_than_the_brokers_visibility(
    people, monkeypatch, django_capture_on_commit_callbacks
):
    """A countdown longer than the broker's visibility timeout is delivered twice (Redis):
    the expiry task is held back at most MAX_COUNTDOWN_SECONDS and queues the next hop."""
    from matches import tasks

    queued = []
    monkeypatch.setattr(
        tasks.expire_clock, "apply_async", lambda args, countdown: queued.append((args, countdown))
    )
    conf = tasks.expire_clock.app.conf
    saved, conf.task_always_eager = conf.task_always_eager, False  # as with a real broker
    try:
        with django_capture_on_commit_callbacks(execute=True):
            match = _people_match(people, options={"clock": {"initial": 900, "increment": 0}})
        assert queued and all(c <= tasks.MAX_COUNTDOWN_SECONDS for _, c in queued)
        assert queued[-1] == ((match.pk, 0), tasks.MAX_COUNTDOWN_SECONDS)
        queued.clear()
        Match.objects.filter(pk=match.pk).update(
            clock_deadline=timezone.now() + timedelta(seconds=42)
        )
        assert tasks.expire_clock(match.pk, 0) is False
        [(args, countdown)] = queued
        assert args == (match.pk, 0) and 42 <= countdown <= 43
        # A turn already played needs no further hop.
        queued.clear()
        assert tasks.expire_clock(match.pk, 5) is False and queued == []
    finally:
        conf.task_always_eager = saved
