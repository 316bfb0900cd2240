"""The round's fixed steps: the playing order, the reveal, the End phase (and the next round's
Draw phase) and the end of the game."""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars.abilities import SPELL
from engines.arackhan_wars.info import info
from engines.arackhan_wars.modes import hooks as modes
from engines.arackhan_wars.state import DRAW_PER_ROUND, OVER, PLACE, State
from engines.arackhan_wars.state import INITIATIVE as INITIATIVE_PHASE
from engines.arackhan_wars.triggers import END_OF_ROUND
from engines.arackhan_wars.zones import discard_spell, draw

Events = list[dict[str, Any]] | None


def _ev(events: Events, **kw: Any) -> None:
    if events is not None:
        events.append(kw)


def playing_order(first: int, n: int) -> list[int]:
    """Seats in playing order for a round that ``first`` begins (clockwise = seat order)."""
    return [(first + k) % n for k in range(n)]


def reveal(st: State, events: Events) -> None:
    """Every card placed face down is revealed and active; the Initiative sequence begins."""
    watch = st.modes is not None and modes.watches_actions(st)
    before = modes.met_by_seat(st) if watch else []
    shown = []
    for i in st.in_play():
        if not st.face_up[i]:
            st.face_up[i] = True
            st.active[i] = True
            shown.append(i)
    st.version += 1
    _ev(
        events,
        type="reveal",
        cards=[{"card": f"c{i}", "card_id": st.ctype[i], "seat": st.owner[i]} for i in shown],
    )
    st.phase, st.step = INITIATIVE_PHASE, 0
    if watch:
        modes.after_reveal(st, before, events)


def end_phase(st: State, events: Events) -> None:
    """The End phase: control back, end-of-round triggers, spells discarded, every card active
    again; then the game ends after the last round, or the next round is drawn."""
    for i, changes in list(st.temp.items()):
        if "control_back" in changes and (st.where[i] >= 0):
            st.control[i] = changes["control_back"]
    st.version += 1
    for i in sorted(st.in_play()):
        trigger = info(st.ctype[i]).defn.end_of_round
        if trigger and st.face_up[i] and (st.where[i] >= 0 or any(i in a for a in st.astral)):
            END_OF_ROUND[trigger](st, i, events)
    for i in sorted(st.in_play()):
        if info(st.ctype[i]).kind == SPELL:
            discard_spell(st, i)
    for i in st.in_play():
        st.active[i] = True
        st.moved[i] = False
    st.temp.clear()
    st.used.clear()
    if st.modes is not None:
        modes.end_phase(st, events)
    st.version += 1
    _ev(events, type="end-of-round", round=st.round)
    if st.round >= st.rounds:
        last = {9: "ninth", 8: "eighth"}.get(st.rounds, f"{st.rounds}th")
        end_game(st, f"the {last} round is over", events)
        return
    st.round += 1
    st.first = (st.first + 1) % st.n
    st.order = playing_order(st.first, st.n)
    if st.modes is not None:
        modes.before_draw(st, events)
    for s in range(st.n):
        draw(st, s, DRAW_PER_ROUND)
    st.phase, st.step = PLACE, 0
    st.placed = []
    if st.modes is not None:
        modes.after_draw(st, events)


def end_game(st: State, reason: str, events: Events) -> None:
    """The game is over for ``reason``."""
    if not st.rules.score_revealed_only:
        for i in st.in_play():
            st.face_up[i] = True  # 1.0.0 revealed (and scored) cards placed face down
    st.over = True
    st.phase = OVER
    st.end_reason = reason
    st.version += 1
    _ev(events, type="game-over", reason=reason)
