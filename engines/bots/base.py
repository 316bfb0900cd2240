"""What every bot is: something that picks one legal action for a seat."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from engines.base import Action, Game


class Bot(ABC):
    """A player program. It may read only what its seat may know: ``game.observation(state,
    seat)``, ``game.legal_actions(state, seat)`` and ``game.determinize(state, seat, rng)``;
    never the hidden parts of ``state`` directly.
    """

    kind: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.spec: str = self.kind
        """How :func:`engines.bots.factory.make_bot` names this bot (match records store it)."""

    @abstractmethod
    def choose(self, game: Game, state: Any, seat: int) -> Action:
        """One legal action for ``seat`` (the seat to act)."""

    def rank(self, game: Game, state: Any, seat: int, legal: list[Action]) -> list[Action]:
        """``legal`` from the most to the least promising in this bot's eyes (a search with a
        time budget tries them in this order); by default as listed."""
        return list(legal)


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    kind = "random"

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        return self.rng.choice(game.legal_actions(state, seat))
