"""Hidden information: hands and the order of decks are private; Loot Piles, Legions, Discard
Piles and the market are public; observations per seat and for spectators."""

from __future__ import annotations

import json
import random

from tests.engines.heroes_of_graxia.hog_helpers import (
    GAME,
    act,
    cid,
    equip,
    give,
    refresh,
    started,
)


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    st = GAME.new_game(3, 3)
    for seat in range(3):
        obs = GAME.observation(st, seat)
        for p in obs["players"]:
            assert ("hand" in p) == (p["seat"] == seat)
            assert p["hand_count"] == 5 and p["deck_count"] == 7
        mine = [c["id"] for c in obs["players"][seat]["hand"]]
        assert mine == [cid(c) for c in st.hand[seat]]
    spectator = GAME.observation(st, None)
    assert all("hand" not in p for p in spectator["players"])
    hidden = {cid(c) for s in range(3) for c in st.hand[s] + st.deck[s]}
    assert not hidden & set(json.dumps(spectator).replace('"', " ").split())


def test_the_order_of_a_deck_is_no_ones_to_see() -> None:
    """The observation of every seat is the same whatever the order of any deck."""
    st = started(2)
    other = GAME.clone(st)
    other.deck[0].reverse()
    other.deck[1].reverse()
    other.mkt_deck[0].reverse()
    other.mon_deck.reverse()
    for seat in (None, 0, 1):
        assert GAME.observation(other, seat) == GAME.observation(st, seat)


def test_legions_loot_discards_and_market_are_public_and_readable() -> None:
    """The board a player reads: card names, numbers and Special text, pile counts, each Legion
    with its Equipment and wounds."""
    st = started(2, heroes=["Shadd", "Flist"])
    army = give(st, 1, "orc-warband", "legion")
    equip(st, "bone-sword", army)
    st.wounds[army] = 2
    give(st, 1, "cave-troll", "loot")
    give(st, 1, "fervent", "discard")
    refresh(st)
    obs = GAME.observation(st, 0)
    p1 = obs["players"][1]
    unit = p1["legion"][1]
    assert unit["name"] == "Orc Warband" and unit["wounds"] == 2 and unit["health"] == 3
    assert unit["equipment"] == [
        {
            "id": unit["equipment"][0]["id"],
            "card": "bone-sword",
            "name": "Bone Sword",
            "type": "Weapon",
            "attack": 2,
            "defense": 0,
        }
    ]
    assert [c["name"] for c in p1["loot"]] == ["Cave Troll"]
    assert p1["discard"][-1]["name"] == "Fervent"
    assert p1["totals"]["attack_vs_legion"] == 2 + 3 + 2
    info = obs["cards"]["orc-warband"]
    assert info["text"] == "+1 Attack for each other Orc Unit in your Legion."
    assert info["line"] == "Unit - Army - Orc" and info["cost"] == 4
    assert obs["cards"]["cave-troll"]["trophy"] == 2
    assert [m["count"] for m in obs["market"]] == [len(d) for d in st.mkt_deck]
    assert "not the publisher's" in obs["notice"]


def test_draws_are_seen_only_by_the_drawing_seat() -> None:
    st = started(2)
    events = act(st, "draw")
    private = [e for e in events if e["type"] == "drew"]
    public = [e for e in events if e["type"] == "draw"]
    assert private and private[0]["seen_by"] == [0] and public[0]["count"] == 1
    assert "cards" not in public[0]


def test_the_monsters_left_out_and_the_deck_order_are_hidden_but_a_returned_monster_is_known() -> (
    None
):
    st = started(2)
    obs = GAME.observation(st, None)
    assert obs["unused_monsters"] == 14 and obs["monster_deck"]["known_at_bottom"] == []
    text = json.dumps(obs)
    assert not any(cid(m) in text for m in st.mon_box + st.mon_deck)
    m = st.mon_row[0]
    st.mon_deck.insert(0, m)
    st.mon_known = 1
    st.mon_row[0] = st.mon_deck.pop()
    obs = GAME.observation(st, 1)
    assert [c["id"] for c in obs["monster_deck"]["known_at_bottom"]] == [cid(m)]


def test_determinize_redeals_the_others_hands_but_keeps_what_the_seat_knows() -> None:
    st = started(3)
    give(st, 1, "cave-troll", "loot")
    copy = GAME.determinize(st, 0, random.Random(7))
    assert copy.hand[0] == st.hand[0]
    assert sorted(copy.hand[1] + copy.deck[1]) == sorted(st.hand[1] + st.deck[1])
    assert len(copy.hand[1]) == len(st.hand[1])
    assert copy.loot == st.loot and copy.disc == st.disc and copy.legion == st.legion
    assert sorted(copy.mon_deck + copy.mon_box) == sorted(st.mon_deck + st.mon_box)
    different = [GAME.determinize(st, 0, random.Random(s)).hand[1] != st.hand[1] for s in range(10)]
    assert any(different)
    for seat in (None, 0):
        assert GAME.observation(copy, seat) == GAME.observation(st, seat)
