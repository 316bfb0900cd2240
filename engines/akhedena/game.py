"""``Akhedena``: the engine protocol wired to the rules, observation and army-list modules."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from engines.akhedena import evaluate, observe, playout, present, rules
from engines.akhedena.explain import why_illegal
from engines.akhedena.setup import deal_of, read_army, starter_lists
from engines.akhedena.state import (
    DEFAULT_TURN_CAP,
    State,
    canonical_state,
    new_state,
    state_digest,
)
from engines.akhedena.versions import CURRENT, VERSIONS, rules_for
from engines.base import (
    JSON,
    Action,
    BadSetup,
    DeckViolation,
    Event,
    Game,
    IllegalAction,
    Result,
)
from engines.engine_versions import EngineVersions

MAX_TURN_CAP = 1000


class Akhedena(Game):
    """Akhedena, Quick Match Mode: miniatures with Hero/Commander and Army cards on a 13×13
    board, 2 to 4 players.

    One instance per rules version: ``Akhedena()`` plays the current rules,
    ``Akhedena("1.0.0")`` (or ``GAME.at_version("1.0.0")``) the rules that version played
    (engines/akhedena/versions.py), so matches recorded under it replay exactly.
    """

    slug: ClassVar[str] = "akhedena"
    name: ClassVar[str] = "Akhedena Quick Match"
    versions: ClassVar[tuple[str, ...]] = tuple(VERSIONS)
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    uses_decks: ClassVar[bool] = True
    matchup_kind: ClassVar[str] = "army"

    def __init__(self, version: str = CURRENT) -> None:
        self.rules = rules_for(version)
        self.version = version  # type: ignore[misc]  # per instance: one engine per version
        _ENGINES.keep(self)  # the first of each version is the shared one

    def at_version(self, version: str) -> Akhedena:
        """The engine playing the rules of ``version`` (one shared instance per version)."""
        return self if version == self.version else _ENGINES.get(version)

    # -- setting up ----------------------------------------------------------------------
    def new_game(
        self,
        seed: int,
        n_seats: int,
        decks: Sequence[JSON] | None = None,
        options: dict[str, Any] | None = None,
    ) -> State:
        """A fresh game. ``decks``: one army list per seat (canonical data or its text); None
        gives the starter lists in turn. ``options``: ``{"turn_cap": N}`` turns per player
        (default 100)."""
        if isinstance(n_seats, bool) or not isinstance(n_seats, int):
            raise BadSetup(f"n_seats must be an int, not {n_seats!r}")
        if not self.min_seats <= n_seats <= self.max_seats:
            raise BadSetup(f"Akhedena is played by 2 to 4 players, not {n_seats}")
        cap = self._turn_cap(options)
        if decks is not None:
            decks = list(decks)
            if len(decks) != n_seats:
                raise BadSetup(f"need one army list per seat: {n_seats} seats, {len(decks)} lists")
        deal, problem = deal_of(decks, n_seats)
        if deal is None:
            raise BadSetup(problem)
        return new_state(seed, deal, cap, self.rules)

    @staticmethod
    def _turn_cap(options: dict[str, Any] | None) -> int:
        options = dict(options or {})
        cap = options.pop("turn_cap", DEFAULT_TURN_CAP)
        if options:
            raise BadSetup(f"unknown Akhedena options {sorted(options)} (known: turn_cap)")
        if isinstance(cap, bool) or not isinstance(cap, int) or not 1 <= cap <= MAX_TURN_CAP:
            raise BadSetup(f"turn_cap is a whole number of turns per player, 1 to {MAX_TURN_CAP}")
        return cap

    def matchup_keys(
        self,
        seed: int,
        n_seats: int,
        decks: Sequence[JSON] | None,
        options: dict[str, Any] | None = None,
    ) -> list[str] | None:
        """Each seat's army: a starter list by its name, any other list as "Own army"."""
        from engines.akhedena.format import starter_armies

        names = [(s.data, s.name) for s in starter_armies()]
        chosen = self.default_decks(n_seats) if decks is None else list(decks)
        return [next((n for data, n in names if data == d), "Own army") for d in chosen]

    def default_decks(self, n_seats: int) -> list[JSON]:
        """The starter army lists, seat by seat in turn."""
        return starter_lists(n_seats)

    def validate_deck(
        self, deck: JSON, options: dict[str, Any] | None = None
    ) -> list[DeckViolation]:
        """Every army-list rule ``deck`` (text or data) breaks under the shipped catalogue."""
        return read_army(deck)[1]

    # -- playing -------------------------------------------------------------------------
    def to_act(self, state: State) -> int | None:
        return None if state.over else state.to_act

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (empty when it is not that seat's turn)."""
        if state.over or seat != state.to_act:
            return []
        return list(rules.legal(state))

    def apply(self, state: State, action: Action, seat: int | None = None) -> list[Event]:
        """Validate and play ``action``; raise :class:`IllegalAction` leaving state untouched."""
        if state.over:
            raise IllegalAction(action, "the game is over", seat)
        if seat is None:
            seat = state.to_act
        elif seat != state.to_act:
            raise IllegalAction(action, f"it is seat {state.to_act}'s turn, not yours", seat)
        if not isinstance(action, str) or action not in rules.legal(state):
            raise IllegalAction(action, why_illegal(state, seat, action), seat)
        events: list[Event] = []
        rules.play(state, action, events)
        return events

    def apply_fast(self, state: State, action: Action) -> None:
        rules.play(state, action, None)

    def is_over(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> Result:
        """The last player standing wins; at the turn cap every player still in shares first
        place; the others rank by how long they lasted."""
        if not state.over:
            raise ValueError("the game is not over")
        return evaluate.result(state)

    # -- information ---------------------------------------------------------------------
    def observation(self, state: State, seat: int | None) -> dict[str, Any]:
        return observe.observation(state, seat)

    def canonical(self, state: State) -> JSON:
        return canonical_state(state)

    def digest(self, state: State) -> str:
        return state_digest(state)

    def clone(self, state: State) -> State:
        return state.copy()

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return observe.determinize(state, seat, rng)

    def zones(self, state: State) -> dict[str, list[str]]:
        return observe.zones(state)

    # -- bots' helpers -------------------------------------------------------------------
    def random_playout(self, state: State, rng: random.Random) -> None:
        """The generic loop without its protocol overhead (same choices for the same rng)."""
        legal, play, choice = rules.legal, rules.play, rng.choice
        while not state.over:
            play(state, choice(legal(state)), None)

    def guided_playout(self, state: State, rng: random.Random) -> None:
        """Sure wins first, no losing battles, otherwise random (see ``playout``)."""
        playout.guided_playout(state, rng)

    def heuristic_value(self, state: State, seat: int) -> float:
        """Logistic of the seat's strength on the board minus the best rival's."""
        if state.over:
            return super().heuristic_value(state, seat)
        return evaluate.value(state, seat)

    # -- for people ----------------------------------------------------------------------
    score_label: ClassVar[str] = present.SCORE_LABEL

    presentation: ClassVar[Any] = present  # labels, the move log, paths, faces, result


_ENGINES: EngineVersions[Akhedena] = EngineVersions(Akhedena.slug, VERSIONS, Akhedena)
"""The engine of each rules version this game keeps (:meth:`Akhedena.at_version`)."""
