"""Heroes of Graxia for people: sentences for actions and moves, the board elements an action is
chosen on, and the face of every card the observation names.

Board keys (the board module ``heroes-of-graxia.js`` draws them):

==========================  =================================================================
``hand:<card id>``          a card of the viewer's hand
``unit:<seat>:<n>``         the n-th Unit (0-based) of a seat's Legion
``gear:<seat>:<n>:<type>``  the Equipment of that type (aura, armor, weapon) on that Unit
``inplay:<seat>:<n>``       the n-th card a seat has in play in a combat (hired Mercenaries)
``market:<deck>:<n>``       the n-th face-up card of a market deck (0 Equipment, 1 Unit, 2 Spell)
``monster:<n>``             the n-th face-up Monster
``loot:<seat>:<n>``         the n-th Monster of a seat's Loot Pile
``discard:<seat>:<n>``      the n-th card of a seat's Discard Pile
``legion:<seat>``           a seat's whole Legion (attacked; where a Unit is placed)
``sell``                    the viewer's Gold (a card from the hand is sold for its Gold there)
``to-hand``                 the viewer's hand (a card of the Legion is picked up to it)
``reward-gold``             the Gold a Monster gave this turn (a card bought with it)
==========================  =================================================================
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engines.base import Event, Result, seat_name, visible_events
from engines.heroes_of_graxia import actions as A
from engines.heroes_of_graxia.explain import describe
from engines.heroes_of_graxia.state import State
from engines.heroes_of_graxia.tables import EQUIP

SCORE_LABEL = "Victory Points"
SLOT_KEYS = ("aura", "armor", "weapon")


# -- words -----------------------------------------------------------------------------------
def _name(st: State, c: int) -> str:
    t = st.t
    return t.NAME[t.KIND[c]]


def _owner(st: State, u: int) -> int:
    return next((s for s in range(st.n) if u in st.legion[s] or u in st.played[s]), -1)


def _seat(st: State, s: int, names: Sequence[str] | None) -> str:
    """A seat by its player's name and Hero: ``"Alice (Broxin)"``."""
    return f"{seat_name(names, s)} ({_name(st, st.hero[s])})"


def describe_action(
    st: State, action: str, viewer: int | None = None, names: Sequence[str] | None = None
) -> str:
    """The choice ``action`` offers, in the imperative, cards by name, seats by ``names``."""
    seat = st.to_act if st.to_act >= 0 else st.cur
    m = A.parse(st, seat, action)
    if m is None:
        return action
    op, a, b = m
    if op == A.ATTACK and a != viewer:
        return f"Attack the Legion of {_seat(st, a, names)} (1 action)"
    if op == A.CAST and b >= 0:
        owner = _owner(st, b)
        if owner >= 0 and owner != (seat if viewer is None else viewer):
            cost = " (1 action)" if st.cmode == 0 else ""
            return f"Cast {_name(st, a)} on {seat_name(names, owner)}'s {_name(st, b)}{cost}"
    return describe(st, action, seat if viewer is None else viewer)


def _names(st: State, ids: list[str]) -> str:
    t = st.t
    words = [t.NAME[t.KIND[t.uid_of[i]]] for i in ids if i in t.uid_of]
    return ", ".join(words) if words else "nothing"


def _card(st: State, card_id: str | None) -> str:
    t = st.t
    if card_id is None or card_id not in t.uid_of:
        return "a card"
    return t.NAME[t.KIND[t.uid_of[card_id]]]


