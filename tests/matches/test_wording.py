"""A match's words for people (matches.wording): results, forfeits and move logs with the
players' names, never "seat 0", and no name printed twice."""

from __future__ import annotations

import random
import re

import pytest

from engines.base import Result
from engines.record import forfeit_result
from engines.registry import game_slugs, get_game
from matches.move_log import forget, move_log
from matches.wording import (
    forfeit_text,
    name_seats,
    opens_with_name,
    result_text,
    winners_text,
)

NAMES = ["Ana", "Bob", "Cy", "Di"]
SEAT_NUMBER = re.compile(r"\bseats? \d", re.I)


def played(slug: str, seed: int, n_seats: int = 2):
    """A random game of ``slug`` played to its end: the engine, the actions and the state."""
    game = get_game(slug)
    state = game.new_game(seed, n_seats, game.default_decks(n_seats), None)
    rng, actions = random.Random(seed), []
    while not game.is_over(state):
        action = rng.choice(game.legal_actions(state, game.to_act(state)))
        game.apply(state, action)
        actions.append(action)
    return game, actions, state


@pytest.mark.parametrize(
    "text, named",
    [
        ("seat 0, 1 reached 15 Prestige", "Ana and Bob reached 15 Prestige"),
        ("seat 1's Hero was defeated by seat 0", "Bob's Hero was defeated by Ana"),
        ("Seat 2 forfeited: resigned", "Cy forfeited: resigned"),
        ("seats 0, 1 and 3 share first place", "Ana, Bob and Di share first place"),
        ("there is no seat 7", "there is no seat 7"),  # no seat of this match: left alone
        ("Seats are taken", "Seats are taken"),
    ],
)
def test_seat_numbers_read_as_names(text, named):
    assert name_seats(text, NAMES) == named


def test_a_line_that_opens_with_its_player_is_told_apart():
    assert opens_with_name("Ana passed", "Ana")
    assert opens_with_name("Ana's Cavalry moved from a1 to a6", "Ana")
    assert not opens_with_name("Anatole passed", "Ana")
    assert not opens_with_name("kept the hand", "Ana")
    assert not opens_with_name("Ana passed", "")
    # a longer name of the match that starts the same is that player's, not Ana's
    assert not opens_with_name("Ana B passed", "Ana", ["Ana", "Ana B"])
    assert opens_with_name("Ana B passed", "Ana B", ["Ana", "Ana B"])


@pytest.mark.parametrize(
    "forfeit, words",
    [
        ({"seat": 0, "kind": "resigned", "reason": "resigned"}, "Ana resigned."),
        (
            {"seat": 1, "kind": "timeout", "reason": "ran out of time on the turn clock"},
            "Bob ran out of time on the turn clock.",
        ),
        (
            {"seat": 1, "kind": "error", "reason": "ZeroDivisionError: division by zero"},
            "Bob forfeited: the bot failed (ZeroDivisionError: division by zero).",
        ),
        (
            {"seat": 0, "kind": "illegal", "action": "raid 9", "reason": "seat 1 has no Herd"},
            "Ana forfeited: the bot played an illegal action 'raid 9': Bob has no Herd.",
        ),
    ],
)
def test_a_forfeit_says_who_and_why(forfeit, words):
    assert forfeit_text(forfeit, NAMES) == words


@pytest.mark.parametrize("slug", game_slugs())
def test_a_forfeited_result_names_the_player_and_the_winners(slug):
    """The engine's forfeit result says "seat 0 forfeited: resigned"; people read names."""
    game = get_game(slug)
    n = max(2, game.min_seats)
    result = forfeit_result(n, 0, "resigned").to_json()
    assert result["reason"] == "seat 0 forfeited: resigned"  # the engine's structured record
    forfeit = {"seat": 0, "index": 3, "kind": "resigned", "action": None, "reason": "resigned"}
    text = result_text(game, result, NAMES[:n], forfeit)
    rest = "Bob wins." if n == 2 else f"{' and '.join(NAMES[1:n])} share first place."
    assert text == f"Ana resigned. {rest}"
    # without the record's forfeit, the result's own details still name who forfeited
    assert result_text(game, result, NAMES[:n]).startswith("Ana forfeited: resigned.")


