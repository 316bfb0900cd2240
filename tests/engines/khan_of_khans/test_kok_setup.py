"""Setup: components, Corral tiles, Khans, first player, bad set-ups."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.base import BadSetup
from engines.khan_of_khans import GAME, KhanOfKhans
from engines.khan_of_khans.cards import KHAN_SLUGS
from engines.registry import get_game
from tests.engines.khan_of_khans.kok_helpers import game, stack


def test_registry_returns_the_engine() -> None:
    assert isinstance(get_game("khan-of-khans"), KhanOfKhans)
    assert GAME.min_seats == 2 and GAME.max_seats == 5 and GAME.uses_decks


def test_ten_location_decks_of_eight_cards_with_the_printed_mix() -> None:
    st = GAME.new_game(3, 4)
    zones = GAME.zones(st)
    for d in range(10):
        deck = zones[f"deck:{d}"]
        assert len(deck) == 8
        kinds = Counter(cid.split(":")[1] for cid in deck)
        assert kinds == Counter(
            ["bless", "stampede", "champion", "magic", "raid100", "raid50a", "raid50b", "raid20"]
        )
        assert all(cid.startswith(f"L{d}:") for cid in deck)
    assert sum(len(v) for v in zones.values()) == 80


def test_each_location_deck_is_shuffled_from_the_seed() -> None:
    a, b, c = GAME.new_game(1, 2), GAME.new_game(1, 2), GAME.new_game(2, 2)
    assert GAME.digest(a) == GAME.digest(b)
    assert GAME.zones(a) != GAME.zones(c)


@pytest.mark.parametrize(("n", "tiles"), [(2, 4), (3, 3), (4, 3), (5, 2)])
def test_corral_tiles_by_player_count(n: int, tiles: int) -> None:
    khans = ["impala-people", "high-llama", "sable-nation", "bison-riders", "morokanth"][:n]
    obs = GAME.observation(GAME.new_game(0, n, khans), None)
    expected = [tiles + (k == "morokanth") for k in khans]
    assert [p["open_corrals"] for p in obs["players"]] == expected
    assert expected[0] == tiles


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_morokanth_gets_one_extra_corral_tile(n: int) -> None:
    khans = ["morokanth", "high-llama", "sable-nation", "bison-riders", "impala-people"][:n]
    obs = GAME.observation(GAME.new_game(0, n, khans), None)
    tiles = [p["open_corrals"] for p in obs["players"]]
    assert tiles[0] == tiles[1] + 1


def test_khans_are_dealt_at_random_from_the_seed_when_decks_is_none() -> None:
    assert GAME.default_decks(3) is None
    deals = {tuple(GAME.observation(GAME.new_game(s, 3), None)["khans"]) for s in range(40)}
    assert len(deals) > 5
    for deal in deals:
        assert len(set(deal)) == 3 and set(deal) <= set(KHAN_SLUGS)
    one = GAME.observation(GAME.new_game(7, 5), None)["khans"]
    assert sorted(one) == sorted(KHAN_SLUGS)
    assert GAME.observation(GAME.new_game(7, 5), None)["khans"] == one


def test_khan_choices_are_given_per_seat() -> None:
    st = game("sable-nation", "morokanth", "high-llama")
    assert GAME.observation(st, None)["khans"] == ["sable-nation", "morokanth", "high-llama"]


def test_impala_people_player_starts() -> None:
    st = game("morokanth", "sable-nation", "impala-people")
    assert GAME.to_act(st) == 2
    assert GAME.legal_actions(st, 0) == []


def test_seat_zero_starts_without_the_impala_people() -> None:
    st = game("morokanth", "sable-nation", "high-llama")
    assert GAME.to_act(st) == 0


def test_play_passes_clockwise() -> None:
    st = game("morokanth", "sable-nation", "high-llama")
    stack(st, "L0:raid20", "L0:raid50a", "L0:raid50b", "L0:raid100")
    order = []
    for _ in range(4):
        order.append(GAME.to_act(st))
        GAME.apply(st, "raid 0")
    assert order == [0, 1, 2, 0]


def test_validate_deck_flags_unknown_khans() -> None:
    assert GAME.validate_deck("bison-riders") == []
    for bad in ["bison", "", 3, None, ["morokanth"]]:
        problems = GAME.validate_deck(bad)
        assert [p.rule for p in problems] == ["unknown-khan"]
        assert "unknown Khan" in problems[0].message


@pytest.mark.parametrize(
    ("n", "decks", "words"),
    [
        (1, None, "2 to 5"),
        (6, None, "2 to 5"),
        (2, ["morokanth"], "one Khan per seat"),
        (2, ["morokanth", "morokanth"], "only one seat"),
        (2, ["morokanth", "wolf-pirates"], "unknown Khan"),
    ],
)
def test_bad_setups_are_refused(n: int, decks: list[str] | None, words: str) -> None:
    with pytest.raises(BadSetup, match=words):
        GAME.new_game(0, n, decks)


def test_options_are_refused() -> None:
    with pytest.raises(BadSetup, match="no options"):
        GAME.new_game(0, 2, None, {"variant": "x"})
    GAME.new_game(0, 2, None, {})


def test_a_khan_may_be_named_by_slug_name_or_deck_file_text() -> None:
    st = GAME.new_game(0, 3, ["Impala People\n", {"khan": "morokanth"}, " high llama tribe "])
    assert GAME.observation(st, None)["khans"] == ["impala-people", "morokanth", "high-llama"]
    with pytest.raises(BadSetup, match="only one seat"):
        GAME.new_game(0, 2, ["high-llama", "High Llama Tribe"])
    assert GAME.validate_deck({"khan": "wolf"})[0].rule == "unknown-khan"
