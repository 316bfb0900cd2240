"""The organiser's round pages: the running round's pairings changed before its results are in
(two players swapped, the tables seated by hand; a change that makes rematches is confirmed
first), and the results grid (every table still without a final result, its slip entered in
one submit, all or nothing). Every rule is the tournaments app's
(:mod:`tournaments.pairings_edit`, :mod:`tournaments.slips`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from gauntlet.query import whole_number
from tournaments import naming, pairings_edit, slips
from tournaments.errors import TournamentError
from tournaments.models import Round, RoundState, State, Tournament
from web.round_forms import ResultsGridForm, SwapForm, TablesForm
from web.views.accounts import private
from web.views.tournaments.access import managed_event
from web.views.tournaments.confirm import Confirm, confirm_page, confirmed, keep_posted
from web.views.tournaments.round_display import (
    Seating,
    rematch_lines,
    result_words,
    round_names,
    seating,
)


def _round(t: Tournament, number: int) -> Round:
    rnd = t.round_set.filter(number=number).first()
    if rnd is None:
        raise Http404("No such round in this tournament.")
    return rnd


# -- pairings -------------------------------------------------------------------------------------
def _swap_form(seats: Seating, data: Any = None) -> SwapForm:
    choices = seats.choices()
    tables = seats.open_tables
    initial = {"entry_b": tables[1].entries[0]} if len(tables) > 1 else {}  # another table's
    return SwapForm(data, first=choices, second=choices, prefix="swap", initial=initial)


def _tables_form(seats: Seating, data: Any = None) -> TablesForm:
    players = [(e, seats.names.get(e, "?")) for tb in seats.open_tables for e in tb.entries]
    players.sort(key=lambda p: p[1].lower())
    return TablesForm(data, tables=seats.open_tables, players=players, prefix="tables")


def _pairings_page(
    request: HttpRequest,
    t: Tournament,
    seats: Seating,
    *,
    swap_form: SwapForm | None = None,
    tables_form: TablesForm | None = None,
    status: int = 200,
) -> HttpResponse:
    tables_form = tables_form or _tables_form(seats)
    rows = [
        {
            "table": tb,
            "names": [seats.names.get(e, "?") for e in tb.entries],
            "locked": seats.locked.get(tb.pk),
            "fields": tables_form.table_fields(tb) if tb in seats.open_tables else [],
        }
        for tb in seats.tables
    ]
    return render(
        request,
        "web/tournaments/pairings_edit.html",
        {
            "tournament": t,
            "round": seats.round,
            "refusal": seats.refusal,
            "rows": rows,
            "can_swap": len(seats.open_tables) >= 2,
            "swap_form": swap_form or _swap_form(seats),
            "tables_form": tables_form,
        },
        status=status,
    )


def _rematch_confirm(
    request: HttpRequest, t: Tournament, change: pairings_edit.Change, question: str, button: str
) -> HttpResponse:
    names = round_names(t, list(change.tables))
    details = [
        *rematch_lines(change.rematches, names),
        "Rematches are allowed: the players are told their new tables.",
    ]
    cancel = reverse("web-tournament-pairings", args=[t.pk, change.round.number])
    confirm = Confirm(question, details, button, cancel, keep=keep_posted(request), danger=False)
    return confirm_page(request, t, confirm)


@private
def pairings(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The round's tables: who sits where, which can change; seat them by hand (POST)."""
    t = managed_event(request, pk)
    seats = seating(t, _round(t, number))
    if request.method != "POST":
        return _pairings_page(request, t, seats)
    form = _tables_form(seats, request.POST)
    if seats.refusal or not form.is_valid():
        if seats.refusal:
            form.add_error(None, seats.refusal)
        return _pairings_page(
            request, t, seats, tables_form=form, status=409 if seats.refusal else 400
        )
    try:
        if not confirmed(request):
            change = pairings_edit.plan_tables(t, number, form.seats())
            if change.rematches:
                numbers = ", ".join(str(n) for n in change.after)
                return _rematch_confirm(
                    request,
                    t,
                    change,
                    f"Seat tables {numbers} with rematches?",
                    "Save the tables anyway",
                )
        change = pairings_edit.set_tables(
            t, request.user, number, form.seats(), form.cleaned_data["reason"]
        )
    except TournamentError as exc:
        form.add_error("reason" if exc.field == "reason" else None, exc.message)
        return _pairings_page(request, t, seats, tables_form=form, status=exc.status)
    changed = " and ".join(str(n) for n in change.after)
    title = naming.round_title_of(t, number)
    word = "table" if len(change.after) == 1 else "tables"
    messages.success(request, f"{title}: {word} {changed} seated anew.")
    return redirect(reverse("web-tournament", args=[t.pk]) + "#current-round")


