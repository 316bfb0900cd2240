"""Victory Points and the final ranking (rulebook "Ending and Winning the Game")."""

from __future__ import annotations

from engines.heroes_of_graxia.state import State


def owned_cards(st: State, s: int) -> list[int]:
    """Every card seat ``s`` owns: Loot Pile, Player Deck, Discard Pile, hand, Legion (with its
    Equipment) and anything it has in play."""
    eq = st.eq
    legion = [
        c for u in st.legion[s] for c in (u, eq[3 * u], eq[3 * u + 1], eq[3 * u + 2]) if c >= 0
    ]
    return st.loot[s] + st.deck[s] + st.disc[s] + st.hand[s] + legion + st.played[s]


def victory_points(st: State, s: int) -> int:
    """One Victory Point per Prestige Point and per point of Trophy Value the seat owns."""
    trophy = st.t.TROPHY
    return st.prestige[s] + sum(trophy[c] for c in owned_cards(st, s))


def ranking(st: State) -> tuple[list[int], list[tuple[int, int]]]:
    """Ranks (0 = first, ties share) by Victory Points, then Prestige; and each seat's key."""
    keys = [(victory_points(st, s), st.prestige[s]) for s in range(st.n)]
    ranks = [sum(1 for other in keys if other > mine) for mine in keys]
    return ranks, keys
