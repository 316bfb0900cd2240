"""The modes as engine options, checked against the rulebook's mode compatibility table."""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars.modes.sets import shipped_numbers
from engines.base import BadSetup

MODE_OPTIONS = ("strategy", "events", "objectives")
"""``strategy``: the 2v2 Strategy phase; ``events``: Event mode; ``objectives``: Objective mode."""

COMPATIBLE: dict[str, tuple[str, ...]] = {
    "strategy": ("2v2",),
    "objectives": ("1v1", "free-for-all"),
    "events": ("1v1", "free-for-all", "2v2"),
}
"""The rulebook's table: Strategy cards in 2v2 only, Objective cards in 1v1 and free-for-all,
Event cards in every mode."""

LABELS = {"strategy": "Strategy phase", "events": "Event mode", "objectives": "Objective mode"}


def chosen_modes(mode: str, options: dict[str, Any]) -> dict[str, int]:
    """The card set version of each mode in ``options`` (popped from it; 0: off) for game mode
    ``mode``. An option is false, true (version 1, the starter set) or a shipped version's
    number; raises :class:`BadSetup` naming the option otherwise, or where the table forbids
    the mode."""
    out = {}
    for name in MODE_OPTIONS:
        value = options.pop(name, False)
        if isinstance(value, bool):
            value = int(value)
        elif not isinstance(value, int) or value not in shipped_numbers(name):
            known = ", ".join(map(str, shipped_numbers(name)))
            raise BadSetup(
                f"option {name} is true, false or a {name} set version ({known}), not {value!r}"
            )
        if value and mode not in COMPATIBLE[name]:
            raise BadSetup(
                f"{LABELS[name]} is not played in {mode} (the rulebook's mode compatibility "
                f"table: {', '.join(COMPATIBLE[name])} only)"
            )
        out[name] = value
    return out
