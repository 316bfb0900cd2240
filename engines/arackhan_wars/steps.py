"""Card actions made of several steps (moving several creatures one at a time, a second swap,
placing from the hand, putting cards back): one ``Pending`` per action in progress, answered
with ``move c<i> <x,y>``, ``swap c<a> c<b>``, ``place c<i> <x,y>``, ``return c<i>`` or ``done``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engines.arackhan_wars import board
from engines.arackhan_wars.state import PENDING, Pending, State
from engines.arackhan_wars.targets import (
    backup_places,
    card_of,
    destinations,
    lands_next_to_card,
    put_from_hand,
    swap,
    swap_options,
)


def open_pending(st: State, seat: int, card: int, kind: str, left: int, **data: Any) -> None:
    """Open a multi-step action; the seat answers its steps until it is finished."""
    data.setdefault("return", st.phase)
    st.pending = Pending(seat=seat, card=card, kind=kind, left=left, data=data)
    st.phase = PENDING
    st.version += 1


def _move_steps(st: State) -> list[str]:
    p = st.pending_action()
    params = p.data["params"]
    out: list[str] = []
    for t in p.data["eligible"]:
        if st.where[t] < 0:
            continue
        out.extend(f"move c{t} {board.NAMES[s]}" for s in destinations(st, t, params))
    return out


def _move_step(st: State, action: str, events: list[Any] | None) -> None:
    p = st.pending_action()
    _, who, where = action.split()
    t = card_of(who)
    st.move(t, board.BY_NAME[where])
    p.data["eligible"] = [x for x in p.data["eligible"] if x != t]
    if p.data.get("no_attack"):
        st.temp.setdefault(t, {})["no_attack"] = True
    if events is not None:
        events.append({"type": "move", "card": who, "to": where})


def _bearer_steps(st: State) -> list[str]:
    p = st.pending_action()
    d = tuple(p.data["direction"])
    out: list[str] = []
    for t in p.data["eligible"]:
        if st.where[t] < 0:
            continue
        nxt = board.step(st.where[t], d)
        if nxt is not None and st.board[nxt] < 0 and lands_next_to_card(st, nxt, t):
            out.append(f"move c{t} {board.NAMES[nxt]}")
    return out


def _swap_steps(st: State) -> list[str]:
    p = st.pending_action()
    return [f"swap {pair}" for pair in swap_options(st, p.seat, p.card, p.data["params"])]


def _swap_step(st: State, action: str, events: list[Any] | None) -> None:
    _, a, b = action.split()
    swap(st, card_of(a), card_of(b), events)


def _place_steps(st: State) -> list[str]:
    p = st.pending_action()
    return backup_places(st, p.seat, p.data["params"])


def _place_step(st: State, action: str, events: list[Any] | None) -> None:
    p = st.pending_action()
    _, who, where = action.split()
    h = card_of(who)
    put_from_hand(st, p.seat, h, board.BY_NAME[where])
    if events is not None:
        events.append({"type": "place-revealed", "card": who, "to": where, "card_id": st.ctype[h]})


def _return_steps(st: State) -> list[str]:
    p = st.pending_action()
    return [f"return c{h}" for h in sorted(st.hand[p.seat])]


def _return_step(st: State, action: str, events: list[Any] | None) -> None:
    p = st.pending_action()
    h = card_of(action.split()[1])
    st.hand[p.seat].remove(h)
    st.draw[p.seat].append(h)
    if p.left <= 1:
        st.rng.shuffle(st.draw[p.seat])
    st.version += 1
    if events is not None:
        events.append({"type": "put-back", "seat": p.seat, "seen_by": [p.seat], "card": f"c{h}"})


PENDING_STEPS: Final[dict[str, tuple[Callable[[State], list[str]], Callable[..., None], bool]]] = {
    # kind: (steps, perform one step, may stop early with "done")
    "move": (_move_steps, _move_step, True),
    "bearer": (_bearer_steps, _move_step, True),
    "swap": (_swap_steps, _swap_step, True),
    "place": (_place_steps, _place_step, True),
    "return": (_return_steps, _return_step, False),
}


def pending_options(st: State) -> list[str]:
    """The steps the open Pending allows (``done`` when it may stop early)."""
    p = st.pending_action()
    assert p is not None
    steps, _, optional = PENDING_STEPS[p.kind]
    out = steps(st) if p.left > 0 else []
    if optional or not out:
        out.append("done")
    return out


def pending_perform(st: State, action: str, events: list[Any] | None) -> bool:
    """Play one step of the open Pending; True once it is finished."""
    p = st.pending_action()
    assert p is not None
    if action == "done":
        return True
    _, perform, _ = PENDING_STEPS[p.kind]
    perform(st, action, events)
    p.left -= 1
    st.version += 1
    return p.left <= 0
