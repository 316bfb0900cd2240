"""Which settings of an event can still change, and why the others cannot.

A setting changes as long as changing it does not rewrite what already happened. Before
registration opens everything changes; then the game, format and team size are fixed. From
check-in on, and while the event runs, the rest stays open unless it already shaped the event:
points per result once a round is scored with them, round 1's seeding once it is paired, the
third-place match once the bracket exists, the number of Swiss or pod rounds once the top cut is
paired (and never below the round being played), the top cut once it is paired, the ladder and
the engine's options once a round's matches were set up with them... A finished or cancelled event
keeps everything but its name, description and who sees the decklists.

A round timer changed while a round runs applies to the rounds paired later: the running round
keeps its deadline (the organiser extends a table or calls time for that one).

:func:`fixed_reason` says why a field is fixed now (the edit form disables it with that line, and
:func:`tournaments.lifecycle.update` refuses a change of it with a 409 naming the field);
:func:`check_values` refuses values the event has outgrown (a capacity below its entrants).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tournaments.errors import TournamentError
from tournaments.models import EntryState, Format, Stage, State, Tournament

#: Changeable in every state, a finished or cancelled event included.
ALWAYS = frozenset({"name", "description", "decklists"})
#: Fixed once registration opens.
FORMAT = frozenset({"game", "format", "team_size"})

STARTED = "Fixed once the event has started."
SCORED = "Fixed once a round is paired: the results so far are scored with it."
SET_UP = "Fixed once a round is paired: its matches were set up with it."


def _paired(t: Tournament) -> bool:
    return t.current_round > 0


Rule = Callable[[Tournament], str | None]

#: From check-in on: each field's reason to be fixed now (None: it may change).
RULES: dict[str, Rule] = {
    "capacity": lambda t: None,
    "waitlist": lambda t: None,
    "registration_deadline": lambda t: None,
    "late_entry_until_round": lambda t: None,
    "round_minutes": lambda t: None,
    "time_called": lambda t: None,
    "match_timeout_minutes": lambda t: None,
    "auto_advance": lambda t: None,
    "paper_bot_tables": lambda t: None,
    "online_start": lambda t: None,  # for the tables paired from now on
    "pod_sizes": lambda t: None,  # the sizes of the pods paired from now on
    "check_in_minutes": lambda t: "Fixed once check-in is open.",
    "check_in_required": lambda t: (
        "Fixed once the event has started: players not checked in were dropped then."
        if t.state == State.RUNNING
        else None
    ),
    "starts_at": lambda t: STARTED if t.state == State.RUNNING else None,
    "time_zone": lambda t: STARTED if t.state == State.RUNNING else None,
    "double_round_robin": lambda t: (
        "Fixed once the event has started: its schedule was drawn from it."
        if t.state == State.RUNNING
        else None
    ),
    "late_entry_score": lambda t: (
        "Fixed once a round is paired: the rounds late entrants missed are scored with it."
        if _paired(t)
        else None
    ),
    "seeded_first_round": lambda t: (
        "Fixed once round 1 is paired: it was seeded (or not) with it." if _paired(t) else None
    ),
    "points_win": lambda t: SCORED if _paired(t) else None,
    "points_draw": lambda t: SCORED if _paired(t) else None,
    "points_loss": lambda t: SCORED if _paired(t) else None,
    "placing_points": lambda t: SCORED if _paired(t) else None,
    "ladder": lambda t: (
        "Fixed once a round is paired: its matches count for that ladder." if _paired(t) else None
    ),
    "options": lambda t: SET_UP if _paired(t) else None,
    "rounds": lambda t: (
        "Fixed once the top cut is paired: the Swiss rounds are over."
        if t.stage == Stage.CUT
        else None
    ),
    "top_cut": lambda t: "Fixed once the top cut is paired." if t.stage == Stage.CUT else None,
    "third_place": lambda t: "Fixed once the bracket is paired." if t.bracket is not None else None,
}


def fixed_reason(t: Tournament, field: str) -> str | None:
    """Why ``field`` of ``t`` cannot change now, in words starting "Fixed once" (None: it can)."""
    if field in ALWAYS or t.state == State.DRAFT:
        return None
    if t.state in (State.FINISHED, State.CANCELLED):
        return "Fixed once the event is over: only its name, description and decklists change then."
    if field in FORMAT:
        return "Fixed once registration is open."
    if t.state == State.REGISTRATION:
        return None
    rule = RULES.get(field)
    if rule is None:  # a setting this module does not know: safe only before the start
        return STARTED if t.state == State.RUNNING else None
    return rule(t)


def _refuse(field: str, message: str) -> TournamentError:
    return TournamentError(message, status=409, field=field)


def check_values(t: Tournament, changed: dict[str, Any]) -> None:
    """The changed values fit what already happened (from check-in on); a 409 naming the field
    otherwise. ``t`` holds the values before the change."""
    if t.state not in (State.CHECK_IN, State.RUNNING):
        return
    capacity = changed.get("capacity")
    if capacity is not None:
        active = t.entries.filter(state=EntryState.ACTIVE).count()
        if capacity < active:
            raise _refuse(
                "capacity",
                f"{active} {'entrant is' if active == 1 else 'entrants are'} in: the capacity "
                "cannot go below that.",
            )
    if t.state != State.RUNNING:
        return
    current = t.current_round
    late = changed.get("late_entry_until_round")
    if late and late < current:
        raise _refuse(
            "late_entry_until_round",
            f"Round {current} is paired already: late entry runs until round {current} or "
            "later (0: no more late entries).",
        )
    if "rounds" in changed and t.format in (Format.SWISS, Format.PODS):
        rounds = changed["rounds"]
        if rounds is None:
            raise _refuse(
                "rounds",
                f"The event runs with {t.main_rounds} rounds: give a number of rounds.",
            )
        if rounds < current:
            raise _refuse(
                "rounds",
                f"Round {current} is paired already: the event plays at least {current} rounds.",
            )
