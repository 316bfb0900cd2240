"""The rules fixed in engine 1.2.0 (issue 31): each test builds the situation, quotes the rule,
checks the current reading, and checks that a 1.1.0 state still plays the old one (so matches
played under 1.1.0 replay). Readings: docs/rules/arackhan-wars.md."""

from __future__ import annotations

import random

from engines.arackhan_wars import GAME
from engines.arackhan_wars.modes import hooks as mode_hooks
from engines.arackhan_wars.modes import objectives, sets, strategy
from engines.arackhan_wars.state import INITIATIVE, PENDING
from tests.engines.arackhan.akw_scene import scene

OLD = "1.1.0"


# -- 1. a group attack in the Initiative sequence ------------------------------------------------
GROUP_IN_INITIATIVE = [
    (0, "Banshee", "3,3"),  # Initiative
    (0, "Lightning Bird", "2,2"),  # Initiative, Flight
    (0, "Hexacarias", "4,2"),  # no Initiative
    (
        0,
        "Lightning Dragon",
        "3,1",
    ),  # Initiative, but "Cannot attack during the Initiative sequence"
    (1, "Yeti@target", "3,2"),
]


def test_a_group_in_the_initiative_sequence_takes_only_initiative_attackers() -> None:
    """ "During the Initiative sequence, only cards with the Initiative attribute can be
    activated"; the Lightning Dragon "Cannot attack during the Initiative sequence". Once a
    group is opened there, only the Lightning Bird may join (so the engine joins it and strikes:
    no choice is left); Hexacarias and the Dragon never join nor strike."""
    s = scene(GROUP_IN_INITIATIVE, factions=("Nakka", "Whitelands"), phase=INITIATIVE)
    groups = [a for a in s.legal() if a.startswith(f"group {s.c('target')} ")]
    assert sorted(groups) == sorted(
        [f"group {s.c('target')} {s.c(x)}" for x in ("Banshee", "Lightning Bird")]
    ), "a group is opened by a card with Initiative"
    events = s.play(f"group {s.c('target')} {s.c('Banshee')}")
    struck = [e for e in events if e["type"] == "attack"]
    assert len(struck) == 1, "the only join and the strike were forced"
    assert sorted(struck[0]["with"]) == sorted([s.c("Banshee"), s.c("Lightning Bird")])
    assert s.st.active[s["Hexacarias"]] and s.st.active[s["Lightning Dragon"]]

    old = scene(
        GROUP_IN_INITIATIVE, factions=("Nakka", "Whitelands"), phase=INITIATIVE, version=OLD
    )
    old.play(f"group {old.c('target')} {old.c('Banshee')}")
    assert old.st.phase == PENDING
    joins = set(old.legal())
    assert {f"join {old.c('Hexacarias')}", f"join {old.c('Lightning Dragon')}"} <= joins, (
        "1.1.0 read the phase (PENDING) and let any card join"
    )


# -- 2. an automatic step never depends on hidden information ---------------------------------
def _strategy_opening(top: str, version: str | None = None):
    """A 2v2 Strategy game whose first seat draws ``top`` in round 1's Strategy phase (the
    pile is the same set of cards either way: only its hidden order differs)."""
    engine = GAME if version is None else GAME.at_version(version)
    st = engine.new_game(11, 4, None, {"mode": "2v2", "strategy": True})
    engine.apply(st, "first 0")
    pile = st.modes.strategy_pile
    want = _strategy_named(top)
    k = pile.index(want)
    pile[-1], pile[k] = pile[k], pile[-1]
    while st.phase == "mulligan":
        engine.apply(st, "keep")
    return engine, st


def _strategy_named(name: str) -> int:
    return next(c.id for c in sets.shipped_set("strategy") if c.name == name)


