"""AracKhan Wars for people (engines/arackhan_wars/present.py, present_log.py, faces.py): labels
and the move log name a card only where the viewer may see it, every legal action can be chosen
on the board, the mulligan is chosen card by card, and every card the observation names has a
face.

Hidden information, from the rulebook: cards are placed "face down", and at the Reveal phase
"players simultaneously reveal the two cards they have placed"; the hands and draw piles are
never shown.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from engines.arackhan_wars import GAME, board, present
from engines.arackhan_wars.explain import visible
from engines.arackhan_wars.faces import HIDDEN, card_faces, printed_face
from engines.arackhan_wars.info import info, infos
from engines.arackhan_wars.state import MULLIGAN, PLACE, State
from tests.engines.arackhan.akw_scene import card_id, scene

NAMES = ["Alice", "Bob"]
INSTANCE = re.compile(r"\bc\d+\b")


@cache
def _games() -> list[list[tuple[State, str, list, State]]]:
    """Three random games: every ply as (state before, action, events, state after)."""
    out = []
    for seed in (3, 11, 29):
        st = GAME.new_game(seed, 2)
        rng = random.Random(seed)
        plies = []
        while not GAME.is_over(st):
            seat = GAME.to_act(st)
            action = rng.choice(GAME.legal_actions(st, seat))
            before = GAME.clone(st)
            events = GAME.apply(st, action, seat)
            plies.append((before, action, events, GAME.clone(st)))
        out.append(plies)
    return out


def _plies():
    for plies in _games():
        yield from plies


def _hidden_names_in(text: str, states: list[State], viewer: int | None) -> set[str]:
    """Names in ``text`` of cards that ``viewer`` sees in none of ``states`` (a name it may see
    on another card, or inside a longer name it may see, does not count)."""
    st = states[0]
    seen = {
        info(s.ctype[i]).name for s in states for i in range(len(s.ctype)) if visible(s, i, viewer)
    }
    rest = text
    for name in sorted(seen, key=len, reverse=True):
        rest = rest.replace(name, "#")
    unseen = {info(st.ctype[i]).name for i in range(len(st.ctype))} - seen
    return {name for name in unseen if re.search(rf"\b{re.escape(name)}\b", rest)}


def _board_keys(obs: dict, legal: list[str]) -> set[str]:
    """The keys the board draws for ``obs`` (board/arackhan-wars.js): every space, the viewer's
    hand, each astral plane and the cards on it, and the action button of each card of the
    viewer's in play whose action is legal now."""
    keys = {f"space:{name}" for name in board.NAMES}
    seat = obs["seat"]
    keys |= {f"hand:{c['card']}" for c in obs["players"][seat]["hand"] or ()}
    for s, player in enumerate(obs["players"]):
        keys.add(f"astral:{s}")
        keys |= {f"card:{c['card']}" for c in player["astral"]}
    own = {c["card"] for c in obs["battlefield"] if c["controller"] == seat}
    own |= {c["card"] for c in obs["players"][seat]["astral"]}
    keys |= {f"act:{a.split()[1]}" for a in legal if a.startswith("act ") and a.split()[1] in own}
    return keys


def _flat(path: list) -> list[str]:
    return [k for step in path for k in ([step] if isinstance(step, str) else step)]


# -- labels -------------------------------------------------------------------------------------
def test_labels_name_your_own_cards_and_never_a_face_down_enemy_card() -> None:
    """Placement is "face down": the placing seat reads the card it places by name, its
    opponent and spectators read "a card" until the Reveal phase."""
    s = scene([], hand=[(0, "Nihilist Penguin"), (0, "Yeti")], phase=PLACE)
    place = f"place {s.c('Yeti')} 6,4"
    assert GAME.describe_action(s.st, place, 0, NAMES) == "place Yeti face down on space 6,4"
    for viewer in (1, None):
        assert "Yeti" not in GAME.describe_action(s.st, place, viewer, NAMES)
    for before, _, _, _ in _plies():
        seat = before.to_act
        for action in GAME.legal_actions(before, seat):
            label = GAME.describe_action(before, action, seat, NAMES)
            assert not INSTANCE.search(label), (action, label)
            for word in action.split()[1:]:
                i = present.instance(word)
                if i is not None and i in before.hand[seat]:
                    assert info(before.ctype[i]).name in label, (action, label)
            for viewer in (1 - seat, None):
                text = GAME.describe_action(before, action, viewer, NAMES)
                assert not _hidden_names_in(text, [before], viewer), (action, viewer, text)


