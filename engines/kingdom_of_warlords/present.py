"""Kingdom of Warlords for people: sentences for actions and moves, the board elements an action
is chosen on, the face of every card and the result in words.

Board keys (shared with ``platform/web/static/web/board/kingdom-of-warlords.js``):
``card:<card id>`` is a card drawn face up (in your hand, or on the battlefield once played);
``army:<seat>`` is a seat's Army pile. A play is one step listing the cards played together
(clicked in any order); laying a Warlord is a click on it; the Triple advantage's 4th card is a
click on your Army pile.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engines.base import Event, Result, seat_name, visible_events

from .cards import (
    ACT_KINDS,
    ACT_STRENGTH,
    ACT_TRIPLE,
    ACT_TYPE,
    ACTION_INDEX,
    CARD_IDS,
    CARD_INDEX,
    DR,
    DRAGON,
    KIND,
    KIND_NAMES,
    LOST,
    N_RANKS,
    PH,
    T_DRAGON,
    T_EXTRA,
    T_LONE_WIZARD,
    T_PHANTOM,
    T_WARLORD,
    T_YIELD,
    WL,
    WZ,
    normalise,
)
from .state import LEAD, OVER, RESPOND, KowState

SCORE_LABEL = "Warlords"
RANK_TEXT = (
    "A rank card. Ranks from low to high: 4 to 10, Jack, Queen, King, Assassin. The higher card "
    "wins a battle; two of a rank beat any single card, three beat any double."
)
SPECIALTY_TEXT = {
    WL: "Capture all four Warlords to win. Never played alone: lay it, draw 2 cards, then play "
    "a card beside it; whoever wins the battle takes the Warlord. Two may go into one battle.",
    WZ: "Takes the rank of the card it is played with: King + Wizard is a double of Kings, a "
    "pair + Wizard a triple. Not with a Warlord or a Dragon; with the Phantom it takes 2 cards. "
    "Alone (only as your last card) it loses.",
    PH: "No rank. Played first, your opponent does not answer but surrenders the top card of "
    "their Army to you. Played first in a War, that top card fights for you. Played second it "
    "always loses.",
    DR: "The most powerful card: it wins the battle and your opponent's hand too. Only the other "
    "Dragon answers it: a Dragon War, with 5 face-down cards each.",
}
HOW = {
    "higher": "",
    "phantom": " with the Phantom",
    "dragon": " with the Dragon",
    "both lost": " (neither play had any power: the leader keeps the field)",
}


# -- words for cards and plays ---------------------------------------------------------------
def card_name(card_id: str) -> str:
    """A card by the name the game gives it: ``"King"``, ``"9"``, ``"Warlord"``."""
    return KIND_NAMES[KIND[CARD_INDEX[card_id]]]


def _listing(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def strength_words(strength: int) -> str:
    """What a play's strength is, in words: ``"a single King"``, ``"a double of 9s"``."""
    if strength == LOST:
        return "a lost play"
    if strength == DRAGON:
        return "a Dragon"
    size, rank = divmod(strength, 100)
    if size == 1:
        return f"a single {KIND_NAMES[rank]}"
    return f"a {('double', 'triple')[size - 2]} of {KIND_NAMES[rank]}s"


def _cards_text(aid: int) -> str:
    return " + ".join(KIND_NAMES[k] for k in ACT_KINDS[aid])


def _play_text(aid: int) -> str:
    """``"King + Wizard (a double of Kings)"``; a single card by its name alone."""
    cards = _cards_text(aid)
    if ACT_TYPE[aid] == T_LONE_WIZARD:
        return f"{cards} alone (a lost play)"
    if len(ACT_KINDS[aid]) > 1 and ACT_TYPE[aid] not in (T_PHANTOM, T_DRAGON):
        return f"{cards} ({strength_words(ACT_STRENGTH[aid])})"
    return cards


def _answer(s: KowState, aid: int, names: Sequence[str] | None) -> str:
    """What an answer to the leader's play does: wins, loses or starts a War."""
    mine = LOST if ACT_TYPE[aid] == T_PHANTOM else ACT_STRENGTH[aid]
    lead = s.lead_str
    if mine == DRAGON:
        if lead == DRAGON:
            return "starts a Dragon War (5 face-down cards each)"
        return f"wins the battle and {seat_name(names, s.leader)}'s hand"
    if mine == lead and lead != LOST:
        return "starts a War (equal plays)"
    if mine > lead:
        return "wins the battle"
    if ACT_TYPE[aid] == T_PHANTOM:
        return "loses: a Phantom played second has no power"
    return "loses the battle"


