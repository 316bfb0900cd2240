"""What the heuristic bot believes about each piece: every way its face-down cards may be dealt
from what its owner can still hold, with their weights, and the chances of battles that follow
(engines/akhedena/bots.py reads them)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import Any

from engines.akhedena import board as B
from engines.akhedena.catalogue import Card

KIND_INDEX = {slot: k for k, slot in enumerate(B.PIECE_SLOTS)}
"""A piece slot's index in :data:`board.PIECE_SLOTS` (its kind)."""
WIN = 1000.0
"""Worth of a Hero, or of a Castle that can fall: the game."""

Deal = tuple[int, int, tuple[int, ...], float]
"""One way a piece's cards may be: (attack, defence, each Army card's defence, weight)."""


def stats(leader: Card, army: list[Card]) -> tuple[int, int, tuple[int, ...]]:
    """(attack, defence, each Army card's defence) of ``leader`` carrying ``army``."""
    att = dfn = 0
    same = True
    weapon = leader.weapon
    for c in army:
        att += c.attack
        dfn += c.defence
        if c.weapon != weapon:
            same = False
    if same:
        att, dfn = att + leader.attack, dfn + leader.defence
    return att, dfn, tuple([c.defence for c in army])


class Unit:
    """A piece as the bot sees it: every way its cards may be dealt, with their weights."""

    __slots__ = (
        "seat",
        "k",
        "sq",
        "deals",
        "shoots",
        "leader",
        "army",
        "attack",
        "defence",
        "_beats",
        "_falls",
    )

    def __init__(self, seat: int, k: int, sq: int, deals: list[Deal], shoots: bool) -> None:
        self.seat, self.k, self.sq, self.deals, self.shoots = seat, k, sq, deals, shoots
        self.leader: Card | None = None
        self.army: list[Card] = []
        self.attack = sum(d[0] * d[3] for d in deals)
        self.defence = sum(d[1] * d[3] for d in deals)
        self._beats: dict[float, float] = {}
        self._falls: dict[float, float] = {}

    def p_attack_beats(self, defence: float) -> float:
        """Chance that this piece's attack is higher than ``defence``."""
        p = self._beats.get(defence)
        if p is None:
            p = self._beats[defence] = sum(d[3] for d in self.deals if d[0] > defence)
        return p

    def p_falls_to(self, attack: float) -> float:
        """Chance that ``attack`` beats this piece's defence (it falls in melee)."""
        p = self._falls.get(attack)
        if p is None:
            p = self._falls[attack] = sum(d[3] for d in self.deals if attack > d[1])
        return p

    def p_held_and_hit(self, attack: float, defence: float) -> float:
        """Chance that this piece holds against ``attack`` and its counterattack beats
        ``defence``."""
        return sum(d[3] for d in self.deals if attack <= d[1] and d[0] > defence)

    def p_falls_after_volley(self, shot: float, attack: float) -> float:
        """Chance that a melee ``attack`` beats this piece once a shot of ``shot`` has stripped
        the Army cards it beats (a piece that loses them all is gone: 1)."""
        p = 0.0
        for _, dfn, cards, w in self.deals:
            lost = [c for c in cards if c < shot]
            if len(lost) == len(cards) or attack > dfn - sum(lost):
                p += w
        return p

    def volley(self, attack: float) -> tuple[float, float]:
        """(chance a shot of ``attack`` strips every Army card, expected cards it strips)."""
        kill = lost = 0.0
        for _, _, cards, w in self.deals:
            n = sum(c < attack for c in cards)
            lost += w * n
            if n == len(cards):
                kill += w
        return kill, lost


def unseen_cards(obs: dict[str, Any], seat: int, cards: dict[int, Card]) -> list[Card]:
    """What ``seat``'s face-down cards can be: any card of the catalogue (one of each: other
    players' army lists are secret), or, for a 1.0.0 observation that still shows the list,
    that list minus every card seen."""
    player = obs["players"][seat]
    data = player.get("army_list")
    if data is None:
        return [c for c in cards.values() if not c.banned]
    left = Counter(
        cid for piece in data["pieces"].values() for cid in (piece["card"], *piece["army"])
    )
    left.update(data["reserve"])
    for piece in obs["pieces"]:
        if piece["seat"] == seat:
            for card in (piece["card"], *piece["army"]):
                if not card.get("hidden"):
                    left[card["card_id"]] -= 1
    for card in player["discard"]:
        left[card["card_id"]] -= 1
    return [cards[cid] for cid, n in left.items() for _ in range(max(0, n))]


_DEALS: dict[tuple[Any, ...], list[Deal]] = {}
""":func:`deals_of` by what it reads (the same pieces recur in every decision of a game)."""
_DEALS_MAX = 20_000


def deals_of(piece: dict[str, Any], unseen: list[Card], cards: dict[int, Card]) -> list[Deal]:
    """Every way the piece's hidden cards can be dealt from ``unseen``, equally likely (the
    list is shared: never change it)."""
    key = (
        id(cards),
        piece["slot"],
        _face(piece["card"]),
        tuple([_face(c) for c in piece["army"]]),
        tuple([c.id for c in unseen]),
    )
    found = _DEALS.get(key)
    if found is None:
        if len(_DEALS) >= _DEALS_MAX:
            _DEALS.clear()
        found = _DEALS[key] = _deals_of(piece, unseen, cards)
        _KEEP[id(cards)] = cards  # the id in the key stays this catalogue's
    return found


_KEEP: dict[int, dict[int, Card]] = {}


def _face(card: dict[str, Any]) -> Any:
    """What :func:`deals_of` reads of a card: its main type if hidden, else its card id."""
    return ("hidden", card["main_type"]) if card.get("hidden") else card["card_id"]


def _deals_of(piece: dict[str, Any], unseen: list[Card], cards: dict[int, Card]) -> list[Deal]:
    k = KIND_INDEX[piece["slot"]]
    lead = piece["card"]
    if lead.get("hidden"):
        kind = {B.HERO: "hero", B.CASTLE: "castle"}.get(k, "commander")
        leaders = [
            c
            for c in unseen
            if c.kind == kind and (kind != "commander" or c.main_type == lead["main_type"])
        ]
    else:
        leaders = [cards[lead["card_id"]]]
    known = [cards[c["card_id"]] for c in piece["army"] if not c.get("hidden")]
    types = [c["main_type"] for c in piece["army"] if c.get("hidden")]
    pools = {t: [c for c in unseen if c.kind == "army" and c.main_type == t] for t in set(types)}
    if len(types) == 2 and types[0] == types[1]:
        hands = list(combinations(pools[types[0]], 2))
    else:
        hands = list(product(*(pools[t] for t in types)))
    hands = hands or [()]
    out: dict[tuple[int, int, tuple[int, ...]], float] = {}
    weight = 1.0 / (max(1, len(leaders)) * len(hands))
    for leader in leaders or [cards[next(iter(cards))]]:
        for hand in hands:
            key = stats(leader, known + list(hand))
            out[key] = out.get(key, 0.0) + weight
    return [(a, d, c, w) for (a, d, c), w in out.items()]


CAUTION = 4.0
"""How many times the chance that a hidden enemy beats the seat's Castle counts (see
:func:`_feared`)."""


def feared(e: Unit, defence: float) -> float:
    """The chance that ``e``'s attack beats ``defence`` as a Castle's keeper fears it: its
    face-down cards are dealt from the whole catalogue, so a strong army looks average; each
    chance counts :data:`CAUTION` times (at most certain)."""
    return min(1.0, CAUTION * e.p_attack_beats(defence))
