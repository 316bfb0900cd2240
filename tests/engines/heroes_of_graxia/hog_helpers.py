"""Building Heroes of Graxia situations for rule tests: fetch cards by name into a hand, a
Legion or a deck, set the Monster row, skip the mulligans, play a seat's own forced pass.

Rule tests play with ``GAME``, an engine on the pinned catalogue ``rules-cards.csv`` (the
shipped catalogue's first draft), so that retuning the shipped numbers never moves them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.heroes_of_graxia import HeroesOfGraxia
from engines.heroes_of_graxia.catalogue import parse_catalogue
from engines.heroes_of_graxia.rules import settle
from engines.heroes_of_graxia.state import CLASH, HIRE, MAIN, MULLIGAN, SPELLS, State

RULES_CATALOGUE = parse_catalogue(
    (Path(__file__).parent / "rules-cards.csv").read_text(encoding="utf-8"), version="rules"
)
GAME = HeroesOfGraxia(RULES_CATALOGUE)
T = GAME.tables

OWN_PASS = {CLASH: "pass", HIRE: "ready", SPELLS: "resolve"}
"""The hand steps of a combat and the move that ends a seat's part in each: since 1.1.0 the
seat makes it itself even when its hidden hand leaves it nothing else (1.0.0 made it for it)."""


def uid(card_id: str) -> int:
    return T.uid_of[card_id]


def cid(u: int) -> str:
    return T.ID[u]


def kind(slug: str) -> int:
    return T.kind_of_slug[slug]


def _places(st: State) -> list[list[int]]:
    lists: list[list[int]] = []
    for s in range(st.n):
        lists += [st.deck[s], st.hand[s], st.disc[s], st.legion[s], st.loot[s], st.played[s]]
    lists += [*st.mkt_deck, st.mon_deck, st.mon_box, st.box]
    return lists


def take_out(st: State, u: int) -> None:
    """Remove card ``u`` from wherever it is (a face-up slot is refilled with -1)."""
    if st.host[u] >= 0:
        host = st.host[u]
        st.eq[3 * host + T.SUB[u]] = -1
        st.host[u] = -1
    for slot in range(3):
        e = st.eq[3 * u + slot]
        if e >= 0:
            st.eq[3 * u + slot] = -1
            st.host[e] = -1
            st.disc[0].append(e)
    for lst in _places(st):
        if u in lst:
            lst.remove(u)
            return
    for row in [*st.mkt_row, st.mon_row]:
        if u in row:
            row[row.index(u)] = -1
            return
    raise AssertionError(f"{cid(u)} is nowhere")


def free_copy(st: State, slug: str) -> int:
    """A copy of card ``slug`` from a market deck, the box or the unused Monsters (else any
    copy outside hands and Legions)."""
    k = kind(slug)
    pools = [*st.mkt_deck, st.box, st.mon_box, st.mon_deck, st.mon_row, *st.mkt_row]
    for pool in pools:
        for u in pool:
            if u >= 0 and T.KIND[u] == k:
                return u
    for s in range(st.n):
        for pool in (st.deck[s], st.disc[s]):
            for u in pool:
                if T.KIND[u] == k:
                    return u
    raise AssertionError(f"no free copy of {slug}")


def give(st: State, seat: int, slug: str, where: str = "hand") -> int:
    """Move a free copy of ``slug`` to seat's ``hand``, ``legion``, ``discard`` or ``deck``
    (on top); returns its card number."""
    u = free_copy(st, slug)
    take_out(st, u)
    {"hand": st.hand, "legion": st.legion, "discard": st.disc, "deck": st.deck, "loot": st.loot}[
        where
    ][seat].append(u)
    st.moves = None
    return u


def equip(st: State, slug: str, unit: int) -> int:
    """Attach a free copy of Equipment ``slug`` to ``unit``."""
    e = free_copy(st, slug)
    take_out(st, e)
    st.eq[3 * unit + T.SUB[e]] = e
    st.host[e] = unit
    st.moves = None
    return e


def empty_hand(st: State, seat: int) -> None:
    st.disc[seat].extend(st.hand[seat])
    st.hand[seat].clear()
    st.moves = None


def set_monsters(st: State, slugs: list[str]) -> list[int]:
    """The four face-up Monsters (the ones there go back into the Monster Deck's bottom)."""
    for m in st.mon_row:
        if m >= 0:
            st.mon_deck.insert(0, m)
    st.mon_row = [-1, -1, -1, -1]
    out = []
    for i, slug in enumerate(slugs):
        m = free_copy(st, slug)
        take_out(st, m)
        st.mon_row[i] = m
        out.append(m)
    for i in range(len(slugs), 4):
        st.mon_row[i] = st.mon_deck.pop()
    st.mon_known = 0
    st.moves = None
    return out


def started(
    n: int = 2,
    seed: int = 0,
    heroes: list[str] | None = None,
    version: str = GAME.version,
    **options: Any,
) -> State:
    """A game of rules ``version`` past its setup mulligans (every hand kept) where seat 0 plays
    first (the first seed from ``seed`` on that makes seat 0 the first player)."""
    game = GAME.at_version(version)
    while True:
        st = game.new_game(seed, n, heroes, options or None)
        if st.first == 0:
            break
        seed += 1
    while st.phase == MULLIGAN:
        GAME.apply(st, "keep")
    assert st.phase == MAIN and st.cur == 0
    return st


def refresh(st: State) -> None:
    """Recompute what is forced after editing a state by hand."""
    st.moves = None
    settle(st, None)


def act(st: State, *actions: str) -> list[dict[str, Any]]:
    """Apply actions in turn (each by the seat to act); returns the events of the last."""
    events: list[dict[str, Any]] = []
    for action in actions:
        events = GAME.apply(st, action)
    return events


def pass_own(st: State) -> list[dict[str, Any]]:
    """Play, for whoever is asked, each hand step's pass, ``ready`` or ``resolve`` while it is
    that seat's only move (what 1.0.0 played for the seat); returns the events of them all."""
    events: list[dict[str, Any]] = []
    while not st.over and st.phase in OWN_PASS and legal(st) == [OWN_PASS[st.phase]]:
        events += GAME.apply(st, OWN_PASS[st.phase])
    return events


def legal(st: State) -> list[str]:
    return GAME.legal_actions(st, st.to_act)


def names(cards: list[int]) -> list[str]:
    return [T.NAME[T.KIND[c]] for c in cards]
