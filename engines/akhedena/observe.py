"""What each seat may see (observation), card places (zones) and re-dealing hidden cards
(determinize).

Hidden information (docs/rules/akhedena.md, "Hidden information"): every seat sees its own
cards and its own army list; the others see the main type of each card (its back) until a
battle shows it, and how many cards each reserve pile holds — never another player's army
list. Nobody knows the order of a reserve pile. Discarded cards are face up.
"""

from __future__ import annotations

import random
from typing import Any

from engines.akhedena import board as B
from engines.akhedena import combat, rules
from engines.akhedena.redeal import redeal_others
from engines.akhedena.setup import copy_army
from engines.akhedena.state import (
    KIND,
    ON_BOARD,
    OWNER,
    PIECE_NAMES,
    TYPE_NAMES,
    State,
)


def piece_id(p: int) -> str:
    """A piece's id in observations: ``"<seat>:<slot>"``, e.g. ``"1:cavalry-left"``."""
    return f"{OWNER[p]}:{B.PIECE_SLOTS[KIND[p]]}"


def _card(st: State, c: int, visible: bool) -> dict[str, Any]:
    card = st.deal.cards[c]
    main = card.main_type or card.kind.title()
    if not visible:
        return {"hidden": True, "main_type": main}
    return {
        "id": st.deal.ids[c],
        "card_id": card.id,
        "name": card.name,
        "card_type": card.card_type,
        "main_type": main,
        "weapon": card.weapon,
        "attack": card.attack,
        "defence": card.defence,
    }


def _destinations(legal: list[str]) -> dict[str, dict[str, list[str]]]:
    """From-square -> {"moves": [to...], "attacks": {to: [targets]}, "shots": [targets]}."""
    out: dict[str, dict[str, Any]] = {}
    for action in legal:
        parts = action.split(" ")
        if parts[0] == "move":
            entry = out.setdefault(parts[1], {"moves": [], "attacks": {}, "shots": []})
            if len(parts) == 3:
                entry["moves"].append(parts[2])
            else:
                entry["attacks"].setdefault(parts[2], []).append(parts[3])
        elif parts[0] == "shoot":
            entry = out.setdefault(parts[1], {"moves": [], "attacks": {}, "shots": []})
            entry["shots"].append(parts[2])
    return out


def observation(st: State, seat: int | None) -> dict[str, Any]:
    """The board, every piece with what ``seat`` may see of its cards, the Crown, each player's
    piles (and ``seat``'s own army list); for the seat to act, each piece's legal
    destinations."""
    public = st.public
    grid: list[list[str | None]] = [[None] * B.SIZE for _ in range(B.SIZE)]
    pieces = []
    acting = seat is not None and not st.over and seat == st.to_act
    where = _destinations(rules.legal(st)) if acting else {}
    for p, sq in enumerate(st.pos):
        if sq < 0:
            continue
        owner = OWNER[p]
        mine = owner == seat
        name = B.NAMES[sq]
        grid[sq // B.SIZE][sq % B.SIZE] = piece_id(p)
        leader = st.leader[p]
        entry: dict[str, Any] = {
            "id": piece_id(p),
            "seat": owner,
            "kind": B.PIECE_SLOTS[KIND[p]].split("-")[0],
            "slot": B.PIECE_SLOTS[KIND[p]],
            "name": PIECE_NAMES[KIND[p]],
            "square": name,
            "card": _card(st, leader, mine or public[leader]),
            "army": [_card(st, c, mine or public[c]) for c in st.army[p]],
        }
        if mine or (public[leader] and all(public[c] for c in st.army[p])):
            entry["attack"] = combat.attack(st, p)
            entry["defence"] = combat.defence(st, p)
            entry["ranged"] = combat.shoots(st, p)
        if KIND[p] == B.CASTLE:
            entry["attackable"] = any(
                st.alive[s] and s != owner and st.castles_open(s) for s in range(st.n)
            )
        if acting and mine:
            entry["legal"] = where.get(name, {"moves": [], "attacks": {}, "shots": []})
        pieces.append(entry)
    players = []
    cards = st.deal.cards
    for s in range(st.n):
        piles = st.reserve[s]
        player: dict[str, Any] = {
            "seat": s,
            "side": B.sides(st.n, st.rules.layouts)[s],
            "alive": st.alive[s],
            "reserve": {TYPE_NAMES[t]: len(piles[t]) for t in range(3)},
            "discard": [
                {"id": st.deal.ids[c], "card_id": cards[c].id, "name": cards[c].name}
                for c in st.discard[s]
            ],
        }
        if s == seat:
            player["army_list"] = copy_army(st.deal.lists[s])
            player["reserve_cards"] = {
                TYPE_NAMES[t]: sorted(cards[c].name for c in piles[t]) for t in range(3)
            }
        players.append(player)
    obs: dict[str, Any] = {
        "game": "akhedena",
        "seat": seat,
        "n_seats": st.n,
        "files": B.FILES,
        "size": B.SIZE,
        "grid": grid,
        "pieces": pieces,
        "crown": {
            "square": B.NAMES[st.crown_square()],
            "holder": None if st.crown == ON_BOARD else st.crown,
        },
        "castles_vulnerable": st.crown != ON_BOARD,
        "castles_holder_only": st.rules.holder_attacks_castles,
        "players": players,
        "to_act": None if st.over else st.to_act,
        "pending": "second replacement" if st.pending else None,
        "turns": st.turns,
        "max_turns": st.turn_cap * st.n,
        "over": st.over,
        "eliminated": [{"seat": s, "by": by, "lost": how} for s, by, how in st.out],
    }
    return obs


def zones(st: State) -> dict[str, list[str]]:
    """Every card by place: each piece (its card, then Army cards 1 and 2), each reserve pile
    (top card first) and each discard pile."""
    ids = st.deal.ids
    z: dict[str, list[str]] = {}
    for p, sq in enumerate(st.pos):
        if sq >= 0:
            z[f"piece:{piece_id(p)}"] = [ids[st.leader[p]]] + [ids[c] for c in st.army[p]]
    for s in range(st.n):
        for t in range(3):
            z[f"reserve:{s}:{TYPE_NAMES[t]}"] = [ids[c] for c in reversed(st.reserve[s][t])]
        z[f"discard:{s}"] = [ids[c] for c in st.discard[s]]
    return z


def determinize(st: State, seat: int, rng: random.Random) -> State:
    """A copy where every card ``seat`` cannot place is re-dealt: each other seat's unseen
    cards become catalogue cards of the same kind and main type (army lists are secret:
    :func:`engines.akhedena.redeal.redeal_others`), and every reserve pile (``seat``'s own
    too) is shuffled (nobody knows a pile's order)."""
    c = st.copy()
    c.cache = None
    redeal_others(c, seat, rng)
    for piles in c.reserve:
        for pile in piles:
            rng.shuffle(pile)
    return c
