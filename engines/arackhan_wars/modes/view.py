"""What each seat sees of the modes: Strategy points (public), its own Strategy card only, a
Secret message only to the seat that passed it and the ally it was passed to, played Strategy
cards, the Event in force and the objectives (all public)."""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars.modes import sets
from engines.arackhan_wars.modes.mstate import ModeState
from engines.arackhan_wars.state import State


def _face(kind: str, cid: int | None) -> dict[str, Any] | None:
    return None if cid is None else sets.card(kind, cid).face()


def sees_strategy_card(st: State, viewer: int | None, seat: int) -> bool:
    """True when ``viewer`` may see ``seat``'s Strategy card in hand: its own, or a Secret
    message ``viewer`` passed it (the ally sees only what is passed)."""
    m: ModeState = st.modes
    if viewer is None:
        return False
    if viewer == seat:
        return True
    return m.received[seat] and st.friends(viewer, seat)


def view(st: State, viewer: int | None) -> dict[str, Any]:
    """The modes as ``viewer`` (a seat, or None for a spectator) may see them."""
    m: ModeState = st.modes
    out: dict[str, Any] = {
        "on": [k for k in ("strategy", "events", "objectives") if getattr(m, k)],
        "origin": sets.PLATFORM_ORIGIN,
    }
    if m.strategy:
        out["strategy"] = {
            "points": list(m.points),
            "pile": len(m.strategy_pile),
            "discard": [_face("strategy", c) for c in m.strategy_discard],
            "in_play": [{"seat": s, **_face("strategy", c)} for s, c in m.in_play],
            "hands": [
                {
                    "holds": m.strategy_hand[s] is not None,
                    "card": _face("strategy", m.strategy_hand[s])
                    if sees_strategy_card(st, viewer, s)
                    else None,
                    "secret_message": m.received[s] and sees_strategy_card(st, viewer, s),
                }
                for s in range(st.n)
            ],
        }
    if m.events:
        out["events"] = {
            "in_force": _face("events", m.event),
            "pile": len(m.event_pile),
            "discard": [_face("events", c) for c in m.event_discard],
        }
    if m.objectives:
        out["objectives"] = {
            "open": [_face("objectives", c) for c in m.open_objectives],
            "pile": len(m.objective_pile),
            "completed": [[_face("objectives", c) for c in done] for done in m.completed],
            "completed_this_round": [r == st.round for r in m.claimed_round],
        }
    p = st.pending
    if p is not None and p.kind == "strategy":
        out["deciding"] = {"step": "Strategy phase", "seat": p.seat}
    elif p is not None and p.kind == "claim":
        out["deciding"] = {
            "step": "objective claim",
            "seat": p.seat,
            "objective": _face("objectives", p.data["objective"]),
        }
    return out
