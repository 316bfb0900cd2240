"""The heuristic bot's choices in the modes' steps: it completes every objective it may (their
points count like the battlefield's), plays a Strategy card it can pay for, passes a Secret
message to its ally at once, and swaps a held card it cannot pay for this round."""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars.modes import sets, strategy


def choose(st: Any, seat: int, legal: list[str]) -> str:
    """The bot's action in a Strategy phase step or a claim window."""
    for action in legal:
        if action.startswith("claim "):
            return action
    if strategy.PLAY in legal:
        return strategy.PLAY
    if strategy.PASS in legal:
        return strategy.PASS
    if strategy.HOLD in legal:
        m = st.modes
        held = st.modes.card("strategy", m.strategy_hand[seat])
        mine = held.type == sets.BLITZ or m.received[seat]
        # next round brings one more point: keep what it can then afford
        return strategy.HOLD if mine and held.cost <= m.points[seat] + 1 else strategy.REDRAW
    return legal[-1]  # keep, or decline
