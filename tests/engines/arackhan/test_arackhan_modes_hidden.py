"""Hidden information of the modes (a Strategy card is its holder's, a Secret message is seen
only by the seat that passed it and the ally it was passed to), the bots in the modes, and
property tests: random play with modes on never fails, conserves the mode cards and replays."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from engines.arackhan_wars import GAME
from engines.arackhan_wars.modes import sets, strategy
from engines.base import visible_events
from engines.record import play_match, replay
from tests.engines.arackhan.akw_modes import OBJECTIVES, STRATEGY, act, deciding, start, until

MODES = [
    (4, {"mode": "2v2", "strategy": True, "events": True}),
    (4, {"mode": "2v2", "strategy": True}),
    (2, {"objectives": True, "events": True}),
    (3, {"objectives": True}),
    (4, {"events": True, "objectives": True}),
]
SETTINGS = settings(
    max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


def _named(name: str) -> int:
    return next(c.id for c in sets.shipped_set("strategy") if c.name == name)


def _strategy_ids(value) -> list[int]:
    """Every Strategy card id an observation or event list shows (by its ``id``/``strategy_id``)."""
    found = []
    if isinstance(value, dict):
        if value.get("type") in ("blitz", "secret") and "id" in value:
            found.append(value["id"])
        if "strategy_id" in value:
            found.append(value["strategy_id"])
        for v in value.values():
            found.extend(_strategy_ids(v))
    elif isinstance(value, list):
        for v in value:
            found.extend(_strategy_ids(v))
    return found


def test_the_enemy_alliance_never_sees_a_strategy_card_in_hand() -> None:
    """A Strategy card in hand is its holder's alone: neither the enemies nor the ally see it
    (the alliance "cannot communicate by any means")."""
    st = start(21, 4, STRATEGY)
    m = st.modes
    seat = st.pending.seat
    held = m.strategy_hand[seat]
    mine = GAME.observation(st, seat)["modes"]["strategy"]["hands"][seat]
    assert mine["card"]["id"] == held and mine["card"]["name"]
    for other in [s for s in range(4) if s != seat] + [None]:
        hand = GAME.observation(st, other)["modes"]["strategy"]["hands"][seat]
        assert hand == {"holds": True, "card": None, "secret_message": False}


def test_a_secret_message_is_seen_by_the_ally_only_and_only_what_is_passed() -> None:
    """ "A Secret message card is discreetly passed on to the ally": the ally sees the message,
    the enemy alliance sees only that a card was passed, and the ally sees nothing else of the
    passer's (its next Strategy card stays hidden)."""
    st = start(22, 4, STRATEGY)
    m = st.modes
    seat = st.pending.seat
    partner = strategy.ally(st, seat)
    secret = _named("Iron Discipline")
    m.strategy_hand[seat], m.received[seat] = secret, False
    events = act(st, strategy.PASS)
    enemies = [s for s in range(4) if not st.friends(s, seat)]
    for viewer in enemies + [None]:
        assert secret not in _strategy_ids(GAME.observation(st, viewer))
        seen = visible_events(events, viewer)
        assert secret not in _strategy_ids(seen)
        assert any(e["type"] == "secret-passed" for e in seen)  # a card changed hands
    assert GAME.observation(st, partner)["modes"]["strategy"]["hands"][partner]["card"]["id"] == (
        secret
    )
    assert secret in _strategy_ids(visible_events(events, partner))
    # later the passer draws again: the ally does not see that card
    m.strategy_hand[seat] = _named("War Drums")
    st.version += 1
    assert GAME.observation(st, partner)["modes"]["strategy"]["hands"][seat]["card"] is None


def test_determinize_keeps_each_seats_view_with_modes_on() -> None:
    """What a bot re-deals for its search keeps its own view, Strategy cards included."""
    rng = random.Random(3)
    for n, options in MODES[:3]:
        state = GAME.new_game(3, n, None, options)
        checked = 0
        while not GAME.is_over(state):
            if rng.random() < 0.05:
                seat = rng.randrange(n)
                copy = GAME.determinize(state, seat, random.Random(rng.getrandbits(32)))
                assert GAME.observation(copy, seat) == GAME.observation(state, seat)
                checked += 1
            GAME.apply(state, rng.choice(GAME.legal_actions(state, GAME.to_act(state))))
        assert checked > 2


def test_the_heuristic_bot_plays_the_modes_and_completes_objectives() -> None:
    """The heuristic bot is aware of objectives: it completes those it meets (their points
    count like the battlefield's) and plays the Strategy phase."""
    record = play_match(GAME, 9, ["heuristic", "heuristic"], None, {"objectives": True})
    assert record.forfeit is None
    claims = [a for a in record.actions if str(a).startswith("claim ")]
    assert claims and not any(str(a).startswith("decline ") for a in record.actions)
    opts = {"mode": "2v2", "strategy": True, "events": True}
    record = play_match(GAME, 9, ["heuristic", "random", "heuristic", "random"], None, opts)
    assert record.forfeit is None
    assert any(str(a) in (strategy.PLAY, strategy.PASS) for a in record.actions)


