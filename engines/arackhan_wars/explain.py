"""Why an action is illegal (a sentence for :class:`~engines.base.IllegalAction`), and a human
sentence for a legal one."""

from __future__ import annotations

from engines.arackhan_wars import board
from engines.arackhan_wars.effects import compute, is_active
from engines.arackhan_wars.info import info
from engines.arackhan_wars.modes import present as mode_present
from engines.arackhan_wars.rounds import legal, placement_spaces
from engines.arackhan_wars.state import CHOOSE, MULLIGAN, PENDING, PLACE, State


def _instance(st: State, text: str) -> int | None:
    if not text.startswith("c") or not text[1:].isdigit():
        return None
    i = int(text[1:])
    return i if 0 <= i < len(st.ctype) else None


def _name(st: State, i: int) -> str:
    return info(st.ctype[i]).name


def why_illegal(st: State, seat: int, action: object) -> str:
    """A sentence saying which rule ``action`` breaks now."""
    if not isinstance(action, str):
        return "an action is a string"
    words = action.split()
    if not words:
        return "empty action"
    head = words[0]
    phase = st.phase
    in_mode = st.pending is not None and st.pending.kind in mode_present.PENDING_KINDS
    if in_mode or head in mode_present.HEADS:
        return mode_present.why_illegal(st, seat, action)
    if phase == CHOOSE:
        return f"seat {seat} must choose who begins round 1: 'first <seat>'"
    if phase == MULLIGAN and head not in ("mulligan", "keep"):
        return "this is the mulligan: 'mulligan c<i>' or 'keep'"
    if phase == PENDING and st.pending is not None and "target" in st.pending.data:
        return "finish the group attack first: 'join c<i>' to add an attacker, or 'strike'"
    if phase == PENDING and head not in ("move", "done"):
        return "finish the card action first: 'move c<i> <x,y>' or 'done'"
    if phase == PLACE:
        if head != "place" or len(words) != 3:
            return "this is the Placement phase: 'place c<i> <x,y>' or 'place c<i> astral'"
        i = _instance(st, words[1])
        if i is None or i not in st.hand[seat]:
            return f"{words[1]} is not a card in your hand"
        ci = info(st.ctype[i])
        if words[2] == "astral":
            return f"{ci.name} has no astral plane symbol: it goes on the battlefield"
        space = board.parse_space(words[2])
        if space is None:
            return f"{words[2]!r} is not a space of the battle mat"
        if ci.kind == "spell" and ci.astral:
            return f"{ci.name} has the astral plane symbol: it goes on the astral plane"
        if st.board[space] >= 0:
            return f"space {words[2]} is occupied"
        allowed = placement_spaces(st, seat)
        if space not in allowed:
            if allowed and set(allowed) <= set(board.STARTING_AREA):
                return "the battlefield is empty: the first cards go in the starting area"
            return f"space {words[2]} is not adjacent to a card (adjacency principle)"
        return "that card cannot be placed this round"
    if head in ("move", "attack", "act"):
        if len(words) < 2:
            return f"'{head}' needs a card"
        stats = compute(st)
        target_text = words[1]
        i = _instance(st, target_text)
        if i is None:
            return f"{target_text} is not a card"
        if head == "attack":
            if len(words) != 3:
                return "'attack c<target> c<a>[+c<b>...]'"
            if "+" in words[2] and st.rules.stepwise_group_attacks:
                return (
                    "a group attack is built step by step: 'group c<target> c<a>', then "
                    "'join c<b>' for each other attacker, then 'strike'"
                )
            if st.where[i] < 0:
                return f"{target_text} is not on the battlefield"
            attackers = [_instance(st, a) for a in words[2].split("+")]
            if any(a is None for a in attackers):
                return f"{words[2]} is not a list of cards"
            if st.friends(st.control[i], seat):
                return f"{_name(st, i)} is an allied card: players cannot attack allied cards"
            for a in attackers:
                if st.control[a] != seat or st.where[a] < 0:
                    return f"{target_text}: you do not control c{a} on the battlefield"
                if not st.face_up[a] or not is_active(st, stats, a):
                    return f"{_name(st, a)} is deactivated and cannot be activated this round"
            return (
                f"these cards cannot attack {_name(st, i)} (range, Stealth, attack "
                "restrictions, or not their Initiative sequence)"
            )
        if st.control[i] != seat or not (st.where[i] >= 0 or any(i in a for a in st.astral)):
            return f"you do not control {target_text} in play"
        if not st.face_up[i] or not is_active(st, stats, i):
            return f"{_name(st, i)} is deactivated and cannot be activated this round"
        if head == "move":
            if len(words) != 3 or board.parse_space(words[2]) is None:
                return "'move c<i> <x,y>'"
            space = board.parse_space(words[2])
            if st.board[space] >= 0:
                return f"space {words[2]} is occupied"
            return (
                f"{_name(st, i)} cannot reach {words[2]} (it cannot move through enemy cards, "
                "must end next to a card, and moves once per activation)"
            )
        return f"{_name(st, i)} cannot perform that action now"
    legal_now = legal(st)
    sample = ", ".join(legal_now[:3])
    return f"{action!r} is not a legal action now (e.g. {sample})"


def visible(st: State, i: int, viewer: int | None) -> bool:
    """True when seat ``viewer`` (``None``: a spectator) may know which card ``i`` is: it is
    face up, in a discard pile or under a card, or it is the viewer's own and not in its draw
    pile (its hand, its face-down placements)."""
    if st.face_up[i] or i in st.discard[st.owner[i]]:
        return True
    if viewer is not None and st.owner[i] == viewer and i not in st.draw[viewer]:
        return True
    return any(i in kept for kept in st.under.values())


def describe(st: State, action: str, viewer: int | None = None) -> str:
    """A sentence for ``action`` as ``viewer`` may read it: a card it cannot see (another
    seat's face-down card, a card in any hand but its own) is "a card"."""
    words = action.split()
    if not words:
        return action

    def name(text: str) -> str:
        i = _instance(st, text)
        if i is None:
            return text
        return _name(st, i) if visible(st, i, viewer) else "a card"

    head = words[0]
    if head == "first":
        return f"seat {words[1]} begins round 1"
    if head == "mulligan":
        return f"put {name(words[1])} back (mulligan)"
    if head == "keep":
        return "keep the hand"
    if head == "place":
        where = "the astral plane" if words[2] == "astral" else f"space {words[2]}"
        return f"place {name(words[1])} face down on {where}"
    if head == "move":
        return f"move {name(words[1])} to {words[2]}"
    if head == "attack":
        group = " and ".join(name(a) for a in words[2].split("+"))
        return f"attack {name(words[1])} with {group}"
    if head == "group":
        return f"group attack on {name(words[1])}: first {name(words[2])} (then add attackers)"
    if head == "join":
        return f"add {name(words[1])} to the group attack"
    if head == "strike":
        return "launch the group attack"
    if head == "act":
        args = " ".join(name(w) for w in words[2:])
        return f"use the action of {name(words[1])}" + (f" ({args})" if args else "")
    if head == "swap":
        return f"swap {name(words[1])} and {name(words[2])}"
    if head == "return":
        return f"put {name(words[1])} back into the draw pile"
    if head == "done":
        return "finish the card action"
    if head == "pass":
        return "end this sequence"
    return action
