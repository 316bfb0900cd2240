"""Whitelands card definitions (catalogue ids 1001-1047)."""

from __future__ import annotations

from engines.arackhan_wars.abilities import (
    ADJ_ALLIES,
    ADJ_ENEMIES,
    ALLIES,
    BENEFIT,
    CREATURE,
    DESTROYED_AFTER_ATTACK,
    EFFECT,
    ENEMIES,
    LAND,
    PER_ADJ_ALLY_CREATURE,
    PER_ADJ_ENEMY_CARD,
    PERFORATION,
    SELF,
    STATS_LOCKED,
    SWARM,
    VANILLA,
    Aura,
    CardDef,
)

DEFS: dict[int, CardDef] = {
    1001: CardDef(action="replace_from_hand", params={"fate": "destroy"}),  # Adrielle
    1002: VANILLA,  # Dreki
    1003: VANILLA,  # Eagle
    1004: CardDef(  # Frost Maiden
        params={"end_of_turn_move": True},
        note="At the end of her controller's turn she may move like a Flight card; she "
        "cannot attack for the rest of the round.",
    ),
    1005: VANILLA,  # Gabriel
    1008: CardDef(  # Ice Elemental
        auras=(Aura(SELF, gain=(STATS_LOCKED,)),),
        action="set_stats",
        params={"choices": ((0, 3), (2, 1), (3, 0))},
        once_per_round=True,
    ),
    1009: CardDef(  # Novice Fairy
        action="replace_from_hand", params={"fate": "destroy", "max_value": 5}
    ),
    1011: VANILLA,  # Ice Golem
    1013: VANILLA,  # Ice Moleg
    1015: VANILLA,  # Ice Paladin
    1017: VANILLA,  # Ice Protector
    1018: VANILLA,  # Ice Wolf
    1019: VANILLA,  # Lunar Wendigo
    1020: CardDef(  # Nemesio (Whitelands)
        auras=(Aura(SELF, defence=1, per=PER_ADJ_ALLY_CREATURE),),
        action="exchange_skills",
    ),
    1021: CardDef(  # Nihilist Morgon
        params={"bonus_movement": 2},
        note="Movement 4 when it ends next to an enemy card; then it cannot attack this round.",
    ),
    1022: VANILLA,  # Nihilist Penguin
    1024: VANILLA,  # Paladin of the Guard
    1026: CardDef(auras=(Aura(ADJ_ENEMIES, swap=True),)),  # Queen's Jester
    1027: CardDef(auras=(Aura(ADJ_ALLIES, defence=1),)),  # Shield of Dawn
    1029: CardDef(auras=(Aura(ADJ_ENEMIES, lose=(SWARM,)),)),  # Snow Griffin
    1030: CardDef(auras=(Aura(SELF, attack=1, per=PER_ADJ_ENEMY_CARD),)),  # Vindictive Bear
    1031: VANILLA,  # Yeti
    1032: CardDef(  # Ancestral Library
        auras=(Aura(ADJ_ALLIES, BENEFIT, defence=1),),
        action="library",
        params={"draw": 4},
    ),
    1033: CardDef(auras=(Aura(ADJ_ALLIES, BENEFIT, defence=2),)),  # Fortress of Myjir
    1036: CardDef(  # The White Gates
        auras=(Aura(ADJ_ALLIES, BENEFIT, defence=1),),
        action="move_several",
        params={"adjacent_to_source": True, "steps": 2},
    ),
    1037: CardDef(  # Armor of Dawn
        auras=(Aura(ALLIES, EFFECT, defence=1, per=PER_ADJ_ALLY_CREATURE),)
    ),
    1038: CardDef(auras=(Aura(ENEMIES, EFFECT, lose=("*",), lose_skills=True),)),  # Blizzard
    1039: CardDef(  # Coriolis Wind
        action="move_one", params={"side": "enemy", "adjacent_to_source": True, "steps": 3}
    ),
    1040: CardDef(action="discard_enemy_spell"),  # Esoteric Winter
    1041: CardDef(  # Fairy Madness
        auras=(
            Aura(
                ALLIES,
                EFFECT,
                family="Ice Fairy",
                attack=3,
                gain=(PERFORATION, DESTROYED_AFTER_ATTACK),
            ),
        )
    ),
    1042: VANILLA,  # Frozen Lightning
    1043: VANILLA,  # Ice Meteor
    1044: CardDef(  # Ice Wings
        action="move_several", params={"count": 2, "max_value": 5}
    ),
    1045: CardDef(  # Secret Incantation
        auras=(Aura(ALLIES, EFFECT, max_value=5, attack=1, defence=1),)
    ),
    1046: CardDef(action="move_one", params={"side": "ally"}),  # Teleportation
    1047: CardDef(  # Winter Protects
        auras=(Aura(ADJ_ALLIES, EFFECT, kinds=(CREATURE, LAND), defence=2),)
    ),
}
