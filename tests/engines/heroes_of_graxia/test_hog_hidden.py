"""Hidden information: hands and the order of decks are private; Loot Piles, Legions, Discard
Piles and the market are public; observations per seat and for spectators."""

from __future__ import annotations

import json
import random

from engines.heroes_of_graxia.scoring import victory_points
from engines.heroes_of_graxia.state import PICK
from tests.engines.heroes_of_graxia.hog_helpers import (
    GAME,
    T,
    act,
    cid,
    equip,
    give,
    legal,
    refresh,
    started,
    uid,
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


def _lost_hero():
    """Seat 1's Hero fell: at the start of its turn it chooses its new hand (4 cards and the
    Hero) from its 12 cards."""
    st = started(2)
    hero = st.hero[1]
    st.legion[1].remove(hero)
    st.disc[1].append(hero)
    act(st, "end", "keep")
    assert st.cur == 1 and st.phase == PICK and st.pick == 4
    return st


def test_the_new_hand_after_a_lost_hero_is_chosen_out_of_sight() -> None:
    """ "he puts his current hand and Player Deck into the Discard Pile. He chooses one third of
    the cards ... as his new Hand": the hand and deck are hidden and so is the choice (rules
    1.1.0). While seat 1 chooses, seat 0 and a spectator see only the size of its Discard Pile;
    two different choices look the same to them, move by move and at the end."""
    st = _lost_hero()
    for viewer in (0, None):
        p1 = GAME.observation(st, viewer)["players"][1]
        assert p1["discard"] == [] and p1["discard_count"] == 12
    assert len(GAME.observation(st, 1)["players"][1]["discard"]) == 12
    first, last = GAME.clone(st), GAME.clone(st)
    while first.phase == PICK:
        a, b = legal(first)[0], legal(last)[-1]
        act(first, a)
        act(last, b)
        for viewer in (0, None):
            assert GAME.observation(first, viewer) == GAME.observation(last, viewer)
    assert sorted(first.hand[1]) != sorted(last.hand[1])


def test_the_victory_points_shown_do_not_tell_which_cards_the_new_hand_takes() -> None:
    """While a seat chooses its new hand out of sight (rules 1.1.0), the Victory Points the
    others see (the Trophy Value on the table, reading 20) count the whole pile it chooses
    from: taking a Flame Blade (Trophy Value 2) looks the same as taking a card worth nothing;
    the seat itself sees its own Victory Points."""
    st = started(2)
    hero = st.hero[1]
    st.legion[1].remove(hero)
    st.disc[1].append(hero)
    blade = give(st, 1, "flame-blade", "discard")
    act(st, "end", "keep")
    assert st.cur == 1 and st.phase == PICK and T.TROPHY[blade] == 2
    worthless = next(a for a in legal(st) if T.TROPHY[uid(a.split()[1] + "#1")] == 0)
    rich, poor = GAME.clone(st), GAME.clone(st)
    act(rich, "take flame-blade")
    act(poor, worthless)
    for viewer in (0, None):
        shown = [
            GAME.observation(x, viewer)["players"][1]["victory_points"] for x in (st, rich, poor)
        ]
        assert shown == [shown[0]] * 3 and shown[0] >= 2
    assert GAME.observation(rich, 1)["players"][1]["victory_points"] == victory_points(rich, 1)


def test_re_dealing_a_hidden_new_hand_changes_nothing_the_others_see() -> None:
    """Determinizing for seat 0 while seat 1 chooses re-deals seat 1's whole pile (the cards
    already taken too): seat 0's observation is unchanged."""
    st = _lost_hero()
    act(st, legal(st)[0])
    act(st, legal(st)[0])
    seen = GAME.observation(st, 0)
    for k in range(5):
        other = GAME.determinize(st, 0, random.Random(k))
        assert GAME.observation(other, 0) == seen
        assert other.hand[1][0] == st.hero[1] and len(other.hand[1]) == len(st.hand[1])
