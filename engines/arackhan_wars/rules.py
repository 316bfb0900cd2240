"""Rules versions: which readings of the rulebook an engine version plays, in one place.

Every rules fix since 1.0.0 is a flag of :class:`Rules`; the code reads ``st.rules.<flag>``
and plays the old reading when the flag is off, so one code base replays a match of any
version exactly as it was played. A new fix adds a flag here, off in every older version.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from engines.base import UnknownEngineVersion


@dataclass(frozen=True, slots=True)
class Rules:
    """The readings a rules version plays (``False``: the 1.0.0 reading)."""

    version: str = "1.0.0"
    exact_skill_loss: bool = False
    """Losing skills removes the skills and nothing else: the card action stays, and so do the
    weaknesses (Giant Troll's -1 too); skills written as parameters (Dragon Slayer's trophies,
    Senior Mercenary's lead) go with the rest."""
    omnistrike_groups: bool = False
    """Omnistrike attackers of one group that touch the same enemy all strike it together."""
    perforation_restrictions: bool = False
    """Each Perforation step meets the restrictions of a direct attack (only in groups,
    Eternal Roots, Dark Tunnel's adjacent attackers, even values)."""
    score_revealed_only: bool = False
    """A "no room left" ending leaves face-down cards unrevealed: they neither score nor count
    in the tie-break."""
    unplaceable_hand_passes: bool = False
    """A seat whose hand cannot be placed while spaces are free passes its placement."""
    opening_adjacency: bool = False
    """On an empty battlefield the second card also follows the adjacency principle."""
    stepwise_group_attacks: bool = False
    """Group attacks are built step by step (``group``, ``join``, ``strike``; a step that leaves
    no choice is automatic), with no cap on the number of attackers."""
    stealth_breaks_adjacency: bool = False
    """A Stealth card next to an attacking creature is at distance 2, so not adjacent
    (Catanolith may shoot it)."""
    mimicry_copies_immune: bool = False
    """Mimicry may copy a creature immune to spells (copying it does not affect it)."""
    absorption_adds_skills: bool = False
    """Essence Absorption also adds the destroyed creature's value, skills and weaknesses."""


_FIXES = {f.name: True for f in fields(Rules) if f.name != "version"}

VERSIONS: dict[str, Rules] = {
    "1.0.0": Rules(),
    "1.1.0": replace(Rules(), version="1.1.0", **_FIXES),
}
"""Every rules version the engine plays, oldest first."""

CURRENT = "1.1.0"
"""The version new matches are played with."""


def rules_for(version: str) -> Rules:
    """The rules of ``version``; raises :class:`~engines.base.UnknownEngineVersion` naming
    the versions there are."""
    rules = VERSIONS.get(version) if isinstance(version, str) else None
    if rules is None:
        raise UnknownEngineVersion("arackhan-wars", version, tuple(VERSIONS))
    return rules
