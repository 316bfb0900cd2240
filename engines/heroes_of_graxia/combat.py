"""Combat: the eight steps of attacking a Monster and the seven of attacking a Legion.

Each decision is a move of the seat that makes it: the attacker hires Mercenaries and casts
Spells; against a Legion the two sides alternate (the attacker first) until both pass in
succession; each owner distributes the wounds its own Legion takes (:mod:`wounds`).
"""

from __future__ import annotations

from typing import Any

from engines.heroes_of_graxia.flow import check_prestige, defend_draws, draw, finish
from engines.heroes_of_graxia.legion import (
    add_wounds,
    attack_total,
    defense_total,
    heal,
)
from engines.heroes_of_graxia.state import (
    CLASH,
    HIRE,
    LOSING,
    MAIN,
    NO_COMBAT,
    SPELLS,
    VS_LEGION,
    VS_MONSTER,
    WOUNDS,
    State,
)
from engines.heroes_of_graxia.tables import T_ENEMY

Events = list[dict[str, Any]] | None


def _start(st: State, mode: int, target: int) -> None:
    st.ap -= 1
    st.attacked = True
    st.cmode = mode
    st.ctarget = target
    st.passes = 0
    for s in range(st.n):
        st.cast[s] = st.catk[s] = st.cdef[s] = 0


# -- attacking a Monster ---------------------------------------------------------------
def fight(st: State, m: int, events: Events) -> None:
    """Step 1: declare the Monster; step 2 (hiring Mercenaries) follows."""
    _start(st, VS_MONSTER, m)
    st.cslot = st.mon_row.index(m)
    st.phase = HIRE
    if events is not None:
        events.append({"type": "fight", "seat": st.cur, "monster": st.t.ID[m]})


def ready(st: State) -> None:
    """Step 2 -> 3: done hiring, now the Spells."""
    st.phase = SPELLS


def resolve_monster(st: State, events: Events) -> None:
    """Step 4: enough Attack defeats the Monster (then step 5's wounds); otherwise it goes to
    the bottom of the Monster Deck and another takes its place."""
    t = st.t
    p = st.cur
    m = st.ctarget
    attack = attack_total(st, p, True)
    if attack < t.HP[m]:
        st.mon_deck.insert(0, m)
        st.mon_known += 1
        st.mon_row[st.cslot] = st.mon_deck.pop()
        if st.mon_known > len(st.mon_deck):
            st.mon_known = len(st.mon_deck)
        if events is not None:
            events.append(
                {
                    "type": "monster-survives",
                    "seat": p,
                    "monster": t.ID[m],
                    "attack": attack,
                    "health": t.HP[m],
                    "replaced_by": t.ID[st.mon_row[st.cslot]],
                }
            )
        _end_combat(st, events)
        return
    defense = defense_total(st, p, True)
    wounds = max(0, t.ATK[m] - defense)
    if events is not None:
        events.append(
            {
                "type": "monster-defeated",
                "seat": p,
                "monster": t.ID[m],
                "attack": attack,
                "defense": defense,
                "wounds": wounds,
            }
        )
    st.fallen = []
    st.pend = [[p, wounds, -1]]
    st.phase = WOUNDS


def _monster_spoils(st: State, events: Events) -> None:
    """Steps 6-7: the reward and the Loot Pile, then Prestige (or a Monster) lost for the
    Units that fell."""
    t = st.t
    p = st.cur
    m = st.ctarget
    st.loot[p].append(m)
    st.mon_row[st.cslot] = -1
    bounty = sum(
        t.BOUNTY[c]
        for u in st.legion[p]
        for c in (u, st.eq[3 * u], st.eq[3 * u + 1], st.eq[3 * u + 2])
        if c >= 0
    )
    gold = t.R_GOLD[m] + bounty
    st.mgold += gold
    st.prestige[p] += t.R_PRESTIGE[m]
    st.ap += t.R_ACTS[m]
    if events is not None:
        events.append(
            {
                "type": "reward",
                "seat": p,
                "monster": t.ID[m],
                "gold": gold,
                "prestige": t.R_PRESTIGE[m],
                "actions": t.R_ACTS[m],
                "draw": t.R_DRAW[m],
            }
        )
    if t.R_DRAW[m]:
        draw(st, p, t.R_DRAW[m], events)
    loss = sum(st.fallen)
    st.fallen = []
    if loss:
        if st.prestige[p] > 0:
            lost = min(loss, st.prestige[p])
            st.prestige[p] -= lost
            if events is not None:
                events.append({"type": "prestige-lost", "seat": p, "prestige": lost})
        elif len(st.loot[p]) == 1:
            lose_monster(st, st.loot[p][0], events)
            return
        elif st.loot[p]:
            st.phase = LOSING
            st.to_act = p
            return
    _monster_done(st, events)


