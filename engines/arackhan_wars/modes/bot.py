"""The heuristic bot's choices in the modes' steps: it completes every objective it may (their
points count like the battlefield's), places its cards towards the open objectives, plays a
Strategy card it can pay for, passes a Secret message to its ally at once, and swaps a held card
it cannot pay for next round."""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars.abilities import CREATURE, LAND, SPELL
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


def placement_bonus(st: Any, seat: int, ci: Any, where: str) -> float:
    """What placing card ``ci`` on ``where`` (a space or ``astral``) adds towards the open
    objectives ``seat`` may still complete: their points, weighted by how directly the
    placement serves the requirement."""
    m = st.modes
    if m.claimed_round[seat] == st.round:
        return 0.0
    bonus = 0.0
    for cid in m.open_objectives:
        card = m.card("objectives", cid)
        req = card.requires()
        if "spaces" in req and where in req["spaces"]:
            bonus += card.points * 0.8
        elif "cards" in req and where != "astral":
            f = req["cards"]
            fits = ci.kind in f.get("kinds", [CREATURE]) and ci.value >= f.get("min_value", 0)
            fits = fits and ci.value <= f.get("max_value", ci.value)
            if fits and (not f.get("attribute") or f["attribute"] in ci.attributes):
                bonus += card.points * 0.3
        elif "astral" in req and where == "astral" and ci.kind == SPELL:
            bonus += card.points * 0.3
        elif "value" in req and where != "astral" and ci.kind in (CREATURE, LAND):
            bonus += card.points * 0.05 * ci.value
    return bonus
