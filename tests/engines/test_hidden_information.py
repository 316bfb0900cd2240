"""The hidden-information property, for every game: re-dealing every card a seat cannot see
changes nothing that seat sees, reads or may do, now or after the next action (automatic
steps included). See ``tests/engines/redeal.py`` and docs/engines.md."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.khan_of_khans import GAME as KOK
from engines.kingdom_of_warlords import GAME as KOW
from tests.engines.khan_of_khans import kok_redeal
from tests.engines.kingdom_of_warlords import kow_redeal
from tests.engines.redeal import HiddenCase, play_and_check

CASES = [
    HiddenCase(
        "kingdom-of-warlords", KOW, lambda seed: KOW.new_game(seed, 2), kow_redeal.hidden_groups
    ),
    HiddenCase(
        "khan-of-khans",
        KOK,
        lambda seed: KOK.new_game(seed, 2 + seed % 4),
        kok_redeal.hidden_groups,
        partly_shown=kok_redeal.partly_shown,
    ),
]
SETTINGS = settings(max_examples=10, deadline=None, derandomize=True)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
@SETTINGS
@given(seed=st.integers(0, 2**32), first=st.integers(0, 60), gap=st.integers(1, 30))
def test_a_redeal_of_what_a_seat_cannot_see_changes_nothing_it_sees(case, seed, first, gap):
    checked, moved = play_and_check(case, seed, first, gap)
    assert checked > 0 and moved > 0
