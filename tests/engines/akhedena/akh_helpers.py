"""Helpers for the Akhedena tests: army lists by card names and rigged board positions."""

from __future__ import annotations

import copy
from typing import Any

from engines.akhedena import GAME
from engines.akhedena import board as B
from engines.akhedena.catalogue import shipped_catalogue
from engines.akhedena.format import starter_armies
from engines.akhedena.state import EMPTY, State

CATALOGUE = shipped_catalogue()


def card_id(name: str) -> int:
    return CATALOGUE.named(name)[0].id


def army(reserve: list[str] | None = None, **pieces: tuple[str, str, str]) -> dict[str, Any]:
    """The first starter army list as 1.1.0 dealt it (the tests' fixed base list: 1.2.0 gave
    it an Axe Infantry) with some pieces' cards (and the reserve) replaced, e.g.
    ``army(hero=("Dawn Warlord", "Swordsmen", "Swordsmen"))``; slots use ``_`` for ``-``."""
    data = copy.deepcopy(starter_armies(retired=True)[0].data)
    for slot, names in pieces.items():
        data["pieces"][slot.replace("_", "-")] = {
            "card": card_id(names[0]),
            "army": [card_id(n) for n in names[1:]],
        }
    if reserve is not None:
        data["reserve"] = sorted(card_id(n) for n in reserve)
    return data


def game(*lists: dict[str, Any], n: int | None = None, seed: int = 0, cap: int = 100) -> State:
    """A new game between these army lists (default: the starter lists for ``n`` seats)."""
    options = None if cap == 100 else {"turn_cap": cap}
    if not lists:
        return GAME.new_game(seed, n or 2, None, options)
    return GAME.new_game(seed, len(lists), list(lists), options)


def piece(st: State, pid: str) -> int:
    """``"1:cavalry-left"`` -> the piece number."""
    seat, slot = pid.split(":")
    return int(seat) * B.PIECES_PER_SEAT + B.PIECE_SLOTS.index(slot)


def at(st: State, square: str) -> str | None:
    """The id of the piece on ``square`` (None: empty)."""
    p = st.board[B.BY_NAME[square]]
    if p < 0:
        return None
    return f"{p // B.PIECES_PER_SEAT}:{B.PIECE_SLOTS[p % B.PIECES_PER_SEAT]}"


def place(st: State, where: dict[str, str | None], clear: bool = False) -> State:
    """Move pieces to squares (``{"0:hero": "g5"}``); None takes a piece off the board (its
    cards to the discard pile). With ``clear`` every piece not named but the Heroes and Castles
    leaves the board first."""
    if clear:
        for p, sq in enumerate(st.pos):
            k = p % B.PIECES_PER_SEAT
            pid = f"{p // B.PIECES_PER_SEAT}:{B.PIECE_SLOTS[k]}"
            if sq >= 0 and pid not in where and k not in (B.HERO, B.CASTLE):
                where = {**where, pid: None}
    for pid in where:
        p = piece(st, pid)
        if st.pos[p] >= 0 and st.board[st.pos[p]] == p:
            st.board[st.pos[p]] = EMPTY
    for pid, square in where.items():
        p = piece(st, pid)
        if square is None:
            seat = p // B.PIECES_PER_SEAT
            st.discard[seat].extend([st.leader[p], *st.army[p]])
            for c in (st.leader[p], *st.army[p]):
                st.public[c] = 1
            st.army[p] = []
            st.pos[p] = -1
            continue
        sq = B.BY_NAME[square]
        assert st.board[sq] == EMPTY, f"{square} is taken"
        st.pos[p] = sq
        st.board[sq] = p
    st.cache = None
    return st


def cards_of(st: State, pid: str) -> list[str]:
    """The names of a piece's card and Army cards."""
    p = piece(st, pid)
    names = st.deal.cards
    return [names[st.leader[p]].name, *(names[c].name for c in st.army[p])]


def play(st: State, *actions: str) -> list[dict]:
    """Apply the actions in turn (each for the seat to act); the events of the last one."""
    events: list[dict] = []
    for action in actions:
        events = GAME.apply(st, action)
    return events


def give_crown(st: State, seat: int) -> State:
    """Hand the Crown to ``seat`` (it leaves the centre square)."""
    if st.crown == -1:
        st.board[B.CENTRE] = EMPTY
    st.crown = seat
    st.cache = None
    return st


def destinations(st: State, square: str) -> set[str]:
    """Squares the piece on ``square`` may move to now (with or without a battle)."""
    out = set()
    for action in GAME.legal_actions(st, st.to_act):
        parts = action.split()
        if parts[0] == "move" and parts[1] == square:
            out.add(parts[2])
    return out