def describe_action(
    s: KowState, action: str, viewer: int | None = None, names: Sequence[str] | None = None
) -> str:
    """The choice ``action`` offers, in the imperative (``"Play King + Wizard (a double of
    Kings)"``, ``"Lay a Warlord and draw 2 cards"``); an answer says whether it wins."""
    aid = ACTION_INDEX.get(normalise(action))
    if aid is None:
        return action
    typ = ACT_TYPE[aid]
    if typ == T_YIELD:
        if s.phase == RESPOND and s.lead_str == DRAGON:
            leader = seat_name(names, s.leader)
            return f"Yield: you hold no Dragon, so {leader} wins the battle and your hand"
        return "Yield: you have nothing to play beside your Warlord, so you lose the battle"
    if typ == T_EXTRA:
        return "Take a 4th card from your Army (Triple advantage)"
    if typ == T_WARLORD:
        if s.wl_laid:
            return "Lay your second Warlord and draw 2 more cards"
        return "Lay a Warlord and draw 2 cards"
    opp = seat_name(names, 1 - s.actor) if s.phase != OVER else "the opponent"
    text = f"Play {_play_text(aid)}"
    if s.phase == RESPOND:
        return f"{text}: {_answer(s, aid, names)}"
    if typ == T_PHANTOM and not s.war:
        taken = "the top card" if len(ACT_KINDS[aid]) == 1 else "the top 2 cards"
        return f"{text}: {opp} surrenders {taken} of their Army"
    if typ == T_PHANTOM:
        return f"{text}: the top card of {opp}'s Army fights for you"
    if typ == T_DRAGON:
        return f"{text}: only the other Dragon can answer it"
    if ACT_TRIPLE[aid] and s.phase == LEAD and not s.bonus[s.actor]:
        return f"{text}: from now on you may take a 4th card"
    return text


# -- the move log ----------------------------------------------------------------------------
def _count(n: int, what: str = "card") -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _battle_text(event: Event, names: Sequence[str] | None) -> str:
    winner = seat_name(names, event["winner"])
    won = event["cards"]
    text = f"{winner} won the battle{HOW.get(event['how'], '')} and {_count(len(won))}"
    captured = event.get("captured_hand") or []
    if captured:
        loser = seat_name(names, 1 - event["winner"])
        text += f", {loser}'s hand of {len(captured)} included"
    warlords = sum(1 for c in won if KIND[CARD_INDEX[c]] == WL)
    if warlords:
        text += f", with {'a Warlord' if warlords == 1 else f'{warlords} Warlords'}"
    return text


def _stand_in(name: str) -> str:
    if name == KIND_NAMES[DR]:
        return "which acts as a Dragon"
    if name in KIND_NAMES[:N_RANKS]:
        return f"a single {name}"
    return "a lost play"


def _event_text(event: Event, after: str, mover: int, names: Sequence[str] | None) -> str | None:
    """One event's words; ``after`` is the type of the last event that was not a draw."""
    kind = event["type"]
    who = seat_name(names, event["seat"]) if "seat" in event else ""
    if kind == "play":
        aid = ACTION_INDEX[event["action"]]
        return f"played {_play_text(aid)}"
    if kind == "warlord":
        return "laid a Warlord"
    if kind == "extra":
        return "took a 4th card (Triple advantage)"
    if kind == "yield":
        if event["to_dragon"]:
            return "held no Dragon to answer the Dragon"
        return "had nothing to play beside the Warlord"
    if kind == "draw":
        cards = event.get("cards")
        if not cards and not event.get("count"):
            return None
        what = _listing([card_name(c) for c in cards]) if cards else _count(event["count"])
        if after in ("warlord", "extra") and event["seat"] == mover:
            return f"drew {what}"
        return f"{who} took a new hand: {what}" if cards else f"{who} took a new hand of {what}"
    if kind == "reshuffle":
        return f"{who} shuffled the Troop pile ({_count(event['count'])}) into a new Army"
    if kind == "surrender":
        cards = event["cards"]
        if not cards:
            return f"{who} had no card to surrender"
        taken = "the top card" if len(cards) == 1 else f"the top {len(cards)} cards"
        return f"{who} surrendered {taken} of the Army: {_listing([card_name(c) for c in cards])}"
    if kind == "stand_in":
        if event["card"] is None:
            return f"{who} had no card left to fight for the Phantom"
        name = card_name(event["card"])
        return f"the top card of {who}'s Army fights for the Phantom: {name}, {_stand_in(name)}"
    if kind == "war":
        placed = event["war_cards"]
        name = "Dragon War" if event["dragon"] else "War"
        if placed[0] == placed[1]:
            return f"{name}! {placed[0]} cards each laid face down"
        laid = ", ".join(f"{seat_name(names, p)} {placed[p]}" for p in (0, 1))
        return f"{name}! cards laid face down: {laid}"
    if kind == "battle":
        return _battle_text(event, names)
    if kind == "game_over":
        return reason_text(event["reason"], names)
    return None


