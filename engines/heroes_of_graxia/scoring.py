"""Victory Points and the final ranking (rulebook "Ending and Winning the Game")."""

from __future__ import annotations

from engines.heroes_of_graxia.state import State


def _legion_cards(st: State, s: int) -> list[int]:
    eq = st.eq
    return [c for u in st.legion[s] for c in (u, eq[3 * u], eq[3 * u + 1], eq[3 * u + 2]) if c >= 0]


def counted_cards(st: State, s: int) -> list[int]:
    """The cards whose Trophy Value counts for seat ``s``: "his Loot Pile, Player Deck, Discard
    Pile, and Legion" (with its Equipment). Rules 1.0.0 also counted the hand and the cards in
    play in a combat (every card the seat owns)."""
    cards = st.loot[s] + st.deck[s] + st.disc[s] + _legion_cards(st, s)
    if not st.r.vp_without_hand:
        cards += st.hand[s] + st.played[s]
    return cards


def victory_points(st: State, s: int) -> int:
    """One Victory Point per Prestige Point and per point of Trophy Value in the seat's Loot
    Pile, Player Deck, Discard Pile and Legion."""
    trophy = st.t.TROPHY
    return st.prestige[s] + sum(trophy[c] for c in counted_cards(st, s))


def table_victory_points(st: State, s: int, choosing: bool = False) -> int:
    """The Victory Points everyone can see on the table: Prestige and the Trophy Value of the
    Loot Pile, Discard Pile and Legion (not the Player Deck, whose cards are hidden).
    ``choosing``: the seat is choosing its new hand out of sight from its Discard Pile, so the
    cards already taken count with the pile (which of them it took is not on the table)."""
    trophy = st.t.TROPHY
    cards = st.loot[s] + st.disc[s] + _legion_cards(st, s)
    if choosing:
        cards += st.hand[s]
    return st.prestige[s] + sum(trophy[c] for c in cards)


def ranking(st: State) -> tuple[list[int], list[tuple[int, int]]]:
    """Ranks (0 = first, ties share) by Victory Points, then Prestige; and each seat's key."""
    keys = [(victory_points(st, s), st.prestige[s]) for s in range(st.n)]
    ranks = [sum(1 for other in keys if other > mine) for mine in keys]
    return ranks, keys
