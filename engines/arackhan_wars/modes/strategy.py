"""The 2v2 Strategy phase: Strategy points, one Strategy card in hand, Blitz and Secret message.

Between the Draw and the Placement phase, in the round's playing order, each seat (1) receives a
Strategy point (not in round 1), (2) draws a Strategy card if it has none, or may discard the one
it has to draw another, (3) plays its card or keeps it. Actions (the seat's pending step)::

    strategy hold | strategy redraw     keep the card held since an earlier round, or swap it
    strategy play                       pay the cost and play it (a Blitz, or a Secret message
                                        the ally passed)
    strategy pass                       pass a Secret message, hidden, to the ally
    strategy keep                       keep the card for a later round
"""

from __future__ import annotations

from engines.arackhan_wars.modes import sets
from engines.arackhan_wars.modes.mstate import ModeState
from engines.arackhan_wars.state import PENDING, PLACE, Pending, State
from engines.arackhan_wars.zones import draw

KIND = "strategy"
HOLD, REDRAW, PLAY, PASS, KEEP = (
    "strategy hold",
    "strategy redraw",
    "strategy play",
    "strategy pass",
    "strategy keep",
)


def _ev(events: list | None, **kw) -> None:
    if events is not None:
        events.append(kw)


def ally(st: State, seat: int) -> int:
    """The other seat of ``seat``'s alliance."""
    return next(s for s in range(st.n) if s != seat and st.friends(s, seat))


def draw_strategy(st: State, seat: int, events: list | None) -> None:
    """``seat`` draws the top Strategy card; an empty pile is first rebuilt from the shuffled
    discard pile."""
    m: ModeState = st.modes
    if not m.strategy_pile and m.strategy_discard:
        m.strategy_pile, m.strategy_discard = m.strategy_discard, []
        st.rng.shuffle(m.strategy_pile)
        _ev(events, type="strategy-pile-rebuilt", cards=len(m.strategy_pile))
    if not m.strategy_pile:
        return
    cid = m.strategy_pile.pop()
    m.strategy_hand[seat], m.received[seat] = cid, False
    _ev(events, type="strategy-drawn", seat=seat)
    _ev(events, type="strategy-drawn", seat=seat, strategy_id=cid, seen_by=[seat])


def discard_held(st: State, seat: int, events: list | None) -> None:
    """``seat``'s Strategy card in hand goes face up to the common discard pile."""
    m: ModeState = st.modes
    cid = m.strategy_hand[seat]
    if cid is None:
        return
    m.strategy_discard.append(cid)
    m.strategy_hand[seat], m.received[seat] = None, False
    _ev(events, type="strategy-discarded", seat=seat, strategy_id=cid)


def open_phase(st: State, events: list | None) -> None:
    """Start the Strategy phase with the round's first seat (Placement follows it)."""
    st.phase = PENDING
    st.pending = Pending(st.order[0], -1, KIND, 0, {"return": PLACE, "k": 0})
    _begin_seat(st, events)


def _begin_seat(st: State, events: list | None) -> None:
    """Steps 1 and 2 of the seat whose turn it is; skips straight on when it has no choice."""
    m: ModeState = st.modes
    p = st.pending
    seat = p.seat
    if st.round > 1:
        m.points[seat] += 1
        _ev(events, type="strategy-point", seat=seat, points=m.points[seat])
    if m.strategy_hand[seat] is None:
        draw_strategy(st, seat, events)
        p.data["stage"] = "play"
    else:
        p.data["stage"] = "hold"
    if no_choice(st):
        _next_seat(st, events)


def no_choice(st: State) -> bool:
    """True when the seat to act has nothing to decide but to keep, and everyone may know it:
    since 1.2.0 only when it holds no card (whether a card can be paid for or passed is the
    holder's secret, so it says ``strategy keep`` itself)."""
    if st.rules.public_single_choices and st.modes.strategy_hand[st.pending.seat] is not None:
        return False
    return options(st) == [KEEP]


def options(st: State) -> list[str]:
    """The actions of the seat in its Strategy phase."""
    m: ModeState = st.modes
    p = st.pending
    seat = p.seat
    if p.data["stage"] == "hold":
        return [HOLD, REDRAW]
    cid = m.strategy_hand[seat]
    out = []
    if cid is not None:
        c = st.modes.card("strategy", cid)
        if c.type == sets.SECRET and not m.received[seat]:
            out.append(PASS)
        elif m.points[seat] >= c.cost:
            out.append(PLAY)
    out.append(KEEP)
    return out


def perform(st: State, action: str, events: list | None) -> None:
    """Play one Strategy phase action of the seat to act."""
    p = st.pending
    seat = p.seat
    if action == REDRAW:
        discard_held(st, seat, events)
        draw_strategy(st, seat, events)
    if action in (HOLD, REDRAW):
        p.data["stage"] = "play"
        if no_choice(st):
            _next_seat(st, events)
        st.version += 1
        return
    if action == PLAY:
        play_card(st, seat, events)
    elif action == PASS:
        pass_secret(st, seat, events)
    _next_seat(st, events)
    st.version += 1


def play_card(st: State, seat: int, events: list | None) -> None:
    """``seat`` pays its card's cost and plays it: revealed, its effects now, kept in play
    until its discard moment."""
    m: ModeState = st.modes
    cid = m.strategy_hand[seat]
    c = st.modes.card("strategy", cid)
    m.points[seat] -= c.cost
    m.strategy_hand[seat], m.received[seat] = None, False
    _ev(events, type="strategy-played", seat=seat, strategy_id=cid, cost=c.cost)
    if c.effects.draw:
        draw(st, seat, c.effects.draw)
    if c.discard == "end_of_round":
        m.in_play.append((seat, cid))
    else:
        m.strategy_discard.append(cid)


def pass_secret(st: State, seat: int, events: list | None) -> None:
    """``seat`` passes its Secret message to its ally, who discards the card it held."""
    m: ModeState = st.modes
    cid = m.strategy_hand[seat]
    to = ally(st, seat)
    discard_held(st, to, events)
    m.strategy_hand[seat], m.received[seat] = None, False
    m.strategy_hand[to], m.received[to] = cid, True
    _ev(events, type="secret-passed", seat=seat, to=to)
    _ev(events, type="secret-passed", seat=seat, to=to, strategy_id=cid, seen_by=[seat, to])


def _next_seat(st: State, events: list | None) -> None:
    p = st.pending
    k = p.data["k"] + 1
    if k >= st.n:
        st.pending = None
        st.phase, st.step = p.data["return"], 0
        st.placed = []
        st.version += 1
        return
    p.seat, p.data["k"] = st.order[k], k
    _begin_seat(st, events)


def end_of_round(st: State, events: list | None) -> None:
    """Strategy cards whose use ends with the round go to the discard pile."""
    m: ModeState = st.modes
    for seat, cid in m.in_play:
        m.strategy_discard.append(cid)
        _ev(events, type="strategy-discarded", seat=seat, strategy_id=cid)
    m.in_play = []
