"""Who and where card actions may reach: allied and enemy creatures, immunity to spells,
destinations of moves, swaps and places for creatures put from the hand."""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars import board, movement
from engines.arackhan_wars.abilities import CREATURE, IMMUNE_SPELLS, SPELL
from engines.arackhan_wars.effects import allied, card_info, compute
from engines.arackhan_wars.state import State


def card_of(text: str) -> int:
    """The instance named ``c<i>``."""
    return int(text[1:])


def creatures(st: State) -> list[int]:
    """Revealed creatures on the battlefield."""
    return [i for i in st.board if i >= 0 and st.face_up[i] and card_info(st, i).kind == CREATURE]


def protected(st: State, source: int, target: int) -> bool:
    """True when ``target`` is immune to the spell ``source``."""
    if card_info(st, source).kind != SPELL or allied(st, source, target):
        return False
    return IMMUNE_SPELLS in compute(st).flags[target]


def move_targets(st: State, seat: int, card: int, params: dict[str, Any]) -> list[int]:
    """Creatures a move action of ``card`` may move (side, value, family, adjacency)."""
    side = params.get("side", "ally")
    out = []
    for t in creatures(st):
        mine = st.friends(st.control[t], seat)
        if (side == "ally") != mine:
            continue
        if params.get("max_value") is not None and card_info(st, t).value > params["max_value"]:
            continue
        if params.get("families") and card_info(st, t).family not in params["families"]:
            continue
        if params.get("adjacent_to_source") and (
            st.where[card] < 0 or st.where[t] not in board.ADJACENT_SETS[st.where[card]]
        ):
            continue
        if protected(st, card, t):
            continue
        out.append(t)
    return out


def destinations(st: State, t: int, params: dict[str, Any]) -> list[int]:
    """Where ``t`` may be moved by an action with ``params`` (walk or anywhere)."""
    steps = params.get("steps")
    spaces = movement.walk(st, t, steps) if steps else movement.anywhere(st, t)
    if params.get("on_leave"):
        seat = st.control[t]
        keep = []
        for s in spaces:
            near = [st.board[n] for n in board.ADJACENT[s] if st.board[n] >= 0 and st.board[n] != t]
            if any(st.friends(st.control[j], seat) for j in near) and not any(
                not st.friends(st.control[j], seat) for j in near
            ):
                keep.append(s)
        spaces = keep
    return spaces


def lands_next_to_card(st: State, space: int, moving: int) -> bool:
    """True when ``space`` touches a card other than ``moving``."""
    return any((j := st.board[n]) >= 0 and j != moving for n in board.ADJACENT[space])


def allied_creatures(st: State, seat: int) -> list[int]:
    """Revealed creatures on the battlefield allied to ``seat``."""
    return [t for t in creatures(st) if st.friends(st.control[t], seat)]


def swap(st: State, a: int, b: int, events: list[Any] | None) -> None:
    """Exchange the spaces of ``a`` and ``b``."""
    sa, sb = st.where[a], st.where[b]
    st.board[sa], st.board[sb] = b, a
    st.where[a], st.where[b] = sb, sa
    st.version += 1
    if events is not None:
        events.append({"type": "swap", "cards": [f"c{a}", f"c{b}"]})


def swap_options(st: State, seat: int, card: int, params: dict[str, Any]) -> list[str]:
    """Pairs ``c<a> c<b>`` a swap action of ``card`` may exchange."""
    top = params.get("max_value")
    allies = [
        t
        for t in allied_creatures(st, seat)
        if t != card and (top is None or card_info(st, t).value <= top)
    ]
    if params.get("with_self"):
        return [f"c{card} c{t}" for t in allies if st.where[card] >= 0]
    if params.get("adjacent_first"):
        if st.where[card] < 0:
            return []
        near = [t for t in allies if st.where[t] in board.ADJACENT_SETS[st.where[card]]]
        return [f"c{a} c{b}" for a in near for b in allies if b != a]
    return [f"c{a} c{b}" for a in allies for b in allies if a < b]


def put_from_hand(st: State, seat: int, h: int, space: int) -> None:
    """Put hand card ``h`` on ``space`` face up and active (it may be activated this turn)."""
    st.hand[seat].remove(h)
    st.put(h, space)
    st.face_up[h] = True
    st.active[h] = True
    st.control[h] = seat
    st.version += 1


def backup_places(st: State, seat: int, params: dict[str, Any]) -> list[str]:
    """``place c<h> <x,y>`` steps for creatures of a family put from the hand."""
    family, top = params["family"], params.get("max_value")
    cards = [
        h
        for h in sorted(st.hand[seat])
        if card_info(st, h).kind == CREATURE
        and card_info(st, h).family == family
        and (top is None or card_info(st, h).value <= top)
    ]
    if not cards:
        return []
    spaces = []
    for space in range(board.N_SPACES):
        if st.board[space] >= 0:
            continue
        near = [st.board[n] for n in board.ADJACENT[space] if st.board[n] >= 0]
        if any(not st.friends(st.control[j], seat) for j in near):
            continue
        if any(
            st.face_up[j]
            and card_info(st, j).kind == CREATURE
            and card_info(st, j).family == family
            for j in near
        ):
            spaces.append(space)
    return [f"place c{h} {board.NAMES[sp]}" for h in cards for sp in spaces]
