"""Heroes of Graxia engine: ``GAME`` is the registry's instance (the shipped catalogue)."""

from engines.heroes_of_graxia.game import HeroesOfGraxia

GAME = HeroesOfGraxia()

__all__ = ["GAME", "HeroesOfGraxia"]
