"""Khan of Khans for people: sentences for actions and moves, the board elements an action is
chosen on, and the face of every card and Khan.

Location decks are numbered 1 to 10 for people (the actions say ``raid 0`` .. ``raid 9``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.base import Event, Result, seat_name, visible_events
from engines.khan_of_khans import legal
from engines.khan_of_khans.cards import CARD_OF_ID, KHAN_NAMES, KHAN_OF_SLUG, KIND, RAID, VALUE
from engines.khan_of_khans.state import State

KIND_NAMES = ("Waha's Blessing", "Stampede!", "Tribal Champion", "Enemy Magic", "Raid!")
KIND_TEXT = (
    "Give it at once to another player and take one Raid! card from their Herd, or keep it on "
    "your Khan to do so later as an action. Each Blessing you hold at the end is worth 20 cows.",
    "Lose one of your highest-value Raid! cards from your Herd, with the Stampede!.",
    "Stays in your Herd and protects it from Enemy Magic. A second Champion fights the first: "
    "both are lost with your whole Herd.",
    "Lose your Tribal Champion if you have one, otherwise every Raid! card in your Herd.",
    "Add it face up to your Herd; corral the Herd to make its cows safe.",
)
KHAN_TEXT = {
    "impala-people": "Observant. Each time you corral, your token turns to its coloured side. "
    "As an action while it is coloured: reveal the top cards of up to three Location decks to "
    "everyone, raid one of them, and turn the token back.",
    "high-llama": "Sneaky. As an action, put one Raid! card from your Herd face down into a "
    "Corral you have already used (one extra card per Corral).",
    "morokanth": "Shrewd. You start with one extra Corral tile.",
    "sable-nation": "Devious. Your Raid! cards stay face down: others do not see their values, "
    "and a Waha's Blessing used on you takes one of them at random.",
    "bison-riders": "Resolute. A second Tribal Champion costs you only one of your "
    "highest-value Raid! cards instead of your whole Herd.",
}


def location(deck: int) -> str:
    """A Location deck as people number it (1 to 10)."""
    return f"Location {deck + 1}"


def card_name(card_id: str) -> str:
    """``"Raid! 50"``, ``"Tribal Champion"``, or ``"a face-down Raid! card"``."""
    c = CARD_OF_ID.get(card_id)
    if c is None:
        return "a face-down Raid! card"
    if KIND[c] == RAID:
        return f"Raid! {VALUE[c]}"
    return KIND_NAMES[KIND[c]]


def _cows(value: int) -> str:
    return "a random Raid! card" if value == legal.RANDOM_CARD else f"a {value}-cow Raid! card"


def describe_action(
    st: State, action: str, viewer: int | None = None, names: Sequence[str] | None = None
) -> str:
    """The choice ``action`` offers, in the imperative (``"Raid Location 4"``)."""
    info = legal.INFO.get(action)
    if info is None:
        return action
    op, a, b = info
    if op == legal.OP_RAID:
        return f"Raid {location(a)}"
    if op == legal.OP_CORRAL:
        return "Corral your Herd"
    if op in (legal.OP_BLESS, legal.OP_GIVE):
        how = "kept" if op == legal.OP_BLESS else "drawn"
        return f"Use the {how} Waha's Blessing on {seat_name(names, a)}: take {_cows(b)}"
    if op == legal.OP_KEEP:
        return "Keep the Waha's Blessing for later"
    if op == legal.OP_SNEAK:
        return f"Sneak a {b}-cow Raid! card into a used Corral"
    if op == legal.OP_IMPALA:
        return "Reveal the top cards of " + ", ".join(location(d) for d in a)
    return f"Raid the revealed top card of {location(a)}"


def _lost(cards: list[str] | None) -> str:
    if not cards:
        return "nothing"
    return ", ".join(card_name(c) for c in cards)


def _event_text(event: Event, names: Sequence[str] | None) -> str | None:
    kind = event["type"]
    if kind == "raid":
        return f"found {card_name(event['card'])} in {location(event['deck'])}"
    if kind == "stampede":
        lost = event.get("lost")
        return (
            f"Stampede! in {location(event['deck'])}: lost {card_name(lost) if lost else 'nothing'}"
        )
    if kind == "enemy-magic":
        if event.get("champion"):
            return f"Enemy Magic in {location(event['deck'])}: the Tribal Champion fell"
        return f"Enemy Magic in {location(event['deck'])}: lost {_lost(event.get('lost'))}"
    if kind == "champion":
        return f"a Tribal Champion joined from {location(event['deck'])}"
    if kind == "champion-fight":
        return (
            f"a second Tribal Champion in {location(event['deck'])}: both fell, "
            f"with {_lost(event.get('lost'))}"
        )
    if kind == "blessing":
        return f"drew a Waha's Blessing from {location(event['deck'])}"
    if kind == "keep":
        return "kept the Waha's Blessing" + (
            " (no one to use it on)" if event.get("forced") else ""
        )
    if kind == "steal":
        return f"took {card_name(event['card'])} from {seat_name(names, event['from'])}"
    if kind == "corral":
        cards = event.get("cards") or []
        known = [CARD_OF_ID[c] for c in cards if c in CARD_OF_ID]
        worth = f" ({sum(VALUE[c] for c in known)} cows)" if len(known) == len(cards) else ""
        return f"corralled {len(cards)} Raid! card{'s' if len(cards) != 1 else ''}{worth}"
    if kind == "sneak":
        return f"sneaked {card_name(event['card'])} into Corral {event['corral'] + 1}"
    if kind == "impala-reveal":
        shown = ", ".join(
            f"{card_name(c)} on {location(int(d))}" for d, c in event["cards"].items()
        )
        return f"revealed {shown}"
    if kind == "game-over":
        return "the last Location deck is empty: the game is over"
    return None


def describe_move(
    st: State,
    action: str,
    events: list[Event],
    viewer: int | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """What a move did, as ``viewer`` saw it: ``"found Raid! 50 in Location 4"``."""
    parts = [t for e in visible_events(events, viewer) if (t := _event_text(e, names))]
    return "; ".join(parts) or describe_action(st, action, viewer, names)


def describe_result(result: Result, names: Sequence[str] | None = None) -> str:
    """Who won and by which count, seats by name, and every seat's cows: ``"Ana wins with the
    most cows. Cows: Ana 230, Bob 180."``; a tie on cows says what broke it."""
    details = result.details or {}
    n = len(result.ranks)
    if "blessings" not in details or len(result.scores) != n:  # not a played-out result
        return result.reason
    first = [s for s in range(n) if result.ranks[s] == 0]
    who = " and ".join(seat_name(names, s) for s in first)
    top = [s for s in range(n) if result.scores[s] == max(result.scores)]
    blessings, raids = details["blessings"], details.get("raid_cards") or [0] * n
    if len(first) > 1:
        head = f"{who} share first place: level on cows, Waha's Blessings and Raid! cards"
    elif len(top) == 1:
        head = f"{who} wins with the most cows"
    elif len({blessings[s] for s in top}) > 1:
        head = f"{who} wins: level on cows, with the most Waha's Blessings ({blessings[first[0]]})"
    else:
        head = (
            f"{who} wins: level on cows and Waha's Blessings, with the most Raid! cards "
            f"({raids[first[0]]})"
        )
    cows = ", ".join(f"{seat_name(names, s)} {result.scores[s]:g}" for s in range(n))
    return f"{head}. Cows: {cows}."


