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
    # -- 1.2.0
    initiative_groups: bool = False
    """A group attack built during the Initiative sequence is still in it: only cards that may
    attack in the Initiative sequence join (1.1.0 read the phase, PENDING while the group was
    built, and let any card join)."""
    public_single_choices: bool = False
    """A step with a single choice is played by the engine only when that it has a single
    choice is public: a seat holding a Strategy card it cannot pay for says ``strategy keep``
    itself, and a placement from the hand with no card left to place says ``done`` itself
    (1.1.0 played both for it, telling the enemies what the hidden card or hand held)."""
    strategy_in_2v2: bool = False
    """2v2 is played with the Strategy phase unless ``{"strategy": false}`` turns it off (the
    rulebook's 2v2 set-up includes the Strategy pack; 1.1.0 played it only when asked)."""
    objectives_when_met: bool = False
    """An objective is offered right after the action of the seat whose action met it, and to
    that seat only (after the reveal, to each seat its placed cards made meet one); 1.1.0
    offered them at the end of each turn to every seat meeting one."""


_FIXES_1_2 = (
    "initiative_groups",
    "public_single_choices",
    "strategy_in_2v2",
    "objectives_when_met",
)
"""The flags 1.2.0 turned on (every other flag is a 1.1.0 fix)."""
_FIXES_1_1 = {f.name: True for f in fields(Rules) if f.name not in ("version", *_FIXES_1_2)}

VERSIONS: dict[str, Rules] = {
    "1.0.0": Rules(),
    "1.1.0": replace(Rules(), version="1.1.0", **_FIXES_1_1),
    "1.2.0": replace(Rules(), version="1.2.0", **_FIXES_1_1, **dict.fromkeys(_FIXES_1_2, True)),
}
"""Every rules version the engine plays, oldest first."""

CURRENT = "1.2.0"
"""The version new matches are played with."""


def rules_for(version: str) -> Rules:
    """The rules of ``version``; raises :class:`~engines.base.UnknownEngineVersion` naming
    the versions there are."""
    rules = VERSIONS.get(version) if isinstance(version, str) else None
    if rules is None:
        raise UnknownEngineVersion("arackhan-wars", version, tuple(VERSIONS))
    return rules
