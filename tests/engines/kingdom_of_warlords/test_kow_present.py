"""Kingdom of Warlords for people: labels, the move log, board paths, card faces, the result."""

from __future__ import annotations

import copy
import itertools
import random
import re

from engines.base import Result
from engines.kingdom_of_warlords import GAME
from engines.kingdom_of_warlords.builder import build_state
from engines.kingdom_of_warlords.cards import CARD_IDS

NAMES = ["Ana", "Bob"]
RAW = re.compile(r"\b\d{3,4}\b|strength|seat \d")


def labels(state) -> dict[str, str]:
    seat = GAME.to_act(state)
    return {a: GAME.describe_action(state, a, seat, NAMES) for a in GAME.legal_actions(state, seat)}


def move(state, action: str, viewer: int | None) -> str:
    before = GAME.clone(state)
    events = GAME.apply(state, action)
    return GAME.describe_move(before, action, events, viewer, NAMES)


def random_states(seeds: range, rng: random.Random):
    """Every state of random games, with the action then played and its events."""
    for seed in seeds:
        state = GAME.new_game(seed, 2)
        while not GAME.is_over(state):
            action = rng.choice(GAME.legal_actions(state, GAME.to_act(state)))
            before = GAME.clone(state)
            events = GAME.apply(state, action)
            yield before, action, events


def test_labels_name_the_cards_and_what_the_play_is() -> None:
    """Doubles with the Wizard are named as the double they make; a leader's Triple says it
    brings the 4th card ("that player now can add an additional card to their hand")."""
    state = build_state(hands=(["K", "W", "K"], ["9", "9", "4"]))
    assert labels(state) == {
        "play K": "Play King",
        "play K,K": "Play King + King (a double of Kings)",
        "play K,W": "Play King + Wizard (a double of Kings)",
        "play K,K,W": "Play King + King + Wizard (a triple of Kings): from now on you may take a "
        "4th card",
    }


def test_an_answer_says_whether_it_wins_loses_or_starts_a_war() -> None:
    """ "the highest card wins" / "When a card of the same rank is played by both players then
    a War is declared" / Phantoms "played second ... will always be defeated"."""
    state = build_state(hands=(["9", "5", "6"], ["9", "4", "P"]))
    GAME.apply(state, "play 9")
    assert labels(state) == {
        "play 4": "Play 4: loses the battle",
        "play 9": "Play 9: starts a War (equal plays)",
        "play P": "Play Phantom: loses: a Phantom played second has no power",
    }
    state = build_state(hands=(["9", "5", "6"], ["D", "4", "7"]))
    GAME.apply(state, "play 9")
    assert labels(state)["play D"] == "Play Dragon: wins the battle and Ana's hand"


def test_phantom_dragon_warlord_and_extra_labels() -> None:
    state = build_state(hands=(["P", "W", "D"], ["9", "4", "7"]))
    got = labels(state)
    assert got["play P"] == "Play Phantom: Bob surrenders the top card of their Army"
    assert got["play P,W"] == "Play Phantom + Wizard: Bob surrenders the top 2 cards of their Army"
    assert got["play D"] == "Play Dragon: only the other Dragon can answer it"
    state = build_state(
        hands=(["WL", "WL", "5"], ["9", "4", "7"]), armies=(["8", "8", "6", "6"], [])
    )
    assert labels(state)["warlord"] == "Lay a Warlord and draw 2 cards"
    GAME.apply(state, "warlord")
    assert labels(state)["warlord"] == "Lay your second Warlord and draw 2 more cards"
    state = build_state(
        hands=(["9", "5", "6"], ["K", "4", "7"]), armies=(["8"], []), bonus=(True, False)
    )
    assert labels(state)["extra"] == "Take a 4th card from your Army (Triple advantage)"


def test_the_move_log_tells_the_battle() -> None:
    """A War, the Phantom's stand-in in it, and who won how many cards."""
    state = build_state(
        hands=(["9", "P", "5"], ["9", "4", "7"]),
        armies=(["4", "4", "5", "6"], ["K", "7", "7", "8"]),
    )
    assert move(state, "play 9", None) == "played 9"
    assert move(state, "play 9", None) == "played 9; War! 3 cards each laid face down"
    assert move(state, "play P", 1) == (
        "played Phantom; the top card of Bob's Army fights for the Phantom: 8, a single 8"
    )
    assert move(state, "play 7", 0) == "played 7; Ana won the battle and 11 cards"