def _event_text(st: State, e: Event, names: Sequence[str] | None) -> str | None:
    kind = e["type"]
    who = seat_name(names, e["seat"]) if "seat" in e else ""
    card = _card(st, e.get("card"))
    texts = {
        "sell": lambda: f"sold {card} for {e.get('gold')} Gold",
        "buy": lambda: (
            f"bought {card} for {e.get('cost')} Gold"
            + (" (the Monster's Gold)" if e.get("with") == "reward gold" else "")
        ),
        "place": lambda: f"placed {card} in the Legion",
        "attach": lambda: f"attached {card} to {_card(st, e.get('unit'))}",
        "swap": lambda: f"swapped {card} in for {_card(st, e.get('replaced'))}",
        "move": lambda: f"moved {card} from {_card(st, e.get('from'))} to {_card(st, e.get('to'))}",
        "pickup": lambda: f"picked {card} back up",
        "cast": lambda: (
            f"cast {card}" + (f" on {_card(st, e['target'])}" if e.get("target") else "")
        ),
        "hire": lambda: f"hired {card} for the combat",
        "heal": lambda: "healed wounds with Gold",
        "mend": lambda: f"healed a wound of {card}",
        "fight": lambda: f"attacked {_card(st, e.get('monster'))}",
        "attack": lambda: f"attacked the Legion of {seat_name(names, e['defender'])}",
        "monster-survives": lambda: (
            f"{_card(st, e['monster'])} survived (Attack "
            f"{e['attack']} against Health {e['health']}) and went under the Monster Deck"
        ),
        "monster-defeated": lambda: (
            f"{_card(st, e['monster'])} was slain (Attack "
            f"{e['attack']}); it dealt {e['wounds']} wound{'s' if e['wounds'] != 1 else ''}"
        ),
        "reward": lambda: (
            f"{who} took {_card(st, e['monster'])} to the Loot Pile: "
            f"{e['gold']} Gold" + (f", {e['prestige']} Prestige" if e.get("prestige") else "")
        ),
        "clash": lambda: (
            f"the Legions clashed: Attack {e['attack'][0]} against "
            f"{e['attack'][1]}, {e['wounds'][0]} and {e['wounds'][1]} wounds"
        ),
        "wounded": lambda: (
            f"{seat_name(names, e['seat'])}'s {card} took "
            f"{e['wounds']} wound{'s' if e['wounds'] != 1 else ''}"
        ),
        "eliminated": lambda: (
            f"{seat_name(names, e['seat'])}'s {card} was eliminated"
            + (
                f" ({e['prestige']} Prestige to {seat_name(names, e['prestige_to'])})"
                if e.get("prestige_to") is not None and e.get("prestige")
                else ""
            )
        ),
        "prestige-lost": lambda: f"{who} lost {e['prestige']} Prestige",
        "monster-lost": lambda: f"{who} gave up {_card(st, e['monster'])}",
        "hero-lost": lambda: f"{who}'s Hero was lost",
        "hero-returns": lambda: f"{who}'s Hero returned to the Legion",
        "pass": lambda: f"{who} passed",
        "redraw": lambda: f"discarded {_names(st, e.get('discarded') or [])} and drew again",
        "keep": lambda: "kept the hand",
        "end-turn": lambda: f"ended the turn, discarding {len(e.get('discarded') or [])} cards",
        "drew": lambda: f"drew {_names(st, e.get('cards') or [])}",
        "draw": lambda: f"drew {e['count']} card{'s' if e['count'] != 1 else ''}",
        "take": lambda: f"took {card} into the new hand",
        "game-over": lambda: f"the game is over: {_named_reason(str(e.get('reason')), names)}",
    }
    make = texts.get(kind)
    return make() if make else None


