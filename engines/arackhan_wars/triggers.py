"""End-of-round triggers that card definitions name (``CardDef.end_of_round``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import CREATURE, FLIGHT
from engines.arackhan_wars.effects import card_info, compute
from engines.arackhan_wars.state import State
from engines.arackhan_wars.zones import destroy


def _small_fliers(st: State, card: int, events: list[Any] | None) -> None:
    if st.where[card] < 0:
        return
    stats = compute(st)
    doomed = []
    for s in board.ADJACENT[st.where[card]]:
        t = st.board[s]
        small = t >= 0 and card_info(st, t).kind == CREATURE and card_info(st, t).value <= 5
        if small and FLIGHT in stats.attrs[t]:
            doomed.append(t)
    for t in doomed:
        destroy(st, t)
        if events is not None:
            events.append({"type": "destroy", "card": f"c{t}", "why": "Ghost Metal Monolith"})


END_OF_ROUND: Final[dict[str, Callable[[State, int, list[Any] | None], None]]] = {
    "destroy_adjacent_small_fliers": _small_fliers,
}
