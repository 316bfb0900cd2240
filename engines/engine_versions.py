"""One shared engine per rules version of a game that keeps older versions beside its current
one (docs/matches.md "Engine versions"): what :meth:`engines.base.Game.at_version` of such a game
answers with."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from engines.base import UnknownEngineVersion

if TYPE_CHECKING:
    from engines.base import Game

G = TypeVar("G", bound="Game")


class EngineVersions(Generic[G]):
    """The engines of one game that keeps older rules versions beside its current one: one
    shared engine per version, made on first use, for :meth:`Game.at_version`."""

    def __init__(self, slug: str, versions: Sequence[str], make: Callable[[str], G]) -> None:
        self.slug = slug
        self.versions = tuple(versions)
        self._make = make
        self._engines: dict[str, G] = {}

    def keep(self, engine: G) -> None:
        """Remember ``engine`` as its version's shared engine, unless one is kept already."""
        self._engines.setdefault(engine.version, engine)

    def get(self, version: str) -> G:
        """The shared engine of ``version``; :class:`UnknownEngineVersion` for a version the
        game does not keep."""
        engine = self._engines.get(version)
        if engine is None:
            if version not in self.versions:
                raise UnknownEngineVersion(self.slug, version, self.versions)
            engine = self._engines[version] = self._make(version)
        return engine
