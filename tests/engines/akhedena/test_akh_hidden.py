"""Hidden information: army lists are open, where each card is is not; battles show cards; the
observation carries what a board needs; determinize, zones and digests."""

from __future__ import annotations

import json
import random

from engines.akhedena import GAME
from engines.akhedena.state import canonical_state
from tests.engines.akhedena.akh_helpers import army, game, place, play


def _piece(obs: dict, pid: str) -> dict:
    return next(p for p in obs["pieces"] if p["id"] == pid)


def test_others_see_only_the_main_type_of_cards_they_have_not_seen() -> None:
    """Reading: "which cards a player holds where" is hidden: others see each card's back (its
    main type) until a battle shows it; a player sees all of its own cards."""
    st = game()
    theirs = _piece(GAME.observation(st, 1), "0:hero")
    assert theirs["card"] == {"hidden": True, "main_type": "Hero"}
    assert theirs["army"] == [{"hidden": True, "main_type": "Infantry"}] * 2
    assert "attack" not in theirs
    mine = _piece(GAME.observation(st, 0), "0:hero")
    assert mine["card"]["name"] == "Dawn Warlord" and (mine["attack"], mine["defence"]) == (12, 11)
    spectator = GAME.observation(st, None)
    assert all(c.get("hidden") for p in spectator["pieces"] for c in (p["card"], *p["army"]))


def test_other_players_army_lists_are_secret() -> None:
    """The cards lie face down, so an opponent or a spectator learns a card only when the rules
    show it (a battle, a discard): each seat reads its own army list only, and an observation is
    the same whatever another seat's face-down cards are (the 1.0.0 observation published every
    list with each piece's starting cards)."""
    plain = army()
    axes = army(infantry_left=("Axe Captain", "Axemen", "Axemen"))
    st, other = game(plain, plain), game(plain, axes)
    assert GAME.observation(st, 0) == GAME.observation(other, 0)
    assert GAME.observation(st, None) == GAME.observation(other, None)
    obs = GAME.observation(other, 1)
    assert [("army_list" in p) for p in obs["players"]] == [False, True]
    assert obs["players"][1]["army_list"] == other.deal.lists[1]
    obs["players"][1]["army_list"]["reserve"].clear()
    assert other.deal.lists[1]["reserve"], "the observation is a copy"


def test_a_battle_shows_both_pieces_cards_to_everyone() -> None:
    st = place(game(), {"0:cavalry-left": "c5", "1:infantry-left": "e6"}, clear=True)
    play(st, "move c5 e5 e6")
    seen = _piece(GAME.observation(st, None), "0:cavalry-left")
    assert [c["name"] for c in (seen["card"], *seen["army"])] == [
        "Lance Knight",
        "Lancers",
        "Lancers",
    ]
    assert (seen["attack"], seen["defence"]) == (12, 6)
    assert "Berserkers" in [c["name"] for c in GAME.observation(st, None)["players"][1]["discard"]]


def test_the_owner_knows_its_reserve_the_others_count_it() -> None:
    """Reading: a reserve pile is face down and shuffled; its owner knows which cards are in it
    (its list minus what it placed), not their order; the others see how many."""
    st = game()
    mine = GAME.observation(st, 0)["players"][0]
    assert mine["reserve_cards"] == {
        "infantry": ["Spearmen", "Swordsmen"],
        "cavalry": ["Lancers", "Sabre Riders"],
        "ranged": ["Hunters", "Longbowmen"],
    }
    theirs = GAME.observation(st, 1)["players"][0]
    assert "reserve_cards" not in theirs
    assert theirs["reserve"] == {"infantry": 2, "cavalry": 2, "ranged": 2}


def test_a_replaced_card_is_discarded_face_up_and_the_drawn_one_stays_hidden() -> None:
    st = game()
    play(st, "draw f1 2")
    obs = GAME.observation(st, None)
    assert [c["name"] for c in obs["players"][0]["discard"]] == ["Shield Wall"]
    assert _piece(obs, "0:infantry-left")["army"][1] == {"hidden": True, "main_type": "Infantry"}