def test_the_enemies_do_not_learn_whether_a_drawn_strategy_card_is_affordable() -> None:
    """ "players of an alliance cannot communicate by any means" and a Strategy card in hand is
    hidden: War Drums (cost 1) can be paid for with round 1's one point, Hold the Line (cost 3)
    cannot. Either way the seat decides (``strategy keep`` is its own action), so the enemies'
    observations are the same; 1.1.0 kept Hold the Line for it at once, which told them."""
    views = []
    for top in ("War Drums", "Hold the Line"):
        engine, st = _strategy_opening(top)
        assert st.modes.strategy_hand[0] == _strategy_named(top)
        assert engine.to_act(st) == 0, "the seat holding the card decides"
        assert strategy.KEEP in engine.legal_actions(st, 0)
        views.append([engine.observation(st, enemy) for enemy in (1, 3)])
    assert views[0] == views[1]
    _, old = _strategy_opening("Hold the Line", OLD)
    assert GAME.at_version(OLD).to_act(old) != 0, "1.1.0 kept the unaffordable card for it"


def test_a_placement_from_the_hand_with_nothing_left_to_place_waits_for_done() -> None:
    """Backup: "place up to two 6th Legion creatures". A second card in hand that is not one
    of them (Sober Knight) must not end the action by itself while a second Infantryman would
    not: the enemy would learn what the hand holds. The seat says ``done`` (1.1.0 ended it)."""
    views = []
    for second in ("Sober Knight", "Infantryman"):
        s = scene(
            [(0, "Backup", "astral"), (0, "Phalanx", "3,2"), (1, "Yeti", "6,2")],
            hand=[(0, "Infantryman"), (0, second)],
            factions=("Grey Order", "Blight"),
        )
        s.play(f"act {s.c('Backup')}")
        first = sorted(i for i in s.st.hand[0] if s.st.ctype[i] == s.st.ctype[s["Infantryman"]])
        s.play(f"place c{first[0]} 2,2")
        assert s.st.phase == PENDING and s.st.to_act == 0
        views.append(GAME.observation(s.st, 1))
        if second == "Sober Knight":
            assert s.legal() == ["done"]
    assert views[0] == views[1]
    old = scene(
        [(0, "Backup", "astral"), (0, "Phalanx", "3,2"), (1, "Yeti", "6,2")],
        hand=[(0, "Infantryman"), (0, "Sober Knight")],
        factions=("Grey Order", "Blight"),
        version=OLD,
    )
    old.play(f"act {old.c('Backup')}")
    old.play(f"place {old.c('Infantryman')} 2,2")
    assert old.st.phase != PENDING, "1.1.0 ended the action for it"


# -- 4. 2v2 plays the Strategy phase by default -----------------------------------------------
def test_2v2_is_played_with_the_strategy_phase_unless_it_is_turned_off() -> None:
    """The 2v2 set-up: "gather the pack of twenty-five Strategy cards" (the Strategy pack is
    part of the 2v2 game). ``{"mode": "2v2"}`` plays it; ``{"strategy": false}`` turns it off;
    1.1.0 played it only when asked, so its 2v2 records replay without it."""
    st = GAME.new_game(5, 4, None, {"mode": "2v2"})
    assert st.modes is not None and st.modes.strategy == 1
    assert len(st.modes.strategy_pile) == 25
    off = GAME.new_game(5, 4, None, {"mode": "2v2", "strategy": False})
    assert off.modes is None
    assert GAME.new_game(5, 4, None, None).modes is None, "free-for-all for 4 has none"
    assert GAME.at_version(OLD).new_game(5, 4, None, {"mode": "2v2"}).modes is None
    # the ladder and tournament pages name the modes a match plays
    assert GAME.describe_options({"mode": "2v2"}) == ["Strategy phase"]
    assert GAME.describe_options({"mode": "2v2", "strategy": False}) == []
    assert GAME.at_version(OLD).describe_options({"mode": "2v2"}) == []


