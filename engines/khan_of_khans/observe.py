"""What each seat may see (observation), card places (zones) and re-dealing hidden cards
(determinize)."""

from __future__ import annotations

import random
from typing import Any

from engines.khan_of_khans.cards import (
    CARD_IDS,
    KHAN_SLUGS,
    KIND,
    N_DECKS,
    ORIGIN,
    RAID,
    VALUE,
    hidden_id,
)
from engines.khan_of_khans.rules import ranking
from engines.khan_of_khans.state import PENDING_BLESSING, PENDING_IMPALA, State


def _hidden_from(st: State, owner: int, seat: int | None) -> bool:
    """True when ``owner``'s Raid! cards are face down for ``seat`` (Sable Nation)."""
    return owner == st.sable and seat != owner and not st.over


def _cards(st: State, cards: list[int], hide: bool) -> list[str]:
    if not hide:
        return [CARD_IDS[c] for c in cards]
    return [CARD_IDS[c] if st.pub[c] else hidden_id(c) for c in cards]


def _value(st: State, cards: list[int], hide: bool) -> int | None:
    if hide and any(not st.pub[c] for c in cards):
        return None
    return sum(VALUE[c] for c in cards)


def observation(st: State, seat: int | None) -> dict[str, Any]:
    """Public information plus ``seat``'s own secrets (its face-down Sable Herd)."""
    players = []
    for t in range(st.n):
        hide = _hidden_from(st, t, seat)
        herd = st.herd[t]
        players.append(
            {
                "khan": KHAN_SLUGS[st.khans[t]],
                "herd": _cards(st, herd, hide),
                "herd_value": _value(st, herd, hide),
                "champion": CARD_IDS[st.champ[t]] if st.champ[t] >= 0 else None,
                "corrals": [
                    {
                        "cards": _cards(st, cs, hide),
                        "sneaked": CARD_IDS[x] if x >= 0 else None,
                    }
                    for cs, x in zip(st.corrals[t], st.extra[t], strict=True)
                ],
                "open_corrals": st.tiles[t],
                "kept_blessings": [CARD_IDS[c] for c in st.kept[t]],
                "used_blessings": [CARD_IDS[c] for c in st.used[t]],
            }
        )
    pending: dict[str, Any] | None = None
    if st.pending == PENDING_BLESSING:
        pending = {"type": "blessing", "seat": st.to_act, "card": CARD_IDS[st.pend_card]}
    elif st.pending == PENDING_IMPALA:
        pending = {
            "type": "impala",
            "seat": st.to_act,
            "revealed": {str(d): CARD_IDS[st.decks[d][-1]] for d in st.revealed},
        }
    obs: dict[str, Any] = {
        "game": "khan-of-khans",
        "seat": seat,
        "n_seats": st.n,
        "khans": [KHAN_SLUGS[k] for k in st.khans],
        "first": st.first,
        "to_act": None if st.over else st.to_act,
        "turns": st.turns,
        "over": st.over,
        "pending": pending,
        "decks": [
            {"count": len(d), "top": CARD_IDS[d[-1]] if k and d else None}
            for d, k in zip(st.decks, st.top_known, strict=True)
        ],
        "cards_left": st.left,
        "impala_token": None if st.impala < 0 else ("coloured" if st.token else "brown"),
        "players": players,
        "box": [CARD_IDS[c] for c in st.box],
        "scores": None,
    }
    if st.over:
        ranks, keys = ranking(st)
        obs["scores"] = [k[0] for k in keys]
        obs["ranks"] = ranks
    return obs


def zones(st: State) -> dict[str, list[str]]:
    """Every card by place: decks (top first), Impala reveal, herds, corrals, Khan areas, box."""
    z: dict[str, list[str]] = {}
    revealed = set(st.revealed)
    z["impala"] = [CARD_IDS[st.decks[d][-1]] for d in st.revealed]
    for d in range(N_DECKS):
        deck = st.decks[d][:-1] if d in revealed else st.decks[d]
        z[f"deck:{d}"] = [CARD_IDS[c] for c in reversed(deck)]
    for s in range(st.n):
        herd = [CARD_IDS[c] for c in st.herd[s]]
        if st.champ[s] >= 0:
            herd.append(CARD_IDS[st.champ[s]])
        z[f"herd:{s}"] = herd
        for i, (cs, x) in enumerate(zip(st.corrals[s], st.extra[s], strict=True)):
            z[f"corral:{s}:{i}"] = [CARD_IDS[c] for c in cs] + ([CARD_IDS[x]] if x >= 0 else [])
        z[f"khan:{s}:kept"] = [CARD_IDS[c] for c in st.kept[s]]
        z[f"khan:{s}:used"] = [CARD_IDS[c] for c in st.used[s]]
    z["pending"] = [CARD_IDS[st.pend_card]] if st.pend_card >= 0 else []
    z["box"] = [CARD_IDS[c] for c in st.box]
    return z


def determinize(st: State, seat: int, rng: random.Random) -> State:
    """A copy where every card ``seat`` cannot see is re-dealt, and a fresh random generator.

    Unknown deck cards (all but a top card revealed by the Impala People) are shuffled together,
    per Location deck, with the face-down Sable Nation Raid! cards that came from that deck
    (only when ``seat`` is not the Sable Nation); the Sable slots get Raid! cards.
    """
    c = st.copy()
    c.rng = random.Random(rng.getrandbits(64))
    c.rng_shared = False
    c.rng_digest = None
    if st.over:
        return c
    slots: list[list[tuple[list[int], int]]] = [[] for _ in range(N_DECKS)]
    if c.sable >= 0 and seat != c.sable:
        for lst in [c.herd[c.sable], *c.corrals[c.sable]]:
            for i, card in enumerate(lst):
                if not c.pub[card]:
                    slots[ORIGIN[card]].append((lst, i))
    for d in range(N_DECKS):
        deck = c.decks[d]
        k = len(deck) - (1 if deck and c.top_known[d] else 0)
        pool = deck[:k]
        mine = slots[d]
        if mine:
            pool += [lst[i] for lst, i in mine]
            raids = [x for x in pool if KIND[x] == RAID]
            chosen = rng.sample(raids, len(mine))
            for (lst, i), card in zip(mine, chosen, strict=True):
                lst[i] = card
            taken = set(chosen)
            pool = [x for x in pool if x not in taken]
        rng.shuffle(pool)
        deck[:k] = pool
    return c
