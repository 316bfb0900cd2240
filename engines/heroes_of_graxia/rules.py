"""Playing one move, then every step that needs no decision (:func:`settle`).

A move with no alternative is played at once: a forced wound, the mulligan after the third
hand. So the seat to act has a real choice between at least two legal moves, except in a
combat's hand steps: since 1.1.0 (``Rules.no_hidden_pass``) the seat makes its own pass,
``ready`` or ``resolve`` there even when it is its only move, since playing it for the seat
would tell the others that its hidden hand holds nothing to play (1.0.0 played it: a fight
with nothing left to cast, a pass with nothing in hand to play).
"""

from __future__ import annotations

from typing import Any, Final

from engines.heroes_of_graxia import combat, legal
from engines.heroes_of_graxia.actions import Move, texts
from engines.heroes_of_graxia.legion import add_wounds, eliminate, wound_targets
from engines.heroes_of_graxia.plays import play
from engines.heroes_of_graxia.state import CLASH, HIRE, SPELLS, WOUNDS, State

Events = list[dict[str, Any]] | None


def legal_moves(st: State) -> list[Move]:
    """The legal moves of the seat to act (cached on the state until the next move)."""
    moves = st.moves
    if moves is None:
        moves = st.moves = legal.moves(st)
    return moves


Offer = tuple[list[Move], list[str]]
"""The moves offered to the seat to act and their texts, in the order of ``legal_actions``."""


def offer(st: State, seat: int) -> Offer | None:
    """The legal moves of ``seat`` with their texts, or None when ``seat`` is not to act (the
    protocol's ``legal_actions`` in one compiled call)."""
    if st.over or seat != st.to_act:
        return None
    moves = legal_moves(st)
    return moves, texts(st, moves)


def play_offered(
    st: State, action: str, seat: int | None, offered: Offer | None
) -> list[dict[str, Any]] | None:
    """Play ``action`` for ``seat`` (None: the seat to act) when the game goes on, the seat is
    to act, the action is one of ``offered`` and those are still the legal moves now, returning
    its events; None (nothing played) otherwise, for the caller to check it."""
    if st.over or (seat is not None and seat != st.to_act):
        return None
    if offered is None or offered[0] is not st.moves:
        return None
    moves, words = offered
    for i, text in enumerate(words):
        if text == action:
            events: list[dict[str, Any]] = []
            step(st, moves[i], events)
            return events
    return None


def step(st: State, m: Move, events: Events) -> None:
    """Play move ``m`` (known to be legal), then :func:`settle`."""
    st.moves = None
    play(st, m, events)
    settle(st, events)


_HAND_STEPS: Final = (CLASH, HIRE, SPELLS)
"""Steps whose only move, a pass, says that the seat's hidden hand holds nothing to play."""


def settle(st: State, events: Events) -> None:
    """Play every forced step until a seat has a real decision (or the game is over); a pass
    that only the seat's hand forces is its own to make (:data:`_HAND_STEPS`)."""
    while not st.over:
        if st.phase == WOUNDS:
            if _auto_wounds(st, events):
                break
            if not st.pend:
                combat.after_wounds(st, events)
                continue
        moves = legal.moves(st)
        if len(moves) != 1 or (st.phase in _HAND_STEPS and st.r.no_hidden_pass):
            st.moves = moves
            return
        play(st, moves[0], events)
    st.moves = None


def _auto_wounds(st: State, events: Events) -> bool:
    """Place the wounds that leave no choice; True when a seat must choose where the next
    wound goes."""
    t = st.t
    pend = st.pend
    while pend:
        s, w, foe = pend[0]
        leg = st.legion[s]
        if w <= 0 or not leg:
            pend.pop(0)
            continue
        if w >= sum(t.HP[u] - st.wounds[u] for u in leg):
            hero = st.hero[s]
            for u in [u for u in leg if u != hero] + [u for u in leg if u == hero]:
                if events is not None:
                    events.append(
                        {
                            "type": "wounded",
                            "seat": s,
                            "card": t.ID[u],
                            "wounds": t.HP[u] - st.wounds[u],
                        }
                    )
                eliminate(st, s, u, foe, events)
            pend.pop(0)
            continue
        targets = wound_targets(st, s)
        if len(targets) == 1:
            add_wounds(st, s, targets[0], 1, foe, events)
            pend[0][1] -= 1
            continue
        st.to_act = s
        return True
    return False
