"""``KhanOfKhans``: the engine protocol wired to the rules, observation and set-up modules."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, ClassVar

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
from engines.khan_of_khans import observe, playout, present, rules
from engines.khan_of_khans.cards import (
    BLESSING_COWS,
    KHAN_NAMES,
    KHAN_OF_SLUG,
    KHAN_SLUGS,
    VALUE,
)
from engines.khan_of_khans.explain import why_illegal
from engines.khan_of_khans.state import State, canonical_state, new_state, state_digest

ALIASES = {"-".join(n.lower().split()): s for n, s in zip(KHAN_NAMES, KHAN_SLUGS, strict=True)}
"""Khan names as slugs ("high-llama-tribe") to the engine's slugs ("high-llama")."""


def khan_slug(deck: JSON) -> str | None:
    """The Khan slug a deck names: a slug or Khan name as a string (case and surrounding
    whitespace ignored, e.g. a deck file's text), or ``{"khan": slug}``; None if it names none."""
    if isinstance(deck, dict) and set(deck) == {"khan"}:
        deck = deck["khan"]
    if not isinstance(deck, str):
        return None
    slug = "-".join(deck.strip().lower().split())
    slug = ALIASES.get(slug, slug)
    return slug if slug in KHAN_OF_SLUG else None


class KhanOfKhans(Game):
    """Khan of Khans (Reiner Knizia, Chaosium 2016): push-your-luck cattle raiding."""

    slug: ClassVar[str] = "khan-of-khans"
    name: ClassVar[str] = "Khan of Khans"
    version: ClassVar[str] = "1.1.0"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 5
    uses_decks: ClassVar[bool] = True
    matchup_kind: ClassVar[str] = "Khan"

    # -- setting up ----------------------------------------------------------------------
    def new_game(
        self,
        seed: int,
        n_seats: int,
        decks: Sequence[JSON] | None = None,
        options: dict[str, Any] | None = None,
    ) -> State:
        """A fresh game; ``decks`` is one distinct Khan slug per seat (None: dealt at random)."""
        if isinstance(n_seats, bool) or not isinstance(n_seats, int):
            raise BadSetup(f"n_seats must be an int, not {n_seats!r}")
        if not self.min_seats <= n_seats <= self.max_seats:
            raise BadSetup(f"Khan of Khans is for 2 to 5 players, not {n_seats}")
        if options:
            raise BadSetup(f"Khan of Khans has no options (got {sorted(options)})")
        khans = None
        if decks is not None:
            decks = list(decks)
            if len(decks) != n_seats:
                raise BadSetup(f"need one Khan per seat: {n_seats} seats, {len(decks)} Khans")
            for seat, deck in enumerate(decks):
                problems = self.validate_deck(deck)
                if problems:
                    raise BadSetup(f"seat {seat}: {problems[0].message}")
            khans = [KHAN_OF_SLUG[khan_slug(d)] for d in decks]
            if len(set(khans)) != len(khans):
                raise BadSetup(f"each Khan can be played by only one seat: {decks}")
        return new_state(seed, khans, n_seats)

    def matchup_keys(
        self,
        seed: int,
        n_seats: int,
        decks: Sequence[JSON] | None,
        options: dict[str, Any] | None = None,
    ) -> list[str] | None:
        """Each seat's Khan by name (chosen, or dealt from the seed)."""
        state = self.new_game(seed, n_seats, decks, options)
        return [KHAN_NAMES[k] for k in state.khans]

    def default_decks(self, n_seats: int) -> list[JSON] | None:
        """None: the Khans are dealt at random from the match seed."""
        return None

    def validate_deck(
        self, deck: JSON, options: dict[str, Any] | None = None
    ) -> list[DeckViolation]:
        """A "deck" is a Khan slug; anything else is an ``unknown-khan`` violation."""
        if khan_slug(deck) is not None:
            return []
        return [
            DeckViolation(
                rule="unknown-khan",
                message=f"unknown Khan {deck!r}; choose one of {', '.join(KHAN_SLUGS)}",
                cards=(str(deck),),
            )
        ]

    # -- playing -------------------------------------------------------------------------
    def to_act(self, state: State) -> int | None:
        """The seat to act (the same seat answers its own pending decisions)."""
        return None if state.over else state.to_act

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (empty when it is not that seat's turn)."""
        if state.over or seat != state.to_act:
            return []
        return list(rules.legal_list(state))

    def apply(self, state: State, action: Action, seat: int | None = None) -> list[Event]:
        """Validate and play ``action``; raise :class:`IllegalAction` leaving state untouched."""
        if state.over:
            raise IllegalAction(action, "the game is over", seat)
        if seat is None:
            seat = state.to_act
        elif seat != state.to_act:
            raise IllegalAction(action, f"it is seat {state.to_act}'s turn, not yours", seat)
        if not isinstance(action, str) or action not in rules.legal_list(state):
            raise IllegalAction(action, why_illegal(state, seat, action), seat)
        op, a, b = rules.INFO[action]
        events: list[Event] = []
        rules.step(state, op, a, b, events)
        return events

    def apply_fast(self, state: State, action: Action) -> None:
        """Play a legal action without validation or events."""
        op, a, b = rules.INFO[action]
        rules.step(state, op, a, b, None)

    def is_over(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> Result:
        """Ranks by cows, then Waha's Blessings, then Raid! cards; still tied = shared rank."""
        if not state.over:
            raise ValueError("the game is not over")
        ranks, keys = rules.ranking(state)
        scores = [k[0] for k in keys]
        top = [s for s in range(state.n) if scores[s] == max(scores)]
        if len(top) == 1:
            reason = "all Location decks are empty; most cows wins"
        elif len({keys[s][1] for s in top}) > 1:
            reason = "tie on cows broken by the most Waha's Blessings"
        elif len({keys[s][2] for s in top}) > 1:
            reason = "tie on cows and Blessings broken by the most Raid! cards"
        else:
            reason = "tie on cows, Blessings and Raid! cards: first place is shared"
        return Result(
            ranks=tuple(ranks),
            scores=tuple(float(x) for x in scores),
            reason=reason,
            details={
                "khans": [KHAN_SLUGS[k] for k in state.khans],
                "blessings": [k[1] for k in keys],
                "raid_cards": [k[2] for k in keys],
            },
        )

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
        """Same choices as the generic loop for the same ``rng``, without its overhead."""
        rules.playout(state, rng)

    def guided_playout(self, state: State, rng: random.Random) -> None:
        """Count cards to pick the deck, corral at a threshold, steal the richest card (see ``playout``)."""
        playout.guided_playout(state, rng)

    def heuristic_value(self, state: State, seat: int) -> float:
        """Logistic of (seat's banked cows + 60% of its Herd) minus the best rival's."""
        if state.over:
            return super().heuristic_value(state, seat)

        def worth(s: int) -> float:
            banked = sum(VALUE[c] for cs in state.corrals[s] for c in cs)
            banked += sum(VALUE[c] for c in state.extra[s] if c >= 0)
            banked += BLESSING_COWS * (len(state.kept[s]) + len(state.used[s]))
            return banked + 0.6 * sum(VALUE[c] for c in state.herd[s])

        mine = worth(seat)
        best = max(worth(s) for s in range(state.n) if s != seat)
        scale = 60.0 + 2.0 * state.left
        return 1.0 / (1.0 + math.exp(-(mine - best) / scale))

    # -- for people ----------------------------------------------------------------------
    score_label: ClassVar[str] = "cows"

    presentation: ClassVar[Any] = present  # labels, the move log, paths, faces, result
