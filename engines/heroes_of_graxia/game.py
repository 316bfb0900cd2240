"""``HeroesOfGraxia``: the engine protocol wired to the rules, observation and catalogue modules."""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from engines.base import (
    JSON,
    Action,
    BadSetup,
    DeckViolation,
    Event,
    IllegalAction,
    Result,
)
from engines.engine_versions import EngineVersions
from engines.heroes_of_graxia import canonical, observe, playout, present, rules
from engines.heroes_of_graxia.actions import Move, parse, to_text
from engines.heroes_of_graxia.catalogue import Catalogue, shipped_catalogue
from engines.heroes_of_graxia.explain import why_illegal
from engines.heroes_of_graxia.heroes import RANDOM, check_choice, hero_slug
from engines.heroes_of_graxia.legion import attack_total, defense_total
from engines.heroes_of_graxia.rules import offer, play_offered
from engines.heroes_of_graxia.scoring import ranking
from engines.heroes_of_graxia.setup import new_state
from engines.heroes_of_graxia.state import State
from engines.heroes_of_graxia.tables import Tables, tables_for
from engines.heroes_of_graxia.versions import CURRENT, VERSIONS, rules_for
from engines.protocol import Decks, Options, WiredGame

MAX_ROUNDS = 60
"""The platform's round limit (not in the rulebook): a game still going after 60 rounds ends
and is scored like one whose Monster Deck ran out, so a ladder match always ends."""


