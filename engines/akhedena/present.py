"""Akhedena for people: labels for actions, the move log, the board elements an action is chosen
on, the face of every card and piece, and the result in words.

Board keys (for the game's board module): ``square:<name>`` is a square of the 13×13 board
(``square:e5``), whether a piece stands on it or not; ``card:<square>:<n>`` is Army card 1 or 2
of the piece on that square; ``reserve:<type>`` is the seat's reserve pile of that main type
(``infantry``, ``cavalry``, ``ranged``). A move is the piece's square then the destination (then
the enemy it attacks, then the Crown's square when it takes the Crown); a shot the shooter then
the target; a replacement the piece, its card
(and the pile the Hero draws from). ``done`` and ``pass`` are buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.akhedena import board as B
from engines.akhedena import rules
from engines.akhedena.catalogue import shipped_catalogue
from engines.akhedena.state import (
    KIND,
    MOVE_RANGE,
    OWNER,
    PIECE_NAMES,
    PIECE_TYPE,
    TYPE_NAMES,
    State,
)
from engines.base import Event, Result, seat_name, visible_events

SCORE_LABEL = "pieces left"
PIECE_TEXT = {
    "hero": "Moves up to 3 squares in a straight line. Lose it and you lose the game. With a "
    "Ranged Army card it shoots like the Archer.",
    "castle": "Never moves. Invulnerable until someone holds the Crown; then the holder can "
    "attack it, and losing it loses the game. The Crown sits on its holder's Castle.",
    "archer": "Moves up to 5 squares in a straight line, or shoots a piece 1 or 2 squares away: "
    "each of the target's Army cards defends alone.",
    "infantry": "Moves up to 5 squares in a straight line; moving next to an enemy attacks it.",
    "cavalry": "Moves any distance in a straight line; moving next to an enemy attacks it.",
}


def _owner(seat: int, viewer: int | None, names: Sequence[str] | None) -> str:
    return "your" if seat == viewer else f"{seat_name(names, seat)}'s"


def _piece_on(st: State, square: str, viewer: int | None, names: Sequence[str] | None) -> str:
    p = st.board[B.BY_NAME[square]]
    return f"{_owner(OWNER[p], viewer, names)} {PIECE_NAMES[KIND[p]]} on {square}"


def _crown_note(st: State, d: int, takes: bool) -> str:
    if st.rules.optional_crown and not takes:
        return ""
    if st.crown != st.to_act and st.crown_square() in B.NEIGHBOURS[d]:
        return ", taking the Crown"
    return ""


def describe_action(
    st: State, action: str, viewer: int | None = None, names: Sequence[str] | None = None
) -> str:
    """The choice ``action`` offers the seat to act, in the imperative, pieces and squares as
    players name them; a face-down card is named only for a ``viewer`` who may see it."""
    parts = action.split(" ") if isinstance(action, str) else []
    if action == rules.DONE:
        return "End the turn without a second replacement"
    if action == rules.PASS:
        return "Pass (no move or replacement is possible)"
    if len(parts) < 3 or any(x not in B.BY_NAME for x in parts[1:2]):
        return action
    p = st.board[B.BY_NAME[parts[1]]]
    if p < 0:
        return action
    piece = PIECE_NAMES[KIND[p]]
    if parts[0] == "move" and parts[2] in B.BY_NAME:
        text = f"Move the {piece} from {parts[1]} to {parts[2]}"
        if len(parts) == 4 and parts[3] in B.BY_NAME and st.board[B.BY_NAME[parts[3]]] >= 0:
            text += f" and attack {_piece_on(st, parts[3], viewer, names)}"
        return text + _crown_note(st, B.BY_NAME[parts[2]], parts[-1] == rules.CROWN_TAKE)
    if parts[0] == "shoot" and parts[2] in B.BY_NAME and st.board[B.BY_NAME[parts[2]]] >= 0:
        return f"Shoot at {_piece_on(st, parts[2], viewer, names)} with the {piece} on {parts[1]}"
    if parts[0] == "draw" and parts[2] in ("1", "2") and int(parts[2]) <= len(st.army[p]):
        card = st.army[p][int(parts[2]) - 1]
        seen = OWNER[p] == viewer or st.public[card]
        which = f" ({st.deal.cards[card].name})" if seen else ""
        kind = parts[3] if len(parts) == 4 else TYPE_NAMES[max(0, PIECE_TYPE[KIND[p]])]
        return (
            f"Replace Army card {parts[2]}{which} of the {piece} on {parts[1]} with the top card "
            f"of the {kind.title()} reserve"
        )
    return action


def _side(info: dict[str, Any], viewer: int | None, names: Sequence[str] | None) -> str:
    slot = info["piece"].split("-")[0]
    return f"{_owner(info['seat'], viewer, names)} {slot.title()} on {info['square']}"


def _event_text(event: Event, viewer: int | None, names: Sequence[str] | None) -> str | None:
    kind = event["type"]
    if kind == "move":
        slot = event["piece"].split("-")[0].title()
        who = _owner(event["seat"], viewer, names)
        return f"{who} {slot} moved from {event['from']} to {event['to']}"
    if kind == "melee":
        defender = _side(event["defender"], viewer, names)
        text = f"attacked {defender}: {event['attack']} against {event['defence']}"
        outcome = event["outcome"]
        if outcome == "defender removed":
            return text + f", the {event['defender']['piece'].split('-')[0].title()} fell"
        counter = f"; it held and struck back {event['counterattack']} against"
        counter += f" {event['attacker_defence']}"
        ends = {"attacker removed": ", the attacker fell", "draw": ", a draw", "held": ""}
        return text + counter + ends[outcome]
    if kind == "volley":
        shooter = _side(event["attacker"], viewer, names)
        target = _side(event["defender"], viewer, names)
        lost = ", ".join(event["removed"]) or "no card"
        return f"{shooter} shot at {target} ({event['attack']}): {lost} lost"
    if kind == "crown":
        return f"{seat_name(names, event['seat'])} took the Crown"
    if kind == "eliminated":
        lost = "Hero was defeated" if event["how"] == "hero" else "Castle was destroyed"
        return f"{seat_name(names, event['seat'])}'s {lost}: out of the game"
    if kind == "replace":
        slot = event["piece"].split("-")[0].title()
        text = (
            f"{_owner(event['seat'], viewer, names)} {slot} on {event['square']} replaced Army "
            f"card {event['card']} ({event['discarded']}) from the "
            f"{event['drawn_type'].title()} reserve"
        )
        if event.get("drawn"):
            text += f": {event['drawn']}"
        return text
    return None


def describe_move(
    st: State,
    action: str,
    events: list[Event],
    viewer: int | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """What a move did, as ``viewer`` saw it (``"Ana's Cavalry moved from c5 to e5; attacked
    Ben's Infantry on e6: 12 against 8, the Infantry fell"``)."""
    texts = [t for e in visible_events(events, viewer) if (t := _event_text(e, viewer, names))]
    if texts:
        return "; ".join(texts)
    if action == rules.DONE:
        return f"{seat_name(names, st.to_act)} made no second replacement"
    if action == rules.PASS:
        return f"{seat_name(names, st.to_act)} passed"
    return describe_action(st, action, viewer, names)


def action_path(st: State, action: str, viewer: int | None = None) -> list[Any]:
    """The board keys clicked to choose ``action`` (see the module docstring)."""
    parts = action.split(" ") if isinstance(action, str) else []
    if len(parts) < 3 or parts[0] not in ("move", "shoot", "draw"):
        return []
    if parts[0] == "draw":
        path = [f"square:{parts[1]}", f"card:{parts[1]}:{parts[2]}"]
        return path + ([f"reserve:{parts[3]}"] if len(parts) == 4 else [])
    path = [f"square:{x}" for x in parts[1:] if x != rules.CROWN_TAKE]
    if parts[-1] == rules.CROWN_TAKE:  # then the Crown's square (a Castle no mover attacks)
        path.append(f"square:{B.NAMES[st.crown_square()]}")
    return path


def card_face(card_id: str) -> dict[str, Any] | None:
    """The face of a card by its id in a game (``"0:101#2"``), or of a piece (``"0:hero"``)."""
    seat, _, rest = card_id.partition(":")
    if not seat.isdigit() or not rest:
        return None
    slot = rest.split("-")[0]
    if slot in PIECE_TEXT:
        k = B.PIECE_SLOTS.index(rest) if rest in B.PIECE_SLOTS else 0
        reach = MOVE_RANGE[k]
        stats = [["moves", "any distance" if reach >= B.SIZE - 1 else reach]]
        return {"name": slot.title(), "kind": "piece", "text": PIECE_TEXT[slot], "stats": stats}
    number = rest.split("#", 1)[0]
    card = shipped_catalogue().card(int(number)) if number.isdigit() else None
    if card is None:
        return None
    text = f"{card.card_type} card, {card.weapon}."
    if card.kind == "army":
        article = "an" if card.main_type[:1] in "AEIOU" else "a"
        text += f" Goes under {article} {card.main_type} piece's card, or the Hero's."
    else:
        text += " Counts in battle when every Army card on it is of the same weapon type."
    stats = [["attack", card.attack], ["defence", card.defence], ["weapon", card.weapon]]
    return {"name": card.name, "kind": card.card_type, "text": text, "stats": stats}


def _ids(obs: dict[str, Any]) -> set[str]:
    ids: set[str] = set()
    for piece in obs.get("pieces", ()):
        ids.add(piece["id"])
        for card in (piece["card"], *piece["army"]):
            if card.get("id"):
                ids.add(card["id"])
    for player in obs.get("players", ()):
        ids.update(card["id"] for card in player.get("discard", ()))
    return ids


def card_faces(obs: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The face of every card and piece the observation names (face-down cards have no id)."""
    out = {}
    for card_id in sorted(_ids(obs)):
        face = card_face(card_id)
        if face is not None:
            out[card_id] = face
    return out


def describe_result(result: Result, names: Sequence[str] | None = None) -> str:
    """How the game ended, seats by name (``"Ana wins: Ben's Hero was defeated."``)."""
    details = result.details
    out = details.get("eliminated") or []
    lost = {"hero": "Hero was defeated", "castle": "Castle was destroyed"}
    if details.get("ended_by") == "cap":
        still = [seat_name(names, s) for s, r in enumerate(result.ranks) if r == 0]
        head = "The turn limit was reached: " + (
            f"{still[0]} is the last player in"
            if len(still) == 1
            else " and ".join([", ".join(still[:-1]), still[-1]]) + " share first place"
        )
    else:
        winner = seat_name(names, result.ranks.index(0))
        last = out[-1] if out else None
        head = f"{winner} wins"
        if last is not None:
            head += f": {seat_name(names, last['seat'])}'s {lost[last['lost']]}"
    earlier = [f"{seat_name(names, e['seat'])}'s {lost[e['lost']]}" for e in out[:-1]]
    if details.get("ended_by") == "cap":
        earlier = [f"{seat_name(names, e['seat'])}'s {lost[e['lost']]}" for e in out]
    return head + (f" (before that, {'; '.join(earlier)})" if earlier else "") + "."