def test_the_first_player_is_chosen_by_name() -> None:
    """ "randomly select the player who will choose who goes first in round 1": the choice
    names the players."""
    st = GAME.new_game(5, 2)
    labels = {GAME.describe_action(st, a, st.chooser, NAMES) for a in GAME.legal_actions(st, 0)}
    labels |= {GAME.describe_action(st, a, st.chooser, NAMES) for a in GAME.legal_actions(st, 1)}
    assert labels == {"Alice begins round 1", "Bob begins round 1"}
    assert all(GAME.action_path(st, a, st.chooser) == [] for a in GAME.legal_actions(st, 0))


# -- paths --------------------------------------------------------------------------------------
def test_every_legal_action_can_be_chosen_on_the_board_or_is_a_button() -> None:
    """Each legal action either has a path whose keys the board draws (no key twice) or is a
    button; two actions share a path only where the page must ask which one (a lone attack or
    the opening of a group attack, a card action's number or direction)."""
    checked = 0
    for before, _, _, _ in _plies():
        seat = before.to_act
        legal = GAME.legal_actions(before, seat)
        keys = _board_keys(GAME.observation(before, seat), legal)
        by_path: dict[str, list[str]] = {}
        for action in legal:
            path = GAME.action_path(before, action, seat)
            flat = _flat(path)
            assert set(flat) <= keys, (action, path)
            assert len(flat) == len(set(flat)), (action, path)
            if path:
                by_path.setdefault(repr(path), []).append(action)
                checked += 1
        for actions in by_path.values():
            if len(actions) > 1:
                heads = {a.split()[0] for a in actions}
                same_attack = heads == {"attack", "group"} and len(actions) == 2
                same_act = heads == {"act"} and len({a.split()[1] for a in actions}) == 1
                assert same_attack or same_act, actions
    assert checked > 500


def test_placing_is_the_hand_card_then_the_space_or_the_astral_plane() -> None:
    """ "place their first card from their hand ... face down, on the battlefield and/or on the
    astral plane": a hand card, then a space or the seat's astral plane."""
    s = scene([], hand=[(0, "Yeti"), (0, "Possession")], phase=PLACE)
    yeti, spell = s.c("Yeti"), s.c("Possession")
    assert GAME.action_path(s.st, f"place {yeti} 6,4", 0) == [f"hand:{yeti}", "space:6,4"]
    assert [a for a in s.legal() if a.startswith(f"place {spell}")] == [f"place {spell} astral"]
    assert GAME.action_path(s.st, f"place {spell} astral", 0) == [f"hand:{spell}", "astral:0"]
    # the opponent's log highlights the space only: never the card in another hand
    assert GAME.action_path(s.st, f"place {yeti} 6,4", 1) == ["space:6,4"]


def test_an_attack_is_the_attacker_then_the_target() -> None:
    """ "By activating an allied card that has an Attack value, a player can attack an adjacent
    enemy card": the attacker's space, then the target's."""
    s = scene([(0, "Swamp Ogre", "3,2"), (1, "Yeti", "4,2")])
    action = f"attack {s.c('Yeti')} {s.c('Swamp Ogre')}"
    assert action in s.legal()
    assert GAME.action_path(s.st, action, 0) == ["space:3,2", "space:4,2"]


def test_a_card_action_with_choices_reads_as_what_each_choice_does() -> None:
    """ "During the activation of a card with the action symbol, the player can decide to perform
    its action": the Ice Elemental's action button, then one of its three choices, each saying
    the Attack and Defence it gives."""
    s = scene([(0, "Ice Elemental", "3,2"), (1, "Swamp Ogre", "5,2")])
    me = s.c("Ice Elemental")
    acts = [a for a in s.legal() if a.startswith(f"act {me} ")]
    assert len(acts) == 3
    assert {tuple(GAME.action_path(s.st, a, 0)) for a in acts} == {(f"act:{me}",)}
    labels = {GAME.describe_action(s.st, a, 0, NAMES) for a in acts}
    assert labels == {
        "use the action of Ice Elemental: Attack 0, Defence 3 this round",
        "use the action of Ice Elemental: Attack 2, Defence 1 this round",
        "use the action of Ice Elemental: Attack 3, Defence 0 this round",
    }
    # for the log of another seat, the card's space
    assert GAME.action_path(s.st, acts[0], 1) == ["space:3,2"]


