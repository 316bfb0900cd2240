"""The hidden-information property, for every game: re-dealing every card a seat cannot see
changes nothing that seat sees, reads or may do, now or after the next action (automatic
steps included). See ``tests/engines/redeal.py`` and docs/engines.md."""

from __future__ import annotations

import copy

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from engines.akhedena import GAME as AKH
from engines.arackhan_wars import GAME as AKW
from engines.heroes_of_graxia import GAME as HOG
from engines.khan_of_khans import GAME as KOK
from engines.kingdom_of_warlords import GAME as KOW
from tests.engines.akhedena import akh_redeal
from tests.engines.arackhan_wars import akw_redeal
from tests.engines.heroes_of_graxia import hog_redeal
from tests.engines.khan_of_khans import kok_redeal
from tests.engines.kingdom_of_warlords import kow_redeal
from tests.engines.redeal import HiddenCase, play_and_check


def _akw(n: int, options: dict | None = None):
    return lambda seed: AKW.new_game(seed, n, None, dict(options or {}))


def _kok_sable_impala(seed: int):
    """2-5 seats, the Sable Nation (face-down Raid! cards) and the Impala People (a deck's top
    card shown) always among them, in turn at every seat."""
    n = 2 + seed % 4
    khans = ["sable-nation", "impala-people", "high-llama", "morokanth", "bison-riders"][:n]
    k = seed % n
    return KOK.new_game(seed, n, khans[k:] + khans[:k])


def _case(name, game, new_game, redeal, **kw) -> HiddenCase:
    extra = {k: getattr(redeal, k) for k in ("refresh", "partly_shown") if hasattr(redeal, k)}
    return HiddenCase(name, game, new_game, redeal.hidden_groups, **extra, **kw)


CASES = [
    _case("khan-of-khans", KOK, lambda seed: KOK.new_game(seed, 2 + seed % 4), kok_redeal),
    _case("khan-of-khans-sable-impala", KOK, _kok_sable_impala, kok_redeal),
    _case(
        "kingdom-of-warlords",
        KOW,
        lambda seed: KOW.new_game(seed, 2),
        kow_redeal,
        n_seats=lambda state: len(state.hand),
    ),
    _case("heroes-of-graxia", HOG, lambda seed: HOG.new_game(seed, 2 + seed % 5), hog_redeal),
    _case("akhedena", AKH, lambda seed: AKH.new_game(seed, 2 + seed % 3), akh_redeal),
    _case("arackhan-wars-1v1", AKW, _akw(2), akw_redeal),
    _case("arackhan-wars-free-for-all", AKW, _akw(3), akw_redeal),
    _case(
        "arackhan-wars-2v2-strategy-events",
        AKW,
        _akw(4, {"mode": "2v2", "strategy": True, "events": True}),
        akw_redeal,
    ),
    _case(
        "arackhan-wars-objectives-events",
        AKW,
        _akw(2, {"objectives": True, "events": True}),
        akw_redeal,
    ),
]

EXAMPLES = {
    "khan-of-khans": 10,
    "khan-of-khans-sable-impala": 10,
    "kingdom-of-warlords": 12,
    "heroes-of-graxia": 8,
    "akhedena": 6,
    "arackhan-wars-2v2-strategy-events": 12,
}
"""Random games per case (AracKhan Wars' cases, slower, play 4 each): a few seconds each."""


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in CASES])
def test_a_redeal_of_what_a_seat_cannot_see_changes_nothing_it_sees(case: HiddenCase) -> None:
    """At random moments of random games (hypothesis draws the seed, the first ply checked and
    the gap between checks), every seat and a spectator see, may do and read the same in the
    real game and in one where every card they cannot see was re-dealt, before and after the
    next action; and some cards did change places."""

    @settings(
        max_examples=EXAMPLES.get(case.name, 4),
        deadline=None,
        derandomize=True,
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
    )
    @given(seed=st.integers(0, 2**32), first=st.integers(0, 60), gap=st.integers(1, 30))
    def random_games(seed: int, first: int, gap: int) -> None:
        checked, moved = play_and_check(case, seed, first, gap)
        assert checked > 0 and moved > 0

    random_games()


def test_the_property_finds_a_leak_in_an_observation(monkeypatch) -> None:
    """Showing the top card of each army (hidden to everyone) in the observation is caught."""
    case = next(c for c in CASES if c.name == "kingdom-of-warlords")
    plain = type(KOW).observation

    def leaky(self, state, seat):
        obs = plain(self, state, seat)
        obs["army_tops"] = [pile[-1] if pile else None for pile in state.army]
        return obs

    monkeypatch.setattr(type(KOW), "observation", leaky)
    with pytest.raises(AssertionError, match="sees the re-deal: .obs.army_tops"):
        play_and_check(case, 1, 0, 1)


def test_the_property_finds_an_automatic_step_that_reads_a_hidden_card(monkeypatch) -> None:
    """A step that ends the game at once when the next card of an army is a Dragon (hidden to
    everyone) is caught: what follows the action depends on a face-down card."""
    from engines.kingdom_of_warlords.cards import DRAGON_IDS
    from engines.kingdom_of_warlords.state import OVER

    case = next(c for c in CASES if c.name == "kingdom-of-warlords")
    plain = type(KOW).apply

    def leaky(self, state, action, seat=None):
        events = plain(self, state, action, seat)
        if state.army[0] and state.army[0][-1] in DRAGON_IDS:
            state.phase, state.winner, state.reason = OVER, 2, "a Dragon on top"
        return events

    monkeypatch.setattr(type(KOW), "apply", leaky)
    with pytest.raises(AssertionError, match="after"):
        for seed in range(20):
            play_and_check(case, seed, 0, 1, most=50)


def test_akhedena_does_not_show_which_piece_holds_which_face_down_card() -> None:
    """Two armies alike but for which Infantry piece holds which Infantry Army cards (face down
    from the start) look the same to the other seat and to a spectator: a re-deal at set-up."""
    deck, other = AKH.default_decks(2)
    swapped = copy.deepcopy(deck)
    pieces = swapped["pieces"]
    pieces["hero"]["army"], pieces["infantry-right"]["army"] = (
        pieces["infantry-right"]["army"],
        pieces["hero"]["army"],
    )
    assert sorted(pieces["hero"]["army"]) != sorted(deck["pieces"]["hero"]["army"])
    real, redealt = AKH.new_game(7, 2, [deck, other]), AKH.new_game(7, 2, [swapped, other])
    for viewer in (1, None):
        assert AKH.observation(redealt, viewer) == AKH.observation(real, viewer)


def test_the_property_finds_a_refusal_that_names_a_hidden_card(monkeypatch) -> None:
    """A refusal's reason naming the next card of the army (hidden to everyone) is caught."""
    case = next(c for c in CASES if c.name == "kingdom-of-warlords")
    plain = type(KOW).why_illegal

    def leaky(self, state, action, seat):
        top = state.army[state.actor][-1] if state.army[state.actor] else None
        return f"{plain(self, state, action, seat)} (your next card: {top})"

    monkeypatch.setattr(type(KOW), "why_illegal", leaky)
    with pytest.raises(AssertionError, match="is refused otherwise"):
        for seed in range(10):
            play_and_check(case, seed, 0, 1, most=50)
