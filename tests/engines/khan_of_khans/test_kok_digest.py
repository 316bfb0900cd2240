"""The fast state digest tells apart exactly the states the canonical JSON tells apart."""

import json
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.khan_of_khans import GAME
from engines.record import replay

RECORDS = Path(__file__).parent / "records" / "kok-digests.json"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 5), cut=st.integers(0, 200))
def test_digest_follows_the_canonical_state(seed, n, cut):
    rng = random.Random(seed)
    state = GAME.new_game(seed, n)
    seen: dict[str, str] = {}
    steps = 0
    while not GAME.is_over(state) and steps < cut:
        canonical = repr(GAME.canonical(state))
        digest = GAME.digest(state)
        # one canonical state, one digest; a new canonical state never reuses a digest
        assert seen.setdefault(digest, canonical) == canonical
        GAME.apply(state, rng.choice(GAME.legal_actions(state, GAME.to_act(state))))
        steps += 1


def test_clones_share_digests_and_a_change_shows():
    state = GAME.new_game(7, 4)
    copy = GAME.clone(state)
    assert GAME.digest(copy) == GAME.digest(state)
    GAME.apply(copy, GAME.legal_actions(copy, GAME.to_act(copy))[0])
    assert GAME.digest(copy) != GAME.digest(state)


def test_recorded_matches_replay_to_their_digests():
    """Matches recorded before the digest was made faster (2 to 5 seats) replay to the same
    digest after every action: the byte spelling did not change, so every match stored on the
    platform still verifies."""
    records = json.loads(RECORDS.read_text())["records"]
    assert {len(r["seats"]) for r in records} == {2, 3, 4, 5}
    for record in records:
        report = replay(record)
        assert report.ok, report.message
        assert len(record["digests"]["states"]) == len(record["actions"]) + 1
