"""Each Location card's effect, corralling and Waha's Blessing."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.khan_of_khans import GAME
from tests.engines.khan_of_khans.kok_helpers import game, play, stack, zone

TWO = ("morokanth", "high-llama")


def test_raid_card_joins_the_herd_face_up() -> None:
    st = game(*TWO)
    stack(st, "L0:raid100")
    events = play(st, "raid 0")
    assert zone(st, "herd:0") == ["L0:raid100"]
    assert events[0] == {"type": "raid", "seat": 0, "deck": 0, "card": "L0:raid100", "kind": "raid"}
    assert GAME.observation(st, 1)["players"][0]["herd_value"] == 100
    assert len(zone(st, "deck:0")) == 7


def test_stampede_discards_one_highest_raid_card_with_it() -> None:
    st = game(*TWO)
    stack(st, "L0:raid50a", "L0:raid100", "L0:raid50b", "L0:stampede")
    stack(st, "L1:raid20", "L1:raid50a", "L1:raid50b", "L1:raid100")
    play(st, "raid 0", "raid 1", "raid 0", "raid 1", "raid 0", "raid 1")
    events = play(st, "raid 0")
    assert events[0]["lost"] == "L0:raid100"
    assert zone(st, "herd:0") == ["L0:raid50a", "L0:raid50b"]
    assert zone(st, "box") == ["L0:raid100", "L0:stampede"]


def test_stampede_with_no_raid_cards_is_simply_discarded() -> None:
    st = game(*TWO)
    stack(st, "L0:champion", "L0:stampede")
    stack(st, "L1:raid20")
    play(st, "raid 0", "raid 1", "raid 0")
    assert zone(st, "box") == ["L0:stampede"]
    assert zone(st, "herd:0") == ["L0:champion"]


def test_enemy_magic_without_champion_discards_the_whole_herd() -> None:
    st = game(*TWO)
    stack(st, "L0:raid50a", "L0:raid100", "L0:magic")
    stack(st, "L1:raid20", "L1:raid50a")
    play(st, "raid 0", "raid 1", "raid 0", "raid 1", "raid 0")
    assert zone(st, "herd:0") == []
    assert sorted(zone(st, "box")) == ["L0:magic", "L0:raid100", "L0:raid50a"]
    assert zone(st, "herd:1") == ["L1:raid20", "L1:raid50a"]


def test_enemy_magic_with_champion_costs_only_the_champion() -> None:
    st = game(*TWO)
    stack(st, "L0:champion", "L0:raid100", "L0:magic")
    stack(st, "L1:raid20", "L1:raid50a")
    play(st, "raid 0", "raid 1", "raid 0", "raid 1", "raid 0")
    assert zone(st, "herd:0") == ["L0:raid100"]
    assert zone(st, "box") == ["L0:champion", "L0:magic"]


def test_second_champion_fight_discards_both_and_the_herd() -> None:
    st = game(*TWO)
    stack(st, "L0:champion", "L0:raid100", "L0:raid50a")
    stack(st, "L1:raid20", "L1:raid50a", "L1:raid50b")
    play(st, "raid 0", "raid 1", "raid 0", "raid 1", "raid 0", "raid 1")
    stack(st, "L2:champion")
    play(st, "raid 2")
    assert zone(st, "herd:0") == []
    assert sorted(zone(st, "box")) == ["L0:champion", "L0:raid100", "L0:raid50a", "L2:champion"]


def test_bison_riders_second_champion_loses_only_one_highest_card() -> None:
    st = game("bison-riders", "morokanth")
    stack(st, "L0:champion", "L0:raid100", "L0:raid50a")
    stack(st, "L1:raid20", "L1:raid50a", "L1:raid50b")
    play(st, "raid 0", "raid 1", "raid 0", "raid 1", "raid 0", "raid 1")
    stack(st, "L2:champion")
    events = play(st, "raid 2")
    assert events[0]["type"] == "champion-fight" and events[0]["lost"] == ["L0:raid100"]
    assert zone(st, "herd:0") == ["L0:raid50a"]
    assert sorted(zone(st, "box")) == ["L0:champion", "L0:raid100", "L2:champion"]


def test_corral_moves_the_herd_and_discards_the_champion() -> None:
    st = game(*TWO)
    stack(st, "L0:champion", "L0:raid100", "L0:raid50a")
    stack(st, "L1:raid20", "L1:raid50a", "L1:raid50b")
    play(st, "raid 0", "raid 1", "raid 0", "raid 1", "raid 0", "raid 1")
    play(st, "corral")
    assert zone(st, "corral:0:0") == ["L0:raid100", "L0:raid50a"]
    assert zone(st, "herd:0") == []
    assert zone(st, "box") == ["L0:champion"]
    assert GAME.observation(st, None)["players"][0]["open_corrals"] == 4  # Morokanth: 4 + 1 - 1


def test_corralled_cows_are_safe_from_later_cards() -> None:
    st = game(*TWO)
    stack(st, "L0:raid100", "L0:magic")
    stack(st, "L1:raid20", "L1:raid50a")
    play(st, "raid 0", "raid 1", "corral", "raid 1", "raid 0")
    assert zone(st, "corral:0:0") == ["L0:raid100"]


def test_each_corral_tile_is_used_once() -> None:
    st = game("high-llama", "morokanth")
    for i in range(4):
        stack(st, f"L{i}:raid20")
        stack(st, f"L{i + 5}:raid20", f"L{i + 5}:raid50a")
        play(st, f"raid {i}", f"raid {i + 5}", "corral", f"raid {i + 5}")
    assert GAME.observation(st, None)["players"][0]["open_corrals"] == 0
    stack(st, "L4:raid50a")
    stack(st, "L9:raid20")
    play(st, "raid 4", "raid 9")
    assert GAME.to_act(st) == 0 and st.herd[0]
    assert "corral" not in GAME.legal_actions(st, 0)
    with pytest.raises(IllegalAction, match="no open Corral"):
        GAME.apply(st, "corral")


def test_corral_needs_a_raid_card_in_the_herd() -> None:
    st = game(*TWO)
    assert "corral" not in GAME.legal_actions(st, 0)
    with pytest.raises(IllegalAction, match="no Raid! card to corral"):
        GAME.apply(st, "corral")


def _herds_then_blessing(khans: tuple[str, ...] = TWO):
    """Seat 1 holds a 100 and a 20; seat 0 then draws a Waha's Blessing."""
    st = game(*khans)
    stack(st, "L0:raid50a", "L0:raid50b", "L0:bless")
    stack(st, "L1:raid100", "L1:raid20")
    play(st, "raid 0", "raid 1", "raid 0", "raid 1", "raid 0")
    return st


