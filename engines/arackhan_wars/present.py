"""AracKhan Wars for people: the labels of actions, the board elements an action is chosen on,
and how the game ended (the move log is in :mod:`present_log`, the card faces in :mod:`faces`).

Board keys (``platform/web/static/web/board/arackhan-wars.js`` draws them):

- ``space:<x>,<y>``: a space of the battle mat, empty or holding a card (the card on it is
  chosen by its space: an attacker, a mover, a target);
- ``hand:c<i>``: a card in the viewer's own hand;
- ``astral:<seat>``: a seat's astral plane (where astral spells are placed);
- ``card:c<i>``: a card on an astral plane;
- ``act:c<i>``: "use the action of" a card (a button beside the mat, drawn for the cards whose
  action may be used now).

Paths: placing is the hand card then the space (or the astral plane); moving, the card then the
free space; attacking, the attacker then the target (a lone attack and the opening of a group
attack both end there: the page asks which one); a group attack goes on with ``join`` (the next
attacker) and ``strike`` (a button); a card action is its ``act:`` key then the cards and spaces
its arguments name (other arguments, a number or a direction, are chosen among the buttons the
page offers once the path is complete). The mulligan puts one card aside per click
(``hand:c<i>``), and "keep" (a button) puts them back and draws as many.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engines.arackhan_wars import board
from engines.arackhan_wars.explain import describe, visible
from engines.arackhan_wars.info import info
from engines.arackhan_wars.modes import present as mode_present
from engines.arackhan_wars.rounds import card_actions_defn
from engines.arackhan_wars.state import INITIATIVE, TURN, State
from engines.base import Result, seat_name

SCORE_LABEL = "victory points"
ACT_CHOICES = {
    "set_stats": lambda arg: "Attack {}, Defence {} this round".format(*arg.split("/")),
    "library": lambda arg: f"draw {arg}, then put {arg} back",
    "standard_bearer": lambda arg: f"one step {arg}, its family following",
}
"""How a card action's argument that is no card nor space reads (the page offers these as
buttons once the card's action is chosen)."""
_INSTANCE = re.compile(r"^c(\d+)$")


def instance(text: str) -> int | None:
    """The card instance ``c<i>`` names, or None."""
    match = _INSTANCE.match(text)
    return int(match.group(1)) if match else None


def card_key(st: State, i: int, viewer: int | None) -> str | None:
    """The key of the board element card ``i`` is chosen on, as ``viewer`` sees the board:
    its space, its place on an astral plane, or (the viewer's own) its place in the hand."""
    if not 0 <= i < len(st.where):
        return None
    if st.where[i] >= 0:
        return f"space:{board.NAMES[st.where[i]]}"
    if any(i in plane for plane in st.astral):
        return f"card:c{i}"
    if viewer is not None and i in st.hand[viewer]:
        return f"hand:c{i}"
    return None


def _word_key(st: State, word: str, viewer: int | None) -> str | None:
    i = instance(word)
    if i is not None:
        return card_key(st, i, viewer)
    if word in board.BY_NAME:
        return f"space:{word}"
    return None


def action_path(st: State, action: str, viewer: int | None = None) -> list[Any]:
    """The keys a person clicks, in order, to choose ``action`` (module doc); for a viewer
    other than the seat to act, only the keys it may see (never a card in another hand)."""
    words = action.split()
    if not words:
        return []
    head, args = words[0], words[1:]
    seat = st.to_act
    if head in ("first", "keep", "strike", "done", "pass"):
        return []
    keys: list[Any] = []
    if head in ("mulligan", "return"):
        keys = [_word_key(st, args[0], viewer)]
    elif head == "place":
        where = f"astral:{seat}" if args[1] == "astral" else f"space:{args[1]}"
        keys = [_word_key(st, args[0], viewer), where]
    elif head in ("move", "swap"):
        keys = [_word_key(st, w, viewer) for w in args]
    elif head in ("attack", "group"):
        attackers = [_word_key(st, w, viewer) for w in args[1].split("+")]
        first: Any = attackers[0] if len(attackers) == 1 else [k for k in attackers if k]
        keys = [first, _word_key(st, args[0], viewer)]
    elif head == "join":
        keys = [_word_key(st, args[0], viewer)]
    elif head == "act":
        i = instance(args[0])
        own = viewer is not None and viewer == seat
        keys = [f"act:{args[0]}" if own else card_key(st, i, viewer) if i is not None else None]
        keys.extend(_word_key(st, w, viewer) for w in args[1:])
    return [k for k in keys if k]


def describe_action(
    st: State, action: str, viewer: int | None = None, names: Sequence[str] | None = None
) -> str:
    """A label for ``action`` as ``viewer`` may read it: the engine's sentence (cards named
    only where the viewer sees them), with seats by ``names`` and the end of a sequence, a turn
    or a mulligan said as what it does."""
    words = action.split()
    if words[:1] and words[0] in mode_present.HEADS:
        return mode_present.label(st, action, viewer)
    if words[:1] == ["first"] and len(words) == 2 and words[1].isdigit():
        return f"{seat_name(names, int(words[1]))} begins round 1"
    if action == "pass":
        if st.phase == INITIATIVE:
            return "end the Initiative sequence"
        if st.phase == TURN:
            return "end the turn"
    if words[:1] == ["act"] and len(words) == 3 and not _word_key(st, words[2], viewer):
        i = instance(words[1])
        kind = card_actions_defn(st, i).action if i is not None else None
        if kind in ACT_CHOICES:
            name = info(st.ctype[i]).name if visible(st, i, viewer) else "a card"
            return f"use the action of {name}: {ACT_CHOICES[kind](words[2])}"
    if action == "keep" and st.mulliganed:
        n = len(st.mulliganed)
        cards = "card" if n == 1 else "cards"
        return f"put back the {n} {cards} set aside and draw {n} new {cards}"
    return describe(st, action, viewer)


def describe_result(result: Result, names: Sequence[str] | None = None) -> str:
    """How the game ended, the winner(s) by name and every seat's victory points."""
    reason = result.reason[:1].upper() + result.reason[1:] if result.reason else "Game over"
    winners = result.winners
    n = len(result.ranks)
    points = ", ".join(f"{seat_name(names, s)} {result.scores[s]:g}" for s in range(n))
    sides = result.details.get("sides") or list(range(n))
    if len({sides[s] for s in winners}) == 1:
        who = " and ".join(seat_name(names, s) for s in winners)
        verb = "wins" if len(winners) == 1 else "win"
        return f"{reason}. {who} {verb}. {SCORE_LABEL.capitalize()}: {points}."
    return f"{reason}. First place is shared. {SCORE_LABEL.capitalize()}: {points}."


def describe_options(options: dict[str, Any]) -> list[str]:
    """The rulebook's modes a match plays ("Strategy phase", "Event mode", "Objective mode"),
    with the card set's version when it is not the starter set."""
    return mode_present.option_labels(options)
