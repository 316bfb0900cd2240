"""The tournament pages anyone sees: the list and search, an event's page (with its live region,
refreshed over the event's websocket, and the parts its entrants and organiser see), a table's
page. A refusal from any audience's view is shown here again (:func:`refused`) with its status
code and message, and changes nothing."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from gauntlet.query import whole_number
from players import inbox
from tournaments import corrections, decklists, log_text, naming, online, outcome, summary, values
from tournaments.errors import TournamentError, can_manage
from tournaments.models import Entry, EntryState, LogEntry, State, Table, TableState, Tournament
from tournaments.tables import paper_bot_table
from web.brackets import bracket_svg
from web.table_forms import CorrectForm, ReasonForm, ResultForm, TimeoutForm
from web.tournament_forms import SearchForm
from web.views.tournaments.access import event_for, table_of
from web.views.tournaments.deck_display import deck_context
from web.views.tournaments.display import (
    DONE,
    LEGEND,
    LEGEND_PODS,
    METRIC_NAMES,
    SOURCE_WORDS,
    bracket_link,
    entry_names,
    members,
    own_entries,
    pager,
    progress,
    score,
    table_rows,
)
from web.views.tournaments.entry_forms import (
    UPCOMING,
    entrant_choices,
    open_for_entry,
    owns,
    register_form,
    registration_note,
    team_page_context,
)
from web.views.tournaments.night_display import attention_fragment, night_context
from web.views.tournaments.printouts import PRINTS
from web.views.tournaments.round_display import round_tools, swap_context

PER_PAGE = 25
TABLES_PER_PAGE = 64
STANDINGS_PER_PAGE = 64
ENTRANTS_PER_PAGE = 128
LOG_SHOWN = 30


def refused(
    request: HttpRequest, t: Tournament, exc: TournamentError, **bound: Any
) -> HttpResponse:
    """The tournament page again, with the refusal's message and its status code."""
    if exc.field and exc.field != "non_field_errors":
        messages.error(request, f"{exc.field.replace('_', ' ')}: {exc.message}")
    else:
        messages.error(request, exc.message)
    return detail(request, t.pk, status=exc.status, **bound)


def tournament_list(request: HttpRequest) -> HttpResponse:
    form = SearchForm(request.GET or None)
    qs = Tournament.objects.select_related("organiser", "winner__player").annotate(
        entrants=Count("entries", filter=Q(entries__state__in=values.IN_EVENT))
    )
    user = request.user
    if not (user.is_authenticated and user.is_admin):
        visible = ~Q(state=State.DRAFT)
        if user.is_authenticated:
            visible |= Q(organiser=user)
        qs = qs.filter(visible)
    if form.is_valid():
        data = form.cleaned_data
        if data["q"]:
            qs = qs.filter(name__icontains=data["q"].strip())
        if data["game"]:
            qs = qs.filter(game=data["game"])
        if data["state"] == "upcoming":
            qs = qs.filter(state__in=UPCOMING)
        elif data["state"]:
            qs = qs.filter(state=data["state"])
    qs = qs.order_by("-created", "-pk")
    page = Paginator(qs, PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "web/tournaments/list.html",
        {
            "form": form,
            "page": page,
            "query": query.urlencode(),
            "can_create": user.is_authenticated and user.is_organiser,
        },
    )