# -- the mulligan -------------------------------------------------------------------------------
def test_the_mulligan_is_chosen_by_clicking_the_cards_in_hand() -> None:
    """ "players may take a mulligan. This consists of putting back any number of cards in the
    draw pile, shuffling it, then drawing the same amount that was put back": each card of the
    hand is one click, named; keeping says how many will be drawn."""
    st = GAME.new_game(8, 2)
    GAME.apply(st, f"first {st.chooser}")
    assert st.phase == MULLIGAN
    seat = st.to_act
    legal = GAME.legal_actions(st, seat)
    cards = [a for a in legal if a.startswith("mulligan ")]
    assert len(cards) == 7
    paths = [GAME.action_path(st, a, seat) for a in cards]
    assert paths == [[f"hand:{a.split()[1]}"] for a in cards]
    labels = [GAME.describe_action(st, a, seat, NAMES) for a in cards]
    for action, label in zip(cards, labels, strict=True):
        assert info(st.ctype[int(action.split()[1][1:])]).name in label
    assert GAME.describe_action(st, "keep", seat, NAMES) == "keep the hand"
    GAME.apply(st, cards[0])
    assert cards[0] not in GAME.legal_actions(st, seat)
    obs = GAME.observation(st, seat)
    assert obs["players"][seat]["mulligan_aside"] == [cards[0].split()[1]]
    keep = "put back the 1 card set aside and draw 1 new card"
    assert GAME.describe_action(st, "keep", seat, NAMES) == keep
    assert GAME.action_path(st, cards[1], 1 - seat) == [], "another seat's hand is never a key"


# -- the move log -------------------------------------------------------------------------------
def test_the_move_log_names_a_placed_card_for_its_owner_only_until_the_reveal() -> None:
    """Cards are placed "face down" and revealed together at the Reveal phase: the log tells the
    placing seat which card it placed, everyone else where."""
    s = scene([], hand=[(0, "Yeti"), (0, "Nihilist Penguin")], phase=PLACE)
    before = GAME.clone(s.st)
    action = f"place {s.c('Yeti')} 6,4"
    events = s.play(action)
    assert GAME.describe_move(before, action, events, 0, NAMES).startswith(
        "placed Yeti face down on 6,4"
    )
    for viewer in (1, None):
        text = GAME.describe_move(before, action, events, viewer, NAMES)
        assert text.startswith("placed a card face down on 6,4") and "Yeti" not in text


def test_the_move_log_shows_each_viewer_only_what_it_saw() -> None:
    """Over whole random games, no log line names a card the viewer could see neither before
    nor after the move (the Reveal phase shows the placed cards to everyone), and none shows an
    internal card code."""
    reveals = 0
    for before, action, events, after in _plies():
        for viewer in (0, 1, None):
            text = GAME.describe_move(before, action, events, viewer, NAMES)
            assert text and not INSTANCE.search(text), (action, text)
            assert not _hidden_names_in(text, [before, after], viewer), (action, viewer, text)
        if any(e["type"] == "reveal" and e["cards"] for e in events):
            reveals += 1
            assert "the cards are revealed: " in GAME.describe_move(before, action, events, 1)
    assert reveals >= 9


def test_the_log_of_an_attack_says_who_attacked_what_and_how_it_ended() -> None:
    """ "An attack is successful when the Attack value is strictly greater than the Defense
    value of the enemy card ... If the enemy card is a creature, it is destroyed"; "The attack
    fails if the Attack value is equal or less": the log names the attacker, the target and the
    outcome (Swamp Ogre, Attack 2, on Scuttle Jaw, Defence 0, and on Yeti, Defence 2)."""
    for target, outcome in (
        ("Scuttle Jaw", "Scuttle Jaw was destroyed"),
        ("Yeti", "the attack on Yeti failed (Attack 2)"),
    ):
        s = scene([(0, "Swamp Ogre", "3,2"), (1, target, "4,2")])
        action = f"attack {s.c(target)} {s.c('Swamp Ogre')}"
        before = GAME.clone(s.st)
        events = s.play(action)
        text = GAME.describe_move(before, action, events, 1, NAMES)
        assert text == f"Swamp Ogre attacked {target}; {outcome}"
        assert s.destroyed(target) == (target == "Scuttle Jaw")
        assert GAME.action_path(before, action, 1) == ["space:3,2", "space:4,2"]