def test_the_observation_carries_the_board_and_the_acting_seats_destinations() -> None:
    st = game()
    obs = GAME.observation(st, 0)
    assert obs["size"] == 13 and obs["files"] == "abcdefghijklm"
    assert obs["grid"][0][4] == "0:hero" and obs["grid"][12][6] == "1:castle"
    assert obs["grid"][6][6] is None and obs["crown"]["square"] == "g7"
    cavalry = _piece(obs, "0:cavalry-left")
    legal = GAME.legal_actions(st, 0)
    assert set(cavalry["legal"]["moves"]) == {
        a.split()[2] for a in legal if a.startswith("move a1 ") and len(a.split()) == 3
    }
    assert cavalry["legal"]["attacks"] == {"a12": ["a13"]}
    assert _piece(obs, "0:castle")["legal"] == {"moves": [], "attacks": {}, "shots": []}
    listed = {
        (p["square"], to) for p in obs["pieces"] if "legal" in p for to in p["legal"]["moves"]
    }
    assert listed == {
        tuple(a.split()[1:]) for a in legal if a.startswith("move") and len(a.split()) == 3
    }
    assert "legal" not in _piece(GAME.observation(st, 1), "1:hero")
    assert all("legal" not in p for p in GAME.observation(st, None)["pieces"])


def test_determinize_re_deals_only_what_the_seat_cannot_place() -> None:
    """A determinization keeps the seat's own cards, every card shown, each hidden card's main
    type and each pile's size; it re-deals the rest."""
    st = game(seed=4)
    play(st, "move a1 a12 a13")  # seat 1's Cavalry on a13 is shown, then removed
    seen = set()
    for k in range(30):
        copy = GAME.determinize(st, 0, random.Random(k))
        assert GAME.observation(copy, 0) == GAME.observation(st, 0)
        assert GAME.observation(copy, None) == GAME.observation(st, None)
        assert copy.army[:7] == st.army[:7] and copy.leader[:7] == st.leader[:7]
        assert [sorted(p) for p in copy.reserve[0]] == [sorted(p) for p in st.reserve[0]]
        seen.add(json.dumps([copy.army[7:], copy.leader[7:], copy.reserve[1]]))
        for p in range(7, 14):
            assert [copy.deal.main[c] for c in copy.army[p]] == [
                st.deal.main[c] for c in st.army[p]
            ]
    assert len(seen) > 5
    assert canonical_state(st) == canonical_state(GAME.clone(st))


def test_determinize_deals_unseen_cards_from_the_catalogue_not_the_secret_list() -> None:
    """Army lists are secret (reading 30): two games that differ only in a card seat 0 cannot
    see (seat 1's right Infantry carries Axemen, or Spearmen) determinize, with the same
    random generator, to the very same world; and over several the unseen cards take catalogue
    cards that seat 1's list does not hold."""
    spear = army()
    axe = army(infantry_right=("Spear Captain", "Spearmen", "Axemen"))
    first, second = game(spear, spear), game(spear, axe)
    assert GAME.digest(first) != GAME.digest(second)
    assert GAME.observation(first, 0) == GAME.observation(second, 0)
    seen = set()
    for k in range(20):
        a = GAME.determinize(first, 0, random.Random(k))
        b = GAME.determinize(second, 0, random.Random(k))
        assert GAME.digest(a) == GAME.digest(b), "the world depends on a card seat 0 cannot see"
        assert GAME.observation(a, 0) == GAME.observation(first, 0)
        seen.update(c.name for c in a.deal.cards[27:])
    listed = {c.name for c in first.deal.cards[27:]}
    assert seen - listed, "every re-dealt card came from the real list"


def test_zones_list_every_card_exactly_once() -> None:
    for n in (2, 3, 4):
        st = game(n=n)
        cards = [c for zone in GAME.zones(st).values() for c in zone]
        assert len(cards) == 27 * n == len(set(cards))
        zones = GAME.zones(st)
        assert zones["piece:0:hero"][0].startswith("0:1#")
        assert len(zones["reserve:1:ranged"]) == 2 and zones["discard:0"] == []


def test_the_digest_follows_the_canonical_state() -> None:
    rng = random.Random(7)
    st = game(n=3, seed=7)
    seen: dict[str, str] = {}
    while not GAME.is_over(st):
        key = json.dumps(GAME.canonical(st), sort_keys=True)
        digest = GAME.digest(st)
        assert seen.setdefault(digest, key) == key, "two states share a digest"
        GAME.apply(st, rng.choice(GAME.legal_actions(st, st.to_act)))
    assert len(seen) > 20