def live_context(
    request: HttpRequest,
    t: Tournament,
    entries: list[Entry],
    titles: dict[int, str] | None = None,
) -> dict[str, Any]:
    """What the live region shows: the current round's progress and pairings, standings and
    bracket (the page and its refreshing fragment share it). Large events are paged."""
    names = entry_names(entries)
    mine = own_entries(request.user, entries)
    current = t.round_set.filter(number=t.current_round).first() if t.current_round else None
    all_tables = list(current.tables.order_by("number")) if current is not None else []
    tables_page = pager(request, all_tables, "tables", TABLES_PER_PAGE)
    tables = table_rows(list(tables_page.object_list), names, mine)
    my_tables = [tb for tb in all_tables if mine & set(tb.entries)]
    if tables_page.paginator.num_pages > 1:
        table_rows([tb for tb in my_tables if tb not in tables], names, mine)
    else:
        my_tables = []  # every table is on the one page already
    public = {e.player.username: e.player.public_name for e in entries}
    by_captain = {e.player.username: e.pk for e in entries}  # standings name entries by captain
    by_pk = {e.pk: e for e in entries}
    standings = []
    in_event = [e for e in entries if e.state in values.IN_EVENT]
    if t.current_round:
        # an elimination event's standings are its placings alone (place, name, how)
        standings = (
            outcome.placing_rows(t, in_event)
            if t.is_elimination
            else summary.standings_rows(t, in_event)
        )
    standings_page = pager(request, standings, "standings", STANDINGS_PER_PAGE)
    for row in standings_page.object_list:
        row["name"] = names.get(row["entry"]) or public.get(row["player"], row["player"])
        row.setdefault("place_label", row.get("label", ""))
        row["opponent_names"] = [names.get(by_captain.get(o), o) for o in row.get("opponents", ())]
        row["guest"] = by_pk[row["entry"]].guest  # no player page to link to
        if t.team_size > 1:
            entry = by_pk[row["entry"]]
            row["team_name"] = entry.team_name
            row["members"] = members(entry)
    my_row = next((r for r in standings if r["entry"] in mine), None)
    cross = outcome.cross_table_rows(t, in_event) if t.format == "round_robin" else []
    for row in cross:
        row["name"] = names.get(row["entry"], row["name"])
    co_winners = [
        names.get(r["entry"], r.get("name", "")) for r in standings if r.get("place") == 1
    ]
    tree = summary.bracket_json(t)
    if tree:  # the summary names players by username; the pages show their public names
        for node in tree["nodes"]:
            node["player_names"] = [public.get(n, n) for n in node["player_names"]]
        tree["seed_names"] = [public.get(n, n) for n in tree["seed_names"]]
        tree["winner_name"] = public.get(tree["winner_name"], tree["winner_name"])
    return {
        "current": current,
        "round_title": (
            titles.get(current.number, "") if titles is not None else naming.round_title(t, current)
        )
        if current is not None
        else "",
        "progress": progress(current),
        "tables": tables,
        "tables_page": tables_page,
        "my_tables": my_tables,
        "standings": standings_page.object_list,
        "standings_page": standings_page,
        "my_row": my_row,
        "my_entries": mine,
        "co_winners": co_winners if len(co_winners) > 1 else [],
        "cross_table": cross,
        "legend": LEGEND_PODS if t.format == "pods" else LEGEND,
        "tiebreakers": ", then ".join(
            METRIC_NAMES.get(m, m) for m in values.swiss_config(t).tiebreakers
        ),
        "bracket": bracket_svg(
            tree, link=bracket_link(t), title=f"{t.name}: {'top cut' if t.top_cut else 'bracket'}"
        )
        if tree
        else None,
        "champion": (tree or {}).get("winner_name"),
    }


