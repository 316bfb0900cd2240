"""The 2v2 Strategy phase (rulebook "Strategy Phase" and "Strategy Cards"): one test per rule."""

from __future__ import annotations

import pytest

from engines.arackhan_wars import GAME
from engines.arackhan_wars.effects import compute
from engines.arackhan_wars.modes import sets, strategy
from engines.arackhan_wars.state import PLACE
from engines.base import IllegalAction
from tests.engines.arackhan.akw_modes import STRATEGY, act, deciding, start, until


def _named(name: str) -> int:
    return next(c.id for c in sets.shipped_set("strategy") if c.name == name)


def test_setup_builds_the_pile_of_25_and_gives_each_player_one_point() -> None:
    """ "gather the pack of twenty-five Strategy cards, shuffle them ... the Strategy pile";
    "At the end of step 7, each player will receive an AracKhan Wars token"."""
    st = start(3, 4, STRATEGY)
    m = st.modes
    held = [c for c in m.strategy_hand if c is not None]
    assert len(m.strategy_pile) + len(held) + len(m.strategy_discard) == 25
    assert sorted(m.strategy_pile) != list(range(1, 26)) or held  # shuffled
    assert m.points[st.order[0]] == 1  # no point in round 1: only the set-up's token


def test_the_phase_comes_between_the_draw_and_the_placement_phase_in_playing_order() -> None:
    """ "This phase occurs between the Draw phase and the Placement phase ... following the
    playing order of the current round"."""
    st = start(4, 4, STRATEGY)
    seen = []
    while deciding(st, strategy.KIND):
        seen.append(st.pending.seat)
        act(st, st.pending.data["stage"] == "hold" and strategy.HOLD or strategy.KEEP)
    assert seen == st.order[: len(seen)] and st.phase == PLACE
    until(st, lambda s: s.round == 2)
    assert deciding(st, strategy.KIND) and st.pending.seat == st.order[0]
    assert [len(h) for h in st.hand] and st.phase != PLACE  # drawn already, not placing yet


def test_a_point_each_round_except_round_1() -> None:
    """ "1. With the exception of round 1, they receive a Strategy point from the reserve"."""
    st = start(5, 4, STRATEGY)
    assert st.modes.points == [1, 1, 1, 1]
    until(st, lambda s: s.round == 2 and deciding(s, strategy.KIND))
    m, first = st.modes, st.pending.seat
    spent = sum(sets.card("strategy", c).cost for s, c in m.in_play if s == first)
    assert m.points[first] == 2 - spent or first != st.order[0]


def test_a_player_without_a_card_draws_one() -> None:
    """ "2. If they do not already have one, they draw a Strategy card"."""
    st = start(6, 4, STRATEGY)
    seat = st.pending.seat
    assert st.modes.strategy_hand[seat] is not None
    assert st.pending.data["stage"] == "play"


def test_a_held_card_may_be_discarded_face_up_to_draw_another() -> None:
    """ "If they already have one, they can discard it to draw another"; "The Strategy cards
    thus discarded go in a common discard pile. They are placed face up"."""
    st = start(7, 4, STRATEGY)
    until(st, lambda s: s.round == 2 and deciding(s, strategy.KIND))
    m, seat = st.modes, st.pending.seat
    if m.strategy_hand[seat] is None:  # make it hold one, as if kept from round 1
        m.strategy_hand[seat] = m.strategy_pile.pop()
        st.pending.data["stage"] = "hold"
    held = m.strategy_hand[seat]
    act(st, strategy.REDRAW)
    assert m.strategy_discard[-1] == held and m.strategy_hand[seat] not in (None, held)


def test_a_player_never_holds_more_than_one_card() -> None:
    """ "IMPORTANT: a player cannot have more than one Strategy card in hand": a held card is
    never added to, and receiving a Secret message discards it."""
    st = start(8, 4, STRATEGY)
    m = st.modes
    seat = st.pending.seat
    partner = strategy.ally(st, seat)
    secret = _named("Secret Orders")
    m.strategy_hand[seat], m.received[seat] = secret, False
    m.strategy_hand[partner] = _named("War Drums")
    act(st, strategy.PASS)
    assert m.strategy_hand[partner] == secret and m.received[partner]
    assert _named("War Drums") in m.strategy_discard and m.strategy_hand[seat] is None


def test_an_empty_pile_is_rebuilt_from_the_shuffled_discard_pile() -> None:
    """ "If the Strategy pile is empty, the players shuffle the Strategy card discard pile and
    compose a new Strategy pile"."""
    st = start(9, 4, STRATEGY)
    m = st.modes
    m.strategy_discard.extend(m.strategy_pile)
    m.strategy_pile = []
    before = len(m.strategy_discard)
    strategy.draw_strategy(st, 1, None)
    assert m.strategy_discard == [] and len(m.strategy_pile) == before - 1
    assert m.strategy_hand[1] is not None