def describe_move(
    st: State,
    action: str,
    events: list[Event],
    viewer: int | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """What a move did, as ``viewer`` saw it (a hand's cards only to its owner)."""
    seen = visible_events(events, viewer)
    parts = []
    for e in seen:
        text = _event_text(st, e, names)
        if text and text not in parts:
            parts.append(text)
    if not parts and action.startswith("take ") and viewer != st.to_act:
        return "took a card into the new hand"
    return "; ".join(parts) or describe_action(st, action, viewer, names)


def describe_result(result: Result, names: Sequence[str] | None = None) -> str:
    """The winner(s) by name with their Victory Points and Prestige, and why it ended."""
    details = result.details or {}
    prestige = details.get("prestige") or []
    best = min(result.ranks)
    winners = [s for s, r in enumerate(result.ranks) if r == best]

    def who(s: int) -> str:
        vp = int(result.scores[s]) if result.scores else 0
        pp = f", {prestige[s]} Prestige" if s < len(prestige) else ""
        return f"{seat_name(names, s)} ({vp} Victory Points{pp})"

    verb = "wins" if len(winners) == 1 else "share first place"
    reason = _named_reason(result.reason.split(";")[0], names)
    return f"{' and '.join(who(s) for s in winners)} {verb}: {reason}."


def _named_reason(reason: str, names: Sequence[str] | None) -> str:
    """The engine's reason with its seats by name: ``"Ana and Bob reached 15 Prestige"``."""
    return re.sub(
        r"seats? ((?:\d+, )*\d+)",
        lambda m: " and ".join(seat_name(names, int(s)) for s in m.group(1).split(", ")),
        reason,
    )


# -- where on the board ------------------------------------------------------------------------
def _place_key(st: State, c: int) -> str | None:
    """The board key of a card in a Legion (a Unit or its Equipment) or in play in a combat."""
    t = st.t
    if t.CLS[c] == EQUIP and st.host[c] >= 0:
        u = st.host[c]
        s = _owner(st, u)
        if s >= 0 and u in st.legion[s]:
            return f"gear:{s}:{st.legion[s].index(u)}:{SLOT_KEYS[t.SUB[c]]}"
        return None
    for s in range(st.n):
        if c in st.legion[s]:
            return f"unit:{s}:{st.legion[s].index(c)}"
        if c in st.played[s]:
            return f"inplay:{s}:{st.played[s].index(c)}"
    return None


def action_path(st: State, action: str, viewer: int | None = None) -> list[Any]:
    """The keys clicked to choose ``action`` (see the module's table); a hand card's key only
    for its owner."""
    seat = st.to_act if st.to_act >= 0 else st.cur
    m = A.parse(st, seat, action)
    if m is None:
        return []
    op, a, b = m
    t = st.t
    hand = f"hand:{t.ID[a]}" if viewer == seat and a >= 0 and a in st.hand[seat] else None
    target = _place_key(st, b) if b >= 0 else None
    path: list[Any]
    if op == A.SELL:
        path = [hand, "sell"]
    elif op in (A.HIRE_OP, A.PLACE):
        path = [hand] if op == A.HIRE_OP else [hand, f"legion:{seat}"]
    elif op in (A.ATTACH, A.SWAP, A.CAST):
        path = [hand, target] if b >= 0 else [hand]
    elif op in (A.BUY, A.BUYR):
        d = next(i for i, row in enumerate(st.mkt_row) if a in row)
        path = [f"market:{d}:{st.mkt_row[d].index(a)}"]
        if op == A.BUYR:
            path.append("reward-gold")
    elif op == A.MOVE:
        path = [_place_key(st, a), target]
    elif op == A.PICKUP:
        path = [_place_key(st, a), "to-hand"]
    elif op in (A.MEND, A.WOUND):
        path = [_place_key(st, a)]
    elif op == A.FIGHT:
        path = [f"monster:{st.mon_row.index(a)}"]
    elif op == A.ATTACK:
        path = [f"legion:{a}"]
    elif op == A.LOSE:
        path = [f"loot:{seat}:{st.loot[seat].index(a)}"]
    elif op == A.TAKE:
        path = [f"discard:{seat}:{st.disc[seat].index(a)}"] if viewer == seat else []
    else:
        return []
    if any(step is None for step in path):
        return [step for step in path if step is not None] if viewer != seat else []
    return path


# -- faces -----------------------------------------------------------------------------------
def card_face(info: dict[str, Any]) -> dict[str, Any]:
    """The face of a card from its observation entry (``observation["cards"][slug]``): every
    field of the card diagram, numbers labelled."""
    cls = info["classification"]
    stats: list[list[Any]] = []
    if info.get("cost") is not None and cls not in ("Hero", "Monster"):
        stats.append(["Cost", f"{info['cost']} Gold"])
    if cls != "Monster" and cls != "Hero":
        stats.append(["Sells for", f"{info['sell']} Gold"])
    for field in ("health", "attack", "defense"):
        if field in info:
            stats.append([field.title(), str(info[field])])
    if cls == "Monster" or info.get("trophy"):
        stats.append(["Trophy", f"{info['trophy']} Victory Points"])
    if info.get("when"):
        when = {"combat": "in combat", "out": "out of combat", "any": "in or out of combat"}
        stats.append(["Cast", when.get(info["when"], str(info["when"]))])
    text = info.get("text") or ""
    return {
        "name": info["name"],
        "kind": info.get("line") or cls,
        "text": text,
        "stats": stats,
    }


def _ids(node: Any, out: set[str]) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("id"), str) and isinstance(node.get("card"), str):
            out.add(node["id"])
        for key, value in node.items():
            if key != "cards" or isinstance(value, list):
                _ids(value, out)
    elif isinstance(node, list):
        for value in node:
            _ids(value, out)


def card_faces(obs: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The face of every card the observation names, by card id."""
    ids: set[str] = set()
    _ids(obs, ids)
    infos = obs.get("cards") or {}
    faces = {}
    for card_id in sorted(ids):
        info = infos.get(card_id.split("#", 1)[0])
        if info is not None:
            faces[card_id] = card_face(info)
    return faces


def catalogue_faces(catalogue: Any) -> dict[str, dict[str, Any]]:
    """Every card of a catalogue by name, as the catalogue browser lists it: the card line,
    Cost, sell value, Health/Attack/Defense, Trophy, Specials text and copies in the box."""
    from engines.heroes_of_graxia.observe import card_info
    from engines.heroes_of_graxia.tables import tables_for

    t = tables_for(catalogue)
    out = {}
    for k, card in enumerate(t.card_list):
        face = card_face(card_info(t, k))
        stats = dict(face["stats"])
        out[card.name] = {
            "kind": face["kind"],
            "cost": stats.get("Cost", "–"),
            "sell": stats.get("Sells for", "–"),
            "body": " · ".join(
                f"{label} {stats[label]}"
                for label in ("Health", "Attack", "Defense")
                if label in stats
            )
            or "–",
            "trophy": stats.get("Trophy", "–"),
            "text": face["text"] or "–",
            "copies": card.copies,
        }
    return out
