"""The turn clock of matches with people's seats (pure: no ORM, the caller passes the time).

A ladder or a tournament sets it among its options, ``{"clock": {"initial": 300, "increment":
10}}``: each person's seat starts with ``initial`` seconds and receives ``increment`` seconds
whenever its turn starts; time used on a turn is deducted when the seat acts, unused time is
kept. ``{"initial": 0, "increment": 30}`` is therefore "30 seconds per move" (plus whatever was
saved). A seat whose time runs out loses the match (a ``timeout`` forfeit). Bot seats have no
clock (a per-move time budget bounds them). The ``clock`` key never reaches the engine:
:func:`split_options` takes it out of the options before the engine sees them.

The running clock, as stored on the match (``Match.clock``)::

    {"initial": 300.0, "increment": 10.0, "remaining": [290.5, null, ...],  # null: a bot
     "seat": 0, "since": "2026-11-30T20:00:00+00:00"}  # whose time runs, since when
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

MAX_SECONDS = 7 * 24 * 3600.0  # a week: more is surely a typo


class BadClock(ValueError):
    """A clock setting that is not valid; the message names the field."""


def parse(spec: Any) -> dict[str, float] | None:
    """A validated clock setting (``None``: no clock). Raises :class:`BadClock`."""
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise BadClock('clock: give {"initial": seconds, "increment": seconds}')
    unknown = sorted(set(spec) - {"initial", "increment"})
    if unknown:
        raise BadClock(f"clock: unknown field(s) {', '.join(unknown)} (initial, increment)")
    out = {}
    for name in ("initial", "increment"):
        value = spec.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise BadClock(f"clock.{name}: a number of seconds, not {value!r}")
        if not 0 <= value <= MAX_SECONDS:
            raise BadClock(f"clock.{name}: between 0 and {MAX_SECONDS:.0f} seconds")
        out[name] = float(value)
    if out["initial"] + out["increment"] <= 0:
        raise BadClock("clock: initial or increment must be more than 0 seconds")
    return out


def duration_text(seconds: float) -> str:
    """A length of a turn clock as the site writes it: ``"45 s"``, ``"15 min"``, ``"1 min 30
    s"``, ``"2 h"``, ``"1 h 30 min"`` (whole seconds; a fraction only under a second)."""
    if 0 < seconds < 1:
        return f"{seconds:g} s"
    total = round(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [f"{hours} h" if hours else "", f"{minutes} min" if minutes else ""]
    parts.append(f"{secs} s" if secs or not (hours or minutes) else "")
    return " ".join(p for p in parts if p)


def label(setting: dict[str, Any] | None) -> str:
    """A turn clock in words, the one format of every page and script (the play page's clock
    says it too): ``"15 min + 30 s a turn"``; ``"30 s a turn"`` without time at the start;
    ``"15 min for the match"`` without time added a turn; ``""`` without a clock."""
    if not setting:
        return ""
    initial = float(setting.get("initial") or 0)
    increment = float(setting.get("increment") or 0)
    if initial <= 0 and increment <= 0:
        return ""
    if increment <= 0:
        return f"{duration_text(initial)} for the match"
    if initial <= 0:
        return f"{duration_text(increment)} a turn"
    return f"{duration_text(initial)} + {duration_text(increment)} a turn"


def split_options(options: dict[str, Any] | None) -> tuple[dict[str, Any] | None, Any]:
    """``(engine options, clock setting)``: the ``clock`` key is the platform's, not the
    engine's."""
    if not options or "clock" not in options:
        return options, None
    rest = {k: v for k, v in options.items() if k != "clock"}
    return rest or None, options["clock"]


def new_clock(setting: dict[str, float], people: list[bool]) -> dict[str, Any]:
    """A stopped clock: ``initial`` seconds for each person's seat (``people[seat]``)."""
    return {
        **setting,
        "remaining": [setting["initial"] if p else None for p in people],
        "seat": None,
        "since": None,
    }


def stop(clock: dict[str, Any], now: datetime) -> None:
    """Deduct the running turn's time from its seat (in place) and stop the clock."""
    seat = clock.get("seat")
    if seat is not None and clock.get("since"):
        used = (now - datetime.fromisoformat(clock["since"])).total_seconds()
        clock["remaining"][seat] = max(0.0, clock["remaining"][seat] - max(0.0, used))
    clock["seat"], clock["since"] = None, None


def start_turn(clock: dict[str, Any], seat: int | None, now: datetime) -> datetime | None:
    """Stop the last turn and start ``seat``'s (in place); returns its deadline (``None`` when
    no person's time runs: a bot's turn or the end)."""
    stop(clock, now)
    if seat is None or clock["remaining"][seat] is None:
        return None
    clock["remaining"][seat] += clock["increment"]
    clock["seat"], clock["since"] = seat, now.isoformat()
    return now + timedelta(seconds=clock["remaining"][seat])


def view(clock: dict[str, Any] | None, now: datetime) -> dict[str, Any] | None:
    """What players see: each seat's remaining seconds now, whose time runs, and the clock in
    words (:func:`label`)."""
    if not clock:
        return None
    remaining = list(clock["remaining"])
    seat = clock.get("seat")
    if seat is not None and clock.get("since"):
        used = (now - datetime.fromisoformat(clock["since"])).total_seconds()
        remaining[seat] = max(0.0, remaining[seat] - max(0.0, used))
    return {
        "initial": clock["initial"],
        "increment": clock["increment"],
        "label": label(clock),
        "remaining": [None if r is None else round(r, 1) for r in remaining],
        "running": seat,
    }
