"""The heuristic bot's scoring of a card replacement (``draw <square> <card> [<type>]``): the
attack and defence it is expected to add, and how far it brings a battle that wins the game.

A replacement draws the top card of a reserve pile whose order nobody knows, so every card the
pile holds is weighed alike (the owner knows which cards are in it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engines.akhedena import board as B
from engines.akhedena.beliefs import WIN, Unit, stats
from engines.akhedena.catalogue import Card

KILL_EDGE = 0.05
"""Worth (times a win) of raising by one the chance that a piece's attack beats an enemy Hero or
an attackable Castle: what lets a replacement break a deadlock."""
GUARD = 0.3
"""Worth (times a win) of raising by one the chance that some enemy piece beats the defence of
the seat's Hero or Castle: a replacement that lowers it lays the game open."""
RANGED_HERO = 3.0
"""Worth of a first Ranged Army card on a Hero (it lets the Hero shoot)."""


class Picture(Protocol):
    """What the scoring reads of the bot's picture of the board (``bots.View``)."""

    units: dict[int, Unit]
    enemies: list[Unit]
    reserve: dict[str, list[str]]
    cards_by_name: dict[str, Card]
    vulnerable: bool
    late: float
    memo: dict[tuple[str, int], float]
    """Scores of this picture already worked out (:func:`threat`, :func:`exposure`)."""

    def home(self) -> float:
        """The danger to the seat's Hero and, while it can fall, its Castle."""
        ...  # pragma: no cover


def pile_of(k: int) -> str:
    """The reserve pile a piece of kind ``k`` draws from (the Hero names its own)."""
    if k == B.ARCHER:
        return "ranged"
    return "cavalry" if k in (B.CAVALRY_LEFT, B.CAVALRY_RIGHT) else "infantry"


def _memo(view: Picture, key: tuple, compute: Callable[[Picture, int], float], value: int) -> float:
    """``compute(view, value)``, kept in the decision's memo under ``key``."""
    found = view.memo.get(key)
    if found is None:
        found = view.memo[key] = compute(view, value)
    return found


def threat(view: Picture, attack: int) -> float:
    """The best chance an attack of ``attack`` has to beat an enemy Hero (or a Castle this seat
    may attack): how far a replacement brings the game-winning battle."""
    return _memo(view, ("threat", attack), _threat, attack)


def _threat(view: Picture, attack: int) -> float:
    return max(
        (
            u.p_falls_to(attack)
            for u in view.enemies
            if u.k == B.HERO or (u.k == B.CASTLE and view.vulnerable)
        ),
        default=0.0,
    )


def exposure(view: Picture, defence: int) -> float:
    """The best chance an enemy piece's attack beats ``defence`` (of the seat's Hero or Castle,
    wherever the enemy stands)."""
    return _memo(view, ("exposure", defence), _exposure, defence)


def _exposure(view: Picture, defence: int) -> float:
    return max(
        (u.p_attack_beats(defence) for u in view.enemies if u.k != B.CASTLE),
        default=0.0,
    )


def draw_score(view: Picture, sq: int, i: int, kind: str | None) -> float:
    """Score of replacing Army card ``i`` (0 or 1) of the seat's piece on ``sq`` from the pile
    ``kind`` (None: the piece's own): the attack and defence it is expected to add (a Ranged
    card also lets the Hero shoot), its gain in :func:`threat` (not for a Castle, which never
    attacks), what it costs in :func:`exposure` (the Hero and the Castle), less the dangers
    that stay where they are."""
    me = view.units[sq]
    names = view.reserve[kind or pile_of(me.k)]
    if not names or me.leader is None:
        return -1.0
    now = stats(me.leader, me.army)
    attacks = me.k != B.CASTLE  # a Castle never moves to attack
    guarded = me.k in (B.HERO, B.CASTLE)  # losing it loses the game
    before, edge = sum(now[:2]), threat(view, now[0]) if attacks else 0.0
    bare = exposure(view, now[1]) if guarded else 0.0
    after = reach = opened = 0.0
    for name in names:
        army = me.army[:]
        army[i] = view.cards_by_name[name]
        new = stats(me.leader, army)
        after += sum(new[:2])
        if attacks:
            reach += threat(view, new[0])
        if guarded:
            opened += exposure(view, new[1])
    gain = after / len(names) - before
    if kind == "ranged" and not me.shoots:
        gain += RANGED_HERO
    sharper = (reach / len(names) - edge) * KILL_EDGE * WIN
    sharper -= (opened / len(names) - bare) * GUARD * WIN
    return (0.5 + view.late) * (gain + sharper) - 0.5 - view.home()