@pytest.mark.parametrize("slug", game_slugs())
def test_every_games_result_reads_with_names(slug):
    """A game played to its end: its result names every winner and no seat number."""
    game, _, state = played(slug, seed=3)
    result = game.result(state)
    text = result_text(game, result.to_json(), NAMES[:2])
    assert text and not SEAT_NUMBER.search(text), text
    assert all(NAMES[s] in text for s in result.winners), text


def test_heroes_of_graxia_says_who_reached_the_prestige():
    game = get_game("heroes-of-graxia")
    result = Result((1, 0), (12.0, 23.0), "seat 0, 1 reached 15 Prestige", {"prestige": [15, 17]})
    text = result_text(game, result.to_json(), NAMES[:2])
    assert "Ana and Bob reached 15 Prestige" in text and text.startswith("Bob (23 Victory")


def test_khan_of_khans_names_its_winner_and_the_cows():
    game = get_game("khan-of-khans")
    details = {"khans": ["morokanth"] * 2, "blessings": [1, 2], "raid_cards": [3, 3]}
    alone = Result((1, 0), (120.0, 230.0), "all Location decks are empty; most cows wins", details)
    assert result_text(game, alone.to_json(), NAMES[:2]) == (
        "Bob wins with the most cows. Cows: Ana 120, Bob 230."
    )
    level = Result(
        (1, 0), (230.0, 230.0), "tie on cows broken by the most Waha's Blessings", details
    )
    assert result_text(game, level.to_json(), NAMES[:2]).startswith(
        "Bob wins: level on cows, with the most Waha's Blessings (2)."
    )


def test_a_corrected_or_paper_result_names_who_won():
    game = get_game("kingdom-of-warlords")
    played_result = forfeit_result(2, 0, "resigned").to_json()
    corrected = {"ranks": [0, 1], "reason": "the scorer swapped the seats"}
    assert result_text(game, played_result, NAMES[:2], None, corrected) == (
        "Ana wins. The result was corrected by staff: The scorer swapped the seats."
    )
    paper = {"ranks": [1, 0], "reason": "played on paper"}
    assert result_text(game, paper, NAMES[:2]) == "Bob wins. Played on paper."
    assert winners_text([0, 0, 1], NAMES[:3]) == "Ana and Bob share first place."
    assert result_text(game, None, NAMES[:2]) == ""


def test_the_move_log_never_doubles_a_name_nor_shows_a_seat_number():
    """Heroes of Graxia's lines often begin with the mover ("Bob passed", "Ana's Gorthox took 2
    wounds"): they are flagged so a log prints no "Bob: Bob passed"; the game's last line names
    who reached the Prestige instead of "seat 0, 1"."""
    game, actions, _ = played("heroes-of-graxia", seed=2)
    setup = (2, 2, game.default_decks(2), None)
    forget(("words", 2))
    lines = move_log(game, ("words", 2), setup, actions, None, NAMES[:2])
    assert len(lines) == len(actions)
    assert not [ln["text"] for ln in lines if SEAT_NUMBER.search(ln["text"])]
    assert "the game is over: " in lines[-1]["text"]
    named = [ln for ln in lines if ln["named"]]
    assert named and len(named) < len(lines)  # both kinds of line are in this game
    for ln in lines:
        assert ln["named"] == ln["text"].startswith(NAMES[ln["seat"]]), ln


def test_akhedena_lines_that_name_the_mover_are_flagged_for_a_spectator():
    game, actions, _ = played("akhedena", seed=1)
    setup = (1, 2, game.default_decks(2), None)
    forget(("words", 1))
    public = move_log(game, ("words", 1), setup, actions, None, NAMES[:2])
    assert all(ln["named"] for ln in public if ln["text"].startswith(("Ana's", "Bob's")))
    assert any(ln["named"] for ln in public)
    mine = move_log(game, ("words", 1), setup, actions, 0, NAMES[:2])  # "your Cavalry moved"
    assert not any(ln["named"] for ln in mine if ln["seat"] == 0 and ln["text"].startswith("your"))
