"""Khan of Khans for people: labels, the move log, board paths and card faces."""

from __future__ import annotations

import random

from engines.khan_of_khans import GAME
from engines.khan_of_khans.cards import CARD_IDS, KHAN_SLUGS
from tests.engines.khan_of_khans.kok_helpers import game, play, stack

NAMES = ["Ana", "Ben", "Cy"]


def test_a_sable_raid_is_named_only_for_the_sable_nation() -> None:
    """Sable Nation: "Raid! cards in their Herd are kept face down (values hidden)"."""
    st = game("sable-nation", "morokanth")
    stack(st, "L2:raid100")
    before = GAME.clone(st)
    events = play(st, "raid 2")
    own = GAME.describe_move(before, "raid 2", events, 0, NAMES)
    theirs = GAME.describe_move(before, "raid 2", events, 1, NAMES)
    public = GAME.describe_move(before, "raid 2", events, None, NAMES)
    assert own == "found Raid! 100 in Location 3"
    assert theirs == public == "found a face-down Raid! card in Location 3"


def test_a_steal_names_the_seat_it_took_from() -> None:
    st = game("morokanth", "high-llama")
    stack(st, "L0:raid50a", "L1:bless")
    play(st, "raid 0")
    before = GAME.clone(st)
    events = play(st, "raid 1")  # seat 1 draws a Blessing
    assert "drew a Waha's Blessing from Location 2" in GAME.describe_move(
        before, "raid 1", events, None, NAMES
    )
    label = GAME.describe_action(st, "give 0 50", 1, NAMES)
    assert label == "Use the drawn Waha's Blessing on Ana: take a 50-cow Raid! card"
    before = GAME.clone(st)
    events = play(st, "give 0 50")
    assert GAME.describe_move(before, "give 0 50", events, 0, NAMES) == "took Raid! 50 from Ana"


def test_every_choice_is_made_on_the_board_but_corral_and_keep() -> None:
    """Raids on a Location deck, steals on the card taken, the Impala reveal on its token."""
    rng = random.Random(5)
    seen = set()
    for seed in range(40):
        st = GAME.new_game(seed, 3)
        while not GAME.is_over(st):
            seat = GAME.to_act(st)
            for action in GAME.legal_actions(st, seat):
                path = GAME.action_path(st, action, seat)
                verb = action.split()[0]
                seen.add(verb)
                assert (path == []) == (verb in ("corral", "keep")), (action, path)
                if verb in ("raid", "choose"):
                    assert path == [f"deck:{action.split()[1]}"]
                if verb == "impala":
                    decks = action.split()[1].split(",")
                    assert path == ["impala-token", [f"deck:{d}" for d in decks]]
            GAME.apply(st, rng.choice(GAME.legal_actions(st, seat)))
    assert {"raid", "corral", "keep", "give", "bless"} <= seen


def test_labels_and_log_lines_never_show_a_card_id_or_a_slug() -> None:
    codes = set(CARD_IDS) | set(KHAN_SLUGS)
    rng = random.Random(9)
    for seed in range(30):
        st = GAME.new_game(seed, 4)
        while not GAME.is_over(st):
            seat = GAME.to_act(st)
            acts = GAME.legal_actions(st, seat)
            for action in acts:
                label = GAME.describe_action(st, action, seat, NAMES + ["Di"])
                assert not [c for c in codes if c in label], label
            action = rng.choice(acts)
            before = GAME.clone(st)
            events = GAME.apply(st, action)
            for viewer in (None, 0, seat):
                line = GAME.describe_move(before, action, events, viewer, NAMES + ["Di"])
                assert line and not [c for c in codes if c in line], line


def test_every_card_the_observation_names_has_a_face() -> None:
    rng = random.Random(3)
    st = GAME.new_game(11, 3)
    for _ in range(60):
        if GAME.is_over(st):
            break
        GAME.apply(st, rng.choice(GAME.legal_actions(st, GAME.to_act(st))))
    obs = GAME.observation(st, 0)
    faces = GAME.card_faces(obs)
    named = {c for p in obs["players"] for c in p["herd"]} | set(obs["khans"])
    assert named <= set(faces)
    assert all(face["name"] and face["name"] not in CARD_IDS for face in faces.values())
    khan = faces[obs["khans"][0]]
    assert khan["kind"] == "Khan" and khan["text"]
    raid = GAME.card_faces({"khans": [], "decks": [{"top": "L4:raid50b"}]})["L4:raid50b"]
    assert raid["name"] == "Raid! 50" and ["cows", 50] in raid["stats"]
