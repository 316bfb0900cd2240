"""What each seat may see (observation), every card's place (zones) and re-dealing what a
seat cannot see (determinize); the whole state is in :mod:`canonical`.

Public: the market, the Monsters face up, every Legion (Equipment and wounds), Loot Pile and
Discard Pile, hand and deck sizes, the Monsters known to lie at the bottom of the Monster Deck.
Private: each hand (to its owner) and the order of every deck (to everyone); which Monsters
were left out of the Monster Deck at setup. Rules 1.1.0: while a seat chooses its new hand after
a lost Hero, its Discard Pile shows the others only its size; another seat's Victory Points are
those on the table (its Player Deck's Trophy Value is hidden) until the game is over.
"""

from __future__ import annotations

import random
from typing import Any

from engines.heroes_of_graxia.catalogue import NOTICE
from engines.heroes_of_graxia.flow import prestige_goal
from engines.heroes_of_graxia.legion import (
    attack_total,
    defense_total,
    doubled_bits,
    spells_allowed,
)
from engines.heroes_of_graxia.scoring import ranking, table_victory_points, victory_points
from engines.heroes_of_graxia.state import (
    COMBAT_NAMES,
    LOSING,
    MULLIGAN,
    PHASE_NAMES,
    PICK,
    State,
)
from engines.heroes_of_graxia.tables import MARKET_DECKS, Tables

SLOT_NAMES = ("Aura", "Armor", "Weapon")


def card_info(t: Tables, kind: int) -> dict[str, Any]:
    """What a card prints: its numbers and its Specials in words."""
    c = t.card_list[kind]
    info: dict[str, Any] = {
        "name": c.name,
        "classification": c.classification,
        "type": c.type,
        "race": c.race,
        "line": c.line,
        "cost": c.cost,
        "sell": c.sell,
        "trophy": c.trophy,
        "text": c.text,
        "starting_deck": c.banner,
    }
    if c.classification in ("Unit", "Hero", "Monster"):
        info["health"] = c.health
    if c.classification != "Spell":
        info["attack"] = c.attack
        if c.classification != "Monster":
            info["defense"] = c.defense
    if c.classification == "Spell":
        info["when"] = c.timing
    info["specials"] = [e.to_text() for e in c.specials]
    if c.classification == "Monster":
        info["reward"] = [e.to_text() for e in c.reward]
    return info


_INFO_CACHE: dict[int, tuple[Tables, list[dict[str, Any]]]] = {}


def _infos(t: Tables) -> list[dict[str, Any]]:
    """:func:`card_info` of every card of ``t`` (computed once per catalogue)."""
    found = _INFO_CACHE.get(id(t))
    if found is None or found[0] is not t:
        found = _INFO_CACHE[id(t)] = (t, [card_info(t, k) for k in range(len(t.card_list))])
    return found[1]


class _View:
    """Builds one observation, collecting the cards it shows for the ``cards`` lookup."""

    def __init__(self, st: State) -> None:
        self.st = st
        self.t = st.t
        self.kinds: set[int] = set()

    def card(self, c: int) -> dict[str, Any] | None:
        if c < 0:
            return None
        t = self.t
        k = t.KIND[c]
        self.kinds.add(k)
        return {"id": t.ID[c], "card": t.SLUG[k], "name": t.NAME[k]}

    def cards(self, cs: list[int]) -> list[dict[str, Any] | None]:
        return [self.card(c) for c in cs]

    def unit(self, u: int) -> dict[str, Any]:
        st, t = self.st, self.t
        out = self.card(u)
        assert out is not None
        out["health"] = t.HP[u]
        out["wounds"] = st.wounds[u]
        out["attack"] = t.ATK[u]
        out["defense"] = t.DEF[u]
        bits = doubled_bits(st, u)
        out["doubled"] = [w for bit, w in ((1, "attack"), (2, "defense")) if bits & bit]
        out["equipment"] = []
        for slot in range(3):
            e = st.eq[3 * u + slot]
            if e >= 0:
                piece = self.card(e)
                assert piece is not None
                piece["type"] = SLOT_NAMES[slot]
                piece["attack"] = t.ATK[e]
                piece["defense"] = t.DEF[e]
                out["equipment"].append(piece)
        return out


