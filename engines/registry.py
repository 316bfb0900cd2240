"""The registry of games by slug. Apps reach engines only through here and :mod:`engines.base`."""

from __future__ import annotations

import importlib

from engines.base import Game, UnknownEngineVersion

# slug -> module that defines ``GAME`` (an instance of a :class:`engines.base.Game` subclass).
GAME_MODULES: dict[str, str] = {
    "khan-of-khans": "engines.khan_of_khans",
    "kingdom-of-warlords": "engines.kingdom_of_warlords",
    "arackhan-wars": "engines.arackhan_wars",
    "akhedena": "engines.akhedena",
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


def get_game(slug: str, version: str | None = None) -> Game:
    """The engine registered under ``slug`` (raises :class:`UnknownGame` otherwise).

    ``version``: the engine playing that version's rules, for a match recorded under it;
    raises :class:`~engines.base.UnknownEngineVersion` when the game does not keep that
    version. ``None`` (the default) is the current version, the one new matches use.
    """
    game = _loaded.get(slug)
    if game is None:
        if slug not in GAME_MODULES:
            raise UnknownGame(slug)
        game = importlib.import_module(GAME_MODULES[slug]).GAME
        _loaded[slug] = game
    if version is None or version == game.version:
        return game
    return game.at_version(version)


def engine_for(slug: str, version: str | None) -> Game:
    """The engine to play or rebuild a match pinned to ``version``: that version's rules when
    the game keeps them, otherwise the current engine (compare its ``version`` to tell)."""
    try:
        return get_game(slug, version or None)
    except UnknownEngineVersion:
        return get_game(slug)


def game_slugs() -> list[str]:
    """Slugs of every registered game, sorted."""
    return sorted(GAME_MODULES)


__all__ = ["UnknownEngineVersion", "UnknownGame", "engine_for", "get_game", "game_slugs"]