def detail(request: HttpRequest, pk: int, status: int = 200, **bound: Any) -> HttpResponse:
    t = event_for(request, pk)
    entries = list(
        t.entries.select_related("player", "player__bot_profile", "partner", "claim").order_by("pk")
    )
    if request.GET.get("fragment") == "attention":  # the organiser's list, refreshed live
        return attention_fragment(request, t, entries)
    if request.GET.get("fragment") == "live":
        context: dict[str, Any] = {"tournament": t, **live_context(request, t, entries)}
        return render(request, "web/tournaments/_live.html", context, status=status)
    rounds = list(t.round_set.order_by("number"))
    titles = naming.round_titles(t, rounds)
    context = {"tournament": t, **live_context(request, t, entries, titles)}
    user = request.user
    manager = can_manage(user, t)
    my_entry = next((e for e in entries if e.player_id == user.pk), None)
    in_event = [e for e in entries if e.state in values.IN_EVENT]
    if user.is_authenticated:  # what the user was told about this event: seen
        inbox.mark_read(user.pk, url=request.path)
    context.update(
        manager=manager,
        closing_run=outcome.closing_run_of(t),
        my_entry=my_entry,
        entrants=pager(request, in_event, "entrants", ENTRANTS_PER_PAGE),
        waitlist=[e for e in entries if e.state == EntryState.WAITLISTED],
        withdrawn=[e for e in entries if e.state == EntryState.WITHDRAWN],
        rounds_list=round_tabs(t, titles),
        open_for_entry=open_for_entry(t),
        registration_note=registration_note(t),
        next_step=naming.next_step(t) if t.state == State.RUNNING else "",
        can_check_in=bool(
            my_entry
            and t.state == State.CHECK_IN
            and my_entry.state in (EntryState.ACTIVE, EntryState.WAITLISTED)
            and not my_entry.checked_in
        ),
        can_leave=t.state in (*UPCOMING, State.RUNNING),
        can_withdraw=bool(
            my_entry
            and my_entry.state in (EntryState.ACTIVE, EntryState.WAITLISTED)
            and t.state in (*UPCOMING, State.RUNNING)
        ),
    )
    shown = whole_number(request.GET.get("round", ""))
    if shown is not None and shown != t.current_round:
        rnd = t.round_set.filter(number=shown).first()
        if rnd is not None:
            mine = own_entries(user, entries)
            context["earlier"] = rnd
            context["earlier_title"] = titles.get(rnd.number, f"Round {rnd.number}")
            context["earlier_tables"] = table_rows(
                list(rnd.tables.order_by("number")), entry_names(entries), mine
            )
    if t.team_size > 1:
        context.update(team_page_context(request, t, entries, manager, **bound))
    if user.is_authenticated and context["open_for_entry"]:
        accounts = entrant_choices(t, user, entries)
        if accounts:
            context["register_form"] = bound.get("register_form") or register_form(
                t, user, accounts
            )
    context["my_bots"] = {e.pk for e in entries if e.player.is_bot and owns(user, e.player)}
    context.update(night_context(t, entries, entry_names(entries), manager, **bound))
    context.update(deck_context(request, t, entries, in_event, manager, **bound))
    if manager:
        context["log"] = log_text.describe(
            t,
            list(LogEntry.objects.filter(tournament=t).select_related("actor")[:LOG_SHOWN]),
            entries,
            titles,
        )
        context["cancel_form"] = bound.get("cancel_form") or ReasonForm(prefix="cancel")
        context["disqualify_form"] = ReasonForm(prefix="dq")
        context["round_tools"] = round_tools(t)
    context["decklists"] = decklists.decklists(t, user, entries)
    context["prints"] = PRINTS
    return render(request, "web/tournaments/detail.html", context, status=status)


