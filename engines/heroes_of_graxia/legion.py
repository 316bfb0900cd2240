"""A Legion's totals, wounds and eliminations.

Totals follow the rulebook: listed values first (doubled by a Spell where one was cast), then
Equipment bonuses, Specials and Spells added ("double the listed values first, and then add in
the Equipment values"). Wounds never change Attack or Defense.
"""

from __future__ import annotations

from typing import Any

from engines.heroes_of_graxia.state import VS_MONSTER, State
from engines.heroes_of_graxia.tables import HERO_SUB, PRESTIGE_FOR


def _parts(st: State, u: int) -> list[int]:
    """The Unit and its attached Equipment."""
    eq = st.eq
    base = 3 * u
    return [u] + [e for e in (eq[base], eq[base + 1], eq[base + 2]) if e >= 0]


def doubled_bits(st: State, u: int) -> int:
    """Which listed values of Unit ``u`` are doubled: 1 Attack, 2 Defense (bits), by a Spell
    cast this combat or by attached Equipment."""
    eq, dbl = st.eq, st.t.E_DBL
    bits = st.doubled[u]
    base = 3 * u
    for e in (eq[base], eq[base + 1], eq[base + 2]):
        if e >= 0:
            bits |= dbl[e]
    return bits


def attack_total(st: State, s: int, vs_monster: bool) -> int:
    """The Attack of seat ``s``'s Legion (Mercenaries in play included) in a fight against a
    Monster (``vs_monster``) or against another Legion."""
    t = st.t
    units = st.units_in_combat(s)
    total = st.catk[s]
    special = t.MATK if vs_monster else t.LATK
    atk, doubled, ally, race, eq, dbl = t.ATK, st.doubled, t.ALLY, t.RACE, st.eq, t.E_DBL
    for u in units:
        bits = doubled[u]
        total += special[u]
        for r, n in ally[u]:
            total += n * sum(1 for v in units if v != u and race[v] == r)
        base = 3 * u
        for e in (eq[base], eq[base + 1], eq[base + 2]):
            if e >= 0:
                bits |= dbl[e]
                total += atk[e] + special[e]
                for r, n in ally[e]:
                    total += n * sum(1 for v in units if v != u and race[v] == r)
        total += atk[u] * 2 if bits & 1 else atk[u]
    return total


def defense_total(st: State, s: int, vs_monster: bool) -> int:
    """The Defense of seat ``s``'s Legion (Mercenaries in play included)."""
    t = st.t
    total = st.cdef[s]
    special = t.MDEF if vs_monster else t.LDEF
    dfn, doubled, eq, dbl = t.DEF, st.doubled, st.eq, t.E_DBL
    for u in st.units_in_combat(s):
        bits = doubled[u]
        total += special[u]
        base = 3 * u
        for e in (eq[base], eq[base + 1], eq[base + 2]):
            if e >= 0:
                bits |= dbl[e]
                total += dfn[e] + special[e]
        total += dfn[u] * 2 if bits & 2 else dfn[u]
    return total


def spells_allowed(st: State, s: int) -> int:
    """Spells seat ``s`` may cast in a combat: one per Unit in its Legion (Mercenaries in play
    count), plus ``spells:N`` Specials."""
    units = st.units_in_combat(s)
    spells = st.t.SPELLS
    return len(units) + sum(spells[p] for u in units for p in _parts(st, u))


def passive_sum(st: State, s: int, table: tuple[int, ...]) -> int:
    """The sum of one passive Special over the seat's Legion and its Equipment."""
    return sum(table[p] for u in st.legion[s] for p in _parts(st, u))


def lethal_to_hero(st: State, s: int, u: int, wounds: int) -> bool:
    """Whether ``wounds`` more on Unit ``u`` would eliminate seat ``s``'s Hero while other
    Units remain in the Legion ("Heroes must be the last to be eliminated")."""
    return st.t.SUB[u] == HERO_SUB and len(st.legion[s]) > 1 and st.wounds[u] + wounds >= st.t.HP[u]


def wound_targets(st: State, s: int, wounds: int = 1) -> list[int]:
    """The Units of seat ``s``'s Legion that may take ``wounds`` wounds now."""
    return [u for u in st.legion[s] if not lethal_to_hero(st, s, u, wounds)]


def eliminate(st: State, s: int, u: int, foe: int, events: list[dict[str, Any]] | None) -> None:
    """Unit ``u`` of seat ``s`` is eliminated: it and its Equipment go to the Discard Pile.

    ``foe`` (a seat) takes the Prestige (3 Army, 4 Henchman, 5 Hero); with ``foe`` -1 in a fight
    against a Monster the seat will lose that Prestige instead (step 7)."""
    t = st.t
    st.legion[s].remove(u)
    gone = [u]
    for slot in range(3):
        e = st.eq[3 * u + slot]
        if e >= 0:
            st.eq[3 * u + slot] = -1
            st.host[e] = -1
            gone.append(e)
    st.disc[s].extend(gone[1:])
    st.disc[s].append(u)
    st.wounds[u] = 0
    st.doubled[u] = 0
    amount = PRESTIGE_FOR[t.SUB[u]]
    if foe >= 0:
        st.prestige[foe] += amount
    elif st.cmode == VS_MONSTER and s == st.cur:
        st.fallen.append(amount)
    if events is not None:
        events.append(
            {
                "type": "eliminated",
                "seat": s,
                "card": t.ID[u],
                "equipment": [t.ID[e] for e in gone[1:]],
                "prestige_to": foe if foe >= 0 else None,
                "prestige": amount,
            }
        )


def add_wounds(
    st: State, s: int, u: int, n: int, foe: int, events: list[dict[str, Any]] | None
) -> None:
    """``n`` wounds on Unit ``u`` of seat ``s``; eliminated once they reach its Health."""
    st.wounds[u] += n
    if events is not None:
        events.append({"type": "wounded", "seat": s, "card": st.t.ID[u], "wounds": n})
    if st.wounds[u] >= st.t.HP[u]:
        eliminate(st, s, u, foe, events)


def heal(st: State, u: int, n: int) -> int:
    """Heal up to ``n`` wounds of ``u``; returns how many were healed."""
    healed = min(n, st.wounds[u])
    st.wounds[u] -= healed
    return healed
