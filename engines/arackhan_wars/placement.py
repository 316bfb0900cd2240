"""The Placement phase: where a seat may place a card, its ``place`` actions, and placing one
face down (the round, ``rounds.py``, runs the phase)."""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import SPELL
from engines.arackhan_wars.info import infos
from engines.arackhan_wars.state import PLACE_PER_ROUND, State

Events = list[dict[str, Any]] | None


def _ev(events: Events, **kw: Any) -> None:
    if events is not None:
        events.append(kw)


def placement_spaces(st: State, seat: int) -> list[int]:
    """Free spaces where ``seat`` may place a card now."""
    cards = st.board
    mine = st.placed if st.order[st.step] == seat else ()
    if not any(i >= 0 and i not in mine for i in cards):
        free = [s for s in board.STARTING_AREA if cards[s] < 0]
        if st.rules.opening_adjacency and len(free) < len(board.STARTING_AREA):
            # "cards placed on the battlefield beyond the first must follow the adjacency
            # principle": the second opening card touches the first
            return [s for s in free if any(cards[n] >= 0 for n in board.ADJACENT[s])]
        return free
    near = 0  # the spaces next to a card, as bits
    masks = board.ADJACENT_MASK
    for s in range(board.N_SPACES):
        if cards[s] >= 0:
            near |= masks[s]
    return [s for s in range(board.N_SPACES) if cards[s] < 0 and near >> s & 1]


def placement_options(st: State, seat: int) -> list[str]:
    """``place`` actions of ``seat`` now: each hand card on each space, or its astral plane."""
    spaces = None
    out = []
    table = infos()
    for h in sorted(st.hand[seat]):
        ci = table[st.ctype[h]]
        if ci.defn.placement == "not_last_round" and st.round == st.rounds:
            continue
        if ci.kind == SPELL and ci.astral:
            out.append(f"place c{h} astral")
            continue
        if spaces is None:
            spaces = placement_spaces(st, seat)
        row = board.PLACES[h]
        out.extend([row[s] for s in spaces])
    return out


def place(st: State, seat: int, rest: str, events: Events) -> None:
    """``place c<i> <x,y>`` or ``place c<i> astral``: the card goes face down."""
    who, where = rest.split()
    h = int(who[1:])
    st.hand[seat].remove(h)
    st.face_up[h] = False
    st.control[h] = seat
    if where == "astral":
        st.astral[seat].append(h)
        _ev(events, type="place", seat=seat, to="astral")
    else:
        st.put(h, board.BY_NAME[where])
        _ev(events, type="place", seat=seat, to=where)
    _ev(events, type="placed-card", card=who, card_id=st.ctype[h], seen_by=[seat])
    st.placed.append(h)


def placement_done(st: State) -> bool:
    """True when the seat placing now has placed its cards for the round (or has none)."""
    seat = st.order[st.step]
    return len(st.placed) >= PLACE_PER_ROUND or not st.hand[seat]