def test_a_card_put_back_is_named_to_its_owner_only() -> None:
    """Cards in a hand are hidden from the other players: a card put back from the hand into the
    draw pile (Ancestral Library) is named to its owner, "a card" to the others."""
    s = scene([], hand=[(0, "Yeti")], phase=PLACE)
    before = GAME.clone(s.st)
    events = [{"type": "put-back", "seat": 0, "seen_by": [0], "card": s.c("Yeti")}]
    action = f"return {s.c('Yeti')}"
    assert GAME.describe_move(before, action, events, 0, NAMES) == (
        "put Yeti back into the draw pile"
    )
    assert "Yeti" not in GAME.describe_move(before, action, events, 1, NAMES)


# -- faces --------------------------------------------------------------------------------------
def test_every_card_an_observation_names_has_a_face() -> None:
    """Every card instance an observation names (battlefield, hands, astral planes, discard
    piles, cards under cards, the mulligan) has a face: its catalogue name where the viewer sees
    it, a card back where it does not."""
    checked = 0
    for _, _, _, after in list(_plies())[::7]:
        for viewer in (0, 1, None):
            obs = GAME.observation(after, viewer)
            faces = card_faces(obs)
            named = set(INSTANCE.findall(repr({k: v for k, v in obs.items() if k != "legal"})))
            assert named == set(faces)
            for card, face in faces.items():
                i = int(card[1:])
                assert set(face) >= {"name", "kind", "text", "stats"}
                shown = after.over or after.face_up[i] or viewer == after.owner[i]
                shown = shown or i in after.discard[after.owner[i]]
                if shown or any(i in v for v in after.under.values()):
                    assert face["name"] == info(after.ctype[i]).name
                else:
                    assert face == HIDDEN
                checked += 1
    assert checked > 200


def test_a_face_shows_the_card_diagram() -> None:
    """ "A creature card shows: card name, card value, attack value, defense value, ... deck
    building value, family, attribute, action, and skill and/or weakness."""
    face = printed_face(card_id("Adrielle"))
    stats = dict((label, value) for label, value in face["stats"])
    assert face["name"] == "Adrielle" and face["kind"] == "Creature"
    assert face["faction"] == "Whitelands" and face["number"] == card_id("Adrielle")
    assert stats["value"] == 5 and stats["deck-building value"] == 13
    assert stats["Attack"] == 0 and stats["Defence"] == 0
    assert stats["attributes"] == "Stealth, Flight" and stats["family"] == "Ice Fairy"
    assert stats["copies"] == "legendary (1 per deck)"
    assert face["text"].startswith("Action: Destroy Adrielle")
    assert "Flight: moves to any free space next to another card" in face["text"]
    land = printed_face(card_id("Avalon Fortress"))
    assert land["kind"] == "Land" and "Benefit: " in land["text"]


def test_a_revealed_card_shows_its_attack_and_defence_now() -> None:
    """ "The Attack and Defense values of the cards can be modified by in-game occurrences": a
    revealed card's face adds its values now where they differ from the printed ones."""
    s = scene(
        [(0, "Lunar Wendigo", "3,2"), (0, "Shield of Dawn", "3,3")],
        factions=("Whitelands", "Blight"),
    )
    obs = GAME.observation(s.st, 1)
    wendigo = card_faces(obs)[s.c("Lunar Wendigo")]
    stats = dict((label, value) for label, value in wendigo["stats"])
    entry = next(c for c in obs["battlefield"] if c["card"] == s.c("Lunar Wendigo"))
    assert stats["Defence now"] == entry["defence"] != stats["Defence"]


@pytest.mark.parametrize("card", sorted({i.id for i in infos().values()}))
def test_every_catalogue_card_has_a_named_face(card: int) -> None:
    """Every card of the catalogue can be shown: a name, a kind and its value."""
    face = printed_face(card)
    assert face["name"] == info(card).name and face["kind"]
    assert dict((label, value) for label, value in face["stats"])["value"] == info(card).value


# -- the result ---------------------------------------------------------------------------------
def test_the_result_names_the_winner_and_every_score() -> None:
    """ "each player adds up the core values of their cards still present on the battlefield
    ... The player with the highest score wins the game."""
    after = _games()[0][-1][3]
    result = GAME.result(after)
    text = GAME.describe_result(result, NAMES)
    winner = NAMES[result.winners[0]]
    assert f"{winner} wins" in text or "shared" in text
    for seat, name in enumerate(NAMES):
        assert f"{name} {result.scores[seat]:g}" in text
    assert GAME.score_label == "victory points"
