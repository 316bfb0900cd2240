"""What each seat sees of the modes: Strategy points (public), its own Strategy card only, a
Secret message only to the seat that passed it and the ally it was passed to, played Strategy
cards, the Event in force and the objectives (all public)."""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars.modes import sets
from engines.arackhan_wars.modes.mstate import ModeState
from engines.arackhan_wars.state import State


def _face(st: State, kind: str, cid: int | None) -> dict[str, Any] | None:
    return None if cid is None else st.modes.card(kind, cid).face()


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
    }
    if m.strategy:
        out["strategy"] = {
            "points": list(m.points),
            "pile": len(m.strategy_pile),
            "discard": [_face(st, "strategy", c) for c in m.strategy_discard],
            "in_play": [{"seat": s, **_face(st, "strategy", c)} for s, c in m.in_play],
            "hands": [
                {
                    "holds": m.strategy_hand[s] is not None,
                    "card": _face(st, "strategy", m.strategy_hand[s])
                    if sees_strategy_card(st, viewer, s)
                    else None,
                    "secret_message": m.received[s] and sees_strategy_card(st, viewer, s),
                }
                for s in range(st.n)
            ],
        }
    if m.events:
        out["events"] = {
            "in_force": _face(st, "events", m.event),
            "pile": len(m.event_pile),
            "discard": [_face(st, "events", c) for c in m.event_discard],
        }
    if m.objectives:
        out["objectives"] = {
            "open": [_face(st, "objectives", c) for c in m.open_objectives],
            "pile": len(m.objective_pile),
            "completed": [[_face(st, "objectives", c) for c in done] for done in m.completed],
            "completed_this_round": [r == st.round for r in m.claimed_round],
        }
    p = st.pending
    if p is not None and p.kind == "strategy":
        out["deciding"] = {"step": "Strategy phase", "seat": p.seat}
    elif p is not None and p.kind == "claim":
        out["deciding"] = {
            "step": "objective claim",
            "seat": p.seat,
            "objective": _face(st, "objectives", p.data["objective"]),
        }
    return out


def determinize(st: State, seat: int, rng: Any) -> None:
    """Re-deal, in place, what ``seat`` cannot see of the modes: the Strategy cards in other
    hands (but a Secret message it passed) with the Strategy pile, and the order of the three
    piles. Only cards a seat may hold are dealt to it: a seat that received a Secret message
    gets one of the Secret messages (the others, any card)."""
    m: ModeState = st.modes
    if m.strategy:
        hidden = [s for s in range(st.n) if m.strategy_hand[s] is not None]
        hidden = [s for s in hidden if not sees_strategy_card(st, seat, s)]
        pool = [m.strategy_hand[s] for s in hidden] + m.strategy_pile
        rng.shuffle(pool)
        # a seat holding a Secret message its ally passed (public: the pass was seen) can
        # only hold a Secret message: those seats are dealt from the pool's Secret messages
        for s in sorted(hidden, key=lambda s: not m.received[s]):
            if m.received[s]:
                k = max(k for k, c in enumerate(pool) if m.card("strategy", c).type == sets.SECRET)
                m.strategy_hand[s] = pool.pop(k)
            else:
                m.strategy_hand[s] = pool.pop()
        m.strategy_pile = pool
    rng.shuffle(m.event_pile)
    rng.shuffle(m.objective_pile)
