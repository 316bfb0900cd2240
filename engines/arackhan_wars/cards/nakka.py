"""Nakka card definitions (catalogue ids 1048-1091)."""

from __future__ import annotations

from engines.arackhan_wars.abilities import (
    ADJ_ALLIES,
    ADJ_ENEMIES,
    ALLIES,
    ATTACKS_ONLY_IN_GROUPS,
    BENEFIT,
    BLIND_RIGHT_BOTTOM,
    CREATURE,
    DESTROYED_AFTER_ATTACK,
    EFFECT,
    ENEMIES,
    FLIGHT,
    GROUPS_OR_SPELLS,
    INITIATIVE,
    LAND,
    MOVEMENT,
    NO_INITIATIVE_ATTACK,
    NOT_BY_CREATURES,
    OMNISTRIKE,
    ONLY_GROUP_ATTACKED,
    PER_EXTRA_TOKEN,
    REGENERATION,
    SELF,
    VANILLA,
    WEAKNESS,
    Aura,
    CardDef,
)

DEFS: dict[int, CardDef] = {
    1048: VANILLA,  # Behemoth
    1050: CardDef(  # Carnivorous Plant
        auras=(Aura(ADJ_ALLIES, defence=1), Aura(SELF, gain=(ONLY_GROUP_ATTACKED,)))
    ),
    1051: CardDef(auras=(Aura(ADJ_ENEMIES, lose=(FLIGHT, MOVEMENT)),)),  # Crawling Roots
    1052: VANILLA,  # Death Crawler
    1054: VANILLA,  # Huntress
    1055: CardDef(auras=(Aura(SELF, WEAKNESS, gain=(DESTROYED_AFTER_ATTACK,)),)),  # Explosive C.
    1056: VANILLA,  # Hexacarias
    1057: VANILLA,  # Lightning Bird
    1059: CardDef(  # Lightning Dragon
        auras=(
            Aura(SELF, gain=(OMNISTRIKE,), condition="no_adjacent_ally"),
            Aura(SELF, WEAKNESS, gain=(NO_INITIATIVE_ATTACK,)),
        )
    ),
    1060: VANILLA,  # Mounted Banshee
    1061: VANILLA,  # Nakka Archer
    1062: VANILLA,  # Banshee
    1063: CardDef(  # Ground Stomper
        auras=(
            Aura(ADJ_ENEMIES, defence=-1),
            Aura(ALLIES, family="Dancer", gain=(INITIATIVE,), condition="musician"),
        )
    ),
    1065: CardDef(  # Death Whisperer
        auras=(
            Aura(ADJ_ENEMIES, attack=-1),
            Aura(ALLIES, family="Musician", gain=(INITIATIVE,), condition="dancer"),
        )
    ),
    1067: CardDef(  # Nemesio (Nakka)
        auras=(Aura(SELF, gain=(ONLY_GROUP_ATTACKED,)),),
        action="swap_allies",
        params={"adjacent_first": True, "max_value": 8},
    ),
    1068: CardDef(auras=(Aura(SELF, WEAKNESS, gain=(BLIND_RIGHT_BOTTOM,)),)),  # One-Eyed Hog
    1070: CardDef(  # Protector
        auras=(Aura(SELF, attack=1, per=PER_EXTRA_TOKEN),), action="extra_token"
    ),
    1072: VANILLA,  # Reptilian Beast
    1073: VANILLA,  # Senile Yhdorian
    1074: CardDef(  # Unstable Hydra
        auras=(
            Aura(SELF, attack=1, condition="starts_round"),
            Aura(SELF, defence=1, condition="second_in_round"),
        )
    ),
    1075: VANILLA,  # Walker
    1076: VANILLA,  # Wrath of the Forest
    1077: VANILLA,  # Xenodon
    1079: CardDef(auras=(Aura(ADJ_ALLIES, BENEFIT, gain=(GROUPS_OR_SPELLS,)),)),  # Eternal Roots
    1080: CardDef(  # Ruins of Sylv
        auras=(Aura(ADJ_ALLIES, BENEFIT, attack=1, range_bonus=1),)
    ),
    1081: CardDef(auras=(Aura(ADJ_ALLIES, BENEFIT, gain=(REGENERATION,)),)),  # Tree of Life
    1084: VANILLA,  # Earthquake
    1085: CardDef(action="discard_enemy_spell"),  # Forest Blast
    1086: CardDef(auras=(Aura(ENEMIES, EFFECT, gain=(ATTACKS_ONLY_IN_GROUPS,)),)),  # Lost in...
    1087: CardDef(action="copy_creature"),  # Mimicry
    1088: CardDef(  # Musical Trance
        action="move_several", params={"families": ("Musician", "Dancer"), "steps": 2}
    ),
    1089: CardDef(  # Natural Camouflage
        auras=(Aura(ADJ_ALLIES, EFFECT, kinds=(CREATURE, LAND), gain=(NOT_BY_CREATURES,)),)
    ),
    1090: CardDef(auras=(Aura(ADJ_ALLIES, EFFECT, attack=2, defence=-1),)),  # Unstable Growth
    1091: CardDef(action="swap_allies", params={"repeat": True}),  # Warp Path
}
