"""What a seat cannot see in Akhedena, for the hidden-information property
(``tests/engines/redeal.py``).

Army lists are secret, and so is where each card is (docs/rules/akhedena.md, "Hidden
information", reading 29). To another seat, a card not yet shown in battle shows only its back
(its main type): so, per seat and main type, its face-down Army cards on its pieces and its
reserve pile of that type are one group, and its two Infantry (two Cavalry) Commanders, while
both unshown, may stand on either piece of their kind. Nobody knows the order of a reserve pile,
its owner either. This helper moves the real cards among those places; that nothing a seat sees
depends on *which* cards a secret list holds is checked by the conformance test, whose
determinized copies deal every unseen card afresh from the catalogue (``Game.secret_decks``).
"""

from __future__ import annotations

from engines.akhedena import board as B
from engines.akhedena.state import State
from tests.engines.redeal import Groups, Slot


def hidden_groups(st: State, viewer: int | None) -> Groups:
    """The groups above, seat by seat."""
    groups: Groups = []
    main, public = st.deal.main, st.public
    for s in range(st.n):
        piles = st.reserve[s]
        if s == viewer:
            groups += [[(pile, i, c) for i, c in enumerate(pile)] for pile in piles]
            continue
        base = s * B.PIECES_PER_SEAT
        pieces = [p for p in range(base, base + B.PIECES_PER_SEAT) if st.pos[p] >= 0]
        for t, pile in enumerate(piles):
            group: list[Slot] = [(pile, i, c) for i, c in enumerate(pile)]
            for p in pieces:
                army = st.army[p]
                group += [
                    (army, i, c) for i, c in enumerate(army) if not public[c] and main[c] == t
                ]
            groups.append(group)
        for pair in ((B.INFANTRY_LEFT, B.INFANTRY_RIGHT), (B.CAVALRY_LEFT, B.CAVALRY_RIGHT)):
            hidden = [base + k for k in pair if base + k in pieces]
            hidden = [p for p in hidden if not public[st.leader[p]]]
            if len(hidden) == 2:
                groups.append([(st.leader, p, st.leader[p]) for p in hidden])
    return [g for g in groups if len(g) > 1]


def refresh(st: State) -> None:
    """Forget the legal actions listed for the cards as they were."""
    st.cache = None
