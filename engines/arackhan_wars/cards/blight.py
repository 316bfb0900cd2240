"""Blight card definitions (catalogue ids 1144-1194)."""

from __future__ import annotations

from engines.arackhan_wars.abilities import (
    ADJ_ALLIES,
    ADJ_ENEMIES,
    ATTACKS_ADJACENT_NO_GROUP,
    BENEFIT,
    DEACTIVATED,
    DESTROYED_IF_ATTACK_FAILS,
    EFFECT,
    ENEMIES,
    FLIGHT,
    GROUPS_ONLY_WITH_FAMILY,
    INITIATIVE,
    LAND,
    NO_GROUP_ATTACKED,
    ONLY_ADJACENT_ATTACKERS,
    PER_ADJ_ALLY_CREATURE,
    SELF,
    STEALTH,
    SWARM_SAME_NAME,
    VANILLA,
    WEAKNESS,
    AttackMod,
    Aura,
    CardDef,
)

DEFS: dict[int, CardDef] = {
    1144: VANILLA,  # Abominable Hydra
    1146: VANILLA,  # Berserker
    1147: CardDef(auras=(Aura(SELF, WEAKNESS, gain=(DESTROYED_IF_ATTACK_FAILS,)),)),  # Child E.
    1148: CardDef(auras=(Aura(SELF, WEAKNESS, gain=(GROUPS_ONLY_WITH_FAMILY,)),)),  # Colossus R.
    1150: CardDef(auras=(Aura(ADJ_ALLIES, attack=1),)),  # Corrupt Blacksmith
    1151: CardDef(  # Feyr
        auras=(
            Aura(ADJ_ENEMIES, lose=("*",)),
            Aura(ADJ_ENEMIES, gain=(DEACTIVATED,), also_adjacent_to="Lucy"),
        )
    ),
    1154: CardDef(  # Flail
        params={"hits_allies": True},
        note="Its omnistrike also attacks the allied creatures adjacent to it.",
    ),
    1155: CardDef(auras=(Aura(ADJ_ALLIES, attack=1),)),  # Forge Beetle
    1156: CardDef(auras=(Aura(ADJ_ALLIES, attack=1),)),  # Forge Patriarch
    1158: CardDef(  # Giant Troll
        attack_mods=(AttackMod(FLIGHT, 1), AttackMod(INITIATIVE, -1, source=WEAKNESS)),
    ),
    1159: VANILLA,  # Winged Terror
    1161: CardDef(  # Lucy
        auras=(
            Aura(ADJ_ENEMIES, lose_skills=True),
            Aura(ADJ_ENEMIES, gain=(DEACTIVATED,), also_adjacent_to="Feyr"),
        )
    ),
    1164: CardDef(action="swap_tokens"),  # Nemesio (Blight)
    1165: CardDef(  # Plague Collector
        auras=(Aura(ADJ_ENEMIES, lose=("*",)), Aura(ADJ_ALLIES, WEAKNESS, lose=("*",)))
    ),
    1167: CardDef(  # Plague Wagon
        auras=(
            Aura(ADJ_ENEMIES, lose=("*",), lose_skills=True),
            Aura(ADJ_ALLIES, WEAKNESS, lose=("*",), lose_skills=True),
        )
    ),
    1168: CardDef(auras=(Aura(SELF, WEAKNESS, gain=(SWARM_SAME_NAME,)),)),  # Ratman
    1170: VANILLA,  # Scorpion Fly
    1171: VANILLA,  # Scuttle Jaw
    1172: VANILLA,  # Slayer
    1174: VANILLA,  # Swamp Hound
    1175: VANILLA,  # Swamp Ogre
    1176: CardDef(auras=(Aura(SELF, gain=(NO_GROUP_ATTACKED,)),)),  # Swamp Troll
    1177: CardDef(  # Titan Rat
        auras=(
            Aura(SELF, attack=2, per=PER_ADJ_ALLY_CREATURE, per_family="Shaman Rat"),
            Aura(SELF, attack=1, per=PER_ADJ_ALLY_CREATURE, per_family="Rat"),
        )
    ),
    1178: CardDef(  # Dark Tunnel
        auras=(
            Aura(ADJ_ALLIES, BENEFIT, max_value=7, gain=(STEALTH,)),
            Aura(SELF, BENEFIT, kinds=(LAND,), gain=(ONLY_ADJACENT_ATTACKERS,)),
        )
    ),
    1179: CardDef(auras=(Aura(ADJ_ALLIES, BENEFIT, attack=2),)),  # Western Forge
    1182: VANILLA,  # Dragon Breath
    1183: CardDef(  # Essence Absorption
        action="absorb",
        note="The ally adds the destroyed creature's printed Attack, Defence and attributes "
        "(not its skills) until the end of the round.",
    ),
    1184: VANILLA,  # Fire Lightning
    1185: CardDef(  # Firestorm
        auras=(Aura(ADJ_ENEMIES, EFFECT, attack=-1, defence=-1, lose=("*",), lose_skills=True),)
    ),
    1186: CardDef(action="move_one", params={"side": "enemy"}),  # Forced Exile
    1189: CardDef(action="discard_enemy_spell"),  # Negative Sorcery
    1190: CardDef(action="possess"),  # Possession
    1191: CardDef(auras=(Aura(ADJ_ENEMIES, EFFECT, gain=(DEACTIVATED,)),)),  # The Fear
    1194: CardDef(auras=(Aura(ENEMIES, EFFECT, gain=(ATTACKS_ADJACENT_NO_GROUP,)),)),  # The Fog
}
