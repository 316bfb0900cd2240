"""What a seat cannot see in AracKhan Wars, for the hidden-information property
(``tests/engines/redeal.py``).

Face down: other seats' hands (an ally's too), every draw pile's order, and cards placed face
down until the reveal: their space or astral plane is public, the card is not, but a card face
down on an astral plane is an astral Spell and one on the battlefield is not. The instances
(``c17``) are public; what each one is (its card type) is what is re-dealt. With the modes on:
the Strategy cards in other hands (but a Secret message the viewer passed, or received) with
the Strategy pile, and the order of the Strategy, Event and Objective piles.
"""

from __future__ import annotations

from engines.arackhan_wars.info import info
from engines.arackhan_wars.modes.view import sees_strategy_card
from engines.arackhan_wars.state import State
from tests.engines.redeal import Groups, Slot


def _astral(card_type: int) -> bool:
    ci = info(card_type)
    return ci.kind == "spell" and bool(ci.astral)


def hidden_groups(st: State, viewer: int | None) -> Groups:
    """Per other seat: its face-down astral cards with the astral Spells in its hand and draw
    pile, its face-down battlefield cards with the other cards there, then its hand and draw
    pile together; ``viewer``'s own draw pile; the modes' piles and hidden Strategy cards."""
    if st.over:
        return []
    groups: Groups = []
    ctype = st.ctype
    for t in range(st.n):
        if t == viewer:
            groups.append([(ctype, i, ("c", i)) for i in st.draw[t]])
            continue
        down = [i for i in st.in_play() if st.owner[i] == t and not st.face_up[i]]
        loose = st.hand[t] + st.draw[t]
        for want in (True, False):
            slots = [i for i in down if (st.where[i] < 0) == want]
            if slots:
                slots += [i for i in loose if _astral(ctype[i]) == want]
                groups.append([(ctype, i, ("c", i)) for i in slots])
        groups.append([(ctype, i, ("c", i)) for i in loose])
    m = st.modes
    if m is not None:
        if m.strategy:
            hands = m.strategy_hand
            secret: list[Slot] = [
                (hands, s, ("s", hands[s]))
                for s in range(st.n)
                if hands[s] is not None and not sees_strategy_card(st, viewer, s)
            ]
            pile = m.strategy_pile
            groups.append(secret + [(pile, i, ("s", c)) for i, c in enumerate(pile)])
        groups.append([(m.event_pile, i, ("e", c)) for i, c in enumerate(m.event_pile)])
        groups.append([(m.objective_pile, i, ("o", c)) for i, c in enumerate(m.objective_pile)])
    return [g for g in groups if len(g) > 1]


def refresh(st: State) -> None:
    """Forget every characteristic and legal list derived from the card types as they were."""
    st.version += 1
    st._legal = None
    st._stats = None
