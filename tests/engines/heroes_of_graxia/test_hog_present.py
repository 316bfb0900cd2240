"""Heroes of Graxia for people (docs/boards.md): labels with names, the board keys an action is
chosen on, move sentences that hide a hand from the other seats, every card's face with every
field of the card diagram, and the result in words."""

from __future__ import annotations

import json
import random
import re

from hog_helpers import GAME, cid, empty_hand, equip, give, refresh, set_monsters, started

from engines.heroes_of_graxia import GAME as SHIPPED

NAMES = ["Ana", "Ben", "Cy", "Dee"]
CODE = re.compile(r"#|\b[a-z]+-[a-z]+\b")


def _scene():
    st = started(2)
    empty_hand(st, 0)
    army = give(st, 0, "gorthox-shieldbreaker", "legion")
    sword = give(st, 0, "bone-sword")
    give(st, 0, "chain-lightning")
    foe = give(st, 1, "alesana", "legion")
    set_monsters(st, ["cave-troll"])
    refresh(st)
    return st, army, sword, foe


def test_labels_name_cards_and_seats_by_their_players() -> None:
    """describe_action: "cards by name ... seats by names" (docs/boards.md)."""
    st, army, _, foe = _scene()
    say = lambda a: GAME.describe_action(st, a, 0, NAMES)  # noqa: E731
    assert say("attack 1") == "Attack the Legion of Ben (Flist) (1 action)"
    assert say(f"cast chain-lightning {cid(foe)}") == (
        "Cast Chain Lightning on Ben's Alesana (1 action)"
    )
    assert say(f"attach bone-sword {cid(army)}") == (
        "Attach Bone Sword to Gorthox Shieldbreaker (1 action)"
    )


def test_paths_use_the_board_keys() -> None:
    """action_path: the keys of the elements clicked, in order; `[]` makes a button."""
    st, army, sword, foe = _scene()
    legion = st.legion[0]
    path = lambda a: GAME.action_path(st, a, 0)  # noqa: E731
    assert path("sell bone-sword") == [f"hand:{cid(sword)}", "sell"]
    assert path(f"attach bone-sword {cid(army)}") == [
        f"hand:{cid(sword)}",
        f"unit:0:{legion.index(army)}",
    ]
    assert path(f"cast chain-lightning {cid(foe)}")[1] == f"unit:1:{st.legion[1].index(foe)}"
    assert path("fight cave-troll") == ["monster:0"]
    assert path("attack 1") == ["legion:1"]
    assert path("draw") == [] and path("end") == []
    st.gold = 20
    refresh(st)
    buy = next(a for a in GAME.legal_actions(st, 0) if a.startswith("buy "))
    (key,) = path(buy)
    d, n = map(int, key.split(":")[1:])
    assert st.t.SLUG[st.t.KIND[st.mkt_row[d][n]]] == buy.split()[1]


def test_equipment_is_moved_and_picked_up_by_its_own_key() -> None:
    """Attached Equipment is its own element: ``gear:<seat>:<n>:<type>``."""
    st, army, _, _ = _scene()
    hero = st.hero[0]
    axe = equip(st, "bone-sword", army)
    refresh(st)
    n = st.legion[0].index(army)
    assert GAME.action_path(st, f"pickup {cid(axe)}", 0) == [f"gear:0:{n}:weapon", "to-hand"]
    moved = GAME.action_path(st, f"move {cid(axe)} {cid(hero)}", 0)
    assert moved == [f"gear:0:{n}:weapon", f"unit:0:{st.legion[0].index(hero)}"]


def test_no_two_actions_share_a_path_and_hands_stay_hidden() -> None:
    """Every action is reachable by one path of its own; the move log shows another seat's
    hand card neither by key nor by name (hands are private, the rulebook's hidden hand)."""
    for seed in range(3):
        st = SHIPPED.new_game(seed, 3)
        rng = random.Random(seed)
        while not SHIPPED.is_over(st):
            seat = SHIPPED.to_act(st)
            legal = SHIPPED.legal_actions(st, seat)
            paths = [json.dumps(SHIPPED.action_path(st, a, seat)) for a in legal]
            keyed = [p for p in paths if p != "[]"]
            assert len(keyed) == len(set(keyed)), legal
            for a in legal:
                assert not CODE.search(SHIPPED.describe_action(st, a, seat, NAMES)), a
            action = rng.choice(legal)
            before = SHIPPED.clone(st)
            events = SHIPPED.apply(st, action, seat)
            for viewer in (None, 0, 1, 2):
                text = SHIPPED.describe_move(before, action, events, viewer, NAMES)
                assert text and not CODE.search(text), (action, text)
                keys = SHIPPED.action_path(before, action, viewer)
                if viewer != seat:
                    assert not any(str(k).startswith("hand:") for k in keys)


def test_another_seat_does_not_read_the_cards_drawn() -> None:
    """Hands are private: "drew Bone Sword, ..." for the owner, a count for the others."""
    st = SHIPPED.new_game(5, 2)
    seat = SHIPPED.to_act(st)
    before = SHIPPED.clone(st)
    events = SHIPPED.apply(st, "redraw", seat)
    mine = SHIPPED.describe_move(before, "redraw", events, seat, NAMES)
    theirs = SHIPPED.describe_move(before, "redraw", events, 1 - seat, NAMES)
    drawn = [SHIPPED.tables.NAME[SHIPPED.tables.KIND[c]] for c in st.hand[seat]]
    assert "drew " + drawn[0] in mine
    assert "drew 4 cards" in theirs and "drew " + drawn[0] not in theirs


def test_every_card_face_has_every_field_of_the_card_diagram() -> None:
    """The card diagram: cost, sell value, health, attack, defense, trophy value,
    classification/type/race and specials (the rulebook's card anatomy)."""
    st = SHIPPED.new_game(1, 4)
    obs = SHIPPED.observation(st, 0)
    faces = SHIPPED.card_faces(obs)
    shown = {c["id"] for c in obs["players"][0]["hand"]} | {
        c["id"] for deck in obs["market"] for c in deck["cards"] if c
    }
    assert shown <= set(faces)
    for card_id, face in faces.items():
        info = obs["cards"][card_id.split("#")[0]]
        labels = {label for label, _ in face["stats"]}
        assert face["name"] == info["name"] and face["kind"] == info["line"]
        assert face["text"] == info["text"]
        for field in ("health", "attack", "defense"):
            assert (field.title() in labels) == (field in info), (card_id, field)
        if info["classification"] == "Monster":
            assert ["Trophy", f"{info['trophy']} Victory Points"] in face["stats"]
        elif info["classification"] != "Hero":
            assert ["Cost", f"{info['cost']} Gold"] in face["stats"]
            assert ["Sells for", f"{info['sell']} Gold"] in face["stats"]
        if info["classification"] == "Spell":
            assert "Cast" in labels
    monster = next(f for f in faces.values() if f["kind"].startswith("Monster"))
    assert monster["text"].startswith("Reward")


def test_the_result_names_the_winner_with_victory_points() -> None:
    """Most Victory Points wins; the reason names seats by their players, never "seat 2"."""
    st = SHIPPED.new_game(0, 3)
    SHIPPED.random_playout(st, random.Random(0))
    result = SHIPPED.result(st)
    text = SHIPPED.describe_result(result, NAMES[:3])
    winner = result.ranks.index(0)
    assert text.startswith(f"{NAMES[winner]} ({int(result.scores[winner])} Victory Points")
    assert "seat" not in text
    assert SHIPPED.score_label == "Victory Points"
