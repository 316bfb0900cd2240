"""The move tuples of one catalogue, built once, and the few move lists worth remembering.

A random game lists tens of thousands of legal moves: the one-card moves ``(op, card, -1)``
are built once per catalogue (:class:`MoveTables`). The market's ``buy`` moves are kept in a
bounded memo keyed by the market rows' exact content and the Gold at hand, so the memo can never
go stale: a state changed by hand, as tests do, simply finds another key.
"""

from __future__ import annotations

from typing import Final

from engines.heroes_of_graxia.actions import (
    ATTACK,
    BUY,
    BUYR,
    CAST,
    FIGHT,
    HIRE_OP,
    LOSE,
    MEND,
    PICKUP,
    PLACE,
    SELL,
    TAKE,
    WOUND,
    Move,
)
from engines.heroes_of_graxia.tables import (
    ARMY,
    CAN_OUT,
    EQUIP,
    HENCH,
    SPELL,
    T_ENEMY,
    T_NONE,
    UNIT,
    Tables,
)

MEMO_LIMIT: Final = 4_096
"""A memo holding more entries than this is emptied (it refills with what the game at hand uses:
a game sees a few dozen markets)."""

# what a card in the hand offers out of combat when the seat has an action left
NOTHING: Final = 0
ARMY_PLACE: Final = 1
HENCH_PLACE: Final = 2
EQUIP_ON: Final = 3
CAST_FREE: Final = 4
CAST_ENEMY: Final = 5
CAST_OWN: Final = 6


class MoveTables:
    """Per catalogue: the one-card moves of each op (indexed by card number), each seat's
    ``attack``, what each card offers from the hand, and the memos :mod:`legal` reads."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        n = t.n
        self.sell = _singles(SELL, n)
        self.buy = _singles(BUY, n)
        self.buyr = _singles(BUYR, n)
        self.place = _singles(PLACE, n)
        self.pickup = _singles(PICKUP, n)
        self.fight = _singles(FIGHT, n)
        self.cast = _singles(CAST, n)
        self.hire = _singles(HIRE_OP, n)
        self.wound = _singles(WOUND, n)
        self.mend = _singles(MEND, n)
        self.take = _singles(TAKE, n)
        self.lose = _singles(LOSE, n)
        self.attack: tuple[Move, ...] = tuple((ATTACK, o, -1) for o in range(8))
        self.sell_or_none: tuple[Move | None, ...] = tuple(
            self.sell[c] if t.SELL[c] > 0 else None for c in range(n)
        )
        """The card's ``sell`` move, or None when it sells for nothing."""
        self.offer: tuple[int, ...] = tuple(_offer(t, c) for c in range(n))
        """What the card offers from the hand out of combat (``ARMY_PLACE`` ... ``CAST_OWN``)."""
        self.market: dict[tuple[int, ...], tuple[list[tuple[int, Move, Move]], dict]] = {}
        """The market rows -> their first copies ``(cost, buy, buy with reward Gold)`` and the
        ``buy`` moves each (Gold, reward Gold) affords."""
        self.attacks: dict[tuple[int, ...], list[Move]] = {}
        """(seat, who is protected) -> the seat's ``attack`` moves."""


def _singles(op: int, n: int) -> tuple[Move, ...]:
    return tuple((op, c, -1) for c in range(n))


def _offer(t: Tables, c: int) -> int:
    cls = t.CLS[c]
    if cls == UNIT:
        return {ARMY: ARMY_PLACE, HENCH: HENCH_PLACE}.get(t.SUB[c], NOTHING)
    if cls == EQUIP:
        return EQUIP_ON
    if cls == SPELL and t.WHEN[c] & CAN_OUT:
        target = t.TARGET[c]
        if target == T_NONE:
            return CAST_FREE
        return CAST_ENEMY if target == T_ENEMY else CAST_OWN
    return NOTHING


_LAST: list[MoveTables] = []


def move_tables(t: Tables) -> MoveTables:
    """The :class:`MoveTables` of ``t`` (those of the last tables asked for are kept)."""
    if _LAST and _LAST[0].t is t:
        return _LAST[0]
    found = MoveTables(t)
    _LAST[:] = [found]
    return found


def hand_firsts(mt: MoveTables, hand: list[int]) -> tuple[list[int], list[Move]]:
    """The first copy of each card of ``hand`` in order (copies are interchangeable; the list
    may be ``hand`` itself: read it, never change it), and the ``sell`` moves of those that sell
    for Gold."""
    kinds = mt.t.KIND
    if not distinct(hand, kinds):
        hand = firsts(hand, kinds)
    sells = mt.sell_or_none
    out: list[Move] = []
    for c in hand:
        m = sells[c]
        if m is not None:
            out.append(m)
    return hand, out


def distinct(cards: list[int], kinds: tuple[int, ...]) -> bool:
    """Whether no two of ``cards`` are copies of one card."""
    return len({kinds[c] for c in cards}) == len(cards)


def firsts(cards: list[int], kinds: tuple[int, ...]) -> list[int]:
    """The first copy of each card in ``cards``, in order."""
    seen: set[int] = set()
    out = []
    for c in cards:
        k = kinds[c]
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


def market_buys(mt: MoveTables, gold: int, mgold: int, rows: list[list[int]]) -> tuple[Move, ...]:
    """The ``buy`` moves (with Gold, then with reward Gold) of each card of the market rows,
    first copies only, in the rows' order."""
    if len(rows) == 3:
        r0, r1, r2 = rows
        key: tuple[int, ...] = (len(r0), len(r1), *r0, *r1, *r2)
    else:
        key = (-1, *map(len, rows), *[c for row in rows for c in row])
    entry = mt.market.get(key)
    if entry is None:
        t = mt.t
        cost = t.COST
        cards = firsts([m for row in rows for m in row if m >= 0], t.KIND)
        entry = ([(cost[m], mt.buy[m], mt.buyr[m]) for m in cards], {})
        memo = mt.market
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = entry
    afford = entry[1]
    found = afford.get((gold, mgold))
    if found is None:
        out: list[Move] = []
        for c, buy, buyr in entry[0]:
            if c <= gold:
                out.append(buy)
            if c <= mgold:
                out.append(buyr)
        found = afford[gold, mgold] = tuple(out)
    return found


def attacks(mt: MoveTables, s: int, safe: list[bool]) -> list[Move]:
    """Seat ``s``'s ``attack`` moves: every other seat not protected (shared: never change it)."""
    key = (s, *safe)
    found = mt.attacks.get(key)
    if found is None:
        found = mt.attacks[key] = [mt.attack[o] for o in range(len(safe)) if o != s and not safe[o]]
    return found
