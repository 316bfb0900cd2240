"""The modes for people: the labels of their actions and the move log's sentences, with the
cards by name (a Strategy card only where the viewer may see it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.arackhan_wars.modes import sets, strategy
from engines.arackhan_wars.modes.options import LABELS, MODE_OPTIONS
from engines.arackhan_wars.modes.view import sees_strategy_card
from engines.arackhan_wars.state import State
from engines.base import seat_name

HEADS = frozenset(("strategy", "claim", "decline"))
"""First words of the modes' actions."""
PENDING_KINDS = frozenset(("strategy", "claim"))
"""The modes' pending steps (the Strategy phase, a claim window)."""


def _strategy_name(st: State, seat: int, viewer: int | None) -> str:
    cid = st.modes.strategy_hand[seat]
    if cid is None or not sees_strategy_card(st, viewer, seat):
        return "the Strategy card"
    return st.modes.card("strategy", cid).name


def _objective(st: State, word: str) -> str:
    c = st.modes.card("objectives", int(word[1:]))
    return f"{c.name} ({c.points} victory point{'' if c.points == 1 else 's'})"


def label(st: State, action: str, viewer: int | None = None) -> str:
    """A label for a mode action, as ``viewer`` may read it."""
    words = action.split()
    head, what = words[0], words[1] if len(words) > 1 else ""
    if head == "claim":
        return f"complete the objective {_objective(st, what)}"
    if head == "decline":
        return f"let the next player decide on {_objective(st, what)}"
    seat = st.to_act
    card = _strategy_name(st, seat, viewer)
    return {
        "hold": f"keep {card} (no new Strategy card)",
        "redraw": f"discard {card} and draw another Strategy card",
        "play": f"play {card}",
        "pass": f"pass {card} to your ally as a Secret message",
        "keep": f"keep {card} for a later round",
    }.get(what, action)


def _card_name(st: State, kind: str, cid: int) -> str:
    return st.modes.card(kind, cid).name


EVENT_TYPES = frozenset(
    (
        "strategy-point",
        "strategy-drawn",
        "strategy-discarded",
        "strategy-played",
        "strategy-pile-rebuilt",
        "secret-passed",
        "event-revealed",
        "event-discarded",
        "objective-revealed",
        "objective-completed",
        "objective-declined",
    )
)


def event_text(st: State, event: dict[str, Any], names: Sequence[str] | None) -> str | None:
    """The move log's sentence for a mode event (a private one names its card)."""
    kind = event["type"]
    who = seat_name(names, event["seat"]) if "seat" in event else ""
    sid = event.get("strategy_id")
    if kind == "strategy-point":
        return f"{who} receives a Strategy point ({event['points']} now)"
    if kind == "strategy-drawn":
        drawn = _card_name(st, "strategy", sid) if sid is not None else "a Strategy card"
        return f"{who} draws {drawn}"
    if kind == "strategy-discarded":
        return f"{who} discards {_card_name(st, 'strategy', sid)} (Strategy discard pile)"
    if kind == "strategy-played":
        return f"{who} plays {_card_name(st, 'strategy', sid)} for {event['cost']} Strategy points"
    if kind == "strategy-pile-rebuilt":
        return "the Strategy discard pile is shuffled into a new Strategy pile"
    if kind == "secret-passed":
        what = _card_name(st, "strategy", sid) if sid is not None else "a Secret message"
        return f"{who} passes {what} to {seat_name(names, event['to'])}"
    if kind == "event-revealed":
        c = st.modes.card("events", event["event_id"])
        return f"{who} reveals the Event {c.name}: {c.text}"
    if kind == "event-discarded":
        return f"the Event {_card_name(st, 'events', event['event_id'])} is discarded"
    if kind == "objective-revealed":
        return f"a new objective is revealed: {_objective(st, 'o' + str(event['objective_id']))}"
    if kind == "objective-completed":
        return f"{who} completes {_objective(st, 'o' + str(event['objective_id']))}"
    if kind == "objective-declined":
        return f"{who} lets {_card_name(st, 'objectives', event['objective_id'])} pass"
    return None


def option_labels(options: dict[str, Any]) -> list[str]:
    """The modes ``options`` switch on, by name (a set version beyond 1 said)."""
    out = []
    for name in MODE_OPTIONS:
        value = options.get(name)
        if value is True or value == 1:
            out.append(LABELS[name])
        elif isinstance(value, int) and not isinstance(value, bool) and value > 1:
            out.append(f"{LABELS[name]} ({sets.LABELS[name]} cards version {value})")
    return out


def why_illegal(st: State, seat: int, action: str) -> str:
    """Which rule a refused mode action (or any action during a mode's step) breaks."""
    p = st.pending
    head = action.split()[0]
    if p is None or p.kind not in PENDING_KINDS:
        if head == "strategy":
            return (
                "there is no Strategy phase now (it comes between the Draw and the Placement phase)"
            )
        return "no objective may be completed now (a claim comes at the end of a turn)"
    if p.kind == "claim":
        cid = p.data["objective"]
        return (
            f"{_objective(st, f'o{cid}')} may be completed now: 'claim o{cid}' to complete it or "
            f"'decline o{cid}' to let the next player decide"
        )
    m = st.modes
    cid = m.strategy_hand[seat]
    if action == "strategy play" and cid is not None:
        card = m.card("strategy", cid)
        if card.type == sets.SECRET and not m.received[seat]:
            return f"{card.name} is a Secret message: pass it to your ally ('strategy pass')"
        return f"{card.name} costs {card.cost} Strategy points and you have {m.points[seat]}"
    if action == "strategy pass" and cid is not None:
        return "only a Secret message you drew is passed to your ally"
    options = " or ".join(f"'{o}'" for o in strategy.options(st))
    return f"this is your Strategy phase: {options}"
