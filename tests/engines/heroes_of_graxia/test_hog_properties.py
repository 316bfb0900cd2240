"""Random play for 2-6 players keeps every rule's invariants (hypothesis), and recorded games
replay (the conformance properties in tests/engines/test_conformance.py cover the protocol)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from engines.heroes_of_graxia import GAME
from engines.heroes_of_graxia.state import CLASH, MAIN, WOUNDS, State
from engines.heroes_of_graxia.tables import ARMY, EQUIP, HENCH, HERO_SUB, UNIT
from engines.record import play_match, replay
from tests.engines.heroes_of_graxia.hog_helpers import OWN_PASS

T = GAME.tables


def check_invariants(st: State) -> None:
    seen: Counter = Counter()
    for cards in GAME.zones(st).values():
        seen.update(cards)
    assert max(seen.values()) == 1 and sum(seen.values()) == T.n
    for s in range(st.n):
        leg = st.legion[s]
        assert all(T.CLS[u] in (UNIT, 3) for u in leg)
        assert all(T.SUB[u] in (ARMY, HENCH, HERO_SUB) for u in leg), "a Mercenary in a Legion"
        assert sum(T.SUB[u] == HENCH for u in leg) <= 1, "two Henchmen"
        assert all(T.SUB[u] != HERO_SUB or u == st.hero[s] for u in leg)
        for u in leg:
            assert 0 <= st.wounds[u] < T.HP[u]
            for slot in range(3):
                e = st.eq[3 * u + slot]
                if e >= 0:
                    assert T.CLS[e] == EQUIP and T.SUB[e] == slot and st.host[e] == u
        assert st.prestige[s] >= 0
    in_legions = {u for leg in st.legion for u in leg}
    for u in range(T.n):
        if u not in in_legions:
            assert st.wounds[u] == 0 and all(st.eq[3 * u + k] < 0 for k in range(3))
        if st.host[u] >= 0:
            assert st.host[u] in in_legions
    if st.over:
        return
    assert len(st.mon_row) == 4
    if st.phase == MAIN:
        assert all(m >= 0 for m in st.mon_row) and st.to_act == st.cur
    if st.phase == CLASH:
        assert st.to_act in (st.cur, st.ctarget)
    if st.phase == WOUNDS:
        assert st.to_act == st.pend[0][0]
    legal = GAME.legal_actions(st, st.to_act)
    if st.r.no_hidden_pass and st.phase in OWN_PASS and len(legal) == 1:
        # since 1.1.0 a hand step's lone pass is the seat's own (its hand is hidden)
        assert legal == [OWN_PASS[st.phase]], "a forced move other than the pass left to a seat"
    else:
        assert len(legal) >= 2, "a forced move was left to a seat"


@settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st_.integers(0, 2**32), n=st_.integers(2, 6), version=st_.sampled_from(GAME.versions))
def test_random_play_keeps_every_invariant(seed: int, n: int, version: str) -> None:
    game = GAME.at_version(version)
    st = game.new_game(seed, n)
    rng = random.Random(seed)
    steps = 0
    while not st.over:
        if steps % 3 == 0:
            check_invariants(st)
        game.apply(st, rng.choice(game.legal_actions(st, st.to_act)))
        steps += 1
    check_invariants(st)
    assert game.result(st).ranks.count(0) >= 1


def test_a_recorded_game_with_bots_replays_and_a_tampered_one_is_refused() -> None:
    record = play_match(GAME, 42, ["heuristic", "random", "random", "random"])
    data = json.loads(json.dumps(record.to_json()))
    assert replay(data, GAME).ok
    state = GAME.new_game(42, 4, data["decks"])
    k = 0
    # past the middle, the first action that had an alternative (not a lone pass)
    while k < len(data["actions"]) // 2 or len(GAME.legal_actions(state, state.to_act)) < 2:
        GAME.apply(state, data["actions"][k])
        k += 1
    alternatives = [a for a in GAME.legal_actions(state, state.to_act) if a != data["actions"][k]]
    tampered = dict(
        data, actions=[*data["actions"][:k], alternatives[0], *data["actions"][k + 1 :]]
    )
    report = replay(tampered, GAME)
    assert not report.ok and report.first_divergent_action == k
