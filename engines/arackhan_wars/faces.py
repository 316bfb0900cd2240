"""What each AracKhan Wars card shows a person: its face, from the shipped catalogue.

A face is ``{"name", "kind", "faction", "number", "text", "stats": [[label, value], ...]}``:
the card diagram's numbers (value, deck-building value, Attack, Defence), its attributes and
family, and its skill, weakness, effect, benefit and action (the catalogue's paraphrases) with a
line on each attribute it has. Faces are keyed by card instance (``c12``), as the observation
names cards; a card the observation hides gets the face of a card back.
"""

from __future__ import annotations

import csv
import re
from functools import cache
from typing import Any

from engines.arackhan_wars.catalogue import shipped_catalogue, shipped_versions

ABILITY_COLUMNS = (
    ("skill", "Skill"),
    ("weakness", "Weakness"),
    ("effect", "Effect"),
    ("benefit", "Benefit"),
    ("action", "Action"),
)

ATTRIBUTE_TEXT = {
    "Initiative": "may be activated in the Initiative sequence, before the turns",
    "Movement": "moves up to that many spaces (through allies, never through enemies) to a "
    "free space next to a card, then may still attack",
    "Flight": "moves to any free space next to another card, then may still attack",
    "Omnistrike": "attacks every enemy card on its four borders at once",
    "Ranged Attack": "attacks enemy cards up to that distance away",
    "Swarm": "+1 Attack to every creature of its family beyond the first",
    "Regeneration": "a successful attack only deactivates it when it is active (spells ignore "
    "this)",
    "Stealth": "adjacent enemy creatures attacking it are 2 spaces away, so they need Ranged "
    "Attack",
    "Perforation": "after a success, attacks the next enemy card in the same direction with 1 less",
}

HIDDEN = {
    "name": "Face-down card",
    "kind": "Face down",
    "faction": "",
    "number": None,
    "text": "Placed face down this round: it is revealed in the Reveal phase, once every "
    "player has placed their cards.",
    "stats": [],
}

_INSTANCE = re.compile(r"^c\d+$")


@cache
def _ability_texts() -> dict[int, dict[str, str]]:
    """The ability paraphrases of the newest shipped catalogue, by card id."""
    path = shipped_versions()[-1]
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return {
        int(row["id"]): {column: (row.get(column) or "").strip() for column, _ in ABILITY_COLUMNS}
        for row in rows
    }


def _attribute_lines(attributes: tuple[str, ...]) -> list[str]:
    lines = []
    for text in attributes:
        base = re.sub(r"\s*\d.*$", "", text).strip()
        meaning = ATTRIBUTE_TEXT.get(base)
        lines.append(f"{text}: {meaning}." if meaning else f"{text}.")
    return lines


@cache
def printed_face(card_id: int) -> dict[str, Any]:
    """The face of catalogue card ``card_id`` (an alternative printing shows its card)."""
    card = shipped_catalogue().card(card_id)
    if card is None:
        return dict(HIDDEN, name=f"Unknown card {card_id}", text="Not in the card catalogue.")
    stats: list[list[Any]] = [["value", card.value]]
    if card.deck_building_value is not None:
        stats.append(["deck-building value", card.deck_building_value])
    if card.attack is not None:
        stats.append(["Attack", card.attack])
    if card.defense is not None:
        stats.append(["Defence", card.defense])
    if card.attributes:
        stats.append(["attributes", ", ".join(card.attributes)])
    if card.family:
        stats.append(["family", card.family])
    stats.append(["faction", card.faction])
    if card.legendary:
        stats.append(["copies", "legendary (1 per deck)"])
    elif card.individual_limit is not None:
        stats.append(["copies", f"at most {card.individual_limit} per deck"])
    if card.astral_plane:
        stats.append(["placed on", "the astral plane"])
    texts = _ability_texts().get(card.id, {})
    parts = [f"{label}: {texts[column]}" for column, label in ABILITY_COLUMNS if texts.get(column)]
    parts.extend(_attribute_lines(card.attributes))
    return {
        "name": card.name,
        "kind": card.card_type,
        "faction": card.faction,
        "number": card.id,
        "text": " ".join(parts),
        "stats": stats,
    }


def _now(face: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """A revealed card's face with its Attack and Defence as they are now, where changed."""
    stats = [list(s) for s in face["stats"]]
    printed = {label: value for label, value in stats}
    for key, label in (("attack", "Attack"), ("defence", "Defence")):
        value = entry.get(key)
        if value is not None and label in printed and printed[label] != value:
            stats.append([f"{label} now", value])
    return {**face, "stats": stats}


def _walk(data: Any, known: dict[str, int], entries: dict[str, dict[str, Any]], seen: set[str]):
    if isinstance(data, dict):
        card = data.get("card")
        if isinstance(card, str) and _INSTANCE.match(card):
            seen.add(card)
            if data.get("card_id") is not None:
                known[card] = data["card_id"]
                if data.get("face_up"):
                    entries[card] = data
        for key, value in data.items():
            if key != "legal":
                _walk(value, known, entries, seen)
    elif isinstance(data, list):
        for value in data:
            _walk(value, known, entries, seen)
    elif isinstance(data, str) and _INSTANCE.match(data):
        seen.add(data)


def card_faces(observation: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The face of every card instance ``observation`` names (a card back where it is hidden)."""
    known: dict[str, int] = {}
    entries: dict[str, dict[str, Any]] = {}
    seen: set[str] = set()
    _walk(observation, known, entries, seen)
    out = {}
    for card in sorted(seen, key=lambda c: int(c[1:])):
        if card not in known:
            out[card] = dict(HIDDEN)
            continue
        face = printed_face(known[card])
        out[card] = _now(face, entries[card]) if card in entries else face
    return out
