"""A fast rules-of-thumb playout for the search bot (``policy=guided``), played on a
determinised state where every card is known.

Each seat keeps its opening hand, places at random, and in its Initiative sequences and turns
takes the attack that wins the most points (a lone attack that beats the Defence, or a group of
every card that may attack a target when together they beat it), otherwise moves a creature now
and then and passes. Inside a group attack it strikes once the group beats the Defence, else
adds the strongest attacker. All randomness comes from the ``rng`` it is given.
"""

from __future__ import annotations

import random

from engines.arackhan_wars import group_attack
from engines.arackhan_wars.abilities import LAND
from engines.arackhan_wars.effects import Stats, compute
from engines.arackhan_wars.reach import attack_value, defence_value
from engines.arackhan_wars.rounds import legal, play
from engines.arackhan_wars.state import INITIATIVE, MULLIGAN, PENDING, TURN, State

MOVE_CHANCE = 0.3
"""How often a seat with no winning attack moves a creature instead of passing."""


def guided_playout(st: State, rng: random.Random) -> None:
    """Play ``st`` to the end (in place) with the rules of thumb above."""
    while not st.over:
        options = legal(st)
        if len(options) == 1:
            play(st, options[0], None)
        elif st.phase == MULLIGAN:
            play(st, "keep", None)
        elif st.phase in (INITIATIVE, TURN):
            play(st, activation_choice(st, options, rng), None)
        elif st.phase == PENDING and st.pending.kind == group_attack.KIND:
            play(st, _group_step(st, options), None)
        else:
            play(st, rng.choice(options), None)


def activation_choice(st: State, options: list[str], rng: random.Random) -> str:
    """The playout's choice in an Initiative sequence or a turn (see the module doc)."""
    stats = compute(st)
    best, best_gain = "", 0.0
    able: dict[int, list[int]] = {}
    for action in options:
        head = action[:5]
        if head == "attac":
            _, target, group = action.split()
            t = int(target[1:])
            attackers = tuple(int(a[1:]) for a in group.split("+"))
            gain = _gain(st, stats, t, attackers)
        elif head == "group":
            _, target, first = action.split()
            t = int(target[1:])
            able.setdefault(t, []).append(int(first[1:]))
            gain = 0.0
        else:
            continue
        if gain > best_gain:
            best, best_gain = action, gain + rng.random() * 0.01
    for t, attackers in able.items():  # a group opening: worth it if they all together win
        gain = _gain(st, stats, t, tuple(attackers)) - 0.5
        if gain > best_gain:
            best, best_gain = f"group c{t} c{attackers[0]}", gain
    if best:
        return best
    if rng.random() < MOVE_CHANCE:
        moves = [a for a in options if a[:4] == "move"]
        if moves:
            return rng.choice(moves)
    return "pass" if "pass" in options else rng.choice(options)


def _gain(st: State, stats: Stats, t: int, group: tuple[int, ...]) -> float:
    """The target's value (twice for a land) when ``group`` beats its Defence, else 0."""
    value = sum(attack_value(st, stats, a, t) for a in group)
    if value <= defence_value(st, stats, t, group):
        return 0.0
    ci = stats.info[t]
    return ci.value * (2.0 if ci.kind == LAND else 1.0)


def _group_step(st: State, options: list[str]) -> str:
    stats = compute(st)
    p = st.pending
    group = tuple(p.data["group"])
    t = p.data["target"]
    if "strike" in options and _gain(st, stats, t, group) > 0:
        return "strike"
    joins = [a for a in options if a.startswith("join ")]
    if not joins:
        return "strike" if "strike" in options else options[0]
    return max(joins, key=lambda a: (stats.attack[int(a.split()[1][1:])] or 0, a))