def test_a_blitz_costs_points_back_to_the_reserve_and_is_not_playable_unpaid() -> None:
    """ "The player who plays the Strategy card must spend the required amount of AracKhan
    Wars tokens ... Tokens spent in this way go back into the Strategy point reserve"."""
    st = start(10, 4, STRATEGY)
    m, seat = st.modes, st.pending.seat
    m.strategy_hand[seat], m.points[seat] = _named("Hold the Line"), 2  # costs 3
    assert strategy.options(st) == [strategy.KEEP]
    m.points[seat] = 3
    assert strategy.PLAY in strategy.options(st)
    act(st, strategy.PLAY)
    assert m.points[seat] == 0


def test_a_blitz_is_revealed_stays_by_the_player_and_is_discarded_at_its_moment() -> None:
    """Blitz: "reveals it to the other players. The card is then placed next to the player and
    remains there until its use is completed ... placed in the Strategy card discard pile at the
    moment indicated on the card" (here: the End phase)."""
    st = start(11, 4, STRATEGY)
    m, seat = st.modes, st.pending.seat
    drums = _named("War Drums")
    m.strategy_hand[seat], m.points[seat] = drums, 1
    events = act(st, strategy.PLAY)
    played = [e for e in events if e["type"] == "strategy-played"]
    assert played and "seen_by" not in played[0] and played[0]["strategy_id"] == drums
    assert (seat, drums) in m.in_play
    until(st, lambda s: s.round == 2)
    assert (seat, drums) not in m.in_play and drums in m.strategy_discard


def test_a_blitz_effect_changes_the_allied_cards_only() -> None:
    """War Drums (a Blitz of the starter set): "Allied creatures get +1 Attack this round"."""
    st = start(12, 4, STRATEGY)
    until(st, lambda s: s.phase == "initiative" or s.phase == "turn")
    stats = compute(st)
    st.modes.in_play.append((0, _named("War Drums")))
    st.version += 1
    after = compute(st)
    for i in stats.info:  # the revealed cards in play
        if stats.attack[i] is None or stats.info[i].kind != "creature":
            continue
        bump = 1 if st.friends(st.control[i], 0) else 0
        assert after.attack[i] == stats.attack[i] + bump


def test_a_secret_message_is_passed_free_and_the_ally_pays_to_play_it() -> None:
    """Secret message: "discreetly passed on to the ally, who will be able to play it at the
    moment indicated on the card. If the ally decides to play the card they will have to pay
    the required amount in Strategy points"."""
    st = start(13, 4, STRATEGY)
    m, seat = st.modes, st.pending.seat
    partner = strategy.ally(st, seat)
    cache = _named("Hidden Cache")  # costs 2, the ally draws 2
    m.strategy_hand[seat], m.received[seat] = cache, False
    assert strategy.PLAY not in strategy.options(st)  # its holder passes it, does not play it
    points = m.points[seat]
    act(st, strategy.PASS)
    assert m.points[seat] == points and m.strategy_hand[partner] == cache
    until(st, lambda s: deciding(s, strategy.KIND) and s.pending.seat == partner)
    m.points[partner] = 2
    act(st, strategy.HOLD)  # it holds the message: step 2 offers to swap it
    hand = len(st.hand[partner])
    act(st, strategy.PLAY)
    assert m.points[partner] == 0 and len(st.hand[partner]) == hand + 2


def test_a_refused_strategy_action_says_which_rule_it_breaks() -> None:
    """Bad input names the rule: an unpaid card its cost, a drawn Secret message its passing,
    anything else the phase's choices; nothing changes."""
    st = start(14, 4, STRATEGY)
    m, seat = st.modes, st.pending.seat
    m.strategy_hand[seat], m.points[seat] = _named("Hold the Line"), 1
    st.version += 1
    with pytest.raises(IllegalAction, match="Hold the Line costs 3 Strategy points and you have 1"):
        GAME.apply(st, strategy.PLAY, seat)
    m.strategy_hand[seat] = _named("Sabotage")
    st.version += 1
    with pytest.raises(IllegalAction, match="Sabotage is a Secret message: pass it to your ally"):
        GAME.apply(st, strategy.PLAY, seat)
    with pytest.raises(IllegalAction, match="this is your Strategy phase: 'strategy pass' or"):
        GAME.apply(st, "place c1 3,2", seat)
    assert m.strategy_hand[seat] == _named("Sabotage") and m.points[seat] == 1