def test_drawn_blessing_asks_keep_or_give() -> None:
    st = _herds_then_blessing()
    assert GAME.to_act(st) == 0
    assert GAME.legal_actions(st, 0) == ["keep", "give 1 100", "give 1 20"]
    assert GAME.observation(st, 1)["pending"] == {"type": "blessing", "seat": 0, "card": "L0:bless"}
    assert zone(st, "pending") == ["L0:bless"]


def test_giving_a_blessing_steals_the_chosen_card_and_target_keeps_it_used() -> None:
    st = _herds_then_blessing()
    events = play(st, "give 1 100")
    assert events[0]["type"] == "steal" and events[0]["card"] == "L1:raid100"
    assert zone(st, "herd:0") == ["L0:raid50a", "L0:raid50b", "L1:raid100"]
    assert zone(st, "herd:1") == ["L1:raid20"]
    assert zone(st, "khan:1:used") == ["L0:bless"]
    assert zone(st, "khan:0:kept") == []
    assert GAME.to_act(st) == 1
    # a used Blessing cannot be used again by its new holder
    assert not any(a.startswith("bless") for a in GAME.legal_actions(st, 1))


def test_kept_blessing_is_used_later_as_an_action() -> None:
    st = _herds_then_blessing()
    play(st, "keep")
    assert zone(st, "khan:0:kept") == ["L0:bless"]
    stack(st, "L2:raid20")
    play(st, "raid 2")
    legal = GAME.legal_actions(st, 0)
    assert "bless 1 100" in legal and "bless 1 20" in legal
    events = play(st, "bless 1 20")
    assert events[0]["card"] == "L1:raid20"
    assert zone(st, "khan:0:kept") == [] and zone(st, "khan:1:used") == ["L0:bless"]
    assert GAME.to_act(st) == 1  # using it took the whole turn


def test_blessing_is_kept_automatically_when_nobody_has_raid_cards() -> None:
    st = game(*TWO)
    stack(st, "L0:bless")
    events = play(st, "raid 0")
    assert events[-1] == {"type": "keep", "seat": 0, "card": "L0:bless", "forced": True}
    assert zone(st, "khan:0:kept") == ["L0:bless"] and GAME.to_act(st) == 1


def test_blessing_cannot_target_an_empty_herd_or_yourself() -> None:
    st = game("morokanth", "high-llama", "bison-riders")
    stack(st, "L0:raid50a", "L0:bless")
    stack(st, "L1:raid100")
    stack(st, "L2:champion")
    play(st, "raid 0", "raid 1", "raid 2", "raid 0")
    legal = GAME.legal_actions(st, 0)
    assert legal == ["keep", "give 1 100"]
    before = GAME.digest(st)
    with pytest.raises(IllegalAction, match="no Raid! card"):
        GAME.apply(st, "give 2 20")
    with pytest.raises(IllegalAction, match="another player"):
        GAME.apply(st, "give 0 50")
    with pytest.raises(IllegalAction, match="no 50-cow"):
        GAME.apply(st, "give 1 50")
    assert GAME.digest(st) == before


def test_blessings_score_twenty_cows_each_for_the_holder() -> None:
    st = _herds_then_blessing()
    play(st, "give 1 100")
    obs = GAME.observation(st, None)
    assert obs["players"][1]["used_blessings"] == ["L0:bless"]
    from engines.khan_of_khans.rules import score

    assert score(st, 1) == 20 + 20
    assert score(st, 0) == 50 + 50 + 100
