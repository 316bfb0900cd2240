"""Rules versions: which readings of the Quick Match text an engine version plays.

Every rules fix since 1.0.0 is a flag of :class:`Rules`, off in 1.0.0; the code reads
``st.rules.<flag>``, so one code base replays a match of either version exactly as it was
played (docs/matches.md, "Engine versions"; docs/rules/akhedena.md lists the fixes).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from engines.base import UnknownEngineVersion


@dataclass(frozen=True, slots=True)
class Rules:
    """The readings a rules version plays (``False``: the 1.0.0 reading)."""

    version: str = "1.0.0"
    text_layouts: bool = False
    """Hero and Archer start two squares apart; with three and four players one Cavalry of
    each seat stands in a corner and none on a neighbour's second row (board.LAYOUTS)."""
    optional_crown: bool = False
    """A piece that ends its move next to the Crown may take it (``... crown``) or not."""
    holder_attacks_castles: bool = False
    """Only the Crown holder can attack Castles (its own stays invulnerable while it holds
    the Crown); 1.0.0 let anyone attack any Castle once the Crown was held."""
    apart_layouts: bool = False
    """1.2.0: three- and four-player layouts that keep the seats apart on the first move
    (four players: no piece of any seat can be attacked; three, where no layout can do that:
    only Cavalry and Archers, each able to strike the other first; board.LAYOUTS)."""
    decisive_lists: bool = False
    """1.2.0: starter lists whose mirror games can end — list 1 (Sword and Spear) fields an Axe
    Captain with two Berserkers as its right Infantry (attack 15, above its Castle's 14) and
    its Hero carries two Swordsmen (12/11: it can beat a Hero like itself); list 2's Hero is
    the Axe King with two Axemen (15/8). 1.1.0's lists are kept in ``data/starters/retired/``."""

    @property
    def layouts(self) -> int:
        """Which layouts are played: 0 (1.0.0), 1 (``text_layouts``), 2 (``apart_layouts``)."""
        return 2 if self.apart_layouts else 1 if self.text_layouts else 0


_FIXES = {f.name: True for f in fields(Rules) if f.name != "version"}
_LATER = ("apart_layouts", "decisive_lists")
"""The fixes of 1.2.0 (off in 1.1.0)."""

VERSIONS: dict[str, Rules] = {
    "1.0.0": Rules(),
    "1.1.0": replace(
        Rules(), version="1.1.0", **{k: v for k, v in _FIXES.items() if k not in _LATER}
    ),
    "1.2.0": replace(Rules(), version="1.2.0", **_FIXES),
}
"""Every rules version the engine plays, oldest first."""

CURRENT = "1.2.0"
"""The version new matches are played with."""


def rules_for(version: str) -> Rules:
    """The rules of ``version``; raises :class:`~engines.base.UnknownEngineVersion` naming
    the versions there are."""
    rules = VERSIONS.get(version) if isinstance(version, str) else None
    if rules is None:
        raise UnknownEngineVersion("akhedena", version, tuple(VERSIONS))
    return rules
