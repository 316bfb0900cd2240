"""The Khan abilities: Impala People, High Llama Tribe, Sable Nation (Bison and Morokanth are
in the card and setup tests)."""

from __future__ import annotations

import random

import pytest

from engines.base import IllegalAction
from engines.khan_of_khans import GAME
from tests.engines.khan_of_khans.kok_helpers import game, play, stack, zone


def _impala_with_coloured_token():
    st = game("impala-people", "morokanth")
    stack(st, "L0:raid20")
    stack(st, "L1:raid20", "L1:raid50a")
    play(st, "raid 0", "raid 1")
    assert not any(a.startswith("impala") for a in GAME.legal_actions(st, 0))
    assert GAME.observation(st, None)["impala_token"] == "brown"
    play(st, "corral")
    assert GAME.observation(st, None)["impala_token"] == "coloured"
    play(st, "raid 1")
    return st


def test_impala_token_flips_to_coloured_when_corralling() -> None:
    st = _impala_with_coloured_token()
    legal = GAME.legal_actions(st, 0)
    assert "impala 2,3,4" in legal and "impala 7" in legal and "impala 0,9" in legal
    assert len([a for a in legal if a.startswith("impala ")]) == 10 + 45 + 120


def test_impala_reveal_then_choose_one_the_others_go_back_known_to_all() -> None:
    st = _impala_with_coloured_token()
    stack(st, "L2:stampede")
    stack(st, "L3:magic")
    stack(st, "L4:raid100")
    events = play(st, "impala 2,3,4")
    assert events[0]["cards"] == {"2": "L2:stampede", "3": "L3:magic", "4": "L4:raid100"}
    assert GAME.legal_actions(st, 0) == ["choose 2", "choose 3", "choose 4"]
    assert zone(st, "impala") == ["L2:stampede", "L3:magic", "L4:raid100"]
    assert GAME.observation(st, 1)["pending"]["revealed"]["3"] == "L3:magic"
    with pytest.raises(IllegalAction, match="Impala People revealed"):
        GAME.apply(st, "raid 5")
    play(st, "choose 4")
    assert zone(st, "herd:0") == ["L4:raid100"]
    # the unchosen Stampede! and Enemy Magic did nothing and are back on top, known to all
    assert "L2:stampede" not in zone(st, "box") and "L3:magic" not in zone(st, "box")
    assert zone(st, "deck:2")[0] == "L2:stampede" and zone(st, "deck:3")[0] == "L3:magic"
    for seat in (None, 0, 1):
        decks = GAME.observation(st, seat)["decks"]
        assert decks[2]["top"] == "L2:stampede" and decks[3]["top"] == "L3:magic"
        assert decks[4]["top"] is None
    assert GAME.observation(st, None)["impala_token"] == "brown"
    assert GAME.to_act(st) == 1
    # the known top stays put when seat 1 determinizes, then resolves normally
    copy = GAME.determinize(st, 1, random.Random(5))
    assert GAME.zones(copy)["deck:2"][0] == "L2:stampede"
    stack(st, "L5:raid50a")
    play(st, "raid 2")
    assert "L2:stampede" in zone(st, "box")
    assert GAME.observation(st, None)["decks"][2]["top"] is None
    # the token is brown again: no reveal until the next corral
    assert not any(a.startswith("impala") for a in GAME.legal_actions(st, 0))


def test_impala_reveal_needs_different_non_empty_decks_in_order() -> None:
    st = _impala_with_coloured_token()
    before = GAME.digest(st)
    for bad in ["impala 4,2", "impala 1,1", "impala 0,1,2,3"]:
        with pytest.raises(IllegalAction, match="increasing order"):
            GAME.apply(st, bad)
    assert GAME.digest(st) == before


def test_impala_chosen_blessing_is_resolved_as_a_raid() -> None:
    st = _impala_with_coloured_token()
    stack(st, "L6:bless")
    play(st, "impala 6")
    play(st, "choose 6")
    assert GAME.legal_actions(st, 0)[0] == "keep"
    assert "give 1 50" in GAME.legal_actions(st, 0)


def test_only_the_impala_people_reveal() -> None:
    st = game("morokanth", "high-llama")
    with pytest.raises(IllegalAction, match="only the Impala People"):
        GAME.apply(st, "impala 1,2")


def _llama_with_a_used_corral():
    st = game("high-llama", "morokanth")
    stack(st, "L0:raid20", "L0:raid100", "L0:raid50a")
    stack(st, "L1:raid20", "L1:raid50a", "L1:raid50b", "L1:raid100", "L1:champion")
    play(st, "raid 0", "raid 1")
    with pytest.raises(IllegalAction, match="no used Corral"):
        GAME.apply(st, "sneak 20")
    play(st, "corral", "raid 1", "raid 0", "raid 1", "raid 0", "raid 1")
    return st


