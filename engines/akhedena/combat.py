"""Battle: a piece's attack and defence, melee and ranged combat, removing pieces and players.

A piece's attack (defence) is the sum of its Army cards' attack (defence), plus its own card's
(the Hero, Castle or Commander card) when every Army card on it has that card's weapon type.
Every card of both pieces in a battle is shown to everyone (``State.public``).
"""

from __future__ import annotations

from typing import Any

from engines.akhedena import board as B
from engines.akhedena.state import EMPTY, KIND, ON_BOARD, OWNER, RANGED, State

Events = list[dict[str, Any]] | None


def leader_counts(st: State, p: int) -> bool:
    """Whether piece ``p``'s own card counts: all its Army cards share the card's weapon."""
    wpn = st.deal.wpn
    w = wpn[st.leader[p]]
    return all(wpn[c] == w for c in st.army[p])


def attack(st: State, p: int) -> int:
    atk = st.deal.atk
    total = sum(atk[c] for c in st.army[p])
    return total + atk[st.leader[p]] if leader_counts(st, p) else total


def defence(st: State, p: int) -> int:
    dfn = st.deal.dfn
    total = sum(dfn[c] for c in st.army[p])
    return total + dfn[st.leader[p]] if leader_counts(st, p) else total


def shoots(st: State, p: int) -> bool:
    """Whether piece ``p`` makes ranged attacks: the Archer, or a Hero with a Ranged Army card."""
    k = KIND[p]
    if k == B.ARCHER:
        return True
    if k == B.HERO:
        main = st.deal.main
        return any(main[c] == RANGED for c in st.army[p])
    return False


def reveal(st: State, p: int) -> None:
    st.public[st.leader[p]] = 1
    for c in st.army[p]:
        st.public[c] = 1


def _names(st: State, p: int) -> dict[str, Any]:
    cards = st.deal.cards
    return {
        "seat": OWNER[p],
        "piece": B.PIECE_SLOTS[KIND[p]],
        "square": B.NAMES[st.pos[p]],
        "card": cards[st.leader[p]].name,
        "army": [cards[c].name for c in st.army[p]],
    }


def remove_piece(st: State, p: int, by: int, events: Events) -> None:
    """Take piece ``p`` off the board, its cards to its owner's discard pile (face up). Losing
    the Hero or the Castle eliminates its owner (``by`` is the seat that defeated it)."""
    seat = OWNER[p]
    sq = st.pos[p]
    if events is not None:
        events.append(
            {
                "type": "removed",
                "seat": seat,
                "piece": B.PIECE_SLOTS[KIND[p]],
                "square": B.NAMES[sq],
            }
        )
    st.board[sq] = EMPTY
    st.pos[p] = -1
    pile = st.discard[seat]
    for c in (st.leader[p], *st.army[p]):
        st.public[c] = 1
        pile.append(c)
    st.army[p] = []
    if KIND[p] in (B.HERO, B.CASTLE):
        eliminate(st, seat, by, "hero" if KIND[p] == B.HERO else "castle", events)


def eliminate(st: State, seat: int, by: int, how: str, events: Events) -> None:
    """``seat`` loses: its other pieces leave the board; a Crown it held passes to ``by``."""
    if not st.alive[seat]:
        return
    st.alive[seat] = False
    st.out.append((seat, by, how))
    base = seat * B.PIECES_PER_SEAT
    pile = st.discard[seat]
    for p in range(base, base + B.PIECES_PER_SEAT):
        sq = st.pos[p]
        if sq < 0:
            continue
        st.board[sq] = EMPTY
        st.pos[p] = -1
        for c in (st.leader[p], *st.army[p]):
            st.public[c] = 1
            pile.append(c)
        st.army[p] = []
    if st.crown == seat:
        st.crown = by
    if events is not None:
        events.append({"type": "eliminated", "seat": seat, "by": by, "how": how})
    if sum(st.alive) == 1:
        st.over = True
        st.end = how


def melee(st: State, a: int, d: int, events: Events) -> None:
    """Piece ``a`` (just moved next to ``d``) attacks ``d``; the defender holds on a tie and
    counterattacks; a counterattack equal to the attacker's defence is a draw."""
    reveal(st, a)
    reveal(st, d)
    att, dfn = attack(st, a), defence(st, d)
    info = None
    if events is not None:
        info = {
            "type": "melee",
            "attacker": _names(st, a),
            "defender": _names(st, d),
            "attack": att,
            "defence": dfn,
        }
        events.append(info)
    if att > dfn:
        if info is not None:
            info["outcome"] = "defender removed"
        remove_piece(st, d, OWNER[a], events)
        return
    counter, guard = attack(st, d), defence(st, a)
    if info is not None:
        info["counterattack"] = counter
        info["attacker_defence"] = guard
        info["outcome"] = (
            "attacker removed" if counter > guard else "draw" if counter == guard else "held"
        )
    if counter > guard:
        remove_piece(st, a, OWNER[d], events)


def _volley(st: State, a: int, d: int, events: Events) -> bool:
    """``a`` shoots ``d``: each of ``d``'s Army cards defends alone against ``a``'s attack and
    is discarded when lower. Returns whether ``d`` is still on the board."""
    power = attack(st, a)
    dfn = st.deal.dfn
    kept, lost = [], []
    for c in st.army[d]:
        (kept if dfn[c] >= power else lost).append(c)
    if events is not None:
        cards = st.deal.cards
        events.append(
            {
                "type": "volley",
                "attacker": _names(st, a),
                "defender": _names(st, d),
                "attack": power,
                "removed": [cards[c].name for c in lost],
            }
        )
    if not kept:
        remove_piece(st, d, OWNER[a], events)
        return False
    if lost:
        st.army[d] = kept
        st.discard[OWNER[d]].extend(lost)
    return True


def ranged(st: State, a: int, d: int, events: Events) -> None:
    """Ranged attack of ``a`` on ``d``; a ranged defender that keeps a card shoots back."""
    reveal(st, a)
    reveal(st, d)
    if _volley(st, a, d, events) and shoots(st, d):
        _volley(st, d, a, events)


def take_crown(st: State, seat: int, events: Events) -> None:
    if st.crown == ON_BOARD:
        st.board[B.CENTRE] = EMPTY
    st.crown = seat
    if events is not None:
        events.append({"type": "crown", "seat": seat})
