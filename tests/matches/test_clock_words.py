"""One format for every turn clock (matches.clock.label): "15 min + 30 s a turn", lengths
under a minute in seconds ("45 s"); the ladders, the challenges and the play view all use it."""

from __future__ import annotations

import pytest

from matches import clock
from ratings.models import Ladder


@pytest.mark.parametrize(
    "seconds, words",
    [
        (45, "45 s"),
        (60, "1 min"),
        (90, "1 min 30 s"),
        (900, "15 min"),
        (3600, "1 h"),
        (5400, "1 h 30 min"),
        (3661, "1 h 1 min 1 s"),
        (0.5, "0.5 s"),
        (0, "0 s"),
    ],
)
def test_a_clock_length_in_words(seconds, words):
    assert clock.duration_text(seconds) == words


@pytest.mark.parametrize(
    "setting, words",
    [
        ({"initial": 900, "increment": 30}, "15 min + 30 s a turn"),
        ({"initial": 45, "increment": 5}, "45 s + 5 s a turn"),
        ({"initial": 0, "increment": 30}, "30 s a turn"),
        ({"initial": 600, "increment": 0}, "10 min for the match"),
        ({"initial": 5400.0, "increment": 60.0}, "1 h 30 min + 1 min a turn"),
        (None, ""),
    ],
)
def test_one_format_for_every_turn_clock(setting, words):
    assert clock.label(setting) == words
    if setting:  # a match's running clock carries the same words to the play page
        running = clock.new_clock(clock.parse(setting), [True, False])
        assert clock.label(running) == words
        assert clock.view(running, None)["label"] == words


def test_a_ladders_clock_is_written_by_the_same_function():
    assert Ladder(clock_initial=900, clock_increment=30).clock_label() == "15 min + 30 s a turn"
    assert Ladder(clock_initial=0, clock_increment=45).clock_label() == "45 s a turn"
    assert Ladder(clock_initial=0, clock_increment=0).clock_label() == ""
