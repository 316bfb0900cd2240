"""What playing an action does: :func:`step` plays ``(op, a, b)`` (what an action string means,
see ``INFO`` in :mod:`engines.khan_of_khans.legal`, which lists what may be played), then the
scores, the ranking and the fast random playout.

Both the validated path (``apply``) and the fast path (``apply_fast``/playouts) go through
:func:`step`, the first with an event list, the second with ``None``.
"""

from __future__ import annotations

from typing import Any

from engines.khan_of_khans.cards import (
    BLESSING_COWS,
    CARD_IDS,
    CHAMPION,
    KIND,
    MAGIC,
    RAID,
    STAMPEDE,
    VALUE,
    hidden_id,
)
from engines.khan_of_khans.legal import (
    DECKS_OF_MASK,
    INFO,
    OP_BLESS,
    OP_CORRAL,
    OP_GIVE,
    OP_IMPALA,
    OP_KEEP,
    OP_RAID,
    OP_SNEAK,
    RANDOM_CARD,
    any_target,
    legal_list,
)
from engines.khan_of_khans.state import NO_PENDING, PENDING_BLESSING, PENDING_IMPALA, State


def _lose_highest(st: State, s: int) -> int:
    """Discard one highest-value Raid! card of ``s``'s Herd (the earliest gained); -1 if none."""
    herd = st.herd[s]
    if not herd:
        return -1
    bi = 0
    bv = VALUE[herd[0]]
    for i in range(1, len(herd)):
        v = VALUE[herd[i]]
        if v > bv:
            bi = i
            bv = v
    c = herd.pop(bi)
    st.box.append(c)
    return c


def _shown(st: State, s: int, c: int) -> str:
    """The id of card ``c`` in ``s``'s Herd as the table sees it."""
    if s == st.sable and not st.pub[c]:
        return hidden_id(c)
    return CARD_IDS[c]


