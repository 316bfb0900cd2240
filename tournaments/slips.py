"""The organiser entering a round's result slips in one submit (the results grid).

Each filled slip becomes its table's final result through the organiser's path (source
``organiser``, as :func:`tournaments.results.correct`), logged as ``slip_entered`` with the
table, the round, the result and the slip's reason ("from the slip" unless another is given).
Every bad slip is named ("table 4: the games won are 0–12, 0 to 9 each", "table 7: a bracket
match needs a winner") and nothing is saved unless every slip is good: one transaction. A table
played on the platform whose slip is entered stops its match, as a paper bot table does.

A slip's result is a result document (:mod:`tournaments.results`) as typed: ``{"wins": [a, b],
"draws": d}`` for two players, ``{"placings": [...]}`` for a pod (0 = first), where a value left
blank is None and one that is not a number stays the text typed, so the problem can be named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from tournaments.audit import log
from tournaments.errors import TournamentError, conflict, require_manager
from tournaments.models import Round, RoundState, State, Table, Tournament
from tournaments.results import MAX_GAMES, normalise
from tournaments.tables import DONE, abort_match, finalise

DEFAULT_REASON = "from the slip"


@dataclass(frozen=True)
class Slip:
    """One table's slip: its table (id), the result as typed, an optional reason."""

    table: int
    result: dict[str, Any]
    reason: str = ""


@dataclass(frozen=True)
class Entered:
    """What a submit saved: the tables (in number order) and whether their round closed."""

    tables: list[Table]
    round_closed: bool


class SlipsError(TournamentError):
    """Refused slips: ``problems`` names every bad one ("table 4: ..."), ``by_table`` gives
    each table's own (by table id). Nothing was saved."""

    def __init__(self, problems: list[str], by_table: dict[int, list[str]]):
        super().__init__("; ".join(problems), field="slips")
        self.problems = problems
        self.by_table = by_table


def waiting_tables(rnd: Round) -> list[Table]:
    """The round's tables still without a final result (byes have theirs), by number."""
    return list(rnd.tables.exclude(state__in=DONE).filter(bye=False).order_by("number"))


def _games(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_GAMES


def _shown(value: Any) -> str:
    return "?" if value is None else str(value)


def slip_problem(table: Table, result: dict[str, Any]) -> str | None:
    """What is wrong with a slip for ``table``, in words (None: nothing)."""
    n = len(table.entries)
    if n > 2:
        placings = result.get("placings")
        if not isinstance(placings, list) or len(placings) != n or None in placings:
            return "give every player's placing"
        if not all(isinstance(p, int) and 0 <= p < n for p in placings):
            return f"each placing is 1st to {ordinal(n)}"
        if min(placings) != 0:
            return "someone must place 1st"
        return None
    wins = result.get("wins")
    draws = result.get("draws")
    if not isinstance(wins, list) or len(wins) != 2 or None in wins:
        return "give the games won by both players"
    if not all(_games(w) for w in wins):
        return f"the games won are {_shown(wins[0])}–{_shown(wins[1])}, 0 to {MAX_GAMES} each"
    if draws is not None and not _games(draws):
        return f"the drawn games are {draws}, 0 to {MAX_GAMES}"
    if table.node is not None and wins[0] == wins[1]:
        return "a bracket match needs a winner"
    return None


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def enter(t: Tournament, by: Any, number: int, slips: Sequence[Slip]) -> Entered:
    """Make every slip its table's final result (round ``number``), or none of them."""
    require_manager(by, t)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if t.state != State.RUNNING:
            raise conflict("Result slips are entered while the event runs.")
        rnd = t.round_set.filter(number=number).first()
        if rnd is None:
            raise TournamentError(f"There is no round {number} in this event.", status=404)
        if not slips:
            raise TournamentError(
                "No slip filled in: enter the result of at least one table.", field="slips"
            )
        tables = {
            tb.pk: tb
            for tb in Table.objects.select_for_update(of=("self",))
            .filter(round=rnd, pk__in=[s.table for s in slips])
            .select_related("round")
        }
        problems: list[tuple[int, int | None, str]] = []
        good = []
        for slip in slips:
            table = tables.get(slip.table)
            if table is None:
                problems.append((0, None, f"a slip for a table that is not in round {number}"))
                continue
            problem = slip_problem(table, slip.result)
            if table.bye:
                problem = "a bye has no result to enter"
            elif table.state in DONE:
                problem = "its result is already final"
            result = None
            if problem is None:
                data = dict(slip.result)
                if "draws" in data and data["draws"] is None:
                    data["draws"] = 0
                try:
                    result = normalise(table, data, t)
                except TournamentError as exc:  # anything the words above did not catch
                    problem = exc.message[0].lower() + exc.message[1:].rstrip(".")
            if problem is not None:
                problems.append((table.number, table.pk, f"table {table.number}: {problem}"))
            else:
                good.append((table, result, (slip.reason or "").strip() or DEFAULT_REASON))
        if problems:
            problems.sort(key=lambda p: p[0])
            by_table: dict[int, list[str]] = {}
            for _, pk, text in problems:
                if pk is not None:
                    by_table.setdefault(pk, []).append(text)
            raise SlipsError([text for _, _, text in problems], by_table)
        good.sort(key=lambda g: g[0].number)
        for table, result, reason in good:
            log(
                t,
                by,
                "slip_entered",
                reason,
                table=table.pk,
                number=table.number,
                round=rnd.number,
                before={"state": table.state, "result": table.result, "source": table.source},
                result=result,
            )
            if table.match_id is not None:
                abort_match(table.match_id)
            finalise(table, result, "organiser")
        closed = Round.objects.get(pk=rnd.pk).state == RoundState.FINISHED
    return Entered([table for table, _, _ in good], closed)