# -- 3. the bots' model of hidden cards --------------------------------------------------------
def test_determinize_deals_a_seat_that_received_a_secret_message_only_secret_messages() -> None:
    """ "Secret message: discreetly passed on to the ally": every seat saw that seat 0 passed
    one to seat 2, so seat 2 holds a Secret message. Over 100 determinized copies seen by an
    enemy (seat 1), seat 2 never holds a Blitz, and the message it holds still varies; seat 3's
    card (drawn, unknown) may be any card."""
    st = GAME.new_game(3, 4, None, {"mode": "2v2"})
    m = st.modes
    secret = next(c for c in m.strategy_pile if m.card("strategy", c).type == sets.SECRET)
    m.strategy_pile.remove(secret)
    m.strategy_hand[2], m.received[2] = secret, True
    m.strategy_hand[3] = m.strategy_pile.pop()
    rng = random.Random(7)
    held2, held3 = [], []
    for _ in range(100):
        copy = GAME.determinize(st, 1, rng)
        held2.append(copy.modes.card("strategy", copy.modes.strategy_hand[2]).type)
        held3.append(copy.modes.card("strategy", copy.modes.strategy_hand[3]).type)
        cards = [c for c in copy.modes.strategy_hand if c is not None] + copy.modes.strategy_pile
        assert sorted(cards) == list(range(1, 26)), "every Strategy card is somewhere once"
    assert held2.count(sets.BLITZ) == 0 and held2.count(sets.SECRET) == 100
    assert held3.count(sets.BLITZ) > 30, "16 Blitz of 25: an unknown card is mostly a Blitz"
    seen_by_ally = [GAME.determinize(st, 0, rng).modes.strategy_hand[2] for _ in range(10)]
    assert seen_by_ally == [secret] * 10, "the seat that passed it knows it"


# -- 5. objectives are offered when the acting seat's action meets them -----------------------
def _with_objective(s, name: str):
    """Turn Objective mode on in a scene, with ``name`` the one open objective."""
    mode_hooks.setup(s.st, {"strategy": 0, "events": 0, "objectives": 1})
    m = s.st.modes
    cid = next(c.id for c in sets.shipped_set("objectives") if c.name == name)
    m.objective_pile.remove(cid)
    m.open_objectives = [cid]
    s.st.version += 1
    return cid


def test_an_objective_met_in_the_initiative_sequence_is_offered_right_after_the_action() -> None:
    """ "When a player, because of their actions, meets the requirements of an available
    objective, they can announce that they have completed the objective": the Lightning Bird
    flies to 4,2 in the Initiative sequence, so seat 0 holds two central spaces (Foothold) and
    may claim it at once, before anyone can take the space back. 1.1.0 waited for the end of a
    turn, when it might be lost."""
    cards = [
        (0, "Hexacarias", "3,2"),
        (0, "Lightning Bird", "6,1"),
        (1, "Swamp Ogre", "0,2"),
    ]
    for version, offered in ((None, True), (OLD, False)):
        s = scene(cards, factions=("Nakka", "Blight"), phase=INITIATIVE, version=version)
        cid = _with_objective(s, "Foothold")
        s.play(f"move {s.c('Lightning Bird')} 4,2")
        claim = s.st.pending is not None and s.st.pending.kind == objectives.KIND
        assert claim == offered, version
        if offered:
            assert s.st.pending.seat == 0 and s.legal() == [f"claim o{cid}", f"decline o{cid}"]
            s.play(f"claim o{cid}")
            assert s.st.modes.completed[0] == [cid] and s.st.phase != PENDING


def test_an_objective_is_not_offered_to_a_seat_that_did_not_act() -> None:
    """ "because of their actions": seat 1 holds two central spaces, but seat 0's turn did
    nothing for it, so the end of seat 0's turn offers seat 1 nothing (1.1.0 offered it)."""
    cards = [
        (0, "Hexacarias", "2,2"),
        (1, "Swamp Ogre", "3,3"),
        (1, "Swamp Troll", "4,3"),
    ]
    for version, offered in ((None, False), (OLD, True)):
        s = scene(cards, factions=("Nakka", "Blight"), version=version)
        _with_objective(s, "Foothold")
        s.play("pass")
        claim = s.st.pending is not None and s.st.pending.kind == objectives.KIND
        assert claim == offered, version
        if offered:
            assert s.st.pending.seat == 1
