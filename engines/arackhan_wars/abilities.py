"""The ability vocabulary: what a card definition may say, as plain frozen data.

A card's rules text is a :class:`CardDef` (see ``cards/``): a few :class:`Aura` (continuous
effects: skills, weaknesses, spell effects, land benefits), :class:`AttackMod` (bonuses that
depend on the card attacked), an optional card action (a name from :mod:`actions`, with
parameters) and an optional end-of-round trigger. The engine reads these; no card is a special
case in the core.

Reaches (who an aura affects; "allied"/"enemy" are seen from the card's controller):
``self``, ``adjacent_allies``, ``adjacent_enemies``, ``adjacent`` (both sides), ``allies``,
``enemies`` (anywhere on the battlefield), ``all``.

Conditions (an aura applies only while it holds): ``no_adjacent_ally`` (no allied creature next
to the source), ``starts_round`` / ``second_in_round`` (the source's controller begins the round,
or does not), ``musician`` / ``dancer`` (an allied creature of that family is on the
battlefield), ``active`` (the source is active).

Flags an aura may give (``gain``), besides the nine attributes: the names in :data:`FLAGS`
(a card that cannot attack, is immune to enemy spells, may be attacked only by a group...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

# reaches
SELF: Final = "self"
ADJ_ALLIES: Final = "adjacent_allies"
ADJ_ENEMIES: Final = "adjacent_enemies"
ADJ: Final = "adjacent"
ALLIES: Final = "allies"
ENEMIES: Final = "enemies"
ALL: Final = "all"
REACHES: Final[tuple[str, ...]] = (SELF, ADJ_ALLIES, ADJ_ENEMIES, ADJ, ALLIES, ENEMIES, ALL)

# sources of an aura (what "lose their skills" removes is a skill)
SKILL: Final = "skill"
WEAKNESS: Final = "weakness"
EFFECT: Final = "effect"
BENEFIT: Final = "benefit"

# attributes (lower case)
INITIATIVE: Final = "initiative"
MOVEMENT: Final = "movement"
FLIGHT: Final = "flight"
OMNISTRIKE: Final = "omnistrike"
RANGED: Final = "ranged"
SWARM: Final = "swarm"
REGENERATION: Final = "regeneration"
STEALTH: Final = "stealth"
PERFORATION: Final = "perforation"
ATTRIBUTES: Final[tuple[str, ...]] = (
    INITIATIVE,
    MOVEMENT,
    FLIGHT,
    OMNISTRIKE,
    RANGED,
    SWARM,
    REGENERATION,
    STEALTH,
    PERFORATION,
)

# flags: what a card may or may not do, or how it may be attacked
IMMUNE_SPELLS: Final = "immune_to_enemy_spells"
CANNOT_ATTACK: Final = "cannot_attack"
CANNOT_BE_ATTACKED: Final = "cannot_be_attacked"
NOT_BY_CREATURES: Final = "cannot_be_attacked_by_creatures"
ONLY_GROUP_ATTACKED: Final = "creatures_attack_it_only_in_groups"
NO_GROUP_ATTACKED: Final = "creatures_cannot_group_attack_it"
GROUPS_OR_SPELLS: Final = "attacked_only_by_creature_groups_or_by_spells"
ONLY_ADJACENT_ATTACKERS: Final = "attacked_only_by_adjacent_creatures_or_spells"
ATTACKS_ONLY_IN_GROUPS: Final = "attacks_only_in_groups"
ATTACKS_ADJACENT_NO_GROUP: Final = "attacks_only_adjacent_and_alone"
NO_GROUP: Final = "cannot_join_group_attacks"
GROUPS_ONLY_WITH_FAMILY: Final = "groups_only_with_its_family"
NO_ADJACENT_ATTACK: Final = "cannot_attack_adjacent_cards"
EVEN_TARGETS_ONLY: Final = "attacks_only_even_values"
NO_INITIATIVE_ATTACK: Final = "cannot_attack_in_initiative"
DESTROYED_AFTER_ATTACK: Final = "destroyed_after_attacking"
DESTROYED_IF_ATTACK_FAILS: Final = "destroyed_if_an_attack_fails"
DEACTIVATED: Final = "deactivated_by_an_effect"
GUARDED_VS_MOBILE: Final = "plus_2_defence_against_flight_or_movement"
STATS_LOCKED: Final = "attack_and_defence_cannot_be_modified"
SWARM_SAME_NAME: Final = "swarm_counts_only_same_name"
BLIND_RIGHT_BOTTOM: Final = "cannot_attack_past_its_right_and_bottom_borders"
FLAGS: Final[tuple[str, ...]] = (
    IMMUNE_SPELLS,
    CANNOT_ATTACK,
    CANNOT_BE_ATTACKED,
    NOT_BY_CREATURES,
    ONLY_GROUP_ATTACKED,
    NO_GROUP_ATTACKED,
    GROUPS_OR_SPELLS,
    ONLY_ADJACENT_ATTACKERS,
    ATTACKS_ONLY_IN_GROUPS,
    ATTACKS_ADJACENT_NO_GROUP,
    NO_GROUP,
    GROUPS_ONLY_WITH_FAMILY,
    NO_ADJACENT_ATTACK,
    EVEN_TARGETS_ONLY,
    NO_INITIATIVE_ATTACK,
    DESTROYED_AFTER_ATTACK,
    DESTROYED_IF_ATTACK_FAILS,
    DEACTIVATED,
    GUARDED_VS_MOBILE,
    STATS_LOCKED,
    SWARM_SAME_NAME,
    BLIND_RIGHT_BOTTOM,
)

# what an aura counts when its bonus is "per" something
PER_ADJ_ENEMY_CARD: Final = "adjacent_enemy_card"
PER_ADJ_ALLY_CREATURE: Final = "adjacent_allied_creature"
PER_EXTRA_TOKEN: Final = "extra_faction_token"

CREATURE: Final = "creature"
LAND: Final = "land"
SPELL: Final = "spell"


@dataclass(frozen=True)
class Aura:
    """A continuous effect of a revealed card on the cards it reaches.

    ``kinds``, ``family`` and ``max_value`` filter the affected cards; ``attack``/``defence``
    are added (times the count named by ``per``); ``gain`` adds attributes or flags;
    ``lose`` removes attributes (``("*",)``: all of them); ``lose_skills`` switches off the
    affected cards' skills; ``range_bonus`` lengthens Ranged Attack; ``swap`` exchanges
    Attack and Defence after every other modifier.
    """

    reach: str
    source: str = SKILL
    kinds: tuple[str, ...] = (CREATURE,)
    family: str = ""
    max_value: int | None = None
    attack: int = 0
    defence: int = 0
    per: str = ""
    per_family: str = ""
    gain: tuple[str, ...] = ()
    lose: tuple[str, ...] = ()
    lose_skills: bool = False
    range_bonus: int = 0
    swap: bool = False
    condition: str = ""
    also_adjacent_to: str = ""
    """Only cards also adjacent to a revealed allied card of this name (Lucy and Feyr)."""

    removes: bool = field(init=False, repr=False, compare=False, default=False)
    """True for auras that take attributes or skills away (applied first)."""
    filtered: bool = field(init=False, repr=False, compare=False, default=False)
    """True when the affected cards are filtered beyond their kind (family, value, a
    neighbour)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "removes", bool(self.lose) or self.lose_skills)
        filtered = bool(self.family) or self.max_value is not None or bool(self.also_adjacent_to)
        object.__setattr__(self, "filtered", filtered)


@dataclass(frozen=True)
class AttackMod:
    """``amount`` added to the card's Attack when it attacks a card that has ``vs``
    (an attribute, or ``flight_or_movement``)."""

    vs: str
    amount: int
    source: str = SKILL


@dataclass(frozen=True)
class CardDef:
    """Everything a card does beyond its printed numbers and attributes."""

    auras: tuple[Aura, ...] = ()
    attack_mods: tuple[AttackMod, ...] = ()
    action: str = ""
    """Name of its card action in :data:`engines.arackhan_wars.actions.ACTIONS` ("" for none)."""
    params: dict[str, Any] = field(default_factory=dict)
    once_per_round: bool = False
    """The action may be used once per round and leaves the card active (Assassin...)."""
    end_of_round: str = ""
    """Name of a trigger in :data:`engines.arackhan_wars.actions.END_OF_ROUND`."""
    placement: str = ""
    """A placement restriction: ``not_last_round``."""
    note: str = ""
    """How the definition reads the card text where that needs saying."""


VANILLA: Final[CardDef] = CardDef()
