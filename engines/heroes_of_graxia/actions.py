"""Actions: small tuples ``(op, a, b)`` inside the engine, short strings outside.

Cards in a hand, a Discard Pile, the market or the Monster row are named by their card's slug
(copies there are interchangeable; the engine takes the first copy it finds, in the order the
observation lists them): ``sell bone-sword``. Cards in a Legion are named by their card id,
because a Unit's wounds and Equipment make it unique: ``attach bone-sword alesana#2``.

=================================  ==============================================================
``end``                            end the turn (discard the hand, draw five)
``keep`` / ``redraw``              keep the new hand, or discard it and draw one card fewer
``sell <card>``                    discard a card from the hand for its Gold (not an action)
``buy <card>``                     buy a face-up market card with Gold (not an action)
``buy <card> reward-gold``         ... with the Gold a Monster gave this turn
``draw``                           draw a card (one action)
``place <unit>``                   put an Army or Henchman in the Legion (one action)
``attach <equipment> <unit id>``   attach Equipment from the hand (one action)
``swap <card> <card id>``          swap a Henchman or Equipment from the hand for its like in
                                   the Legion (one action)
``move <equipment id> <unit id>``  move attached Equipment to another Unit, swapping with one of
                                   its type there (one action)
``pickup <card id>``               return a card of the Legion to the hand (one action)
``cast <spell> [<unit id>]``       cast a Spell (out of combat: one action), at a Unit if it
                                   needs one
``heal``, then ``mend <unit id>``  heal wounds with Gold, one wound a Gold (one action), and
and ``done``                       ``done`` when finished
``fight <monster>``                attack a face-up Monster (one action, one attack a turn)
``attack <seat>``                  attack another player's Legion (one action, one attack a turn)
``hire <mercenary>``               play a Mercenary in a combat
``ready``                          done playing Mercenaries against a Monster (step 2 -> 3)
``resolve``                        done casting Spells against a Monster: the fight is resolved
``pass``                           play nothing now in a fight between Legions
``wound <unit id>``                put one wound on a Unit of your Legion
``lose <monster>``                 the Monster you give up (no Prestige to lose)
``take <card>``                    a card of the new hand, after the Hero was lost
=================================  ==============================================================
"""

from __future__ import annotations

from typing import Final

from engines.heroes_of_graxia.state import State

Move = tuple[int, int, int]

END: Final = 0
KEEP: Final = 1
REDRAW: Final = 2
SELL: Final = 3
BUY: Final = 4
BUYR: Final = 5
DRAW: Final = 6
PLACE: Final = 7
ATTACH: Final = 8
SWAP: Final = 9
MOVE: Final = 10
PICKUP: Final = 11
CAST: Final = 12
HEAL: Final = 13
MEND: Final = 14
DONE: Final = 15
FIGHT: Final = 16
ATTACK: Final = 17
HIRE_OP: Final = 18
READY: Final = 19
RESOLVE: Final = 20
PASS: Final = 21
WOUND: Final = 22
LOSE: Final = 23
TAKE: Final = 24

VERBS = (
    "end",
    "keep",
    "redraw",
    "sell",
    "buy",
    "buy",
    "draw",
    "place",
    "attach",
    "swap",
    "move",
    "pickup",
    "cast",
    "heal",
    "mend",
    "done",
    "fight",
    "attack",
    "hire",
    "ready",
    "resolve",
    "pass",
    "wound",
    "lose",
    "take",
)
REWARD_GOLD = "reward-gold"
_BARE = {"end": END, "keep": KEEP, "redraw": REDRAW, "draw": DRAW, "heal": HEAL, "done": DONE}
_BARE.update({"ready": READY, "resolve": RESOLVE, "pass": PASS})
# verb -> (op, where the first card is looked up, second argument kind)
_WITH_ARGS = {
    "sell": (SELL, "hand", ""),
    "place": (PLACE, "hand", ""),
    "attach": (ATTACH, "hand", "id"),
    "swap": (SWAP, "hand", "id"),
    "move": (MOVE, "id", "id"),
    "pickup": (PICKUP, "id", ""),
    "mend": (MEND, "id", ""),
    "fight": (FIGHT, "monsters", ""),
    "hire": (HIRE_OP, "hand", ""),
    "wound": (WOUND, "id", ""),
    "lose": (LOSE, "loot", ""),
    "take": (TAKE, "discard", ""),
}