def test_high_llama_sneaks_one_card_face_down_into_a_used_corral() -> None:
    st = _llama_with_a_used_corral()
    legal = GAME.legal_actions(st, 0)
    assert "sneak 100" in legal and "sneak 50" in legal and "sneak 20" not in legal
    events = play(st, "sneak 100")
    assert events[0] == {"type": "sneak", "seat": 0, "corral": 0, "card": "L0:raid100"}
    assert zone(st, "corral:0:0") == ["L0:raid20", "L0:raid100"]
    assert zone(st, "herd:0") == ["L0:raid50a"]
    assert GAME.observation(st, 1)["players"][0]["corrals"][0]["sneaked"] == "L0:raid100"
    # each Corral takes only one extra card
    play(st, "raid 1")
    assert GAME.to_act(st) == 0 and st.herd[0]
    assert not any(a.startswith("sneak") for a in GAME.legal_actions(st, 0))
    with pytest.raises(IllegalAction, match="no used Corral without a sneaked card"):
        GAME.apply(st, "sneak 50")


def test_only_the_high_llama_sneak() -> None:
    st = game("morokanth", "high-llama")
    stack(st, "L0:raid20", "L0:raid50a")
    stack(st, "L1:raid20", "L1:raid50b", "L1:raid50a")
    play(st, "raid 0", "raid 1", "corral", "raid 1", "raid 0", "raid 1")
    assert GAME.to_act(st) == 0 and st.herd[0] and st.corrals[0]
    with pytest.raises(IllegalAction, match="only the High Llama"):
        GAME.apply(st, "sneak 50")


def _sable_with_hidden_herd():
    st = game("sable-nation", "morokanth")
    stack(st, "L0:raid100", "L0:raid20")
    stack(st, "L1:raid50a", "L1:bless")
    play(st, "raid 0", "raid 1", "raid 0")
    return st


def test_sable_herd_values_are_hidden_from_others_only() -> None:
    st = _sable_with_hidden_herd()
    mine = GAME.observation(st, 0)["players"][0]
    assert mine["herd"] == ["L0:raid100", "L0:raid20"] and mine["herd_value"] == 120
    for seat in (1, None):
        theirs = GAME.observation(st, seat)["players"][0]
        assert theirs["herd"] == ["L0:?", "L0:?"] and theirs["herd_value"] is None
        assert "raid100" not in str(GAME.observation(st, seat))


def test_sable_raid_event_hides_the_value_from_others() -> None:
    st = game("sable-nation", "morokanth")
    stack(st, "L0:raid100")
    events = play(st, "raid 0")
    public = [e for e in events if "seen_by" not in e]
    private = [e for e in events if "seen_by" in e]
    assert public == [{"type": "raid", "seat": 0, "deck": 0, "card": "L0:?", "kind": "raid"}]
    assert private[0]["card"] == "L0:raid100" and private[0]["seen_by"] == [0]


def test_blessing_on_the_sable_nation_takes_a_random_card() -> None:
    taken = set()
    for seed in range(30):
        st = _sable_with_hidden_herd()
        st.own_rng().seed(seed)
        play(st, "raid 1")
        assert GAME.legal_actions(st, 1) == ["keep", "give 0"]
        with pytest.raises(IllegalAction, match="at random"):
            GAME.apply(st, "give 0 100")
        events = play(st, "give 0")
        taken.add(events[0]["card"])
        assert zone(st, "khan:0:used") == ["L1:bless"]
        assert len(zone(st, "herd:0")) == 1
    assert taken == {"L0:raid100", "L0:raid20"}


def test_sable_champion_and_blessings_stay_face_up() -> None:
    st = game("sable-nation", "morokanth")
    stack(st, "L0:champion", "L0:bless")
    stack(st, "L1:raid20")
    play(st, "raid 0", "raid 1", "raid 0", "keep")
    theirs = GAME.observation(st, 1)["players"][0]
    assert theirs["champion"] == "L0:champion"
    assert theirs["kept_blessings"] == ["L0:bless"]


def test_sable_corral_contents_stay_hidden_until_the_end() -> None:
    st = _sable_with_hidden_herd()
    play(st, "raid 1")
    play(st, "keep")
    play(st, "corral")
    assert GAME.observation(st, 1)["players"][0]["corrals"][0]["cards"] == ["L0:?", "L0:?"]
    assert GAME.observation(st, 0)["players"][0]["corrals"][0]["cards"] == [
        "L0:raid100",
        "L0:raid20",
    ]
    GAME.random_playout(st, random.Random(1))
    assert "L0:raid100" in str(GAME.observation(st, 1)["players"][0]["corrals"])


def test_a_card_the_sable_nation_steals_stays_known() -> None:
    st = game("morokanth", "sable-nation")
    stack(st, "L0:raid100")
    stack(st, "L1:raid20", "L1:bless")
    stack(st, "L2:champion")
    play(st, "raid 0", "raid 1", "raid 2", "raid 1", "give 0 100")
    assert GAME.observation(st, 0)["players"][1]["herd"] == ["L1:?", "L0:raid100"]


def test_two_corrals_still_give_only_one_impala_reveal() -> None:
    st = game("impala-people", "morokanth")
    stack(st, "L0:raid20", "L0:raid50a")
    stack(st, "L1:raid20", "L1:raid50a", "L1:raid50b")
    play(st, "raid 0", "raid 1", "corral", "raid 1", "raid 0", "raid 1", "corral")
    stack(st, "L2:raid100")
    stack(st, "L3:raid20", "L3:raid50a")
    play(st, "raid 3", "impala 2", "choose 2", "raid 3")
    assert GAME.to_act(st) == 0
    assert GAME.observation(st, None)["impala_token"] == "brown"
    assert not any(a.startswith("impala") for a in GAME.legal_actions(st, 0))