def observation(st: State, seat: int | None) -> dict[str, Any]:
    """Public information plus ``seat``'s own hand (``None``: a spectator)."""
    t = st.t
    v = _View(st)
    players = []
    picking = st.phase == PICK and st.r.hidden_new_hand
    for s in range(st.n):
        choosing = picking and s == st.cur and s != seat
        full_vp = st.over or s == seat or not st.r.vp_without_hand
        player: dict[str, Any] = {
            "seat": s,
            "hero": v.card(st.hero[s]),
            "hero_in_legion": st.hero[s] in st.legion[s],
            "legion": [v.unit(u) for u in st.legion[s]],
            "totals": {
                "attack_vs_monster": attack_total(st, s, True),
                "defense_vs_monster": defense_total(st, s, True),
                "attack_vs_legion": attack_total(st, s, False),
                "defense_vs_legion": defense_total(st, s, False),
            },
            "hand_count": len(st.hand[s]),
            "deck_count": len(st.deck[s]),
            "discard": [] if choosing else v.cards(st.disc[s]),
            "discard_count": len(st.disc[s]),
            "loot": v.cards(st.loot[s]),
            "prestige": st.prestige[s],
            "victory_points": (
                victory_points(st, s) if full_vp else table_victory_points(st, s, choosing)
            ),
            "victory_points_on_table_only": not full_vp,
            "protected": st.safe[s],
            "in_play": v.cards(st.played[s]),
        }
        if s == seat:
            player["hand"] = v.cards(st.hand[s])
        players.append(player)
    obs: dict[str, Any] = {
        "game": "heroes-of-graxia",
        "catalogue": t.catalogue.version,
        "notice": NOTICE,
        "seat": seat,
        "n_seats": st.n,
        "first": st.first,
        "round": st.rounds,
        "max_rounds": st.max_rounds,
        "turn_of": st.cur,
        "to_act": None if st.over else st.to_act,
        "phase": PHASE_NAMES[st.phase],
        "over": st.over,
        "actions_left": st.ap,
        "attacked_this_turn": st.attacked,
        "gold": st.gold,
        "reward_gold": st.mgold,
        "prestige_goal": prestige_goal(st.n),
        "monster_deck": {
            "count": len(st.mon_deck),
            "known_at_bottom": [v.card(c) for c in st.mon_deck[: st.mon_known]],
        },
        "monsters": v.cards(st.mon_row),
        "market": [
            {"deck": name, "count": len(st.mkt_deck[d]), "cards": v.cards(st.mkt_row[d])}
            for d, name in enumerate(MARKET_DECKS)
        ],
        "players": players,
        "box": v.cards(st.box),
        "unused_monsters": len(st.mon_box),
        "combat": _combat(st, v),
        "wounds_to_place": [{"seat": s, "wounds": w} for s, w, _ in st.pend],
        "decision": _decision(st),
        "end_reason": st.end_reason or None,
    }
    if st.over:
        ranks, keys = ranking(st)
        obs["ranks"] = ranks
        obs["scores"] = [k[0] for k in keys]
    infos = _infos(t)
    obs["cards"] = {t.SLUG[k]: dict(infos[k]) for k in sorted(v.kinds)}
    return obs


def _combat(st: State, v: _View) -> dict[str, Any] | None:
    if not st.cmode:
        return None
    p = st.cur
    sides = [p] if st.cmode == 1 else [p, st.ctarget]
    out: dict[str, Any] = {
        "against": COMBAT_NAMES[st.cmode],
        "attacker": p,
        "defender": st.ctarget if st.cmode == 2 else None,
        "monster": v.card(st.ctarget) if st.cmode == 1 else None,
        "passes_in_a_row": st.passes,
        "sides": [
            {
                "seat": s,
                "in_play": v.cards(st.played[s]),
                "spells_cast": st.cast[s],
                "spells_allowed": spells_allowed(st, s),
                "spell_attack": st.catk[s],
                "spell_defense": st.cdef[s],
            }
            for s in sides
        ],
    }
    return out