def to_text(st: State, m: Move) -> str:
    """The action string of move ``m``."""
    op, a, b = m
    t = st.t
    if op in (
        SELL,
        BUY,
        PLACE,
        FIGHT,
        HIRE_OP,
        LOSE,
        TAKE,
    ):
        return f"{VERBS[op]} {t.SLUG[t.KIND[a]]}"
    if op == BUYR:
        return f"buy {t.SLUG[t.KIND[a]]} {REWARD_GOLD}"
    if op in (ATTACH, SWAP):
        return f"{VERBS[op]} {t.SLUG[t.KIND[a]]} {t.ID[b]}"
    if op == MOVE:
        return f"move {t.ID[a]} {t.ID[b]}"
    if op in (PICKUP, MEND, WOUND):
        return f"{VERBS[op]} {t.ID[a]}"
    if op == CAST:
        slug = t.SLUG[t.KIND[a]]
        return f"cast {slug} {t.ID[b]}" if b >= 0 else f"cast {slug}"
    if op == ATTACK:
        return f"attack {a}"
    return VERBS[op]


_TEXTS: list[tuple[object, dict[Move, str]]] = []
"""The tables of the last texts listed, with their memo (a move's text depends only on them)."""


def texts(st: State, moves: list[Move]) -> list[str]:
    """:func:`to_text` of each of ``moves`` (a move's text depends only on the catalogue's
    tables, so it is kept per tables: the protocol lists every legal action at every step)."""
    t = st.t
    if not _TEXTS or _TEXTS[0][0] is not t:
        _TEXTS[:] = [(t, {})]
    memo = _TEXTS[0][1]
    out: list[str] = []
    for m in moves:
        text = memo.get(m)
        if text is None:
            text = memo[m] = to_text(st, m)
        out.append(text)
    return out


def _first(cards: list[int], kind: int, kinds: tuple[int, ...], skip: int = -1) -> int:
    for c in cards:
        if c >= 0 and kinds[c] == kind and c != skip:
            return c
    return -1


def _lookup(st: State, seat: int, where: str, word: str) -> int:
    """The card number a word names in ``where`` (-1 when it names none)."""
    t = st.t
    if where == "id":
        return t.uid_of.get(word, -1)
    kind = t.kind_of_slug.get(word)
    if kind is None:
        return -1
    if where == "hand":
        return _first(st.hand[seat], kind, t.KIND)
    if where == "monsters":
        return _first(st.mon_row, kind, t.KIND)
    if where == "loot":
        return _first(st.loot[st.cur], kind, t.KIND)
    if where == "discard":
        return _first(st.disc[st.cur], kind, t.KIND, st.hero[st.cur])
    if where == "market":
        for row in st.mkt_row:
            c = _first(row, kind, t.KIND)
            if c >= 0:
                return c
    return -1


def parse(st: State, seat: int, action: str) -> Move | None:
    """The move an action string names for ``seat`` now, or None when it names none."""
    if not isinstance(action, str) or len(action) > 120:
        return None
    words = action.split(" ")
    verb = words[0]
    if verb in _BARE:
        return (_BARE[verb], -1, -1) if len(words) == 1 else None
    if verb == "buy":
        if len(words) == 2:
            op = BUY
        elif len(words) == 3 and words[2] == REWARD_GOLD:
            op = BUYR
        else:
            return None
        c = _lookup(st, seat, "market", words[1])
        return (op, c, -1) if c >= 0 else None
    if verb == "attack":
        if len(words) == 2 and words[1].isdigit() and len(words[1]) < 3:
            return (ATTACK, int(words[1]), -1)
        return None
    if verb == "cast":
        if len(words) not in (2, 3):
            return None
        c = _lookup(st, seat, "hand", words[1])
        target = _lookup(st, seat, "id", words[2]) if len(words) == 3 else -1
        if c < 0 or (len(words) == 3 and target < 0):
            return None
        return (CAST, c, target)
    spec = _WITH_ARGS.get(verb)
    if spec is None:
        return None
    op, where, second = spec
    if len(words) != (3 if second else 2):
        return None
    a = _lookup(st, seat, where, words[1])
    b = _lookup(st, seat, "id", words[2]) if second else -1
    if a < 0 or (second and b < 0):
        return None
    return (op, a, b)