@private
@require_POST
def swap(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Two players of two tables trade places (a change that makes rematches is confirmed)."""
    t = managed_event(request, pk)
    seats = seating(t, _round(t, number))
    form = _swap_form(seats, request.POST)
    if seats.refusal:
        form.add_error(None, seats.refusal)
        return _pairings_page(request, t, seats, swap_form=form, status=409)
    if not form.is_valid():
        return _pairings_page(request, t, seats, swap_form=form, status=400)
    a, b = form.cleaned_data["entry_a"], form.cleaned_data["entry_b"]
    try:
        if not confirmed(request):
            change = pairings_edit.plan_swap(t, number, a, b)
            if change.rematches:
                who = f"{seats.names.get(a, '?')} and {seats.names.get(b, '?')}"
                return _rematch_confirm(request, t, change, f"Swap {who}?", "Swap anyway")
        change = pairings_edit.swap(t, request.user, number, a, b, form.cleaned_data["reason"])
    except TournamentError as exc:
        field = {"entry_a": "entry_a", "entry_b": "entry_b", "reason": "reason"}.get(exc.field)
        form.add_error(field, exc.message)
        return _pairings_page(request, t, seats, swap_form=form, status=exc.status)
    tables = " and ".join(str(n) for n in change.after)
    messages.success(
        request,
        f"{seats.names.get(a, '?')} and {seats.names.get(b, '?')} swapped: tables {tables} "
        "changed, and their players told.",
    )
    return redirect(reverse("web-tournament", args=[t.pk]) + "#current-round")


# -- the results grid -----------------------------------------------------------------------------
def _grid_page(
    request: HttpRequest,
    t: Tournament,
    rnd: Round,
    *,
    form: ResultsGridForm | None = None,
    problems: slips.SlipsError | None = None,
    status: int = 200,
) -> HttpResponse:
    waiting = slips.waiting_tables(rnd) if t.state == State.RUNNING else []
    names = round_names(t, list(rnd.tables.all()))
    form = form or ResultsGridForm(tables=waiting, names=names)
    by_table = problems.by_table if problems else {}
    rows = [
        {
            "table": tb,
            "names": [names.get(e, "?") for e in tb.entries],
            "pod": len(tb.entries) > 2,
            "fields": form.row_fields(tb),
            "problems": by_table.get(tb.pk, []),
        }
        for tb in form.tables
    ]
    entered = request.GET.get("entered", "").split(",")
    entered_ids = [n for n in map(whole_number, entered) if n is not None]
    entered = list(rnd.tables.filter(pk__in=entered_ids).order_by("number"))
    nxt = t.round_set.filter(number=rnd.number + 1).first()
    return render(
        request,
        "web/tournaments/results_grid.html",
        {
            "tournament": t,
            "round": rnd,
            "rows": rows,
            "form": form,
            "problems": problems.problems if problems else [],
            "entered": [(tb, result_words(tb, names)) for tb in entered],
            "finished": rnd.state == RoundState.FINISHED,
            "next_round": nxt,
            "round_title": naming.round_title(t, rnd),
            "next_title": naming.round_title(t, nxt) if nxt is not None else "",
        },
        status=status,
    )


@private
def results_grid(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Every table of the round still without a final result, its slip entered in one submit."""
    t = managed_event(request, pk)
    rnd = _round(t, number)
    if request.method != "POST":
        return _grid_page(request, t, rnd)
    names = round_names(t, list(rnd.tables.all()))
    form = ResultsGridForm(request.POST, tables=slips.waiting_tables(rnd), names=names)
    if not form.is_valid():
        return _grid_page(request, t, rnd, form=form, status=400)
    try:
        entered = slips.enter(t, request.user, number, form.slips())
    except slips.SlipsError as exc:
        bad = len(exc.problems)
        messages.error(request, f"Nothing was saved: {bad} slip{'' if bad == 1 else 's'} to fix.")
        return _grid_page(request, t, rnd, form=form, problems=exc, status=400)
    except TournamentError as exc:
        messages.error(request, exc.message)
        return _grid_page(request, t, rnd, form=form, status=exc.status)
    count = len(entered.tables)
    done = f"{count} result{'' if count == 1 else 's'} entered."
    if entered.round_closed:
        done += f" {naming.round_title_of(t, number)} is complete."
    messages.success(request, done)
    url = reverse("web-tournament-results", args=[t.pk, number])
    return redirect(f"{url}?entered={','.join(str(tb.pk) for tb in entered.tables)}")
