"""Rating changes in plain words (ratings.explain): the outcome, the short form, and why a
conservative rating can rise after a loss, on TrueSkill's own numbers."""

from __future__ import annotations

import pytest

from ratings.explain import CONSERVATIVE, Move, ordinal, outcome, side_ranks, trend
from ratings.models import DEFAULT_MU, DEFAULT_SIGMA, Ladder
from ratings.service import rate_groups


def test_outcomes_in_words():
    assert outcome(0, [0, 1]) == "a win"
    assert outcome(1, [0, 1]) == "a loss"
    assert outcome(0, [0, 0]) == "a draw"
    assert outcome(0, [0, 1, 2, 3]) == "a win"
    assert outcome(0, [0, 0, 2, 3]) == "a shared first place"
    assert outcome(2, [0, 1, 2, 3]) == "placing 3rd of 4"
    assert outcome(1, [0, 1, 1, 3]) == "sharing 2nd place of 4"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "111th",
    ]  # fmt: skip


def test_team_mates_are_one_side():
    # A 2v2: seats 0 and 2 are team 0 (first), seats 1 and 3 team 1.
    ranks = side_ranks([(0, 0, 0), (1, 1, 1), (0, 0, 2), (1, 1, 3)])
    assert sorted(ranks) == [0, 1] and outcome(0, ranks) == "a win"
    assert sorted(side_ranks([(None, 0, 0), (None, 0, 1), (None, 2, 2)])) == [0, 0, 2]


def test_a_first_loss_raises_the_conservative_rating_and_the_sentence_says_why():
    """TrueSkill (Kingdom of Warlords' ladder: draws 1%): a new player losing to an established
    one loses less mu than three times what their sigma shrinks, so mu - 3 sigma rises. The
    words say so, with the numbers."""
    ladder = Ladder(seats=2, draw_probability=0.01)  # otherwise the package's defaults
    fresh, established = (DEFAULT_MU, DEFAULT_SIGMA), (28.0, 3.0)
    (_, loser), _ = rate_groups(ladder, [[established], [fresh]], [0, 1])
    lost = Move(*fresh, *loser[0], outcome(1, [0, 1]))
    assert lost.before == pytest.approx(0.0) and lost.after > 0.2  # the rise players saw
    assert lost.mu_after < lost.mu_before and lost.sigma_after < lost.sigma_before
    assert lost.short() == f"+{lost.after:.2f} (0.00 → {lost.after:.2f})"
    sentence = lost.sentence()
    assert sentence.startswith(f"After a loss the rating went from 0.00 to {lost.after:.2f}")
    assert f"the estimated level fell (25.00 → {lost.mu_after:.2f})" in sentence
    assert f"but its uncertainty shrank more (8.33 → {lost.sigma_after:.2f}" in sentence
    assert sentence.endswith("so the rating rose.")
    (winner, _), _ = rate_groups(ladder, [[fresh], [established]], [0, 1])
    won = Move(*fresh, *winner[0], outcome(0, [0, 1]))
    assert won.delta > lost.delta > 0
    assert "After a win" in won.sentence() and "the estimated level rose" in won.sentence()
    assert "but" not in won.sentence()


def test_a_rating_that_falls_after_a_win_is_explained_too():
    grew = Move(25.0, 2.0, 25.5, 2.4, "a win")  # uncertainty grew (a long pause, say)
    assert grew.delta < 0
    assert "the estimated level rose (25.00 → 25.50), but its uncertainty grew more" in (
        grew.sentence()
    )
    assert grew.sentence().endswith("so the rating fell.")


def test_the_plain_words_line_and_the_trend():
    assert "minus three times its uncertainty" in CONSERVATIVE
    assert "it can rise after a loss" in CONSERVATIVE
    assert trend([0.0, 0.29]) == "last 1 match: +0.29"
    assert trend([1.0, 3.0, 0.5]) == "last 2 matches: -0.50"
    assert trend([2.0]) == "no rated match yet"


def test_a_rating_that_rose_after_a_loss_gets_the_result_tables_sentence():
    """The sentence under a result table (Move.against_result): why a loss raised the rating,
    with the numbers, to the reader or about a named player; none when it moved with the
    result."""
    ladder = Ladder(seats=2, draw_probability=0.01)
    fresh, established = (DEFAULT_MU, DEFAULT_SIGMA), (28.0, 3.0)
    (_, loser), _ = rate_groups(ladder, [[established], [fresh]], [0, 1])
    lost = Move(*fresh, *loser[0], outcome(1, [0, 1]))
    numbers = (
        f"(its uncertainty fell from 8.33 to {lost.sigma_after:.2f}) more than it lowered "
        f"{{}} estimated level (25.00 → {lost.mu_after:.2f}), and the rating shown is the "
        "estimated level minus three times the uncertainty (mu − 3 sigma)."
    )
    assert lost.against_result() == (
        f"Your rating rose by {lost.delta:.2f} although you lost: the loss made the system "
        "surer of your strength " + numbers.format("your")
    )
    assert lost.against_result("Nia") == (
        f"Nia's rating rose by {lost.delta:.2f} although Nia lost: the loss made the system "
        "surer of Nia's strength " + numbers.format("Nia's")
    )
    (winner, _), _ = rate_groups(ladder, [[fresh], [established]], [0, 1])
    assert Move(*fresh, *winner[0], "a win").against_result() == ""  # rose with a win
    (_, beaten), _ = rate_groups(ladder, [[fresh], [established]], [0, 1])
    assert Move(*established, *beaten[0], "a loss").against_result() == ""  # fell with a loss


def test_the_sentence_for_other_results_and_a_fall_after_a_win():
    last = Move(25.0, 8.0, 24.0, 7.0, "placing 4th of 4")  # 1.00 -> 3.00
    assert last.against_result().startswith(
        "Your rating rose by 2.00 after placing 4th of 4: the result made the system surer of "
        "your strength (its uncertainty fell from 8.00 to 7.00) more than it lowered your "
        "estimated level (25.00 → 24.00)"
    )
    grew = Move(25.0, 2.0, 25.5, 2.4, "a win")
    assert grew.against_result("Vic") == (
        "Vic's rating fell by 0.70 although Vic won: the system grew less sure of Vic's "
        "strength (its uncertainty rose from 2.00 to 2.40) more than the win raised Vic's "
        "estimated level (25.00 → 25.50), and the rating shown is the estimated level minus "
        "three times the uncertainty (mu − 3 sigma)."
    )
    still = Move(25.0, 8.0, 25.001, 7.5, "a loss")
    assert "while your estimated level stayed at 25.00" in still.against_result()
    assert Move(25.0, 8.0, 25.0, 8.0, "a loss").against_result() == ""  # nothing moved