def _ids(cards: list[int]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def _raid(st: State, s: int, d: int, ev: list | None) -> None:
    """Turn over the top card of Location deck ``d`` for seat ``s`` and resolve it."""
    deck = st.decks[d]
    c = deck.pop()
    known = st.top_known[d]
    st.top_known[d] = False
    st.left -= 1
    if not deck:
        st.mask &= ~(1 << d)
    kind = KIND[c]
    box = st.box
    if kind == RAID:
        st.herd[s].append(c)
        if s == st.sable:
            st.pub[c] = 1 if known else 0
        if ev is not None:
            shown = _shown(st, s, c)
            ev.append({"type": "raid", "seat": s, "deck": d, "card": shown, "kind": "raid"})
            if shown != CARD_IDS[c]:
                ev.append(
                    {
                        "type": "raid",
                        "seat": s,
                        "deck": d,
                        "card": CARD_IDS[c],
                        "kind": "raid",
                        "seen_by": [s],
                    }
                )
    elif kind == STAMPEDE:
        lost = _lose_highest(st, s)
        box.append(c)
        if ev is not None:
            ev.append(
                {
                    "type": "stampede",
                    "seat": s,
                    "deck": d,
                    "card": CARD_IDS[c],
                    "lost": CARD_IDS[lost] if lost >= 0 else None,
                }
            )
    elif kind == MAGIC:
        champ = st.champ[s]
        if champ >= 0:
            box.append(champ)
            st.champ[s] = -1
            lost = []
        else:
            lost = st.herd[s]
            box.extend(lost)
            st.herd[s] = []
        box.append(c)
        if ev is not None:
            ev.append(
                {
                    "type": "enemy-magic",
                    "seat": s,
                    "deck": d,
                    "card": CARD_IDS[c],
                    "champion": CARD_IDS[champ] if champ >= 0 else None,
                    "lost": _ids(lost),
                }
            )
    elif kind == CHAMPION:
        champ = st.champ[s]
        if champ < 0:
            st.champ[s] = c
            if ev is not None:
                ev.append({"type": "champion", "seat": s, "deck": d, "card": CARD_IDS[c]})
        else:
            box.append(champ)
            box.append(c)
            st.champ[s] = -1
            if s == st.bison:
                one = _lose_highest(st, s)
                lost = [one] if one >= 0 else []
            else:
                lost = st.herd[s]
                box.extend(lost)
                st.herd[s] = []
            if ev is not None:
                ev.append(
                    {
                        "type": "champion-fight",
                        "seat": s,
                        "deck": d,
                        "card": CARD_IDS[c],
                        "champion": CARD_IDS[champ],
                        "lost": _ids(lost),
                    }
                )
    else:  # BLESSING
        if ev is not None:
            ev.append({"type": "blessing", "seat": s, "deck": d, "card": CARD_IDS[c]})
        if any_target(st, s):
            st.pending = PENDING_BLESSING
            st.pend_card = c
        else:
            st.kept[s].append(c)
            if ev is not None:
                ev.append({"type": "keep", "seat": s, "card": CARD_IDS[c], "forced": True})


def _steal(st: State, s: int, t: int, v: int, blessing: int, ev: list | None) -> None:
    """``s`` gives ``blessing`` (now used) to ``t`` and takes a Raid! card from ``t``'s Herd."""
    st.used[t].append(blessing)
    herd = st.herd[t]
    if v == RANDOM_CARD:
        i = st.own_rng().randrange(len(herd))
    else:
        i = 0
        while VALUE[herd[i]] != v:
            i += 1
    c = herd.pop(i)
    st.herd[s].append(c)
    if s == st.sable:
        st.pub[c] = 1
    if ev is not None:
        ev.append(
            {
                "type": "steal",
                "seat": s,
                "from": t,
                "card": CARD_IDS[c],
                "blessing": CARD_IDS[blessing],
            }
        )


def step(st: State, op: int, a: Any, b: int, ev: list | None) -> None:
    """Play the decoded action ``(op, a, b)`` for the seat to act (assumed legal)."""
    s = st.to_act
    if op == OP_RAID:
        _raid(st, s, a, ev)
    elif op == OP_CORRAL:
        cards = st.herd[s]
        st.herd[s] = []
        st.tiles[s] -= 1
        st.corrals[s].append(cards)
        st.extra[s].append(-1)
        champ = st.champ[s]
        if champ >= 0:
            st.box.append(champ)
            st.champ[s] = -1
        if s == st.impala:
            st.token = True
        if ev is not None:
            shown = [_shown(st, s, c) for c in cards]
            e = {
                "type": "corral",
                "seat": s,
                "corral": len(st.corrals[s]) - 1,
                "cards": shown,
                "champion": CARD_IDS[champ] if champ >= 0 else None,
            }
            ev.append(e)
            if s == st.sable:
                ev.append({**e, "cards": _ids(cards), "seen_by": [s]})
    elif op == OP_BLESS:
        _steal(st, s, a, b, st.kept[s].pop(0), ev)
    elif op == OP_SNEAK:
        herd = st.herd[s]
        i = 0
        while VALUE[herd[i]] != b:
            i += 1
        c = herd.pop(i)
        extra = st.extra[s]
        j = extra.index(-1)
        extra[j] = c
        if ev is not None:
            ev.append({"type": "sneak", "seat": s, "corral": j, "card": CARD_IDS[c]})
    elif op == OP_IMPALA:
        st.revealed = list(a)
        st.token = False
        st.pending = PENDING_IMPALA
        for d in a:
            st.top_known[d] = True
        if ev is not None:
            ev.append(
                {
                    "type": "impala-reveal",
                    "seat": s,
                    "cards": {str(d): CARD_IDS[st.decks[d][-1]] for d in a},
                }
            )
        return
    elif op == OP_KEEP:
        st.kept[s].append(st.pend_card)
        st.pend_card = -1
        st.pending = NO_PENDING
        if ev is not None:
            ev.append({"type": "keep", "seat": s, "card": CARD_IDS[st.kept[s][-1]]})
    elif op == OP_GIVE:
        c = st.pend_card
        st.pend_card = -1
        st.pending = NO_PENDING
        _steal(st, s, a, b, c, ev)
    else:  # OP_CHOOSE
        st.revealed = []
        st.pending = NO_PENDING
        _raid(st, s, a, ev)
    if st.pending:
        return
    st.turns += 1
    if st.left == 0:
        st.over = True
        if ev is not None:
            ev.append({"type": "game-over", "scores": [score(st, i) for i in range(st.n)]})
    else:
        st.to_act = s + 1 if s + 1 < st.n else 0


def score(st: State, s: int) -> int:
    """Cows in ``s``'s Corrals (sneaked cards included) and Herd, plus 20 per Blessing held."""
    total = sum(VALUE[c] for cs in st.corrals[s] for c in cs)
    total += sum(VALUE[c] for c in st.extra[s] if c >= 0)
    total += sum(VALUE[c] for c in st.herd[s])
    return total + BLESSING_COWS * (len(st.kept[s]) + len(st.used[s]))


def blessings(st: State, s: int) -> int:
    """Waha's Blessings ``s`` holds (kept and used)."""
    return len(st.kept[s]) + len(st.used[s])


def raid_cards(st: State, s: int) -> int:
    """Individual Raid! cards ``s`` owns (Corrals, sneaked cards and Herd)."""
    return (
        sum(len(cs) for cs in st.corrals[s])
        + sum(1 for c in st.extra[s] if c >= 0)
        + len(st.herd[s])
    )


def ranking(st: State) -> tuple[list[int], list[tuple[int, int, int]]]:
    """Competition ranks by (score, Blessings, Raid! cards); equal keys share a rank."""
    keys = [(score(st, s), blessings(st, s), raid_cards(st, s)) for s in range(st.n)]
    ranks = [sum(1 for k in keys if k > keys[s]) for s in range(st.n)]
    return ranks, keys


def playout(st: State, rng: Any) -> None:
    """Random legal actions to the end; the same choices as ``rng.choice(legal_list(st))``.

    ``rng.choice(seq)`` is ``seq[rng._randbelow(len(seq))]``; the common turn (only raids, and
    perhaps ``corral``, are legal) is decoded from that index without building the list.
    """
    randbelow = getattr(rng, "_randbelow", None)
    if randbelow is None:  # pragma: no cover - a generator without CPython's internals
        while not st.over:
            op, a, b = INFO[rng.choice(legal_list(st))]
            step(st, op, a, b, None)
        return
    info = INFO
    decks_of = DECKS_OF_MASK
    herds = st.herd
    while not st.over:
        s = st.to_act
        herd = herds[s]
        if (
            st.pending
            or st.kept[s]
            or (s == st.impala and st.token)
            or (s == st.llama and herd and -1 in st.extra[s])
        ):
            acts = legal_list(st)
            op, a, b = info[acts[randbelow(len(acts))]]
            step(st, op, a, b, None)
            continue
        ds = decks_of[st.mask]
        nr = len(ds)
        if herd and st.tiles[s]:
            i = randbelow(nr + 1)
            if i == nr:
                step(st, OP_CORRAL, 0, 0, None)
                continue
        else:
            i = randbelow(nr)
        _raid(st, s, ds[i], None)
        if st.pending:
            continue
        st.turns += 1
        if st.left == 0:
            st.over = True
        else:
            st.to_act = s + 1 if s + 1 < st.n else 0
