"""Bad input is rejected with a reason and leaves the state unchanged."""

from __future__ import annotations

import pytest

from engines.arackhan_wars import GAME
from engines.arackhan_wars.cards import implemented
from engines.arackhan_wars.catalogue import DATA_DIR, parse_catalogue, shipped_catalogue
from engines.arackhan_wars.playable import validate_for_play
from engines.arackhan_wars.state import PLACE
from engines.base import BadSetup, IllegalAction
from tests.engines.arackhan.akw_scene import scene


def rejected(s, action: str, *words: str) -> str:
    before = GAME.digest(s.st)
    with pytest.raises(IllegalAction) as info:
        s.play(action)
    assert GAME.digest(s.st) == before, "the state changed"
    reason = info.value.reason
    for word in words:
        assert word in reason, reason
    return reason


def test_attacking_an_allied_card_is_rejected() -> None:
    s = scene([(0, "Swamp Ogre", "3,2"), (0, "Scuttle Jaw", "4,2"), (1, "Yeti", "3,3")])
    rejected(s, f"attack {s.c('Scuttle Jaw')} {s.c('Swamp Ogre')}", "allied")


def test_activating_a_deactivated_card_is_rejected() -> None:
    s = scene([(0, "Swamp Ogre", "3,2"), (1, "Yeti", "3,3"), (1, "Lunar Wendigo", "2,2")])
    s.play(f"attack {s.c('Yeti')} {s.c('Swamp Ogre')}")
    assert not s.st.active[s["Swamp Ogre"]]
    rejected(s, f"attack {s.c('Lunar Wendigo')} {s.c('Swamp Ogre')}", "deactivated")


def test_moving_through_an_enemy_is_rejected() -> None:
    # the Penguin (Movement 2) is walled in by enemies on its right
    s = scene(
        [
            (0, "Nihilist Penguin", "2,2"),
            (0, "Yeti", "1,2"),
            (1, "Swamp Ogre", "3,2"),
            (1, "Scuttle Jaw", "2,1"),
            (1, "Swamp Troll", "2,3"),
        ],
        factions=("Whitelands", "Blight"),
    )
    rejected(s, f"move {s.c('Nihilist Penguin')} 4,2", "cannot reach", "enemy")
    assert f"move {s.c('Nihilist Penguin')} 0,2" in s.legal(), "through its ally is fine"


def test_attack_out_of_reach_and_garbage() -> None:
    s = scene([(0, "Swamp Ogre", "3,2"), (1, "Yeti", "5,2")])
    rejected(s, f"attack {s.c('Yeti')} {s.c('Swamp Ogre')}", "cannot attack")
    rejected(s, "attack", "needs a card")
    rejected(s, "attack c999 c1", "not a card")
    rejected(s, "fly away")


def _placement_state():
    state = GAME.new_game(5, 2)
    while state.phase != PLACE:
        GAME.apply(state, GAME.legal_actions(state, GAME.to_act(state))[-1])
    return state


def test_illegal_placements_are_rejected() -> None:
    state = _placement_state()
    seat = GAME.to_act(state)
    field = next(h for h in state.hand[seat] if not _astral(state, h))
    before = GAME.digest(state)
    with pytest.raises(IllegalAction, match="starting area"):
        GAME.apply(state, f"place c{field} 0,1")
    with pytest.raises(IllegalAction, match="not a space"):
        GAME.apply(state, f"place c{field} 9,9")
    with pytest.raises(IllegalAction, match="astral plane symbol"):
        GAME.apply(state, f"place c{field} astral")
    other = 1 - seat
    with pytest.raises(IllegalAction, match="not yours|turn"):
        GAME.apply(state, f"place c{state.hand[other][0]} 3,2", other)
    with pytest.raises(IllegalAction, match="not a card in your hand"):
        GAME.apply(state, f"place c{state.hand[other][0]} 3,2")
    assert GAME.digest(state) == before
    GAME.apply(state, f"place c{field} 3,2")
    second = next((h for h in state.hand[seat] if not _astral(state, h)), None)
    if second is not None:
        with pytest.raises(IllegalAction, match="occupied"):
            GAME.apply(state, f"place c{second} 3,2")
        with pytest.raises(IllegalAction, match="starting area|adjacen"):
            GAME.apply(state, f"place c{second} 0,4")


def _astral(state, h: int) -> bool:
    from engines.arackhan_wars.info import info

    return info(state.ctype[h]).astral


def test_bad_setups_name_the_problem() -> None:
    with pytest.raises(BadSetup, match="2 to 4 seats, not 5"):
        GAME.new_game(1, 5)
    with pytest.raises(BadSetup, match="deck-size"):
        GAME.new_game(1, 2, [{"faction": "Blight", "cards": [{"id": 1171, "copies": 3}]}] * 2)
    with pytest.raises(BadSetup, match="mode 2v2 is for 4 seats, not 2"):
        GAME.new_game(1, 2, None, {"mode": "2v2"})
    with pytest.raises(BadSetup, match="unknown mode"):
        GAME.new_game(1, 4, None, {"mode": "3v1"})
    with pytest.raises(BadSetup, match="unknown AracKhan Wars options"):
        GAME.new_game(1, 2, None, {"weather": True})


def test_a_card_the_engine_does_not_know_is_refused_for_play() -> None:
    # a later catalogue version adds a Nakka card no definition covers
    text = (DATA_DIR / "cards-v1.csv").read_text()
    extra = "1999,Moss Golem,Nakka,Creature,4,,1,3,,,,no,unlimited,no,,,,,,\n"
    catalogue = parse_catalogue(text + extra, version="v2")
    deck = {"faction": "Nakka", "cards": [{"id": 1999, "copies": 1}, {"id": 1056, "copies": 22}]}
    problems = validate_for_play(deck, catalogue)
    assert [p.rule for p in problems] == ["card-not-playable"]
    assert "Moss Golem" in problems[0].message and problems[0].count == 1
    fine = {"faction": "Nakka", "cards": [{"id": 1056, "copies": 23}]}
    assert validate_for_play(fine, catalogue) == []


def test_every_catalogue_card_is_playable() -> None:
    assert implemented() == frozenset(shipped_catalogue().cards)
