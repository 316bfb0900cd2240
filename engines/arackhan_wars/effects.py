"""Current characteristics of the revealed cards in play: printed numbers plus every aura.

Order of application (see docs/rules/arackhan-wars.md):

1. printed characteristics, or this round's replacements (a changed Attack/Defence...);
2. immunity to spells given by creatures and lands;
3. auras that remove attributes or skills: spells' first, then creatures' and lands' (a card
   whose skills a spell switched off removes nothing with a skill);
4. every other aura of a card whose skills are on (weaknesses, effects and benefits always);
   attributes removed in step 3 stay removed even if another aura gives them;
5. Swarm, then the Attack/Defence swap (Queen's Jester), then nothing below 0.
"""

from __future__ import annotations

from typing import Final

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import (
    ADJ,
    ADJ_ALLIES,
    ADJ_ENEMIES,
    ALL,
    ALLIES,
    ATTRIBUTES,
    CANNOT_ATTACK,
    CREATURE,
    DEACTIVATED,
    IMMUNE_SPELLS,
    MOVEMENT,
    PER_EXTRA_TOKEN,
    RANGED,
    SELF,
    SKILL,
    SPELL,
    STATS_LOCKED,
    SWARM,
    SWARM_SAME_NAME,
    Aura,
)
from engines.arackhan_wars.aura_scope import allied, auras_of, card_info, condition, count, matches
from engines.arackhan_wars.info import CardInfo, infos
from engines.arackhan_wars.modes import auras as mode_auras
from engines.arackhan_wars.state import State

_EMPTY: Final[frozenset[str]] = frozenset()


class Stats:
    """Characteristics of every revealed card in play. ``info`` is keyed by the revealed cards
    (battlefield by space, then the astral planes); the other characteristics are lists indexed
    by instance number, with nothing for the cards that are not revealed in play (Attack and
    Defence None, no attributes or flags, Movement and range 0)."""

    __slots__ = (
        "attack",
        "defence",
        "attrs",
        "movement",
        "ranged",
        "flags",
        "skills_off",
        "info",
        "reads",
        "field",
    )

    def __init__(self, instances: int) -> None:
        self.attack: list[int | None] = [None] * instances
        self.defence: list[int | None] = [None] * instances
        self.attrs: list[frozenset[str]] = [_EMPTY] * instances
        self.movement: list[int] = [0] * instances
        self.ranged: list[int] = [0] * instances
        self.flags: list[frozenset[str]] = [_EMPTY] * instances
        self.skills_off: set[int] = set()
        self.info: dict[int, CardInfo] = {}
        """The characteristics each revealed card in play has now (copies included)."""
        self.reads: tuple[bool, bool, bool] = (False, False, False)
        """Whether an aura read the activation, the extra tokens, who begins the round."""
        self.field: list[int] = []
        """The revealed cards on the battlefield, by space (the board is part of the key)."""

    def has(self, i: int, what: str) -> bool:
        """True when card ``i`` has attribute or flag ``what`` now."""
        return what in self.attrs[i] or what in self.flags[i]


