"""Toy Tricks: a tiny hidden-information card game implementing the whole engine protocol.

The engine tooling (records, replay, search bot, CLI, benches) is tested against it so it does
not depend on the real games being finished.

Rules. Each seat brings a deck of 6 cards valued 1..9; all decks are shuffled into one draw pile
and every seat draws ``hand_size`` cards (option, default 3). Seat 0 leads the first trick; in
turn order each seat plays one card face up. The highest card wins the trick (ties: the card
played first) and its owner scores the sum of the trick's values. Then, starting with the
winner, every seat draws a card while the pile lasts, and the winner leads the next trick. The
game ends when every hand is empty; more points rank higher, equal points tie.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

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
from engines.bots.base import Bot

DECK_SIZE = 6


def card_value(card: str) -> int:
    """``"7#1.3"`` -> 7."""
    return int(card.split("#", 1)[0])


@dataclass
class ToyState:
    n: int
    rng: random.Random
    pile: list[str]
    hands: list[list[str]]
    won: list[list[str]]
    scores: list[int]
    trick: list[tuple[int, str]] = field(default_factory=list)
    leader: int = 0
    turn: int | None = 0


class ToyTricks(Game):
    slug = "toy-tricks"
    name = "Toy Tricks"
    version = "1"
    min_seats = 2
    max_seats = 3
    uses_decks = True

    # -- setting up ----------------------------------------------------------------------
    def default_decks(self, n_seats: int) -> list[JSON]:
        return [[1, 2, 4, 5, 7, 9] for _ in range(n_seats)]

    def validate_deck(
        self, deck: JSON, options: dict[str, Any] | None = None
    ) -> list[DeckViolation]:
        if not isinstance(deck, list) or len(deck) != DECK_SIZE:
            return [DeckViolation("size", f"a deck has exactly {DECK_SIZE} cards")]
        bad = [v for v in deck if not isinstance(v, int) or not 1 <= v <= 9]
        if bad:
            return [DeckViolation("value", "card values are 1..9", cards=tuple(map(str, bad)))]
        return []

    def new_game(
        self,
        seed: int,
        n_seats: int,
        decks: Sequence[JSON] | None = None,
        options: dict[str, Any] | None = None,
    ) -> ToyState:
        if not self.min_seats <= n_seats <= self.max_seats:
            raise BadSetup(f"Toy Tricks seats {self.min_seats}-{self.max_seats}, not {n_seats}")
        decks = list(decks) if decks is not None else self.default_decks(n_seats)
        if len(decks) != n_seats:
            raise BadSetup(f"{len(decks)} decks for {n_seats} seats")
        for seat, deck in enumerate(decks):
            problems = self.validate_deck(deck)
            if problems:
                raise BadSetup(f"seat {seat}'s deck: {problems[0].message}")
        options = dict(options or {})
        hand_size = options.pop("hand_size", 3)
        if options:
            raise BadSetup(f"unknown options: {sorted(options)}")
        if not isinstance(hand_size, int) or not 1 <= hand_size <= DECK_SIZE:
            raise BadSetup("hand_size is 1..6")
        rng = random.Random(seed)
        pile = [f"{v}#{seat}.{i}" for seat, deck in enumerate(decks) for i, v in enumerate(deck)]
        rng.shuffle(pile)
        hands: list[list[str]] = [[] for _ in range(n_seats)]
        for _ in range(hand_size):
            for seat in range(n_seats):
                hands[seat].append(pile.pop())
        return ToyState(n_seats, rng, pile, hands, [[] for _ in range(n_seats)], [0] * n_seats)

    # -- playing -------------------------------------------------------------------------
    def to_act(self, state: ToyState) -> int | None:
        return state.turn

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        if state.turn is None or seat != state.turn:
            return []
        return [f"play {card}" for card in state.hands[seat]]

    def apply(self, state: ToyState, action: Action, seat: int | None = None) -> list[Event]:
        if state.turn is None:
            raise IllegalAction(action, "the game is over", seat)
        if seat is None:
            seat = state.turn
        if seat != state.turn:
            raise IllegalAction(action, f"it is seat {state.turn}'s turn", seat)
        if not isinstance(action, str) or not action.startswith("play "):
            raise IllegalAction(action, "the only action is 'play <card>'", seat)
        card = action[5:]
        if card not in state.hands[seat]:
            raise IllegalAction(action, f"{card} is not in your hand", seat)
        events: list[Event] = [{"type": "play", "seat": seat, "card": card}]
        won = self._play(state, seat, card)
        if won is not None:
            events.append({"type": "trick", "winner": won, "score": state.scores[won]})
        return events

    def apply_fast(self, state: ToyState, action: Action) -> None:
        self._play(state, state.turn, action[5:])

    def _play(self, state: ToyState, seat: int, card: str) -> int | None:
        state.hands[seat].remove(card)
        state.trick.append((seat, card))
        if len(state.trick) < state.n:
            state.turn = (seat + 1) % state.n
            return None
        winner, best = state.trick[0][0], card_value(state.trick[0][1])
        for s, c in state.trick[1:]:
            if card_value(c) > best:
                winner, best = s, card_value(c)
        state.scores[winner] += sum(card_value(c) for _, c in state.trick)
        state.won[winner].extend(c for _, c in state.trick)
        state.trick = []
        for i in range(state.n):
            if state.pile:
                state.hands[(winner + i) % state.n].append(state.pile.pop())
        state.leader = winner
        state.turn = winner if state.hands[winner] else None
        return winner

    def is_over(self, state: ToyState) -> bool:
        return state.turn is None

    def result(self, state: ToyState) -> Result:
        if state.turn is not None:
            raise ValueError("the game is not over")
        ranks = tuple(sum(other > mine for other in state.scores) for mine in state.scores)
        return Result(ranks, tuple(float(s) for s in state.scores), "all hands played")

    # -- information ---------------------------------------------------------------------
    def observation(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {
            "hand": sorted(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "pile": len(state.pile),
            "trick": [[s, c] for s, c in state.trick],
            "won": [sorted(w) for w in state.won],
            "scores": list(state.scores),
            "leader": state.leader,
            "to_act": state.turn,
        }

    def canonical(self, state: ToyState) -> JSON:
        return {
            "pile": list(state.pile),
            "hands": [list(h) for h in state.hands],
            "won": [list(w) for w in state.won],
            "scores": list(state.scores),
            "trick": [[s, c] for s, c in state.trick],
            "leader": state.leader,
            "turn": state.turn,
        }

    def clone(self, state: ToyState) -> ToyState:
        rng = random.Random()
        rng.setstate(state.rng.getstate())
        return ToyState(
            state.n,
            rng,
            list(state.pile),
            [list(h) for h in state.hands],
            [list(w) for w in state.won],
            list(state.scores),
            list(state.trick),
            state.leader,
            state.turn,
        )

    def determinize(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        copy = self.clone(state)
        copy.rng.seed(rng.getrandbits(64))
        unseen = list(copy.pile)
        for s in range(copy.n):
            if s != seat:
                unseen.extend(copy.hands[s])
        unseen.sort()  # so the re-deal depends on what ``seat`` knows, not on the real deal
        rng.shuffle(unseen)
        for s in range(copy.n):
            if s != seat:
                k = len(copy.hands[s])
                copy.hands[s], unseen = unseen[:k], unseen[k:]
        copy.pile = unseen
        return copy

    def zones(self, state: ToyState) -> dict[str, list[str]]:
        zones = {"pile": list(state.pile), "trick": [c for _, c in state.trick]}
        for s in range(state.n):
            zones[f"hand:{s}"] = list(state.hands[s])
            zones[f"won:{s}"] = list(state.won[s])
        return zones

    # -- bots' helpers -------------------------------------------------------------------
    def heuristic_value(self, state: ToyState, seat: int) -> float:
        if self.is_over(state):
            return super().heuristic_value(state, seat)
        total = sum(state.scores)
        return 0.5 if total == 0 else state.scores[seat] / total


class HeuristicBot(Bot):
    """Wins the trick as cheaply as possible when it can, otherwise throws its lowest card."""

    kind = "heuristic"

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        obs = game.observation(state, seat)
        hand = sorted(obs["hand"], key=lambda c: (card_value(c), c))
        best = max((card_value(c) for _, c in obs["trick"]), default=0)
        winners = [c for c in hand if card_value(c) > best]
        if obs["trick"] and winners:
            return f"play {winners[0]}"
        if not obs["trick"]:
            return f"play {hand[-1]}"
        return f"play {hand[0]}"


GAME = ToyTricks()


def landed_games() -> list[tuple[str, Game]]:
    """The toy game, then every registered game whose module exists and defines ``GAME``.

    A registered game that is not written yet is left out; any other import error is raised.
    """
    import importlib

    from engines.registry import GAME_MODULES, game_slugs

    games: list[tuple[str, Game]] = [(GAME.slug, GAME)]
    for slug in game_slugs():
        name = GAME_MODULES[slug]
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        if hasattr(module, "GAME"):
            games.append((slug, module.GAME))
    return games


def register_toy(monkeypatch: Any) -> None:
    """Put the toy game in the registry for one test (pytest ``monkeypatch``)."""
    from engines import registry

    monkeypatch.setitem(registry.GAME_MODULES, GAME.slug, __name__)
    monkeypatch.setitem(registry._loaded, GAME.slug, GAME)