def table_page(request: HttpRequest, pk: int, table_id: int, status: int = 200, **bound):
    """One table: players, why they were paired, reports so far, and the forms that apply."""
    t = event_for(request, pk)
    table = table_of(t, table_id)
    entries = {
        e.pk: e
        for e in Entry.objects.filter(pk__in=table.entries).select_related("player", "partner")
    }
    names = entry_names(list(entries.values()))
    players = [names[e] for e in table.entries]
    # the captain reports for a team (the player for themselves): the partner only plays
    table_rows([table], names, {e.pk for e in entries.values() if e.player_id == request.user.pk})
    partner = request.user.is_authenticated and any(
        e.partner_id == request.user.pk for e in entries.values()
    )
    reports = list(table.reports.select_related("entry__player", "by"))
    for r in reports:
        r.score = score(Table(entries=table.entries, result=r.result))
    manager = can_manage(request.user, t)
    open_table = t.state == State.RUNNING and table.state not in DONE and not table.bye
    context: dict[str, Any] = {
        "tournament": t,
        "table": table,
        "entries": [entries[e] for e in table.entries],
        "reports": reports,
        "manager": manager,
        "partner": partner,
        "team_event": t.team_size > 1,
        "play_seat": _play_seat(request.user, table),
        "round_title": naming.round_title(t, table.round),
        "source_words": SOURCE_WORDS.get(table.source, table.source),
        "extend_error": bound.get("extend_error"),
        "extend_value": bound.get("extend_value"),
    }
    if request.user.is_authenticated:  # a result to confirm, a dispute answered: seen
        inbox.mark_read(request.user.pk, url=request.path)
    own = [e for e in entries.values() if e.player_id == request.user.pk]
    paper = bool(own) and paper_bot_table(t, own, entries.values())
    context["paper"] = paper
    context["voided"] = voided_line(t, table)
    if table.match_id and open_table:  # a match waiting for its players: who it waits for
        context["waiting_for"] = [p.public_name for p in online.waiting_for(table, table.match)]
    context["pod"] = len(table.entries) > 2
    context["guest_opponent"] = any(e.guest for e in entries.values() if e not in own)
    if open_table and table.match_id is None and table.mine:
        context["confirm_report"] = report_to_confirm(table, reports, players, own)
    if open_table and (table.match_id is None or paper) and table.mine:
        context["report_form"] = bound.get("report_form") or ResultForm(
            players=players, prefix="report"
        )
    if manager and not table.bye and t.state in (State.RUNNING, State.FINISHED):
        context["next_steps"] = corrections.next_steps(t, table)
        context["can_void"] = table.state == TableState.FINAL and not (
            corrections.later_bracket_tables(table)
        )
        context["correct_form"] = bound.get("correct_form") or CorrectForm(
            players=players, prefix="correct"
        )
        if open_table and t.state == State.RUNNING:
            context["swap_form"] = swap_context(t, table)
        if open_table:
            context["timeout_form"] = bound.get("timeout_form") or TimeoutForm(
                seats=[(e, names[e]) for e in table.entries], prefix="timeout"
            )
    return render(request, "web/tournaments/table.html", context, status=status)


def report_to_confirm(
    table: Table, reports: list[Any], players: list[str], own: list[Entry]
) -> dict[str, Any] | None:
    """The opponent's report the user is asked to confirm (one button), in words: who
    reported and what ("Ana 2–1 Bob"); None when no report waits for the user."""
    mine = {e.pk for e in own}
    others = [r for r in reports if r.entry_id not in mine]
    if table.state != TableState.REPORTED or not others or any(r.entry_id in mine for r in reports):
        return None
    first = others[0]
    result = first.result or {}
    if "wins" in result and len(players) == 2:
        a, b = result["wins"]
        what = f"{players[0]} {a}–{b} {players[1]}"
        if result.get("draws"):
            what += f" ({result['draws']} drawn)"
    else:
        places = result.get("placings") or []
        what = ", ".join(f"{name} {p + 1}" for name, p in zip(players, places, strict=False))
    return {"by": first.by.public_name, "what": what}


def voided_line(t: Tournament, table: Table) -> log_text.LogLine | None:
    """The log's words for the void that took this table's result back (None if none did)."""
    if table.state not in (TableState.VOID, TableState.PENDING):
        return None
    entry = (
        LogEntry.objects.filter(
            tournament=t, action__in=("void_result", "match_void"), detail__table=table.pk
        )
        .select_related("actor")
        .first()
    )
    return log_text.describe(t, [entry])[0] if entry is not None else None


def round_tabs(t: Tournament, titles: dict[int, str]) -> list[tuple[int, str]]:
    """Each round's number and name, for the tabs of "All rounds"."""
    return sorted(titles.items())


def _play_seat(user: Any, table: Table) -> bool:
    """True when ``user`` holds a person's seat in the table's match, running or waiting for
    its players (they play it on the play page)."""
    if table.match_id is None or not user.is_authenticated:
        return False
    from matches.models import MatchSeat, MatchState

    return MatchSeat.objects.filter(
        match_id=table.match_id,
        player=user,
        bot="",
        match__state__in=(MatchState.RUNNING, MatchState.SCHEDULED),
    ).exists()
