"""The whole state as JSON (canonical) and its cheap exact digest."""

from __future__ import annotations

import hashlib
import random
from array import array
from typing import Any

from engines.heroes_of_graxia.state import COMBAT_NAMES, PHASE_NAMES, State


def canonical(st: State) -> dict[str, Any]:
    """The whole state as JSON data (hidden cards and deck order included)."""
    ids = st.t.ID

    def names(cs: list[int]) -> list[str | None]:
        return [ids[c] if c >= 0 else None for c in cs]

    equipment = {ids[e]: ids[st.host[e]] for e in range(st.t.n) if st.host[e] >= 0}
    return {
        "n_seats": st.n,
        "catalogue": st.t.catalogue.version,
        "phase": PHASE_NAMES[st.phase],
        "to_act": st.to_act,
        "turn_of": st.cur,
        "first": st.first,
        "round": st.rounds,
        "turns": st.turns,
        "max_rounds": st.max_rounds,
        "over": st.over,
        "end_reason": st.end_reason,
        "actions_left": st.ap,
        "attacked": st.attacked,
        "gold": st.gold,
        "reward_gold": st.mgold,
        "gave_gold": sorted(ids[c] for c in st.gave),
        "mulligan": {"queue": st.mq, "redraws_left": st.mull, "started": st.started},
        "new_hand_to_take": st.pick,
        "players": [
            {
                "hero": ids[st.hero[s]],
                "deck": names(st.deck[s]),
                "hand": names(st.hand[s]),
                "discard": names(st.disc[s]),
                "legion": names(st.legion[s]),
                "loot": names(st.loot[s]),
                "in_play": names(st.played[s]),
                "prestige": st.prestige[s],
                "protected": st.safe[s],
                "spells_cast": st.cast[s],
                "spell_attack": st.catk[s],
                "spell_defense": st.cdef[s],
            }
            for s in range(st.n)
        ],
        "equipment": equipment,
        "wounds": {ids[u]: w for u, w in enumerate(st.wounds) if w},
        "doubled": {ids[u]: d for u, d in enumerate(st.doubled) if d},
        "market_decks": [names(d) for d in st.mkt_deck],
        "market_rows": [names(r) for r in st.mkt_row],
        "monster_deck": names(st.mon_deck),
        "monster_known": st.mon_known,
        "monsters": names(st.mon_row),
        "unused_monsters": names(st.mon_box),
        "box": names(st.box),
        "combat": {
            "mode": COMBAT_NAMES[st.cmode],
            "target": st.ctarget,
            "slot": st.cslot,
            "passes": st.passes,
            "wounds_to_place": st.pend,
            "fallen": st.fallen,
        },
        "rng": rng_hash(st),
    }


def hash_rng(rng: random.Random) -> str:
    """A short stable fingerprint of a random generator's whole state."""
    version, internal, gauss = rng.getstate()
    data = array("Q", internal).tobytes() + repr((version, gauss)).encode()
    return hashlib.sha256(data).hexdigest()[:16]


def rng_hash(st: State) -> str:
    """:func:`hash_rng` of the state's generator, cached until it draws again."""
    if st.rng_digest is None:
        st.rng_digest = hash_rng(st.rng)
    return st.rng_digest


def state_digest(st: State) -> str:
    """16 hex digits of BLAKE2b over a compact, exact spelling of the whole state.

    It covers the same facts as :func:`canonical` (card numbers stand for card ids) and is far
    cheaper, which matters because recorded matches take a digest after every action. Wounds,
    doubled values and Equipment are read from the Legions and the cards in play, the only
    cards that can carry them.
    """
    legions = []
    for s in range(st.n):
        for u in st.legion[s]:
            legions.append((u, st.wounds[u], st.doubled[u], st.eq[3 * u : 3 * u + 3]))
    data = repr(
        (
            st.deck,
            st.hand,
            st.disc,
            st.legion,
            st.loot,
            st.played,
            [st.doubled[c] for cs in st.played for c in cs],
            legions,
            st.hero,
            st.prestige,
            st.safe,
            st.cast,
            st.catk,
            st.cdef,
            st.mkt_deck,
            st.mkt_row,
            st.mon_deck,
            st.mon_row,
            st.mon_box,
            st.box,
            sorted(st.gave),
            st.fallen,
            st.mq,
            st.pend,
            (st.n, st.phase, st.to_act, st.cur, st.first, st.ap, st.attacked, st.gold),
            (st.mgold, st.mull, st.started, st.pick, st.cmode, st.ctarget, st.cslot, st.passes),
            (st.mon_known, st.rounds, st.turns, st.over, st.max_rounds, st.end_reason),
            rng_hash(st),
        )
    ).encode()
    return hashlib.blake2b(data, digest_size=8).hexdigest()