def _decision(st: State) -> dict[str, Any] | None:
    if st.over:
        return None
    if st.phase == MULLIGAN:
        return {"type": "mulligan", "seat": st.mq[0], "redraws_left": st.mull}
    if st.phase == PICK:
        return {"type": "new-hand", "seat": st.cur, "still_to_take": st.pick}
    if st.phase == LOSING:
        return {"type": "lose-monster", "seat": st.cur}
    return {"type": PHASE_NAMES[st.phase], "seat": st.to_act}


def zones(st: State) -> dict[str, list[str]]:
    """Every card by place (decks top first). Wound and Prestige Point cards are counted,
    not dealt, so they have no place here."""
    ids = st.t.ID
    z: dict[str, list[str]] = {}
    for s in range(st.n):
        z[f"deck:{s}"] = [ids[c] for c in reversed(st.deck[s])]
        z[f"hand:{s}"] = [ids[c] for c in st.hand[s]]
        z[f"discard:{s}"] = [ids[c] for c in st.disc[s]]
        legion = []
        for u in st.legion[s]:
            legion.append(ids[u])
            legion += [ids[e] for e in st.eq[3 * u : 3 * u + 3] if e >= 0]
        z[f"legion:{s}"] = legion
        z[f"loot:{s}"] = [ids[c] for c in st.loot[s]]
        z[f"in-play:{s}"] = [ids[c] for c in st.played[s]]
    for d, name in enumerate(MARKET_DECKS):
        key = name.lower()
        z[f"{key}-deck"] = [ids[c] for c in reversed(st.mkt_deck[d])]
        z[f"{key}-row"] = [ids[c] for c in st.mkt_row[d] if c >= 0]
    z["monster-deck"] = [ids[c] for c in reversed(st.mon_deck)]
    z["monsters"] = [ids[c] for c in st.mon_row if c >= 0]
    z["unused-monsters"] = [ids[c] for c in st.mon_box]
    z["box"] = [ids[c] for c in st.box]
    return z


def determinize(st: State, seat: int, rng: random.Random) -> State:
    """A copy where every card ``seat`` cannot see is re-dealt, with a fresh random generator:
    other hands and decks are shuffled together (same hand sizes), every deck's order is
    shuffled, and the Monster Deck's unknown part is re-dealt with the Monsters left out."""
    c = st.copy()
    c.rng = random.Random(rng.getrandbits(64))
    c.rng_shared = False
    c.rng_digest = None
    c.moves = None
    if st.over:
        return c
    picking = c.phase == PICK and c.r.hidden_new_hand
    for s in range(c.n):
        if s == seat:
            rng.shuffle(c.deck[s])
            continue
        if picking and s == c.cur:  # the new hand is chosen out of sight from the whole pile
            hero = c.hero[s]
            pool = [x for x in c.hand[s] if x != hero] + c.disc[s]
            rng.shuffle(pool)
            h = len(c.hand[s]) - 1
            c.hand[s] = [hero, *pool[:h]]
            c.disc[s] = pool[h:]
            continue
        pool = c.hand[s] + c.deck[s]
        rng.shuffle(pool)
        h = len(c.hand[s])
        c.hand[s] = pool[:h]
        c.deck[s] = pool[h:]
    for deck in c.mkt_deck:
        rng.shuffle(deck)
    known = c.mon_deck[: c.mon_known]
    unknown = len(c.mon_deck) - len(known)
    pool = c.mon_deck[c.mon_known :] + c.mon_box
    rng.shuffle(pool)
    c.mon_deck = known + pool[:unknown]
    c.mon_box = sorted(pool[unknown:])
    return c
