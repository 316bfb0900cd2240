"""The state of the modes in play (kept on ``State.modes``; None when every mode is off).

Cards are the sets' ids (``modes/sets.py``). Piles: the top is the last element.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engines.arackhan_wars.modes import sets


@dataclass
class ModeState:
    """Piles, hands and points of the Strategy phase, Event and Objective modes."""

    strategy: int = 0
    events: int = 0
    objectives: int = 0
    """The version of each mode's card set in play (``data/<kind>-v<N>.csv``), 0 when off."""
    # -- Strategy phase (2v2)
    points: list[int] = field(default_factory=list)
    """seat -> Strategy points (AracKhan Wars tokens) it holds."""
    strategy_pile: list[int] = field(default_factory=list)
    strategy_discard: list[int] = field(default_factory=list)
    """The common discard pile, face up."""
    strategy_hand: list[int | None] = field(default_factory=list)
    """seat -> its one Strategy card in hand (hidden from every other seat), or None."""
    received: list[bool] = field(default_factory=list)
    """seat -> its Strategy card in hand is a Secret message its ally passed it."""
    in_play: list[tuple[int, int]] = field(default_factory=list)
    """(seat, card) of the Strategy cards played and not yet discarded (their effects last)."""
    # -- Event mode
    event_pile: list[int] = field(default_factory=list)
    event_discard: list[int] = field(default_factory=list)
    event: int | None = None
    """The Event card in force this round."""
    # -- Objective mode
    objective_pile: list[int] = field(default_factory=list)
    open_objectives: list[int] = field(default_factory=list)
    """The three face-up objectives, in display order."""
    completed: list[list[int]] = field(default_factory=list)
    """seat -> the objectives it completed."""
    claimed_round: list[int] = field(default_factory=list)
    """seat -> the last round in which it completed an objective (0: never)."""
    windows: set[tuple[int, int]] = field(default_factory=set)
    """(round, step) of the claim windows already held at the end of a turn (1.1.0)."""
    met_before: list[Any] | None = None
    """[seat, objectives it met] when its action began (1.2.0: what the action newly meets
    is offered after it); None between actions."""

    def copy(self) -> ModeState:
        return ModeState(
            strategy=self.strategy,
            events=self.events,
            objectives=self.objectives,
            points=self.points[:],
            strategy_pile=self.strategy_pile[:],
            strategy_discard=self.strategy_discard[:],
            strategy_hand=self.strategy_hand[:],
            received=self.received[:],
            in_play=self.in_play[:],
            event_pile=self.event_pile[:],
            event_discard=self.event_discard[:],
            event=self.event,
            objective_pile=self.objective_pile[:],
            open_objectives=self.open_objectives[:],
            completed=[c[:] for c in self.completed],
            claimed_round=self.claimed_round[:],
            windows=set(self.windows),
            met_before=copy.deepcopy(self.met_before),
        )

    def card(self, kind: str, cid: int) -> sets.ModeCard:
        """Card ``cid`` of the ``kind`` set this game plays."""
        return sets.card(kind, cid, getattr(self, kind))

    def aura_key(self) -> tuple[Any, ...]:
        """What the modes' auras depend on (the characteristics cache keys on it)."""
        return (self.event, tuple(self.in_play))

    def canonical(self) -> dict[str, Any]:
        """Everything, hidden cards included, as plain JSON."""
        out = copy.deepcopy(
            {
                k: v
                for k, v in self.__dict__.items()
                if k not in ("windows", "in_play") and not (k == "met_before" and v is None)
            }
        )
        out["in_play"] = [list(p) for p in self.in_play]
        out["windows"] = sorted(list(w) for w in self.windows)
        return out