def compute(st: State) -> Stats:
    """The characteristics of every revealed card in play (cached until their inputs change,
    see :func:`inputs_key`)."""
    if st._stats_version == st.version and st._stats is not None:
        return st._stats
    prev = st._stats
    if prev is not None and same_inputs(st, st._stats_key, prev.reads):
        # the same cards, sides and changes, so the same auras read the same inputs
        st._stats_version = st.version
        return prev
    stats = Stats(len(st.ctype))
    face_up, temp, ctype, table = st.face_up, st.temp, st.ctype, infos()
    revealed = [i for i in st.board if i >= 0 and face_up[i]]
    on_field = stats.field = revealed[:]
    for plane in st.astral:
        revealed.extend(i for i in plane if face_up[i])
    rset = set(revealed)
    infos_, attack, defence, attrs = stats.info, stats.attack, stats.defence, stats.attrs
    flags, movement, ranged = stats.flags, stats.movement, stats.ranged
    sources = []
    swarms = False
    for i in revealed:
        t = temp.get(i) if temp else None
        if not t:
            ci = table[ctype[i]]
            infos_[i] = ci
            attack[i] = ci.attack
            defence[i] = ci.defence
            attrs[i] = ci.attributes
            movement[i] = ci.movement
            ranged[i] = ci.ranged
            if ci.defn.auras:
                sources.append(i)
            if SWARM in ci.attributes:
                swarms = True
            continue
        ci = card_info(st, i)
        infos_[i] = ci
        a, d = ci.attack, ci.defence
        attrs[i] = ci.attributes
        movement[i] = ci.movement
        ranged[i] = ci.ranged
        if "set" in t:
            a, d = t["set"]
        if a is not None and "attack_bonus" in t:
            a += t["attack_bonus"]
        for absorbed in t.get("absorbed", ()):
            extra = table[absorbed]
            a = (a or 0) + (extra.attack or 0)
            d = (d or 0) + (extra.defence or 0)
            attrs[i] = attrs[i] | extra.attributes
            movement[i] = max(movement[i], extra.movement)
            ranged[i] = max(ranged[i], extra.ranged)
        if t.get("no_attack"):
            flags[i] = frozenset((CANNOT_ATTACK,))
        attack[i] = a
        defence[i] = d
        if auras_of(st, i, ci):
            sources.append(i)
        swarms = True  # attributes may have been added: check every card below
    if sources:
        # spells' auras first, then the others, each by instance number
        spells = sorted([i for i in sources if infos_[i].kind == SPELL])
        others = sorted([i for i in sources if infos_[i].kind != SPELL])
        stats.reads = _apply_auras(st, stats, spells + others, rset, on_field)
        swarms = True  # auras may give Swarm
    # Swarm, locked numbers, swap, nothing below 0
    for i in revealed:
        swarm_attack = attack[i]
        if swarms and swarm_attack is not None and SWARM in attrs[i]:
            ci = infos_[i]
            same_name = SWARM_SAME_NAME in flags[i]
            side = st.team[st.control[i]]
            n = 0
            for j in on_field:
                if st.team[st.control[j]] != side:
                    continue
                cj = infos_[j]
                if cj.kind != CREATURE:
                    continue
                if (cj.name == ci.name) if same_name else (ci.family and cj.family == ci.family):
                    n += 1
            attack[i] = swarm_attack + max(0, n - 1)
        fl = flags[i]
        if fl:
            if "swap" in fl:
                attack[i], defence[i] = defence[i], attack[i]
                if infos_[i].attack is None:
                    attack[i] = None
            if STATS_LOCKED in fl:
                t = temp.get(i, {})
                attack[i], defence[i] = t.get("set", (infos_[i].attack, infos_[i].defence))
        a = attack[i]
        if a is not None and a < 0:
            attack[i] = 0
        d = defence[i]
        if d is not None and d < 0:
            defence[i] = 0
    if st.modes is not None:
        mode_auras.apply(st, stats)  # Strategy cards, then the Event in force (it prevails)
    st._stats = stats
    st._stats_version = st.version
    st._stats_key = inputs_key(st, stats.reads)
    return stats


def _targets(
    st: State,
    stats: Stats,
    src: int,
    aura: Aura,
    spell: bool,
    revealed: set[int],
    on_field: list[int],
) -> list[int]:
    """The revealed cards ``aura`` of card ``src`` reaches now (``spell``: a spell's aura)."""
    infos_, flags = stats.info, stats.flags
    board_, team, control = st.board, st.team, st.control
    if aura.condition and not condition(st, src, aura, revealed):
        return []
    reach = aura.reach
    if reach == SELF:
        reached = [src]
    elif reach in _ADJ_REACHES:
        space = st.where[src]
        if space < 0:
            return []
        if reach == ADJ_ALLIES and not aura.filtered and not spell:
            # the common case in one pass: allied neighbours of the aura's kinds
            side, kinds = team[control[src]], aura.kinds
            return [
                j
                for s in board.ADJACENT[space]
                if (j := board_[s]) >= 0
                and j in revealed
                and team[control[j]] == side
                and infos_[j].kind in kinds
            ]
        reached = [j for s in board.ADJACENT[space] if (j := board_[s]) >= 0 and j in revealed]
        if reach != ADJ:
            side = team[control[src]]
            want = reach == ADJ_ALLIES
            reached = [j for j in reached if (team[control[j]] == side) == want]
    elif reach == ALL:
        reached = on_field
    else:
        side = team[control[src]]
        want = reach == ALLIES
        reached = [j for j in on_field if (team[control[j]] == side) == want]
    out = []
    for t in reached:
        if infos_[t].kind not in aura.kinds:
            continue
        if aura.filtered and not matches(st, aura, t, src, revealed):
            continue
        if spell and IMMUNE_SPELLS in flags[t] and not allied(st, src, t):
            continue
        out.append(t)
    return out


