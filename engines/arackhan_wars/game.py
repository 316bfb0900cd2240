"""``ArackhanWars``: the engine protocol wired to the round, observation and deck modules."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from engines.arackhan_wars import faces, observe, playout, present, present_log, rounds
from engines.arackhan_wars.catalogue import shipped_catalogue
from engines.arackhan_wars.explain import why_illegal
from engines.arackhan_wars.modes import hooks as mode_hooks
from engines.arackhan_wars.modes.options import MODE_OPTIONS, chosen_modes
from engines.arackhan_wars.playable import (
    deck_cards,
    playable_starters,
    starter_cards,
    validate_for_play,
)
from engines.arackhan_wars.rules import CURRENT, VERSIONS
from engines.arackhan_wars.state import State, new_state
from engines.base import JSON, Action, BadSetup, DeckViolation, Event, Result, derive_seed
from engines.protocol import Decks, Options, TurnGame, VersionedGame, tie_break

# How first place was decided: alone on points, or by the first tie-break that told apart the
# sides level on points (engines.protocol.tie_break).
TIE_BREAKS = (
    "most victory points wins",
    "tie on points broken by the most allied cards on the battlefield",
    "tie on points and cards broken by the fewest creatures in the discard pile",
    "tie on points, cards and discarded creatures: first place is shared",
)


class ArackhanWars(VersionedGame, TurnGame, versions=VERSIONS, current=CURRENT):
    """AracKhan Wars: Rise of the Grey Order (1v1, 3-4 player free-for-all, 2v2), with the
    rulebook's optional modes as options: the 2v2 Strategy phase (on by default in 2v2 since
    1.2.0), Event mode and Objective mode (``modes/``).

    One instance per rules version: ``ArackhanWars()`` plays the current rules,
    ``ArackhanWars("1.0.0")`` (or ``GAME.at_version("1.0.0")``) the rules that version played,
    so matches recorded under it replay exactly.
    """

    slug: ClassVar[str] = "arackhan-wars"
    name: ClassVar[str] = "AracKhan Wars"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    uses_decks: ClassVar[bool] = True
    score_label: ClassVar[str] = present.SCORE_LABEL

    # -- setting up ----------------------------------------------------------------------
    def new_game(
        self, seed: int, n_seats: int, decks: Decks = None, options: Options = None
    ) -> State:
        """A fresh game. ``decks``: one deck per seat (canonical deck data or a deck list's
        text); None deals each seat a playable starter deck chosen from the seed."""
        self.check_seats(
            n_seats, f"AracKhan Wars is played by {self.min_seats} to {self.max_seats} seats"
        )
        mode, mode_flags = self._mode(n_seats, options)
        lists: list[list[int]] = []
        if decks is None:
            # the playable starters, validated once (the same choice as _dealt)
            starters = starter_cards()
            rng = random.Random(derive_seed(seed, "decks"))
            lists = [list(rng.choice(starters)) for _ in range(n_seats)]
        else:
            lists = [deck_cards(d) for d in self.seat_decks(decks, n_seats, "deck", "decks")]
        if mode == "2v2":
            st = new_state(
                seed, lists, team=[0, 1, 0, 1], rounds=8, opening_hand=9, rules=self.rules
            )
        else:
            st = new_state(seed, lists, rules=self.rules)
        mode_hooks.setup(st, mode_flags)
        return st

    @staticmethod
    def _dealt(seed: int, n_seats: int) -> list[JSON]:
        """The starter decks a match without decks deals its seats, from the seed."""
        starters = playable_starters()
        rng = random.Random(derive_seed(seed, "decks"))
        return [rng.choice(starters).data for _ in range(n_seats)]

    matchup_kind: ClassVar[str] = "faction"

    def matchup_keys(
        self, seed: int, n_seats: int, decks: Decks, options: Options = None
    ) -> list[str] | None:
        """Each seat's faction (its deck's, or the dealt starter deck's)."""
        chosen = self._dealt(seed, n_seats) if decks is None else list(decks)
        return [
            str(d.get("faction") or "Unknown faction") if isinstance(d, dict) else "Own deck"
            for d in chosen
        ]

    def _mode(self, n_seats: int, options: dict[str, Any] | None) -> tuple[str, dict[str, int]]:
        """The game mode: ``1v1`` (2 seats), ``free-for-all`` (3-4) or ``2v2`` (4 seats: seats 0
        and 2 against 1 and 3; 8 rounds, opening hands of 9), and the optional modes on
        (``strategy``, ``events``, ``objectives``: see ``modes/options.py``; since 1.2.0 2v2
        plays the Strategy phase unless ``strategy`` is false)."""
        options = dict(options or {})
        default = "1v1" if n_seats == 2 else "free-for-all"
        mode = options.pop("mode", default)
        if mode not in ("1v1", "free-for-all", "2v2"):
            raise BadSetup(f"unknown mode {mode!r} (known: 1v1, free-for-all, 2v2)")
        if mode == "2v2" and self.rules.strategy_in_2v2:
            options.setdefault("strategy", True)  # the rulebook's 2v2 set-up: the Strategy pack
        chosen = chosen_modes(mode, options)
        if options:
            known = ", ".join(("mode",) + MODE_OPTIONS)
            raise BadSetup(f"unknown AracKhan Wars options {sorted(options)} (known: {known})")
        need = {"1v1": (2,), "free-for-all": (3, 4), "2v2": (4,)}[mode]
        if n_seats not in need:
            raise BadSetup(f"mode {mode} is for {' or '.join(map(str, need))} seats, not {n_seats}")
        return mode, chosen

    def describe_options(self, options: dict[str, Any] | None) -> list[str]:
        """The rulebook's modes ``options`` play, by name: the 2v2 Strategy phase too when 2v2
        plays it by default (1.2.0) and ``strategy`` does not turn it off."""
        chosen = dict(options or {})
        if chosen.get("mode") == "2v2" and self.rules.strategy_in_2v2:
            chosen.setdefault("strategy", True)
        return present.describe_options(chosen)

    def validate_deck(
        self, deck: JSON, options: dict[str, Any] | None = None
    ) -> list[DeckViolation]:
        """The construction rules plus ``card-not-playable`` for cards the engine lacks."""
        return validate_for_play(deck, shipped_catalogue())

    # -- playing -------------------------------------------------------------------------
    legal = staticmethod(rounds.legal)
    play = staticmethod(rounds.play)
    why_illegal = staticmethod(why_illegal)

    def result(self, state: State) -> Result:
        """Ranks by victory points, then most cards on the battlefield, then fewest creatures
        in the discard pile; still tied = shared rank."""
        if not state.over:
            raise ValueError("the game is not over")
        ranks, keys = rounds.ranking(state)
        top = [s for s in range(state.n) if ranks[s] == 0]
        top_points = max(k[0] for k in keys)
        best = list({state.team[s]: s for s in range(state.n) if keys[s][0] == top_points}.values())
        return Result(
            ranks=tuple(ranks),
            scores=tuple(float(k[0]) for k in keys),
            reason=f"{state.end_reason}; {tie_break(keys, best, TIE_BREAKS)}",
            details={
                "points": rounds.scores(state),
                "sides": list(state.team),
                "cards_on_battlefield": [k[1] for k in keys],
                "creatures_discarded": [-k[2] for k in keys],
                "winners": top,
                "rounds": state.round,
            },
        )

    # -- information ---------------------------------------------------------------------
    observer: ClassVar[Any] = observe

    def canonical(self, state: State) -> JSON:
        return observe.canonical(state)

    # -- bots' helpers -------------------------------------------------------------------
    playouts: ClassVar[Any] = playout

    def heuristic_value(self, state: State, seat: int) -> float:
        """Logistic of the seat's board points minus the best rival's."""
        if state.over:
            return super().heuristic_value(state, seat)
        pts = rounds.side_scores(state)
        mine = pts[seat]
        best = max(p for s, p in enumerate(pts) if not state.friends(s, seat))
        return 1.0 / (1.0 + math.exp(-(mine - best) / 15.0))

    presentation: ClassVar[Any] = present  # labels, paths and the result

    def describe_move(
        self,
        before: State,
        action: Action,
        events: list[Event],
        viewer: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        return present_log.describe_move(before, action, events, viewer, names)

    def card_faces(self, observation: dict[str, Any]) -> dict[str, dict[str, Any]]:
        return faces.card_faces(observation)
