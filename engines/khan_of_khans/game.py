"""``KhanOfKhans``: the engine protocol wired to the rules, observation and set-up modules."""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from engines.base import JSON, Action, BadSetup, DeckViolation, Event, Result
from engines.khan_of_khans import observe, playout, present, rules
from engines.khan_of_khans.cards import (
    BLESSING_COWS,
    KHAN_NAMES,
    KHAN_OF_SLUG,
    KHAN_SLUGS,
    VALUE,
)
from engines.khan_of_khans.explain import why_illegal
from engines.khan_of_khans.legal import INFO, legal_list
from engines.khan_of_khans.state import State, canonical_state, new_state, state_digest
from engines.protocol import Decks, Options, TurnGame, tie_break

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


# How first place was decided: alone on cows, or by the first tie-break that told apart the
# seats level on cows (engines.protocol.tie_break).
TIE_BREAKS = (
    "all Location decks are empty; most cows wins",
    "tie on cows broken by the most Waha's Blessings",
    "tie on cows and Blessings broken by the most Raid! cards",
    "tie on cows, Blessings and Raid! cards: first place is shared",
)


class KhanOfKhans(TurnGame):
    """Khan of Khans (Reiner Knizia, Chaosium 2016): push-your-luck cattle raiding."""

    slug: ClassVar[str] = "khan-of-khans"
    name: ClassVar[str] = "Khan of Khans"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 5
    uses_decks: ClassVar[bool] = True
    version: ClassVar[str] = "1.1.0"

    # -- setting up ----------------------------------------------------------------------
    def new_game(
        self, seed: int, n_seats: int, decks: Decks = None, options: Options = None
    ) -> State:
        """A fresh game; ``decks`` is one distinct Khan slug per seat (None: dealt at random)."""
        self.check_seats(n_seats, "Khan of Khans is for 2 to 5 players")
        if options:
            raise BadSetup(f"Khan of Khans has no options (got {sorted(options)})")
        khans = None
        if decks is not None:
            decks = self.seat_decks(decks, n_seats, "Khan", "Khans", rules=False)
            khans = [KHAN_OF_SLUG[khan_slug(d)] for d in decks]
            if len(set(khans)) != len(khans):
                raise BadSetup(f"each Khan can be played by only one seat: {decks}")
        return new_state(seed, khans, n_seats)

    matchup_kind: ClassVar[str] = "Khan"

    def matchup_keys(
        self, seed: int, n_seats: int, decks: Decks, options: Options = None
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
    legal = staticmethod(legal_list)
    why_illegal = staticmethod(why_illegal)

    @staticmethod
    def play(state: State, action: Action, events: list[Event] | None) -> None:
        """Play a legal action (its events appended to ``events`` unless None)."""
        op, a, b = INFO[action]
        rules.step(state, op, a, b, events)

    def result(self, state: State) -> Result:
        """Ranks by cows, then Waha's Blessings, then Raid! cards; still tied = shared rank."""
        if not state.over:
            raise ValueError("the game is not over")
        ranks, keys = rules.ranking(state)
        scores = [k[0] for k in keys]
        top = [s for s in range(state.n) if scores[s] == max(scores)]
        return Result(
            ranks=tuple(ranks),
            scores=tuple(float(x) for x in scores),
            reason=tie_break(keys, top, TIE_BREAKS),
            details={
                "khans": [KHAN_SLUGS[k] for k in state.khans],
                "blessings": [k[1] for k in keys],
                "raid_cards": [k[2] for k in keys],
            },
        )

    # -- information ---------------------------------------------------------------------
    observer: ClassVar[Any] = observe

    canonical = staticmethod(canonical_state)
    digest = staticmethod(state_digest)

    # -- bots' helpers -------------------------------------------------------------------
    playouts: ClassVar[Any] = playout

    def random_playout(self, state: State, rng: random.Random) -> None:
        """Same choices as the generic loop for the same ``rng``, without its overhead."""
        rules.playout(state, rng)

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
