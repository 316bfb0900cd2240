"""Fair early exits (matches.early_exit): a match with people that ends by a forfeit before every
side has made its first moves (a number of its own actions per game) is finished but not rated,
with the reason in words; a resignation after that is a loss rated once, as usual. Both passes:
the finish and the rating update share one transaction on SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from engines.registry import get_game
from matches import audit, interactive, seat_bots
from matches.early_exit import actions_per_seat, moves_before_rated, rating_fields
from matches.models import Match, MatchState
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from ratings.models import Ladder, Rating, RatingChange
from ratings.recompute import recompute_ladder
from ratings.rematch import rematch
from ratings.service import rate_match
from tests.support.accounts import STRONG
from tests.support.moves import own_actions, play_one, play_until_each_moved, to_act

pytestmark = pytest.mark.django_db

KOW = "kingdom-of-warlords-1v1"
EARLY_RESIGN = "Ended by a resignation before both players had moved: not rated."


@pytest.fixture
def pair(db) -> list[Player]:
    return [
        Player.objects.create_user(f"person{i}", password=STRONG, display_name=name)
        for i, name in enumerate(["Ada", "Bea"])
    ]


def _match(people, slug=KOW, options=None, seed=1234) -> Match:
    ladder = Ladder.objects.get(slug=slug)
    return schedule_match(
        ladder.game, [SeatSpec(p) for p in people], ladder=ladder, options=options, seed=seed
    )


def _assert_unrated(match: Match, reason: str) -> None:
    """Finished with the forfeit's ranks, unrated with ``reason``, no rating anywhere, and a
    recomputation of the ladder (the command's --check) finds nothing to change."""
    match.refresh_from_db()
    ladder = match.ladder
    assert match.state == MatchState.FINISHED and match.rated is False
    assert match.unrated_reason == reason
    quitter = match.forfeit["seat"]
    assert {s.seat: s.rank for s in match.seats.all()} == {quitter: 1, 1 - quitter: 0}
    assert not RatingChange.objects.filter(match=match).exists()
    assert not Rating.objects.filter(ladder=ladder).exists()
    assert Ladder.objects.get(pk=ladder.pk).last_sequence == 0
    assert audit.verify(match).ok
    assert not recompute_ladder(ladder, check=True).changed
    call_command("recompute_ratings", ladder.slug, "--check")  # SystemExit(1) on a difference


@pytest.mark.parametrize("who", ["to_act", "waiting"])
def test_a_resign_at_move_1_is_not_rated(pair, who):
    match = _match(pair)
    seat = to_act(match) if who == "to_act" else 1 - to_act(match)
    interactive.resign(match.pk, pair[seat])
    _assert_unrated(match, EARLY_RESIGN)
    assert match.forfeit["seat"] == seat and match.forfeit["kind"] == "resigned"


@pytest.mark.parametrize("who", ["mover", "other"])
def test_a_resign_when_only_one_side_has_moved_is_not_rated(pair, who):
    match = _match(pair)
    mover = to_act(match)
    play_one(match, pair)
    while own_actions(match)[1 - mover] == 0 and to_act(match) == mover:
        play_one(match, pair)  # a seat may act twice in a row (Warlords: lay a Warlord, play)
    assert own_actions(match)[1 - mover] == 0 and len(match.actions) >= 1
    interactive.resign(match.pk, pair[mover if who == "mover" else 1 - mover])
    _assert_unrated(match, EARLY_RESIGN)


def test_a_resign_after_both_have_moved_is_a_loss_rated_once(pair):
    match = _match(pair)
    play_until_each_moved(match, pair)
    quitter = to_act(match)
    interactive.resign(match.pk, pair[quitter])
    match.refresh_from_db()
    assert match.rated is True and match.unrated_reason == ""
    changes = list(RatingChange.objects.filter(match=match).order_by("player_id"))
    assert len(changes) == 2 and {c.sequence for c in changes} == {1}
    lost = next(c for c in changes if c.player_id == pair[quitter].pk)
    won = next(c for c in changes if c.player_id == pair[1 - quitter].pk)
    assert lost.rank == 1 and won.rank == 0 and lost.mu_after < lost.mu_before
    assert Rating.objects.get(player=pair[quitter], ladder=match.ladder).games == 1
    # Exactly once: rating it again (a redelivered finish) gives the same rows, nothing new.
    assert [c.pk for c in rate_match(match)] == [c.pk for c in changes]
    assert RatingChange.objects.filter(match=match).count() == 2
    assert not recompute_ladder(match.ladder, check=True).changed
    with pytest.raises(interactive.PlayError):
        interactive.resign(match.pk, pair[1 - quitter])  # over: nothing more is rated
    assert RatingChange.objects.count() == 2


def test_running_out_of_time_before_the_first_move_is_not_rated(pair):
    match = _match(pair, options={"clock": {"initial": 60, "increment": 0}})
    late = to_act(match)
    Match.objects.filter(pk=match.pk).update(clock_deadline=timezone.now() - timedelta(seconds=1))
    assert interactive.expire(match.pk) is True
    _assert_unrated(match, "Ended by running out of time before both players had moved: not rated.")
    assert match.forfeit == {**match.forfeit, "seat": late, "kind": "timeout"}


def test_a_bots_failure_before_the_person_moved_is_not_rated(pair):
    """A person against a bot that cannot play (an unknown bot spec): it forfeits at once."""
    ladder = Ladder.objects.get(slug="khan-of-khans-2p")
    bot = Player.objects.create(username="kok-bot", is_bot=True)
    match = schedule_match(
        ladder.game, [SeatSpec(bot, "no-such-bot"), SeatSpec(pair[0])], ladder=ladder, seed=5
    )
    if to_act(match) == 1:  # the person opens: the bot's turn must come first
        match = schedule_match(
            ladder.game, [SeatSpec(pair[0]), SeatSpec(bot, "no-such-bot")], ladder=ladder, seed=5
        )
    seat_bots.advance_bots(match.pk)
    match.refresh_from_db()
    assert match.forfeit["kind"] == "error"
    assert match.rated is False
    assert match.unrated_reason == (
        "Ended by a bot's failure before both players had moved: not rated."
    )
    assert not RatingChange.objects.exists()


def test_counting_is_per_seat_where_one_side_acts_many_times_first(pair):
    """Heroes of Graxia asks 2 actions of each side (the first is its opening hand): a side
    taking a whole turn of actions does not make a match rated while the other has only
    decided its hand, whatever the number of plies."""
    assert moves_before_rated("heroes-of-graxia") == 2
    match = _match(pair, slug="heroes-of-graxia-1v1", seed=7)
    while min(own_actions(match)) < 1:
        play_one(match, pair)  # both hands decided
    busy = to_act(match)
    for _ in range(3):  # the side to act takes actions of its turn, not ending it
        if to_act(match) == busy:
            play_one(match, pair, avoid="End the turn")
    counts = own_actions(match)
    assert counts[busy] >= 3 and counts[1 - busy] == 1 and len(match.actions) >= 4
    interactive.resign(match.pk, pair[busy])
    _assert_unrated(
        match, "Ended by a resignation before both players had made 2 moves: not rated."
    )
    # The same opening, the other side then moving once more: rated.
    again = _match(pair, slug="heroes-of-graxia-1v1", seed=7)
    play_until_each_moved(again, pair)
    assert min(own_actions(again)) >= 2
    interactive.resign(again.pk, pair[to_act(again)])
    assert RatingChange.objects.filter(match=again).count() == 2


def test_actions_are_counted_for_the_seat_the_engine_names():
    """AracKhan Wars: one side chooses who begins, then each side decides its hand (one action
    per card put back): its seats act several times in a row, and each is counted."""
    game = get_game("arackhan-wars")
    state = game.new_game(3, 2, game.default_decks(2), None)
    actions, seats = [], []
    for _ in range(12):
        seat = game.to_act(state)
        action = game.legal_actions(state, seat)[0]
        game.apply(state, action, seat)
        actions.append(action)
        seats.append(seat)
    assert any(a == b for a, b in zip(seats, seats[1:], strict=False))  # runs of one seat
    counts = actions_per_seat(game, 3, 2, game.default_decks(2), None, actions, 10**6)
    assert counts == [seats.count(0), seats.count(1)]
    # Counting stops once every seat has the number asked (here 1).
    both = next(i for i in range(12) if {0, 1} <= set(seats[: i + 1]))
    prefix = seats[: both + 1]
    upto_one = actions_per_seat(game, 3, 2, game.default_decks(2), None, actions, 1)
    assert upto_one == [prefix.count(0), prefix.count(1)]


def test_the_api_says_whether_the_match_was_rated_and_why(pair):
    early, later = _match(pair), _match(pair, seed=99)
    play_until_each_moved(later, pair)
    api = APIClient()
    api.force_authenticate(pair[0])
    answer = api.post(f"/api/matches/{early.pk}/resign/")
    assert answer.status_code == 200
    assert answer.json()["rated"] is False and answer.json()["unrated_reason"] == EARLY_RESIGN
    detail = APIClient().get(f"/api/matches/{early.pk}/").json()
    assert detail["rated"] is False and detail["unrated_reason"] == EARLY_RESIGN
    play = APIClient().get(f"/api/matches/{early.pk}/play/").json()
    assert play["rated"] is False and play["unrated_reason"] == EARLY_RESIGN
    answer = api.post(f"/api/matches/{later.pk}/resign/")
    assert answer.json()["rated"] is True and answer.json()["unrated_reason"] == ""
    detail = APIClient().get(f"/api/matches/{later.pk}/").json()
    assert detail["rated"] is True and detail["unrated_reason"] == ""
    running = APIClient().get(f"/api/matches/{_match(pair, seed=5).pk}/play/").json()
    assert "rated" not in running  # said once the match has ended


def test_the_rematch_of_an_early_exit_is_rated(pair):
    first = _match(pair)
    interactive.resign(first.pk, pair[0])
    first.refresh_from_db()
    assert first.rated is False
    new = rematch(first.pk, pair[0]).match
    assert new.rated is True  # the setting the players chose, not the early exit's


@pytest.mark.parametrize(
    "fields, rated, why",
    [
        ({}, True, ""),
        ({"rated": False, "unrated_reason": EARLY_RESIGN}, False, EARLY_RESIGN),
        ({"rated": False}, False, "Played as an unrated match: not rated."),
        ({"ladder_id": None}, False, "Not played on a ladder: not rated."),
        ({"state": MatchState.VOIDED}, False, "Voided by staff: not rated."),
        ({"state": MatchState.ABORTED, "rated": False}, False, "Aborted: not rated."),
    ],
)
def test_every_ended_match_says_whether_it_counted_and_why(fields, rated, why):
    match = Match(**{"state": MatchState.FINISHED, "rated": True, "ladder_id": 1, **fields})
    assert rating_fields(match) == {"rated": rated, "unrated_reason": why}
