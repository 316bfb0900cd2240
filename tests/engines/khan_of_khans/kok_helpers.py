"""Helpers for the Khan of Khans tests: rigged decks and short scripted games."""

from __future__ import annotations

from engines.khan_of_khans import GAME
from engines.khan_of_khans.cards import CARD_OF_ID, DECK_SIZE, N_DECKS
from engines.khan_of_khans.state import State


def game(*khans: str, seed: int = 0) -> State:
    """A new game with the given Khans in seat order."""
    return GAME.new_game(seed, len(khans), list(khans))


def stack(st: State, *ids: str) -> None:
    """Put the named cards on top of their Location decks, first named = drawn first."""
    by_deck: dict[int, list[int]] = {}
    for cid in ids:
        c = CARD_OF_ID[cid]
        by_deck.setdefault(c // DECK_SIZE, []).append(c)
    for d, cards in by_deck.items():
        deck = st.decks[d]
        for c in cards:
            deck.remove(c)
        deck.extend(reversed(cards))


def play(st: State, *actions: str) -> list[dict]:
    """Apply the actions in turn (each for the seat to act); the events of the last one."""
    events: list[dict] = []
    for a in actions:
        events = GAME.apply(st, a)
    return events


def drain(st: State, keep: dict[int, int] | None = None) -> None:
    """Move cards from the decks' bottoms to the box, leaving ``keep[d]`` cards in deck d."""
    keep = keep or {}
    for d in range(N_DECKS):
        deck = st.decks[d]
        n = keep.get(d, 0)
        gone = deck[: len(deck) - n]
        del deck[: len(deck) - n]
        st.box.extend(gone)
        st.left -= len(gone)
        if not deck:
            st.mask &= ~(1 << d)


def zone(st: State, name: str) -> list[str]:
    """The card ids of one zone."""
    return GAME.zones(st)[name]