def _apply_auras(
    st: State, stats: Stats, sources: list[int], revealed: set[int], on_field: list[int]
) -> tuple[bool, bool, bool]:
    """Steps 2 to 4: immunity, removals, then every other aura (see the module docstring).
    Returns whether an aura depends on the activation, extra tokens, or who begins."""
    infos_, flags, attrs = stats.info, stats.flags, stats.attrs
    plan = [(src, auras_of(st, src, infos_[src]), infos_[src].kind == SPELL) for src in sources]
    # what the auras read: the activation, extra tokens, who begins (in a condition or a "per")
    reads_active = reads_tokens = reads_round = False
    for _, auras, _ in plan:
        for a in auras:
            for x in (a.condition, a.per):
                if x == "active":
                    reads_active = True
                if x == PER_EXTRA_TOKEN:
                    reads_tokens = True
                if x in _ROUND_CONDITIONS:
                    reads_round = True
    reads = (reads_active, reads_tokens, reads_round)
    # 2. immunity first (it decides what spells may touch)
    for src, auras, spell in plan:
        if spell:
            continue
        for aura in auras:
            if IMMUNE_SPELLS in aura.gain:
                for t in _targets(st, stats, src, aura, spell, revealed, on_field):
                    flags[t] = flags[t] | {IMMUNE_SPELLS}
    # 3. removals
    lost: dict[int, set[str]] = {}
    skills_off = stats.skills_off
    for src, auras, spell in plan:
        for aura in auras:
            if not aura.removes or (aura.source == SKILL and src in skills_off):
                continue
            for t in _targets(st, stats, src, aura, spell, revealed, on_field):
                if aura.lose_skills:
                    skills_off.add(t)
                if aura.lose:
                    gone = lost.setdefault(t, set())
                    gone.update(infos_[t].attributes if "*" in aura.lose else aura.lose)
                    if "*" in aura.lose:
                        gone.add("*")
    # 4. everything else
    attack, defence = stats.attack, stats.defence
    for src, auras, spell in plan:
        for aura in auras:
            if aura.removes and not (aura.attack or aura.defence or aura.gain):
                continue
            if aura.source == SKILL and src in skills_off:
                continue
            if aura.gain == (IMMUNE_SPELLS,) and not spell:
                continue
            for t in _targets(st, stats, src, aura, spell, revealed, on_field):
                k = count(st, aura.per, t, aura.per_family, revealed) if aura.per else 1
                if aura.attack and (a_t := attack[t]) is not None:
                    attack[t] = a_t + aura.attack * k
                if aura.defence and (d_t := defence[t]) is not None:
                    defence[t] = d_t + aura.defence * k
                for g in aura.gain:
                    if g in _ATTRS:
                        attrs[t] = attrs[t] | {g}
                    else:
                        flags[t] = flags[t] | {g}
                if aura.range_bonus and RANGED in attrs[t]:
                    stats.ranged[t] += aura.range_bonus
                if aura.swap:
                    flags[t] = flags[t] | {"swap"}
    for t, gone in lost.items():
        attrs[t] = _EMPTY if "*" in gone else attrs[t] - gone
        if MOVEMENT not in attrs[t]:
            stats.movement[t] = 0
        if RANGED not in attrs[t]:
            stats.ranged[t] = 0
    return reads


_ADJ_REACHES: Final[frozenset[str]] = frozenset((ADJ, ADJ_ALLIES, ADJ_ENEMIES))
_ROUND_CONDITIONS: Final[frozenset[str]] = frozenset(("starts_round", "second_in_round"))

_ATTRS: Final[frozenset[str]] = frozenset(ATTRIBUTES)
"""The attributes (the other things an aura gives are flags)."""


def is_active(st: State, stats: Stats, i: int) -> bool:
    """True when revealed card ``i`` may be activated: token active, not held down by an
    effect (The Fear, Lucy and Feyr). Spells are active once revealed."""
    return st.face_up[i] and st.active[i] and DEACTIVATED not in stats.flags[i]


def inputs_key(st: State, reads: tuple[bool, bool, bool] = (True, True, True)) -> tuple:
    """What :func:`compute` reads that can change in a game: the cards and their faction
    tokens, sides up, astral planes, this round's changes and, where an aura reads them
    (``reads``), the activation, the extra tokens and who begins the round. The catalogue types
    of revealed cards never change, nor do the rules and sides. A state with the same key has
    the same characteristics (a pass, a failed attack, a card placed face down keep them).
    The key holds copies of the state's lists: :func:`same_inputs` compares a state with it."""
    active, tokens, first = reads
    return (
        st.board[:],
        st.face_up[:],
        st.control[:],
        st.active[:] if active else None,
        st.extra_tokens[:] if tokens else None,
        st.first if first else None,
        [plane[:] for plane in st.astral],
        repr(st.temp) if st.temp else "",
        st.modes.aura_key() if st.modes is not None else None,
    )


def same_inputs(st: State, key: tuple | None, reads: tuple[bool, bool, bool]) -> bool:
    """True when ``st`` has the inputs ``key`` (built by :func:`inputs_key` with the same
    ``reads``) holds: compared list by list, nothing built."""
    return (
        key is not None
        and key[0] == st.board
        and key[1] == st.face_up
        and key[2] == st.control
        and (not reads[0] or key[3] == st.active)
        and (not reads[1] or key[4] == st.extra_tokens)
        and (not reads[2] or key[5] == st.first)
        and key[6] == st.astral
        and key[7] == (repr(st.temp) if st.temp else "")
        and key[8] == (st.modes.aura_key() if st.modes is not None else None)
    )
