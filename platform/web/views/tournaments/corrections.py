"""The organiser's corrections after a result, on the table page: void the result, replay the
table, re-pair the next round (:mod:`tournaments.corrections`). Each asks for a confirmation
(:mod:`web.views.tournaments.confirm`) saying what will happen, needs a reason, and then says
what changed — the entry the audit log gained, in words ("Voided the result of table 3,
round 2 (it was Bob 2–0 Chen); winner now Chen (was Bob)")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments import corrections, log_text, naming
from tournaments.errors import TournamentError
from tournaments.models import LogEntry, Table, TableState, Tournament
from web.views.accounts import private
from web.views.tournaments.access import managed_event, table_of
from web.views.tournaments.confirm import Confirm, Reason, confirm_page, confirmed
from web.views.tournaments.display import score, table_players
from web.views.tournaments.public import refused, table_page

REASON = "reason"


def table_words(t: Tournament, table: Table) -> str:
    """ "table 3 of round 2 (Bob 2–0 Chen)", "table 1 of the final (Ana v Bob)"."""
    players = table_players(t, table)
    title = naming.lower_first(naming.round_title_of(t, table.round.number))
    wins = (table.result or {}).get("wins")
    if len(players) == 2 and wins:
        what = f" ({players[0]} {wins[0]}–{wins[1]} {players[1]})"
    elif players:
        result = score(table)
        what = f" ({' v '.join(players)}{': ' + result if result else ''})"
    else:
        what = ""
    return f"table {table.number} of {title}{what}"


def void_consequences(t: Tournament, table: Table) -> list[str]:
    """What voiding ``table`` does, in words, for its confirmation page."""
    lines = []
    if table.node is not None:
        lines.append(
            "A bracket match needs a winner: its result is taken back and the table waits to "
            "be replayed or awarded."
        )
        if t.state == "finished":
            lines.append("The event runs again until the match is decided; it has no winner now.")
    else:
        lines.append("Nobody scores this table: it counts as a round neither player played.")
        lines.append("The standings and the placings are recomputed; the winner may change.")
    if table.match_id is not None and table.source in ("engine", "admin"):
        lines.append(
            "The match played on the platform is voided too (in the match audit, with your "
            "reason); a rated match's ladder is recomputed without it."
        )
    elif t.ladder_id:
        lines.append(f"The result no longer counts for {t.ladder.name}: its rating is reversed.")
    return lines


def said(request: HttpRequest, t: Tournament, action: str, fallback: str) -> None:
    """The success message: the audit log's newest entry of ``action``, in words."""
    entry = (
        LogEntry.objects.filter(tournament=t, action__in=action.split())
        .select_related("actor")
        .first()
    )
    if entry is None:
        messages.success(request, fallback)
        return
    (line,) = log_text.describe(t, [entry])
    messages.success(request, line.what + ".")


def refused_at_table(request: HttpRequest, t: Tournament, table: Table, exc: TournamentError):
    """The table page again with the refusal's message, answered with its status."""
    messages.error(request, exc.message)
    return table_page(request, t.pk, table.pk, status=exc.status)


def table_correction(
    request: HttpRequest,
    t: Tournament,
    table: Table,
    ask: Confirm,
    service: Callable[..., Any],
    said_as: tuple[str, str],
) -> HttpResponse:
    """A correction of one table: the confirmation page first; once confirmed, the service
    with the reason (a blank one shows the confirmation again, another refusal the table
    page with its status), then the table page with what changed (``said_as``: the log's
    action codes and the message without such an entry)."""
    if not confirmed(request):
        return confirm_page(request, t, ask)
    try:
        service(t, table.pk, request.user, request.POST.get(REASON, ""))
    except TournamentError as exc:
        if exc.field == "reason":
            return confirm_page(request, t, ask, error=exc.message, status=exc.status)
        return refused_at_table(request, t, table, exc)
    said(request, t, *said_as)
    return redirect(reverse("web-tournament-table", args=[t.pk, table.pk]))


@private
@require_POST
def void(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    """Void a table's final result (after the confirmation)."""
    t = managed_event(request, pk)
    table = table_of(t, table_id)
    ask = Confirm(
        question=f"Void the result of {table_words(t, table)}?",
        details=void_consequences(t, table),
        button="Void the result",
        cancel=reverse("web-tournament-table", args=[t.pk, table.pk]),
        reason=Reason(REASON, "Why void it", required=True),
    )
    said_as = ("void_result match_void", "The result is void.")
    return table_correction(request, t, table, ask, corrections.void, said_as)


@private
@require_POST
def replay(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    """Send a table of the running round to be played again (after the confirmation)."""
    t = managed_event(request, pk)
    table = table_of(t, table_id)
    details = ["The players play the table again; their reports are cleared."]
    if table.state == TableState.FINAL:
        details.insert(0, f"Its result ({score(table)}) is taken back.")
    if table.match_id is not None:
        details.append("A new match is started on the platform; the old one no longer counts.")
    ask = Confirm(
        question=f"Replay {table_words(t, table)}?",
        details=details,
        button="Replay the table",
        cancel=reverse("web-tournament-table", args=[t.pk, table.pk]),
        reason=Reason(REASON, "Why replay it", required=True),
    )
    said_as = ("replay_table", "The table is to be replayed.")
    return table_correction(request, t, table, ask, corrections.replay, said_as)


@private
@require_POST
def repair(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Take back the running round's pairings and pair it again (after the confirmation)."""
    t = managed_event(request, pk)
    back = request.POST.get("back") or reverse("web-tournament", args=[t.pk])
    if not back.startswith("/"):
        back = reverse("web-tournament", args=[t.pk])
    title = naming.round_title_of(t, number)
    ask = Confirm(
        question=f"Pair {naming.lower_first(title)} again?",
        details=[
            "Its tables are taken back (nothing of it has been played) and it is paired again "
            "from the standings now in force.",
            "Every player is told their new table.",
        ],
        button=f"Pair {naming.lower_first(title)} again",
        cancel=back,
        reason=Reason(REASON, "Why pair it again", required=True),
        keep={"back": back},
        danger=False,
    )
    if not confirmed(request):
        return confirm_page(request, t, ask)
    try:
        corrections.repair_round(t, number, request.user, request.POST.get(REASON, ""))
    except TournamentError as exc:
        if exc.field == "reason":
            return confirm_page(request, t, ask, error=exc.message, status=exc.status)
        return refused(request, t, exc)
    messages.success(request, f"{title} is paired again from the standings now in force.")
    return redirect(reverse("web-tournament", args=[t.pk]) + "#current-round")