def _mode_cards(st) -> Counter:
    m = st.modes
    out: Counter = Counter()
    if m.strategy:
        out.update(("s", c) for c in m.strategy_pile + m.strategy_discard)
        out.update(("s", c) for c in m.strategy_hand if c is not None)
        out.update(("s", c) for _, c in m.in_play)
    if m.events:
        out.update(("e", c) for c in m.event_pile + m.event_discard)
        out.update(("e", c) for c in [m.event] if c is not None)
    if m.objectives:
        out.update(("o", c) for c in m.objective_pile + m.open_objectives)
        out.update(("o", c) for done in m.completed for c in done)
    return out


@SETTINGS
@given(seed=hs.integers(min_value=0, max_value=2**63))
def test_random_play_with_modes_never_fails_conserves_the_mode_cards_and_replays(
    seed: int,
) -> None:
    """Random play with modes on: every action the engine lists is accepted, the 25 Strategy,
    23 Event and 23 Objective cards and every deck's cards (Strategy and Event cards draw) are
    all somewhere at every step, and the record replays."""
    rng = random.Random(seed)
    n, options = rng.choice(MODES)
    state = GAME.new_game(seed, n, None, options)
    expected = _mode_cards(state)
    instances = sorted(c for cards in GAME.zones(state).values() for c in cards)
    assert sum(expected.values()) == 25 * options.get("strategy", 0) + 23 * (
        options.get("events", 0) + options.get("objectives", 0)
    )
    while not GAME.is_over(state):
        GAME.apply(state, rng.choice(GAME.legal_actions(state, GAME.to_act(state))))
        assert _mode_cards(state) == expected
        assert sorted(c for cards in GAME.zones(state).values() for c in cards) == instances
        if state.modes.strategy:
            assert all(p >= 0 for p in state.modes.points)
    GAME.result(state)
    bots = ["random"] * n
    record = play_match(GAME, seed, bots, None, options)
    assert replay(json.loads(json.dumps(record.to_json())), GAME).ok


def test_labels_and_the_move_log_name_the_mode_cards_never_codes() -> None:
    """People first: a mode action's label and log sentence name the card (a hidden one is
    "the Strategy card"), never an id or an action code."""
    st = start(23, 4, {**STRATEGY, "events": True})
    seat = st.pending.seat
    name = sets.card("strategy", st.modes.strategy_hand[seat]).name
    for action in GAME.legal_actions(st, seat):
        mine = GAME.presentation.describe_action(st, action, seat)
        theirs = GAME.presentation.describe_action(st, action, (seat + 1) % 4)
        assert name in mine and name not in theirs and "strategy " not in mine
    rng = random.Random(23)
    texts = []
    while not GAME.is_over(st) and len(texts) < 400:
        who = GAME.to_act(st)
        action = rng.choice(GAME.legal_actions(st, who))
        before = GAME.clone(st)
        texts.append(GAME.describe_move(before, action, GAME.apply(st, action, who), who))
    assert any("reveals the Event" in t for t in texts)
    assert not any("strategy_id" in t or "o1 " in t for t in texts)


def test_an_objective_claim_is_labelled_with_its_name_and_points() -> None:
    """A claim reads "complete the objective <name> (<points> victory points)"."""
    st = start(2, 2, OBJECTIVES)
    until(st, lambda s: deciding(s, "claim"), 2)
    cid = st.pending.data["objective"]
    c = sets.card("objectives", cid)
    label = GAME.presentation.describe_action(st, f"claim o{cid}", st.pending.seat)
    points = "1 victory point" if c.points == 1 else f"{c.points} victory points"
    assert label == f"complete the objective {c.name} ({points})"


def test_the_heuristic_bot_places_towards_the_open_objectives() -> None:
    """Objective-aware placement: a central space counts towards "Hold the Centre", an outer
    one does not, and nothing counts once the seat completed an objective this round."""
    from engines.arackhan_wars.info import info
    from engines.arackhan_wars.modes import bot as mode_bot

    st = start(24, 2, OBJECTIVES)
    m = st.modes
    centre = next(c.id for c in sets.shipped_set("objectives") if c.name == "Hold the Centre")
    m.open_objectives = [centre]
    card = info(st.ctype[st.hand[0][0]])
    assert mode_bot.placement_bonus(st, 0, card, "3,2") == pytest.approx(1.6)
    assert mode_bot.placement_bonus(st, 0, card, "0,1") == 0.0
    m.claimed_round[0] = st.round
    assert mode_bot.placement_bonus(st, 0, card, "3,2") == 0.0
