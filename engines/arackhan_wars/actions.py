"""Card actions and end-of-round triggers: the verbs card definitions name.

A card action is a pair of functions: ``options(st, seat, card, params)`` lists the argument
strings the action may take now (``[""]`` for an action without choices; ``[]`` when it cannot
be performed), and ``perform(st, seat, card, params, args, events)`` does it. An action that needs
several steps (moving several creatures one at a time) opens a :class:`~state.Pending` and
``pending_options`` / ``pending_perform`` answer its steps (``move c<i> x,y`` or ``done``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.arackhan_wars import board, movement
from engines.arackhan_wars.abilities import CREATURE, FLIGHT, IMMUNE_SPELLS, SPELL
from engines.arackhan_wars.effects import allied, card_info, compute
from engines.arackhan_wars.state import PENDING, Pending, State
from engines.arackhan_wars.zones import destroy, discard_spell

Options = Callable[[State, int, int, dict[str, Any]], list[str]]
Perform = Callable[[State, int, int, dict[str, Any], str, list[Any] | None], bool]
"""Returns True when the action is complete (False: a Pending was opened)."""


def _card(text: str) -> int:
    return int(text[1:])


def _creatures(st: State) -> list[int]:
    return [i for i in st.board if i >= 0 and st.face_up[i] and card_info(st, i).kind == CREATURE]


def _protected(st: State, source: int, target: int) -> bool:
    """True when ``target`` is immune to the spell ``source``."""
    if card_info(st, source).kind != SPELL or allied(st, source, target):
        return False
    return IMMUNE_SPELLS in compute(st).flags.get(target, ())


# -- discard an enemy spell ---------------------------------------------------------------------
def _discard_spell_options(st: State, seat: int, card: int, params: dict[str, Any]) -> list[str]:
    return [
        f"c{i}"
        for i in sorted(st.in_play())
        if st.face_up[i] and card_info(st, i).kind == SPELL and st.control[i] != seat
    ]


def _discard_spell(st, seat, card, params, args, events) -> bool:
    target = _card(args)
    discard_spell(st, target)
    if events is not None:
        events.append({"type": "discard", "card": f"c{target}"})
    return True


# -- move one creature --------------------------------------------------------------------------
def _move_targets(st: State, seat: int, card: int, params: dict[str, Any]) -> list[int]:
    side = params.get("side", "ally")
    out = []
    for t in _creatures(st):
        mine = st.control[t] == seat
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
        if _protected(st, card, t):
            continue
        out.append(t)
    return out


def _destinations(st: State, t: int, params: dict[str, Any]) -> list[int]:
    steps = params.get("steps")
    spaces = movement.walk(st, t, steps) if steps else movement.anywhere(st, t)
    if params.get("on_leave"):
        seat = st.control[t]
        keep = []
        for s in spaces:
            near = [st.board[n] for n in board.ADJACENT[s] if st.board[n] >= 0 and st.board[n] != t]
            if any(st.control[j] == seat for j in near) and not any(
                st.control[j] != seat for j in near
            ):
                keep.append(s)
        spaces = keep
    return spaces


def _move_one_options(st, seat, card, params) -> list[str]:
    return [
        f"c{t} {board.NAMES[s]}"
        for t in _move_targets(st, seat, card, params)
        for s in _destinations(st, t, params)
    ]


def _move_one(st, seat, card, params, args, events) -> bool:
    who, where = args.split()
    t, space = _card(who), board.BY_NAME[where]
    st.move(t, space)
    if params.get("bonus_attack"):
        extra = st.temp.setdefault(t, {})
        extra["attack_bonus"] = extra.get("attack_bonus", 0) + params["bonus_attack"]
    if params.get("on_leave"):
        st.active[t] = False
    st.version += 1
    if events is not None:
        events.append({"type": "move", "card": f"c{t}", "to": where})
    return True


# -- move several creatures, one at a time ------------------------------------------------------
def _move_several_options(st, seat, card, params) -> list[str]:
    return [""] if _move_targets(st, seat, card, dict(params, side="ally")) else []


def _move_several(st, seat, card, params, args, events) -> bool:
    eligible = _move_targets(st, seat, card, dict(params, side="ally"))
    st.pending = Pending(
        seat=seat,
        card=card,
        kind="move_several",
        left=params.get("count", len(eligible)),
        data={"eligible": eligible, "params": dict(params), "return": st.phase},
    )
    st.phase = PENDING
    st.version += 1
    return False


def pending_options(st: State) -> list[str]:
    """The steps the open Pending allows (``done`` always)."""
    p = st.pending
    assert p is not None
    out = []
    if p.left > 0:
        params = p.data["params"]
        for t in p.data["eligible"]:
            if st.where[t] < 0 or st.control[t] != p.seat:
                continue
            out.extend(f"move c{t} {board.NAMES[s]}" for s in _destinations(st, t, params))
    out.append("done")
    return out


def pending_perform(st: State, action: str, events: list[Any] | None) -> bool:
    """Play one step of the open Pending; True once it is finished."""
    p = st.pending
    assert p is not None
    if action == "done":
        return True
    _, who, where = action.split()
    t = _card(who)
    st.move(t, board.BY_NAME[where])
    p.data["eligible"] = [x for x in p.data["eligible"] if x != t]
    p.left -= 1
    if events is not None:
        events.append({"type": "move", "card": who, "to": where})
    return p.left <= 0 or not p.data["eligible"]


# -- deactivate an enemy creature ---------------------------------------------------------------
def _deactivate_options(st, seat, card, params) -> list[str]:
    return [
        f"c{t}"
        for t in _creatures(st)
        if st.control[t] != seat and st.active[t] and not _protected(st, card, t)
    ]


def _deactivate(st, seat, card, params, args, events) -> bool:
    t = _card(args)
    st.active[t] = False
    st.version += 1
    if events is not None:
        events.append({"type": "deactivate", "card": args})
    return True


# -- reactivate every allied creature -----------------------------------------------------------
def _reactivate_options(st, seat, card, params) -> list[str]:
    return [""]


def _reactivate(st, seat, card, params, args, events) -> bool:
    for t in _creatures(st):
        if st.control[t] == seat:
            st.active[t] = True
            st.moved[t] = False
    st.version += 1
    if events is not None:
        events.append({"type": "reactivate-all", "seat": seat})
    return True


# -- replace the card with a creature from the hand ---------------------------------------------
def _replace_options(st, seat, card, params) -> list[str]:
    if st.where[card] < 0:
        return []
    top = params.get("max_value")
    return [
        f"c{h}"
        for h in sorted(st.hand[seat])
        if card_info(st, h).kind == CREATURE and (top is None or card_info(st, h).value <= top)
    ]


def _replace(st, seat, card, params, args, events) -> bool:
    h = _card(args)
    space = st.where[card]
    if params.get("fate") == "destroy":
        destroy(st, card)
    else:
        discard_spell(st, card)
    st.hand[seat].remove(h)
    st.put(h, space)
    st.face_up[h] = True
    st.active[h] = True
    st.control[h] = seat
    st.version += 1
    if events is not None:
        events.append({"type": "replace", "card": f"c{card}", "by": args, "card_id": st.ctype[h]})
    return True


# -- one more faction token ---------------------------------------------------------------------
def _token_options(st, seat, card, params) -> list[str]:
    return [""]


def _token(st, seat, card, params, args, events) -> bool:
    st.extra_tokens[card] += 1
    st.version += 1
    if events is not None:
        events.append({"type": "extra-token", "card": f"c{card}"})
    return True


ACTIONS: dict[str, tuple[Options, Perform]] = {
    "discard_enemy_spell": (_discard_spell_options, _discard_spell),
    "move_one": (_move_one_options, _move_one),
    "move_several": (_move_several_options, _move_several),
    "deactivate_enemy": (_deactivate_options, _deactivate),
    "reactivate_allies": (_reactivate_options, _reactivate),
    "replace_from_hand": (_replace_options, _replace),
    "extra_token": (_token_options, _token),
}


# -- end of round triggers ----------------------------------------------------------------------
def _small_fliers(st: State, card: int, events: list[Any] | None) -> None:
    if st.where[card] < 0:
        return
    stats = compute(st)
    doomed = []
    for s in board.ADJACENT[st.where[card]]:
        t = st.board[s]
        small = t >= 0 and card_info(st, t).kind == CREATURE and card_info(st, t).value <= 5
        if small and FLIGHT in stats.attrs.get(t, ()):
            doomed.append(t)
    for t in doomed:
        destroy(st, t)
        if events is not None:
            events.append({"type": "destroy", "card": f"c{t}", "why": "Ghost Metal Monolith"})


END_OF_ROUND: dict[str, Callable[[State, int, list[Any] | None], None]] = {
    "destroy_adjacent_small_fliers": _small_fliers,
}