def action_path(st: State, action: str, viewer: int | None = None) -> list[Any]:
    """Board keys: ``deck:D`` (a Location deck), ``impala-token``, ``blessing:S`` (the kept
    Blessings on seat S's Khan), ``herd:S:V`` (a V-cow card in seat S's Herd; ``herd:S`` for the
    face-down Sable Herd). Corral and Keep are buttons."""
    info = legal.INFO.get(action)
    if info is None:
        return []
    op, a, b = info
    s = st.to_act
    if op in (legal.OP_RAID, legal.OP_CHOOSE):
        return [f"deck:{a}"]
    if op == legal.OP_IMPALA:
        return ["impala-token", [f"deck:{d}" for d in a]]
    herd = f"herd:{a}" if b == legal.RANDOM_CARD else f"herd:{a}:{b}"
    if op == legal.OP_BLESS:
        return [f"blessing:{s}", herd]
    if op == legal.OP_GIVE:
        return [herd]
    if op == legal.OP_SNEAK:
        return [f"herd:{s}:{b}"]
    return []


def card_face(card_id: str) -> dict[str, Any]:
    """The face of a Location card or a Khan, by its id or slug."""
    if card_id in KHAN_OF_SLUG:
        return {
            "name": KHAN_NAMES[KHAN_OF_SLUG[card_id]],
            "kind": "Khan",
            "text": KHAN_TEXT[card_id],
            "stats": [],
        }
    c = CARD_OF_ID.get(card_id)
    origin = card_id.split(":", 1)[0]
    stats = [["from", location(int(origin[1:]))]] if origin[1:].isdigit() else []
    if c is None:
        return {
            "name": "Raid! card (face down)",
            "kind": "Raid!",
            "text": "The Sable Nation keep their Raid! cards face down.",
            "stats": stats,
        }
    face = {"name": card_name(card_id), "kind": KIND_NAMES[KIND[c]], "text": KIND_TEXT[KIND[c]]}
    face["stats"] = ([["cows", VALUE[c]]] if KIND[c] == RAID else []) + stats
    return face


def _card_ids(obs: dict[str, Any]) -> set[str]:
    ids: set[str] = set(obs.get("khans") or ())
    for player in obs.get("players", ()):
        ids.update(player["herd"])
        ids.update(player["kept_blessings"])
        ids.update(player["used_blessings"])
        if player.get("champion"):
            ids.add(player["champion"])
        for corral in player["corrals"]:
            ids.update(corral["cards"])
            if corral.get("sneaked"):
                ids.add(corral["sneaked"])
    ids.update(d["top"] for d in obs.get("decks", ()) if d.get("top"))
    ids.update(obs.get("box") or ())
    pending = obs.get("pending") or {}
    if pending.get("card"):
        ids.add(pending["card"])
    ids.update((pending.get("revealed") or {}).values())
    return ids


def card_faces(obs: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The face of every card and Khan the observation names."""
    return {card_id: card_face(card_id) for card_id in sorted(_card_ids(obs))}