def test_the_log_names_a_dragon_capture_a_phantom_and_the_warlords_won() -> None:
    state = build_state(hands=(["9", "5", "6"], ["D", "WL", "7"]), armies=([], ["K", "Q"]))
    move(state, "play 9", None)
    assert move(state, "play D", None).startswith(
        "played Dragon; Bob won the battle with the Dragon and 4 cards, Ana's hand of 2 included"
    )
    state = build_state(hands=(["P", "5", "6"], ["9", "4", "7"]), armies=([], ["K"]))
    assert move(state, "play P", 1).startswith(
        "played Phantom; Bob surrendered the top card of the Army: King; "
        "Ana won the battle with the Phantom and 2 cards"
    )
    state = build_state(
        hands=(["K", "5", "6"], ["WL", "4", "7"]),
        armies=([], ["8", "9"]),
        troops=(["WL", "WL", "WL"], []),
        leftover_seat=0,
    )
    move(state, "play K", None)
    assert move(state, "warlord", 1) == "laid a Warlord; drew 8 and 9"
    line = move(state, "play 4", None)
    assert line == (
        "played 4; Ana won the battle and 3 cards, with a Warlord; Ana holds all four Warlords"
    )
    assert GAME.describe_result(GAME.result(state), NAMES) == (
        "After 1 battle, Ana holds all four Warlords."
    )


def test_cards_drawn_are_named_only_to_the_seat_that_drew_them() -> None:
    state = build_state(hands=(["K", "5", "6"], ["WL", "4", "7"]), armies=([], ["A", "D"]))
    GAME.apply(state, "play K")
    before = GAME.clone(state)
    events = GAME.apply(state, "warlord")
    assert GAME.describe_move(before, "warlord", events, 1, NAMES) == (
        "laid a Warlord; drew Assassin and Dragon"
    )
    for viewer in (0, None):
        line = GAME.describe_move(before, "warlord", events, viewer, NAMES)
        assert line == "laid a Warlord; drew 2 cards"


def test_what_a_viewer_reads_does_not_depend_on_cards_hidden_from_it() -> None:
    """Whatever the hidden cards drawn were, the other seat and spectators read the same line."""
    rng = random.Random(4)
    checked = 0
    for before, action, events in random_states(range(12), rng):
        for viewer in (None, 0, 1):
            line = GAME.describe_move(before, action, events, viewer, NAMES)
            swapped = copy.deepcopy(events)
            for event in swapped:
                if "seen_by" in event and viewer not in event["seen_by"]:
                    event["cards"] = ["0:D"] * len(event["cards"])
                    checked += 1
            assert GAME.describe_move(before, action, swapped, viewer, NAMES) == line
    assert checked > 100


def test_labels_and_log_lines_never_show_a_card_id_or_a_raw_number() -> None:
    rng = random.Random(9)
    for before, action, events in random_states(range(30), rng):
        seat = GAME.to_act(before)
        for other in GAME.legal_actions(before, seat):
            label = GAME.describe_action(before, other, seat, NAMES)
            assert not [c for c in CARD_IDS if c in label] and not RAW.search(label), label
        for viewer in (None, 0, 1):
            line = GAME.describe_move(before, action, events, viewer, NAMES)
            assert line and not [c for c in CARD_IDS if c in line], line
            assert not RAW.search(line), line


def follows(path: list, clicks: list[str]) -> bool:
    """True when ``clicks`` complete ``path`` (a list step is clicked in any order), as the
    page's choice.js reads it."""
    i = 0
    for step in path:
        if isinstance(step, str):
            if i >= len(clicks) or clicks[i] != step:
                return False
            i += 1
            continue
        left = list(step)
        while left:
            if i >= len(clicks) or clicks[i] not in left:
                return False
            left.remove(clicks[i])
            i += 1
    return i == len(clicks)


