"""Event mode: each round the top card of the Event pile is revealed by the seat beginning the
round (the Event phase, before the Draw phase); its consequences are immediate and last until it
is discarded in the End phase. Its auras apply after every other effect (``modes/auras.py``)."""

from __future__ import annotations

from engines.arackhan_wars.modes.mstate import ModeState
from engines.arackhan_wars.state import State
from engines.arackhan_wars.zones import draw


def event_phase(st: State, events: list | None) -> None:
    """Reveal the round's Event and play its immediate consequences (cards drawn, in playing
    order). An empty pile is first rebuilt from the shuffled discard pile."""
    m: ModeState = st.modes
    if not m.event_pile and m.event_discard:
        m.event_pile, m.event_discard = m.event_discard, []
        st.rng.shuffle(m.event_pile)
    if not m.event_pile:
        return
    m.event = m.event_pile.pop()
    card = st.modes.card("events", m.event)
    if events is not None:
        events.append({"type": "event-revealed", "seat": st.first, "event_id": m.event})
    if card.effects.draw:
        for seat in st.order:
            draw(st, seat, card.effects.draw)
    st.version += 1


def end_of_round(st: State, events: list | None) -> None:
    """The Event in force is discarded."""
    m: ModeState = st.modes
    if m.event is not None:
        m.event_discard.append(m.event)
        if events is not None:
            events.append({"type": "event-discarded", "event_id": m.event})
        m.event = None
        st.version += 1
