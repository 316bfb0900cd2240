"""The AracKhan Wars move log: what a move did, in words, as one seat (or a spectator) saw it.

A card is named where the viewer could see it before the move (face up, in a discard pile,
its own hand or face-down placement) or where the move revealed it (the Reveal phase, a card put
from the hand face up); anywhere else it is "a card".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engines.arackhan_wars import board
from engines.arackhan_wars.explain import visible
from engines.arackhan_wars.info import info
from engines.arackhan_wars.modes import present as mode_present
from engines.arackhan_wars.present import describe_action, instance
from engines.arackhan_wars.state import INITIATIVE, MULLIGAN, State
from engines.base import Event, seat_name, visible_events

Namer = Callable[[Any], str]


def _namer(st: State, viewer: int | None, events: list[Event]) -> Namer:
    revealed: dict[int, int] = {}
    for event in events:
        if event.get("type") == "reveal":
            revealed.update((instance(c["card"]), c["card_id"]) for c in event["cards"])
        elif event.get("type") == "place-revealed":
            revealed[instance(event["card"])] = event["card_id"]
        elif event.get("type") == "replace":
            revealed[instance(event["by"])] = event["card_id"]

    def name(text: Any) -> str:
        i = instance(text) if isinstance(text, str) else None
        if i is None or not 0 <= i < len(st.ctype):
            return "a card"
        if i in revealed:
            return info(revealed[i]).name
        return info(st.ctype[i]).name if visible(st, i, viewer) else "a card"

    return name


def _listing(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _place_of(st: State, i: int, action: str) -> str:
    words = action.split()
    if words[:2] == ["place", f"c{i}"]:
        return "the astral plane" if words[2] == "astral" else words[2]
    if st.where[i] >= 0:
        return board.NAMES[st.where[i]]
    return "the astral plane"


def _reveal(st: State, event: Event, action: str, names: Sequence[str] | None) -> str:
    shown = [
        f"{info(c['card_id']).name} on {_place_of(st, instance(c['card']), action)} "
        f"({seat_name(names, c['seat'])})"
        for c in event["cards"]
    ]
    return "the cards are revealed: " + _listing(shown) if shown else "nothing to reveal"


def _destroy(event: Event, name: Namer) -> str:
    why = event.get("why")
    if why == "its weakness":
        return f"{name(event['card'])} was destroyed by its weakness"
    if why:
        return f"{name(event['card'])} was destroyed ({why})"
    return f"{name(event['card'])} was destroyed"


SIMPLE: dict[str, Callable[[Event, Namer], str]] = {
    "move": lambda e, n: f"{n(e['card'])} moved to {e['to']}",
    "swap": lambda e, n: f"{n(e['cards'][0])} and {n(e['cards'][1])} swapped places",
    "attack-fails": lambda e, n: f"the attack on {n(e['card'])} failed (Attack {e['value']})",
    "destroy": _destroy,
    "regenerate": lambda e, n: f"{n(e['card'])} regenerated: deactivated, not destroyed",
    "perforation": lambda e, n: f"Perforation hit {n(e['card'])} with Attack {e['value']}",
    "perforation-stops": lambda e, n: (
        f"Perforation stopped at {n(e['card'])} (Attack {e['value']})"
    ),
    "action": lambda e, n: f"used the action of {n(e['card'])}",
    "discard": lambda e, n: f"{n(e['card'])} was discarded",
    "deactivate": lambda e, n: f"{n(e['card'])} was deactivated",
    "replace": lambda e, n: f"{n(e['card'])} made way for {n(e['by'])} from the hand",
    "extra-token": lambda e, n: f"{n(e['card'])} took one more faction token",
    "copy": lambda e, n: f"{n(e['card'])} took on the characteristics of {n(e['of'])}",
    "sacrifice-copy": lambda e, n: f"{n(e['destroyed'])} was sacrificed to copy {n(e['copies'])}",
    "exchange-skills": lambda e, n: (
        f"{n(e['cards'][0])} and {n(e['cards'][1])} exchanged their skills"
    ),
    "swap-tokens": lambda e, n: (
        f"{n(e['cards'][0])} and {n(e['cards'][1])} exchanged faction tokens"
    ),
    "possess": lambda e, n: f"took control of {n(e['card'])} for the round",
    "absorb": lambda e, n: f"{n(e['into'])} absorbed {n(e['destroyed'])}",
    "put-back": lambda e, n: f"put {n(e['card'])} back into the draw pile",
    "place-revealed": lambda e, n: f"put {n(e['card'])} from the hand face up on {e['to']}",
    "end-of-round": lambda e, n: f"round {e['round']} is over",
    "game-over": lambda e, n: f"the game is over: {e['reason']}",
}


def _event_text(
    st: State, event: Event, action: str, name: Namer, names: Sequence[str] | None
) -> str | None:
    kind = event.get("type")
    if kind in mode_present.EVENT_TYPES:
        return mode_present.event_text(st, event, names)
    if kind in SIMPLE:
        return SIMPLE[kind](event, name)
    if kind == "first-player":
        return f"{seat_name(names, event['seat'])} begins round 1"
    if kind == "mulligan":
        n = event["cards"]
        if not n:
            return "kept the opening hand"
        cards = "card" if n == 1 else "cards"
        return f"put {n} {cards} back, shuffled and drew {n} (mulligan)"
    if kind == "place":
        words = action.split()
        card = name(words[1]) if words[:1] == ["place"] else "a card"
        where = "the astral plane" if event["to"] == "astral" else event["to"]
        return f"placed {card} face down on {where}"
    if kind == "placement-passed":
        return f"{seat_name(names, event['seat'])} has no card that may be placed this round"
    if kind == "reveal":
        return _reveal(st, event, action, names)
    if kind == "attack":
        group = _listing([name(a) for a in event["with"]])
        return f"{group} attacked {name(event['target'])}"
    if kind == "conquer":
        return f"{name(event['card'])} was conquered by {seat_name(names, event['by'])}"
    if kind == "reactivate-all":
        return f"every creature allied to {seat_name(names, event['seat'])} is active again"
    return None


def _chosen(st: State, action: str, name: Namer) -> str | None:
    """What the move chose, where no event says it."""
    words = action.split()
    head = words[0] if words else ""
    if head == "group":
        return f"began a group attack on {name(words[1])} with {name(words[2])}"
    if head == "join":
        return f"added {name(words[1])} to the group attack"
    if head == "mulligan" and st.phase == MULLIGAN:
        return f"set {name(words[1])} aside to put back (mulligan)"
    if head == "pass":
        return "ended the Initiative sequence" if st.phase == INITIATIVE else "ended the turn"
    if head == "done" and st.pending is not None:
        return f"finished the action of {name(f'c{st.pending.card}')}"
    return None


def describe_move(
    before: State,
    action: str,
    events: list[Event],
    viewer: int | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """The move log's sentence for ``action`` played on ``before``: what was chosen and what
    it did and revealed, as ``viewer`` saw it."""
    seen = visible_events(events, viewer)
    name = _namer(before, viewer, seen)
    parts = [t for t in [_chosen(before, action, name)] if t]
    parts.extend(t for e in seen if (t := _event_text(before, e, action, name, names)))
    return "; ".join(parts) or describe_action(before, action, viewer, names)
