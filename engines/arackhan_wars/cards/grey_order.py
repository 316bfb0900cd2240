"""Grey Order card definitions (catalogue ids 1092-1143)."""

from __future__ import annotations

from engines.arackhan_wars.abilities import (
    ADJ,
    ADJ_ALLIES,
    ALLIES,
    BENEFIT,
    CANNOT_ATTACK,
    CANNOT_BE_ATTACKED,
    EFFECT,
    EVEN_TARGETS_ONLY,
    GUARDED_VS_MOBILE,
    IMMUNE_SPELLS,
    INITIATIVE,
    NO_ADJACENT_ATTACK,
    NO_GROUP,
    SELF,
    VANILLA,
    WEAKNESS,
    AttackMod,
    Aura,
    CardDef,
)

LEGION = "6th Legion"

DEFS: dict[int, CardDef] = {
    1092: VANILLA,  # Angry Peasant
    1093: CardDef(auras=(Aura(ADJ_ALLIES, family="4th Legion", attack=1),)),  # Archer
    1094: CardDef(auras=(Aura(ADJ_ALLIES, attack=1, defence=1),)),  # Armorer
    1095: CardDef(  # Assassin
        action="swap_allies",
        params={"with_self": True, "max_value": 4},
        once_per_round=True,
    ),
    1096: VANILLA,  # Ballista
    1098: CardDef(  # Catanolith
        auras=(
            Aura(SELF, gain=(IMMUNE_SPELLS,), condition="active"),
            Aura(SELF, WEAKNESS, gain=(NO_ADJACENT_ATTACK,)),
        )
    ),
    1099: VANILLA,  # Catapult
    1100: CardDef(auras=(Aura(ADJ_ALLIES, family=LEGION, attack=1, defence=1),)),  # Champion
    1101: CardDef(  # Dragon Slayer
        attack_mods=(AttackMod("flight_or_movement", 2),),
        params={"trophies": True},
        note="Flight/Movement creatures it destroys (alone or in a group) go under it; "
        "their values add to its controller's score while it stays on the battlefield.",
    ),
    1102: CardDef(auras=(Aura(SELF, WEAKNESS, gain=(EVEN_TARGETS_ONLY,)),)),  # Drunk Knight
    1104: VANILLA,  # Fanatic
    1105: VANILLA,  # Grey Horseman
    1107: CardDef(auras=(Aura(SELF, gain=(IMMUNE_SPELLS,)),)),  # Grey Knight
    1108: CardDef(  # Grey Missionary
        auras=(
            Aura(SELF, gain=(IMMUNE_SPELLS,)),
            Aura(ADJ_ALLIES, family=LEGION, gain=(IMMUNE_SPELLS,)),
        )
    ),
    1109: CardDef(  # Grey Priest
        auras=(
            Aura(SELF, gain=(IMMUNE_SPELLS,)),
            Aura(ADJ_ALLIES, family=LEGION, gain=(INITIATIVE,)),
        )
    ),
    1110: CardDef(auras=(Aura(ADJ_ALLIES, defence=1),)),  # Hero of the Battle of Nerz
    1111: CardDef(auras=(Aura(ADJ_ALLIES, family=LEGION, attack=1),)),  # Infantryman
    1112: CardDef(  # Nemesio (Grey Order)
        action="sacrifice_and_copy",
        once_per_round=True,
        note="The copy lasts for the round; Nemesio stays active after it.",
    ),
    1113: CardDef(auras=(Aura(ADJ_ALLIES, family=LEGION, defence=1),)),  # Phalanx
    1115: CardDef(  # Senior Mercenary
        params={"mercenary_leader": True},
        note="In a group attack with it, allied Mercenary creatures ignore their weaknesses "
        "(White Plains Mercenary may join).",
    ),
    1116: VANILLA,  # Siege Tower
    1117: VANILLA,  # Sober Knight
    1118: CardDef(action="standard_bearer", params={"family": LEGION}),  # Standard Bearer
    1119: VANILLA,  # The Seneschal
    1122: CardDef(auras=(Aura(ADJ_ALLIES, family=LEGION, attack=1, defence=1),)),  # Titan
    1124: CardDef(action="deactivate_enemy"),  # Tomur Disc
    1125: CardDef(auras=(Aura(SELF, WEAKNESS, gain=(NO_GROUP,)),)),  # White Plains Mercenary
    1127: CardDef(auras=(Aura(ADJ_ALLIES, BENEFIT, attack=1, defence=1),)),  # Avalon Fortress
    1130: CardDef(  # Ghost Metal Monolith
        auras=(Aura(ADJ_ALLIES, BENEFIT, gain=(IMMUNE_SPELLS, GUARDED_VS_MOBILE)),),
        end_of_round="destroy_adjacent_small_fliers",
    ),
    1131: CardDef(  # Masters of AracKhan
        auras=(Aura(ADJ_ALLIES, BENEFIT, defence=1),),
        placement="not_last_round",
        params={"scoring": "masters"},
    ),
    1132: CardDef(  # Armoured Convoy
        action="move_one", params={"side": "ally", "steps": 3, "bonus_attack": 1}
    ),
    1133: CardDef(  # Backup
        action="backup", params={"family": LEGION, "max_value": 8, "count": 2}
    ),
    1134: CardDef(action="replace_from_hand", params={"fate": "discard"}),  # Horse of Avalon
    1137: CardDef(  # Marching Order
        action="move_several", params={"families": (LEGION,), "steps": 2}
    ),
    1138: CardDef(  # On Leave
        action="move_one", params={"side": "ally", "on_leave": True}
    ),
    1139: CardDef(  # Shield Wall
        auras=(Aura(ALLIES, EFFECT, family=LEGION, defence=2, gain=(CANNOT_ATTACK,)),)
    ),
    1140: CardDef(action="reactivate_allies"),  # The Grey Order Rises
    1141: CardDef(auras=(Aura(ADJ, EFFECT, gain=(CANNOT_ATTACK, CANNOT_BE_ATTACKED)),)),  # Truce
    1142: CardDef(auras=(Aura(ALLIES, EFFECT, family=LEGION, attack=1),)),  # Warcry
    1143: VANILLA,  # Yhdil Blast
}
