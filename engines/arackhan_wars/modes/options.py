"""The modes as engine options, checked against the rulebook's mode compatibility table."""

from __future__ import annotations

from typing import Any

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


def chosen_modes(mode: str, options: dict[str, Any]) -> dict[str, bool]:
    """The modes switched on in ``options`` (popped from it) for game mode ``mode``; raises
    :class:`BadSetup` naming the option for a non-boolean or one the table forbids."""
    out = {}
    for name in MODE_OPTIONS:
        value = options.pop(name, False)
        if not isinstance(value, bool):
            raise BadSetup(f"option {name} is true or false, not {value!r}")
        if value and mode not in COMPATIBLE[name]:
            raise BadSetup(
                f"{LABELS[name]} is not played in {mode} (the rulebook's mode compatibility "
                f"table: {', '.join(COMPATIBLE[name])} only)"
            )
        out[name] = value
    return out