def lose_monster(st: State, m: int, events: Events) -> None:
    """Step 7 with no Prestige: the chosen Monster of the Loot Pile goes back to the box."""
    p = st.cur
    st.loot[p].remove(m)
    st.box.append(m)
    if events is not None:
        events.append({"type": "monster-lost", "seat": p, "monster": st.t.ID[m]})
    _monster_done(st, events)


def _monster_done(st: State, events: Events) -> None:
    """Step 8, then the row is refilled; an empty Monster Deck ends the game."""
    _end_combat(st, events)
    if st.mon_row[st.cslot] < 0:
        if st.mon_deck:
            st.mon_row[st.cslot] = st.mon_deck.pop()
            st.mon_known = min(st.mon_known, len(st.mon_deck))
        if not st.mon_deck and not st.over:
            finish(st, "the Monster Deck is exhausted", events)


# -- attacking a Legion ----------------------------------------------------------------
def attack(st: State, d: int, events: Events) -> None:
    """Step 1: declare the Legion; the defender draws up to five (plus Specials); the
    attacker takes one Prestige; the defender cannot be attacked again until after its turn."""
    p = st.cur
    _start(st, VS_LEGION, d)
    st.safe[d] = True
    st.prestige[p] += 1
    if events is not None:
        events.append({"type": "attack", "seat": p, "defender": d})
    draw(st, d, defend_draws(st, d), events)
    st.phase = CLASH
    st.to_act = p


def clash_play(st: State) -> None:
    """A card was played in step 2: the turn to play passes to the other side."""
    st.passes = 0
    st.to_act = st.ctarget if st.to_act == st.cur else st.cur


def clash_pass(st: State, events: Events) -> None:
    """A pass; two in succession end step 2 and the Legions' totals are compared."""
    st.passes += 1
    if events is not None:
        events.append({"type": "pass", "seat": st.to_act})
    if st.passes < 2:
        st.to_act = st.ctarget if st.to_act == st.cur else st.cur
        return
    p, d = st.cur, st.ctarget
    a_att, a_def = attack_total(st, p, False), defense_total(st, p, False)
    d_att, d_def = attack_total(st, d, False), defense_total(st, d, False)
    to_p, to_d = max(0, d_att - a_def), max(0, a_att - d_def)
    if events is not None:
        events.append(
            {
                "type": "clash",
                "attacker": p,
                "defender": d,
                "attack": [a_att, d_att],
                "defense": [a_def, d_def],
                "wounds": [to_p, to_d],
            }
        )
    st.pend = [[p, to_p, d], [d, to_d, p]]
    st.phase = WOUNDS


# -- both ----------------------------------------------------------------------------
def hire(st: State, c: int, events: Events) -> None:
    """A Mercenary from the hand joins the fight (not the Legion: no wounds, no Equipment)."""
    s = st.to_act
    st.hand[s].remove(c)
    st.played[s].append(c)
    if events is not None:
        events.append({"type": "hire", "seat": s, "card": st.t.ID[c]})


def cast_in_combat(st: State, c: int, target: int, events: Events) -> None:
    """One Spell of seat to act (one per Unit it has in the combat)."""
    t = st.t
    s = st.to_act
    st.hand[s].remove(c)
    st.played[s].append(c)
    st.cast[s] += 1
    if events is not None:
        events.append(
            {
                "type": "cast",
                "seat": s,
                "card": t.ID[c],
                "target": t.ID[target] if target >= 0 else None,
            }
        )
    st.catk[s] += t.S_ATK[c]
    st.cdef[s] += t.S_DEF[c]
    if t.TARGET[c] == T_ENEMY:
        if st.cmode == VS_MONSTER:
            st.catk[s] += t.S_WOUND[c]
        else:
            foe = st.ctarget if s == st.cur else st.cur
            add_wounds(st, foe, target, t.S_WOUND[c], s, events)
    elif target >= 0:
        if t.S_HEAL[c]:
            heal(st, target, t.S_HEAL[c])
        if t.S_DBL_A[c]:
            st.doubled[target] |= 1
        if t.S_DBL_D[c]:
            st.doubled[target] |= 2


def after_wounds(st: State, events: Events) -> None:
    """Every wound is placed: carry on with the combat."""
    if st.cmode == VS_MONSTER:
        _monster_spoils(st, events)
    else:
        _end_combat(st, events)


def _end_combat(st: State, events: Events) -> None:
    """The last step: Mercenaries and Spells in play go to their owners' Discard Piles."""
    for s in range(st.n):
        played = st.played[s]
        if played:
            for c in played:
                st.doubled[c] = 0
            st.disc[s].extend(played)
            played.clear()
        st.cast[s] = st.catk[s] = st.cdef[s] = 0
    for s in range(st.n):
        for u in st.legion[s]:
            st.doubled[u] = 0
    st.cmode = NO_COMBAT
    st.ctarget = -1
    st.passes = 0
    st.pend = []
    st.phase = MAIN
    st.to_act = st.cur
    if events is not None:
        events.append({"type": "combat-over"})
    check_prestige(st, events)
