"""Heroes of Graxia engine: ``GAME`` is the registry's instance (the shipped catalogue)."""

from engines.native import HEROES_OF_GRAXIA

HEROES_OF_GRAXIA.choose()  # the compiled hot modules, or their sources (before any is imported)

from engines.heroes_of_graxia.game import HeroesOfGraxia  # noqa: E402

GAME = HeroesOfGraxia()

__all__ = ["GAME", "HeroesOfGraxia"]