def describe_move(
    before: KowState,
    action: str,
    events: list[Event],
    viewer: int | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """What a move did, as ``viewer`` saw it: ``"played King; Bob won the battle and 2 cards"``.
    Cards drawn are named only to the seat that drew them."""
    mover = before.actor
    parts = []
    after = ""
    for event in visible_events(events, viewer):
        text = _event_text(event, after, mover, names)
        if text:
            parts.append(text)
        if event["type"] not in ("draw", "reshuffle"):
            after = event["type"]
    return "; ".join(parts) or describe_action(before, action, viewer, names)


# -- the result ------------------------------------------------------------------------------
def reason_text(reason: str, names: Sequence[str] | None) -> str:
    """The engine's reason with seats by name: ``"Ana holds all four Warlords"``."""
    text = re.sub(
        r"battle cap of (\d+) reached",
        lambda m: f"after the limit of {_count(int(m.group(1)), 'battle')}",
        reason,
    )
    return re.sub(r"\bseat (\d+)", lambda m: seat_name(names, int(m.group(1))), text)


def describe_result(result: Result, names: Sequence[str] | None = None) -> str:
    """How the game ended, seats by name (``"After 43 battles, Ana holds all four Warlords."``)."""
    text = reason_text(result.reason, names)
    battles = result.details.get("battles")
    if battles and not text.startswith("after the limit"):
        text = f"after {_count(battles, 'battle')}, {text}"
    return text[:1].upper() + text[1:] + "."


# -- the board -------------------------------------------------------------------------------
def _played_cards(s: KowState, aid: int) -> list[int]:
    """The cards of the actor's hand that ``aid`` puts on the battlefield (as the rules pick)."""
    hand = list(s.hand[s.actor])
    out = []
    for k in ACT_KINDS[aid]:
        for i, c in enumerate(hand):
            if KIND[c] == k:
                out.append(hand.pop(i))
                break
    return out


def action_path(s: KowState, action: str, viewer: int | None = None) -> list[Any]:
    """The cards played together as one step (any order); a Warlord laid by clicking it; the
    4th card on the Army pile. The keys name only cards the move puts face up on the
    battlefield, so any viewer may see them once it is made."""
    aid = ACTION_INDEX.get(normalise(action))
    if aid is None or s.phase == OVER:
        return []
    typ = ACT_TYPE[aid]
    if typ == T_YIELD:
        return []
    if typ == T_EXTRA:
        return [f"army:{s.actor}"]
    cards = _played_cards(s, aid)
    if len(cards) != len(ACT_KINDS[aid]):
        return []
    keys = [f"card:{CARD_IDS[c]}" for c in cards]
    if typ == T_WARLORD:
        return keys
    return [keys]


def card_face(card_id: str) -> dict[str, Any]:
    """The face of a card: its name, rank or specialty, what it does."""
    kind = KIND[CARD_INDEX[card_id]]
    if kind < N_RANKS:
        return {
            "name": KIND_NAMES[kind],
            "kind": "Rank",
            "text": RANK_TEXT,
            "stats": [["rank", f"{kind + 1} of {N_RANKS}"]],
        }
    return {
        "name": KIND_NAMES[kind],
        "kind": "Specialty",
        "text": SPECIALTY_TEXT[kind],
        "stats": [],
    }


def _card_ids(obs: dict[str, Any]) -> set[str]:
    ids: set[str] = set(obs.get("hand") or ())
    for player in obs.get("players", ()):
        ids.update(player.get("troop", ()))
        ids.update(player.get("field", ()))
    for drawn in obs.get("first_draw") or ():
        ids.update(drawn)
    return ids


def card_faces(obs: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The face of every card the observation names."""
    return {
        card_id: card_face(card_id) for card_id in sorted(_card_ids(obs)) if card_id in CARD_INDEX
    }
