"""The matchup arithmetic: the Wilson interval by hand, what one match adds, the engines' keys."""

from __future__ import annotations

import pytest

from engines.registry import get_game
from insights.counting import tallies
from insights.matrix import cell
from ratings.wilson import wilson


def test_wilson_interval_matches_a_hand_computation() -> None:
    # 7 wins of 10, z = 1.96: p = .7, z^2/n = .38415; centre = (.7 + .19207) / 1.38415 = .64455;
    # half = 1.96 / 1.38415 * sqrt(.021 + .0096037) = 1.41603 * .17494 = .24772.
    low, high = wilson(7, 10)
    assert low == pytest.approx(0.3968, abs=1e-4)
    assert high == pytest.approx(0.8922, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 5)
    assert low == 0.0 and high == pytest.approx(0.4345, abs=1e-4)


def test_a_cell_counts_draws_as_half_and_flags_small_samples() -> None:
    c = cell("Nakka", "Blight", 10, 6, 2)
    assert c.rate == pytest.approx(0.7)
    assert (c.low, c.high) == pytest.approx(wilson(7, 10))
    assert c.small and c.heat == "heat-7"
    assert not cell("Nakka", "Blight", 40, 20, 0).small


def test_a_duel_adds_both_orders_and_the_seats() -> None:
    out = tallies("g", "v1", "ladder", ["Nakka", "Blight"], [2, 1])
    nb = ("g", "v1", "ladder", "pair", "Nakka", "Blight")
    bn = ("g", "v1", "ladder", "pair", "Blight", "Nakka")
    assert out[nb, "games"] == 1 and out[nb, "wins"] == 0
    assert out[bn, "games"] == 1 and out[bn, "wins"] == 1
    assert out[("g", "v1", "ladder", "seat", "Seat 2", ""), "wins"] == 1
    assert out[("g", "v1", "ladder", "seat", "Seat 1", ""), "wins"] == 0


def test_a_pod_counts_every_pair_and_teammates_are_no_matchup() -> None:
    out = tallies("g", "", "tournament", ["A", "B", "C"], [1, 2, 2])
    assert out[("g", "", "tournament", "pair", "A", "B"), "wins"] == 1
    assert out[("g", "", "tournament", "pair", "B", "C"), "draws"] == 1
    assert sum(n for (row, f), n in out.items() if f == "games" and row[3] == "pair") == 6
    teams = tallies("g", "", "ladder", ["A", "B", "A", "B"], [1, 2, 1, 2], [0, 1, 0, 1])
    assert ("g", "", "ladder", "pair", "A", "A") not in {row for row, _ in teams}
    assert teams[("g", "", "ladder", "seat", "Seat 1", ""), "draws"] == 1  # shared first place


@pytest.mark.parametrize(
    ("game", "kind"),
    [
        ("arackhan-wars", "faction"),
        ("khan-of-khans", "Khan"),
        ("heroes-of-graxia", "Hero"),
        ("akhedena", "army"),
        ("kingdom-of-warlords", "army"),
    ],
)
def test_every_engine_names_what_each_seat_plays(game: str, kind: str) -> None:
    engine = get_game(game)
    assert engine.matchup_kind == kind
    keys = engine.matchup_keys(11, 2, None, None)
    assert len(keys) == 2 and all(isinstance(k, str) and k for k in keys)
    # the same seed deals the same, named the way people name it
    assert engine.matchup_keys(11, 2, None, None) == keys


def test_named_choices_come_back_by_name() -> None:
    from insights_helpers import starter

    akw = get_game("arackhan-wars")
    decks = [
        starter("arackhan-wars", "lightning-strike"),
        starter("arackhan-wars", "blight-prebuilt"),
    ]
    assert akw.matchup_keys(1, 2, decks) == ["Nakka", "Blight"]
    assert get_game("khan-of-khans").matchup_keys(1, 2, ["morokanth", "sable-nation"]) == [
        "Morokanth",
        "Sable Nation",
    ]
    assert get_game("heroes-of-graxia").matchup_keys(1, 2, [{"hero": "shadd"}, "Flist"]) == [
        "Shadd",
        "Flist",
    ]
