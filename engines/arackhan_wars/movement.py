"""Where a card may be moved: Movement N (step by step, through allies, never through enemies),
Flight and "move anywhere" effects (any free space next to another card)."""

from __future__ import annotations

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import FLIGHT, MOVEMENT
from engines.arackhan_wars.effects import Stats
from engines.arackhan_wars.state import State


def _next_to_a_card(st: State, space: int, moving: int) -> bool:
    cards = st.board
    for s in board.ADJACENT[space]:
        j = cards[s]
        if j >= 0 and j != moving:
            return True
    return False


def anywhere(st: State, moving: int) -> list[int]:
    """Every free space adjacent to a card other than ``moving``."""
    cards, adjacent = st.board, board.ADJACENT
    out = []
    for space in range(board.N_SPACES):
        if cards[space] < 0:
            for s in adjacent[space]:
                j = cards[s]
                if j >= 0 and j != moving:
                    out.append(space)
                    break
    return out


def walk(st: State, moving: int, steps: int) -> list[int]:
    """Free spaces ``moving`` reaches in 1..``steps`` steps through free spaces and spaces of
    cards its controller controls (never an enemy's), ending next to another card."""
    start = st.where[moving]
    cards, control, team, adjacent = st.board, st.control, st.team, board.ADJACENT
    side = team[control[moving]]
    seen = {start}
    frontier = [start]
    ends: set[int] = set()
    for _ in range(steps):
        nxt = []
        for space in frontier:
            for s in adjacent[space]:
                if s in seen:
                    continue
                j = cards[s]
                if j >= 0 and j != moving and team[control[j]] != side:
                    continue
                seen.add(s)
                nxt.append(s)
                if (j < 0 or j == moving) and s != start and _next_to_a_card(st, s, moving):
                    ends.add(s)
        frontier = nxt
    return sorted(ends)


def own_moves(st: State, stats: Stats, i: int) -> list[int]:
    """Destinations card ``i`` reaches with its own Flight or Movement attribute."""
    attrs = stats.attrs[i]
    if FLIGHT in attrs:
        return anywhere(st, i)
    if MOVEMENT in attrs and stats.movement[i] > 0:
        return walk(st, i, stats.movement[i])
    return []


def bonus_moves(st: State, stats: Stats, i: int) -> list[int]:
    """Extra destinations of a card whose skill lengthens its Movement when it ends next to an
    enemy card (Nihilist Morgon); a card moved so cannot attack this round."""
    if not has_bonus_movement(stats, i):
        return []
    bonus = stats.info[i].defn.params["bonus_movement"]
    normal = set(own_moves(st, stats, i))
    seat = st.control[i]
    return [
        s
        for s in walk(st, i, stats.movement[i] + bonus)
        if s not in normal
        and any(
            (j := st.board[n]) >= 0 and j != i and not st.friends(st.control[j], seat)
            for n in board.ADJACENT[s]
        )
    ]


def has_bonus_movement(stats: Stats, i: int) -> bool:
    """True when ``i``'s skill may lengthen its Movement now (see :func:`bonus_moves`)."""
    bonus = stats.info[i].defn.params.get("bonus_movement") if i in stats.info else None
    return bool(bonus) and i not in stats.skills_off and MOVEMENT in stats.attrs[i]


def swap_reach(st: State, stats: Stats, i: int) -> set[int] | None:
    """Spaces ``i`` could step onto with its own attribute, allied cards' spaces included
    (None: anywhere, for Flight; empty without Flight or Movement)."""
    attrs = stats.attrs[i]
    if FLIGHT in attrs:
        return None
    steps = stats.movement[i] if MOVEMENT in attrs else 0
    start = st.where[i]
    if not steps:
        return set()
    cards, control, team, adjacent = st.board, st.control, st.team, board.ADJACENT
    side = team[control[i]]
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for space in frontier:
            for s in adjacent[space]:
                if s in seen:
                    continue
                j = cards[s]
                if j >= 0 and team[control[j]] != side:
                    continue
                seen.add(s)
                nxt.append(s)
        frontier = nxt
    seen.discard(start)
    return seen