class HeroesOfGraxia(WiredGame):
    """Heroes of Graxia: the deck-building game for 2-6 players (slay Monsters and other
    Heroes for Prestige), with the platform's starter catalogue.

    One instance per rules version and catalogue: ``HeroesOfGraxia()`` plays the current rules,
    ``GAME.at_version("1.0.0")`` the rules that version played, so its matches replay exactly.
    """

    slug: ClassVar[str] = "heroes-of-graxia"
    name: ClassVar[str] = "Heroes of Graxia"
    versions: ClassVar[tuple[str, ...]] = tuple(VERSIONS)
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    uses_decks: ClassVar[bool] = True
    matchup_kind: ClassVar[str] = "Hero"
    observer: ClassVar[Any] = observe
    playouts: ClassVar[Any] = playout

    def __init__(self, catalogue: Catalogue | None = None, version: str = CURRENT) -> None:
        self.rules = rules_for(version)
        self.version = version  # type: ignore[misc]  # per instance: one engine per version
        self._catalogue = catalogue
        self._versions: EngineVersions[HeroesOfGraxia] = EngineVersions(
            self.slug, VERSIONS, self._sibling
        )
        self._versions.keep(self)
        self._offered: tuple[list[Move], list[str]] | None = None
        """The last legal moves listed and their texts: ``apply`` finds an action among them
        without parsing it again (the same move: the texts name first copies, as parsing
        does)."""

    def at_version(self, version: str) -> HeroesOfGraxia:
        """The engine playing the rules of ``version`` on the same catalogue (one instance per
        version); raises :class:`UnknownEngineVersion` for a version it does not keep."""
        return self if version == self.version else self._versions.get(version)

    def _sibling(self, version: str) -> HeroesOfGraxia:
        """A new engine of ``version`` on this catalogue, sharing this engine's versions."""
        engine = HeroesOfGraxia(self._catalogue, version)
        engine._versions = self._versions
        return engine

    @property
    def catalogue(self) -> Catalogue:
        """The catalogue this engine deals from (the shipped one unless given)."""
        return self._catalogue if self._catalogue is not None else shipped_catalogue()

    @property
    def tables(self) -> Tables:
        return tables_for(self.catalogue)

    # -- setting up ----------------------------------------------------------------------
    def new_game(
        self, seed: int, n_seats: int, decks: Decks = None, options: Options = None
    ) -> State:
        """A fresh game. ``decks``: one Hero choice per seat (a Hero's name or slug, or
        ``{"hero": name}``, or ``"random"``); None: every Hero dealt at random from the seed.
        Option ``max_rounds`` (10-200, default 60) sets the platform's round limit."""
        self.check_seats(n_seats, "Heroes of Graxia is for 2 to 6 players")
        options = dict(options or {})
        max_rounds = options.pop("max_rounds", MAX_ROUNDS)
        if options:
            raise BadSetup(
                f"unknown Heroes of Graxia options {sorted(options)} (known: max_rounds)"
            )
        if isinstance(max_rounds, bool) or not isinstance(max_rounds, int):
            raise BadSetup(f"max_rounds must be a whole number, not {max_rounds!r}")
        if not 10 <= max_rounds <= 200:
            raise BadSetup(f"max_rounds must be 10 to 200, not {max_rounds}")
        t = self.tables
        heroes: list[int | None] = [None] * n_seats
        if decks is not None:
            decks = list(decks)
            if len(decks) != n_seats:
                raise BadSetup(
                    f"need one Hero choice per seat: {n_seats} seats, {len(decks)} given"
                )
            taken: dict[int, int] = {}
            for seat, deck in enumerate(decks):
                problems = self.validate_deck(deck)
                if problems:
                    raise BadSetup(f"seat {seat}: [{problems[0].rule}] {problems[0].message}")
                slug = hero_slug(deck, self.catalogue)
                if slug == RANDOM:
                    continue
                hero = t.hero_of_slug[slug]
                if hero in taken:
                    raise BadSetup(
                        f"{t.NAME[t.KIND[hero]]} can be played by only one seat "
                        f"(seats {taken[hero]} and {seat})"
                    )
                taken[hero] = seat
                heroes[seat] = hero
        st = new_state(t, seed, n_seats, heroes, max_rounds, rules=self.rules)
        rules.settle(st, None)
        return st

    def matchup_keys(
        self, seed: int, n_seats: int, decks: Decks, options: Options = None
    ) -> list[str] | None:
        """Each seat's Hero by name (chosen, or dealt from the seed)."""
        state = self.new_game(seed, n_seats, decks, options)
        t = state.t
        return [t.NAME[t.KIND[card]] for card in state.hero]

    def default_decks(self, n_seats: int) -> list[JSON] | None:
        """Every seat takes a Hero at random."""
        return [{"hero": RANDOM} for _ in range(n_seats)]

    def validate_deck(
        self, deck: JSON, options: dict[str, Any] | None = None
    ) -> list[DeckViolation]:
        """A registration names one Hero of the catalogue (or ``random``)."""
        return check_choice(deck, self.catalogue)

    # -- playing -------------------------------------------------------------------------
    def to_act(self, state: State) -> int | None:
        return None if state.over else state.to_act

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        offered = offer(state, seat)
        if offered is None:
            return []
        self._offered = offered
        return offered[1][:]

    def apply(self, state: State, action: Action, seat: int | None = None) -> list[Event]:
        """Validate and play ``action``; raise :class:`IllegalAction` leaving state untouched."""
        events = play_offered(state, action, seat, self._offered)
        if events is not None:  # one of the actions just listed
            return events
        if state.over:
            raise IllegalAction(action, "the game is over", seat)
        if seat is None:
            seat = state.to_act
        elif seat != state.to_act:
            raise IllegalAction(action, f"it is seat {state.to_act}'s turn to act, not yours", seat)
        moves = rules.legal_moves(state)
        m = parse(state, seat, action)
        if m is None or m not in moves or to_text(state, m) != action:
            raise IllegalAction(action, why_illegal(state, seat, action), seat)
        events = []
        rules.step(state, m, events)
        return events

    def apply_fast(self, state: State, action: Action) -> None:
        """Play a legal action without validation or events."""
        m = parse(state, state.to_act, action)
        assert m is not None
        rules.step(state, m, None)

    def is_over(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> Result:
        """Ranks by Victory Points, then Prestige; still tied = shared rank."""
        if not state.over:
            raise ValueError("the game is not over")
        ranks, keys = ranking(state)
        top = [s for s in range(state.n) if ranks[s] == 0]
        best = max(k[0] for k in keys)
        level = [s for s in range(state.n) if keys[s][0] == best]
        if len(level) == 1:
            how = "most Victory Points wins"
        elif len(top) == 1:
            how = "tie on Victory Points broken by the most Prestige"
        else:
            how = "tie on Victory Points and Prestige: first place is shared"
        t = state.t
        return Result(
            ranks=tuple(ranks),
            scores=tuple(float(k[0]) for k in keys),
            reason=f"{state.end_reason}; {how}",
            details={
                "heroes": [t.SLUG[t.KIND[h]] for h in state.hero],
                "prestige": [k[1] for k in keys],
                "trophies": [k[0] - k[1] for k in keys],
                "monsters": [len(state.loot[s]) for s in range(state.n)],
                "rounds": state.rounds,
            },
        )

    # -- information ---------------------------------------------------------------------
    def canonical(self, state: State) -> JSON:
        return canonical.canonical(state)

    def digest(self, state: State) -> str:
        return canonical.state_digest(state)

    def clone(self, state: State) -> State:
        return state.copy()

    # -- bots' helpers -------------------------------------------------------------------
    def random_playout(self, state: State, rng: random.Random) -> None:
        """The generic loop without its protocol overhead (same choices for the same rng)."""
        legal, step = rules.legal_moves, rules.step
        choice = rng.choice
        while not state.over:
            step(state, choice(legal(state)), None)

    def heuristic_value(self, state: State, seat: int) -> float:
        """Logistic of the seat's worth minus the best rival's: Victory Points, plus a little
        for the Legion's strength (its Attack against Monsters, its Defense against Legions)."""
        if state.over:
            return super().heuristic_value(state, seat)
        _, keys = ranking(state)

        def worth(s: int) -> float:
            strength = attack_total(state, s, True) + defense_total(state, s, False)
            return keys[s][0] + 0.15 * strength

        mine = worth(seat)
        best = max(worth(s) for s in range(state.n) if s != seat)
        return 1.0 / (1.0 + math.exp(-(mine - best) / 5.0))

    # -- for people ---------------------------------------------------------------------
    score_label: ClassVar[str] = present.SCORE_LABEL

    presentation: ClassVar[Any] = present  # labels, the move log, paths, faces, result
