"""``Akhedena``: the engine protocol wired to the rules, observation and army-list modules."""

from __future__ import annotations

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
from engines.akhedena.versions import CURRENT, VERSIONS
from engines.base import JSON, BadSetup, DeckViolation, Result
from engines.protocol import Decks, Options, TurnGame, VersionedGame

MAX_TURN_CAP = 1000


class Akhedena(VersionedGame, TurnGame, versions=VERSIONS, current=CURRENT):
    """Akhedena, Quick Match Mode: miniatures with Hero/Commander and Army cards on a 13×13
    board, 2 to 4 players.

    One instance per rules version: ``Akhedena()`` plays the current rules,
    ``Akhedena("1.0.0")`` (or ``GAME.at_version("1.0.0")``) the rules that version played
    (engines/akhedena/versions.py), so matches recorded under it replay exactly.
    """

    slug: ClassVar[str] = "akhedena"
    name: ClassVar[str] = "Akhedena Quick Match"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    uses_decks: ClassVar[bool] = True
    secret_decks: ClassVar[bool] = True

    # -- setting up ----------------------------------------------------------------------
    def new_game(
        self, seed: int, n_seats: int, decks: Decks = None, options: Options = None
    ) -> State:
        """A fresh game. ``decks``: one army list per seat (canonical data or its text); None
        gives the starter lists in turn. ``options``: ``{"turn_cap": N}`` turns per player
        (default 100)."""
        self.check_seats(n_seats, "Akhedena is played by 2 to 4 players")
        cap = self._turn_cap(options)
        if decks is not None:
            decks = list(decks)
            if len(decks) != n_seats:
                raise BadSetup(f"need one army list per seat: {n_seats} seats, {len(decks)} lists")
        deal, problem = deal_of(decks, n_seats, not self.rules.decisive_lists)
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

    matchup_kind: ClassVar[str] = "army"

    def matchup_keys(
        self, seed: int, n_seats: int, decks: Decks, options: Options = None
    ) -> list[str] | None:
        """Each seat's army: a starter list by its name, any other list as "Own army"."""
        from engines.akhedena.format import starter_armies

        names = [(s.data, s.name) for s in starter_armies(not self.rules.decisive_lists)]
        chosen = self.default_decks(n_seats) if decks is None else list(decks)
        return [next((n for data, n in names if data == d), "Own army") for d in chosen]

    def default_decks(self, n_seats: int) -> list[JSON]:
        """The starter army lists (as this version deals them), seat by seat in turn."""
        return starter_lists(n_seats, not self.rules.decisive_lists)

    def validate_deck(
        self, deck: JSON, options: dict[str, Any] | None = None
    ) -> list[DeckViolation]:
        """Every army-list rule ``deck`` (text or data) breaks under the shipped catalogue."""
        return read_army(deck)[1]

    # -- playing -------------------------------------------------------------------------
    legal = staticmethod(rules.legal)
    play = staticmethod(rules.play)
    why_illegal = staticmethod(why_illegal)

    def result(self, state: State) -> Result:
        """The last player standing wins; at the turn cap every player still in shares first
        place; the others rank by how long they lasted."""
        if not state.over:
            raise ValueError("the game is not over")
        return evaluate.result(state)

    # -- information ---------------------------------------------------------------------
    observer: ClassVar[Any] = observe

    canonical = staticmethod(canonical_state)
    digest = staticmethod(state_digest)

    # -- bots' helpers -------------------------------------------------------------------
    playouts: ClassVar[Any] = playout

    def heuristic_value(self, state: State, seat: int) -> float:
        """Logistic of the seat's strength on the board minus the best rival's."""
        if state.over:
            return super().heuristic_value(state, seat)
        return evaluate.value(state, seat)

    # -- for people ----------------------------------------------------------------------
    score_label: ClassVar[str] = present.SCORE_LABEL

    presentation: ClassVar[Any] = present  # labels, the move log, paths, faces, result
