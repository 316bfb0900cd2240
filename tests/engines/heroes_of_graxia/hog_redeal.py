"""What a seat cannot see in Heroes of Graxia, for the hidden-information property
(``tests/engines/redeal.py``).

Face down: each hand (to all but its owner) and the order of every deck (Player Decks, the
market decks, the Monster Deck but the Monsters known to lie at its bottom), and which Monsters
were left out of the Monster Deck at setup. Another seat's hand and Player Deck are one group
(their sizes are public, which card is where is not).
"""

from __future__ import annotations

from engines.heroes_of_graxia.state import State
from tests.engines.redeal import Groups


def hidden_groups(st: State, viewer: int | None) -> Groups:
    """Each other seat's hand with its Player Deck, ``viewer``'s own Player Deck, each market
    deck, and the unknown part of the Monster Deck with the Monsters left out."""
    groups: Groups = []
    for s in range(st.n):
        piles = [st.deck[s]] if s == viewer else [st.hand[s], st.deck[s]]
        groups.append([(pile, i, pile[i]) for pile in piles for i in range(len(pile))])
    groups += [[(deck, i, deck[i]) for i in range(len(deck))] for deck in st.mkt_deck]
    unknown = [(st.mon_deck, i, st.mon_deck[i]) for i in range(st.mon_known, len(st.mon_deck))]
    groups.append(unknown + [(st.mon_box, i, c) for i, c in enumerate(st.mon_box)])
    return [g for g in groups if len(g) > 1]


def refresh(st: State) -> None:
    """Forget the legal moves listed for the cards as they were."""
    st.moves = None
    st.mon_box.sort()
