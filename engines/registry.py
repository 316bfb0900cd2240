"""The registry of games by slug. Apps reach engines only through here and :mod:`engines.base`."""

from __future__ import annotations

import importlib

from engines.base import Game

# slug -> module that defines ``GAME`` (an instance of a :class:`engines.base.Game` subclass).
GAME_MODULES: dict[str, str] = {
    "khan-of-khans": "engines.khan_of_khans",
    "kingdom-of-warlords": "engines.kingdom_of_warlords",
    "arackhan-wars": "engines.arackhan_wars",
    "heroes-of-graxia": "engines.heroes_of_graxia",
}

_loaded: dict[str, Game] = {}


class UnknownGame(KeyError):
    """No engine is registered under that slug."""

    def __init__(self, slug: str) -> None:
        super().__init__(slug)
        self.slug = slug

    def __str__(self) -> str:
        known = ", ".join(sorted(GAME_MODULES))
        return f"unknown game {self.slug!r} (known games: {known})"


def get_game(slug: str) -> Game:
    """The engine registered under ``slug``; raises :class:`UnknownGame` otherwise."""
    game = _loaded.get(slug)
    if game is None:
        if slug not in GAME_MODULES:
            raise UnknownGame(slug)
        game = importlib.import_module(GAME_MODULES[slug]).GAME
        _loaded[slug] = game
    return game


def game_slugs() -> list[str]:
    """Slugs of every registered game, sorted."""
    return sorted(GAME_MODULES)