def test_every_action_is_chosen_on_the_board_with_the_cards_it_plays() -> None:
    """A play is one step of the hand cards that go to the battlefield, clicked in any order; a
    Warlord is laid by clicking it; the 4th card is taken on your Army pile."""
    rng = random.Random(5)
    seen = set()
    for before, _action, _events in random_states(range(60), rng):
        seat = GAME.to_act(before)
        hand = {f"card:{c}" for c in GAME.observation(before, seat)["hand"]}
        paths = {}
        for action in GAME.legal_actions(before, seat):
            path = GAME.action_path(before, action, seat)
            if action == "yield":  # a button: it plays no card
                assert path == []
                continue
            assert path, action
            played = GAME.apply(GAME.clone(before), action)
            if action == "extra":
                assert path == [f"army:{seat}"]
            elif action == "warlord":
                laid = next(e for e in played if e["type"] == "warlord")["card"]
                assert path == [f"card:{laid}"]
            else:
                cards = next(e for e in played if e["type"] == "play")["cards"]
                assert len(path) == 1 and sorted(path[0]) == sorted(f"card:{c}" for c in cards)
                assert set(path[0]) <= hand
                for order in itertools.permutations(path[0]):
                    assert follows(path, list(order))
            grouped = isinstance(path[0], list) and len(path[0]) > 1
            seen.add("group" if grouped else action.split()[0])
            paths[action] = path
        # Any clicks complete one action at most.
        for a, b in itertools.combinations(paths, 2):
            flat = [k for step in paths[b] for k in ([step] if isinstance(step, str) else step)]
            assert not follows(paths[a], flat), (a, b)
    assert {"play", "warlord", "extra", "group"} <= seen


def test_every_card_the_observation_names_has_a_face() -> None:
    rng = random.Random(3)
    for n, (before, _a, _e) in enumerate(random_states(range(3), rng)):
        if n % 7:
            continue
        for viewer in (0, 1, None):
            obs = GAME.observation(before, viewer)
            faces = GAME.card_faces(obs)
            named = set(obs["hand"] or ())
            for player in obs["players"]:
                named |= set(player["troop"]) | set(player["field"])
            named |= {c for drawn in obs["first_draw"] for c in drawn}
            assert named == set(faces)
            assert all(
                f["name"] and f["name"] not in CARD_IDS and f["text"] for f in faces.values()
            )
    faces = GAME.card_faces({"hand": ["0:K#1", "1:W", "0:WL#2"], "players": []})
    assert faces["0:K#1"] == {
        "name": "King",
        "kind": "Rank",
        "text": faces["0:K#1"]["text"],
        "stats": [["rank", "10 of 11"]],
    }
    assert faces["1:W"]["kind"] == "Specialty" and "double" in faces["1:W"]["text"]
    assert faces["0:WL#2"]["name"] == "Warlord" and "all four Warlords" in faces["0:WL#2"]["text"]


def test_hidden_cards_get_no_face() -> None:
    """The other hand, both armies and the face-down war cards are never named to a seat."""
    state = build_state(
        hands=(["9", "P", "5"], ["9", "4", "7"]), armies=(["4", "4", "5"], ["K"] * 1)
    )
    GAME.apply(state, "play 9")
    GAME.apply(state, "play 9")  # a War: 3 face-down cards each (fewer for Bob)
    zones = GAME.zones(state)
    for viewer in (0, 1, None):
        hidden = set(zones["army:0"] + zones["army:1"] + zones["war:0"] + zones["war:1"])
        hidden |= {c for s in (0, 1) if s != viewer for c in zones[f"hand:{s}"]}
        faces = GAME.card_faces(GAME.observation(state, viewer))
        assert faces and not hidden & set(faces)


def test_the_result_names_the_seats_and_the_score_counts_warlords() -> None:
    assert GAME.score_label == "Warlords"
    capped = Result(
        (0, 1),
        (3.0, 1.0),
        "battle cap of 500 reached: seat 0 holds more Warlords (3 to 1)",
        {"battles": 500},
    )
    assert GAME.describe_result(capped, NAMES) == (
        "After the limit of 500 battles: Ana holds more Warlords (3 to 1)."
    )
    forfeit = Result((0, 1), (0.0, 0.0), "seat 1 forfeited: resigned", {"forfeit": 1})
    assert GAME.describe_result(forfeit, NAMES) == "Bob forfeited: resigned."
    state = build_state(hands=(["K", "5", "6"], ["4", "7", "8"]), cap=1)
    GAME.apply(state, "play K")
    GAME.apply(state, "play 4")
    assert GAME.describe_result(GAME.result(state), NAMES) == (
        "After the limit of 1 battle: Warlords level, Ana holds more cards (28 to 26)."
    )
