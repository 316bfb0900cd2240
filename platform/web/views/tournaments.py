"""Tournament pages: list and search, create and manage, register, pairings, standings, brackets,
reporting results, and a running round's live progress.

Views stay thin: every rule is the tournaments app's (``lifecycle``, ``registration``,
``results``, ``rounds``, ``summary``); a refusal (:class:`TournamentError`) is shown with its
status code (4xx) and message, and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments import lifecycle, registration, results, rounds, summary, values
from tournaments.errors import TournamentError, can_manage
from tournaments.models import (
    Entry,
    EntryState,
    LogEntry,
    Round,
    State,
    Table,
    TableState,
    Tournament,
)
from web.brackets import bracket_svg
from web.tournament_forms import (
    CorrectForm,
    ReasonForm,
    RegisterForm,
    ResultForm,
    SearchForm,
    TimeoutForm,
    TournamentForm,
)
from web.views.accounts import private

PER_PAGE = 25
FIXED_SETTINGS = ("game", "format", "team_size")  # fixed once registration opens
UPCOMING = (State.REGISTRATION, State.CHECK_IN)
DONE = (TableState.FINAL, TableState.VOID)
TABLES_PER_PAGE = 64
STANDINGS_PER_PAGE = 64
ENTRANTS_PER_PAGE = 128
LOG_SHOWN = 30
LEGEND = [
    (
        "Points",
        "Match points: the event's points for a win, a draw and a loss (shown above); a bye "
        "counts as a match won 2–0.",
    ),
    (
        "MW%",
        "Match-win percentage: match points ÷ (points for a win × matches played, byes "
        "included), never below 33% (the floor).",
    ),
    (
        "OMW%",
        "Opponents' match-win percentage: the mean of each opponent's MW% (each already "
        "floored at 33%), once per match against them; byes are no opponent, and players who "
        "dropped still count.",
    ),
    (
        "GW%",
        "Game-win percentage: game points (a win's points per game won, a draw's per drawn "
        "game) ÷ (a win's points × games played), never below 33%.",
    ),
    (
        "OGW%",
        "Opponents' game-win percentage: the mean of each opponent's GW% (each floored at 33%).",
    ),
]
LEGEND_PODS = [
    (
        "Points",
        "Points for each placing in a pod (the event's table above); a bye scores a first "
        "place. Record: W outright first places, D shared first places, L the other pods.",
    ),
    ("MW%", "Points won ÷ (points for first place × pods played); no floor."),
    (
        "OMW%",
        "The mean MW% of your pod-mates, once per pod shared with them; players who dropped "
        "still count.",
    ),
    (
        "GW%",
        "The mean share of your pod-mates you finished ahead of (a tie counts half).",
    ),
    ("OGW%", "The mean GW% of your pod-mates."),
]
METRIC_NAMES = {"mwp": "MW%", "omw": "OMW%", "gwp": "GW%", "ogw": "OGW%", "wins": "wins"}
FLAG_LABELS = {  # the pairing code's flags, as the pairings table shows them
    "pair-down": "pair-down",
    "rematch": "rematch (none avoidable)",
    "rematch-avoided": "rematch avoided",
    "teammates": "teammates (none avoidable)",
    "matched": "by matching",
    "seeded": "seeded",
    "random": "random",
    "bye": "bye",
    "bracket": "bracket",
    "round-robin": "round robin",
    "pod": "pod",
}


# -- helpers ----------------------------------------------------------------------------------
def _visible(request: HttpRequest, pk: int) -> Tournament:
    """The event, or 404: drafts are seen only by their organiser and staff."""
    t = (
        Tournament.objects.select_related("organiser", "ladder", "winner__player")
        .filter(pk=pk)
        .first()
    )
    if t is None or (t.state == State.DRAFT and not can_manage(request.user, t)):
        raise Http404("No such tournament.")
    return t


def _managed(request: HttpRequest, pk: int) -> Tournament:
    t = _visible(request, pk)
    if not can_manage(request.user, t):
        raise PermissionDenied("Only the organiser of this tournament and staff may do that.")
    return t


def _refused(
    request: HttpRequest, t: Tournament, exc: TournamentError, **bound: Any
) -> HttpResponse:
    """The tournament page again, with the refusal's message and its status code."""
    if exc.field and exc.field != "non_field_errors":
        messages.error(request, f"{exc.field.replace('_', ' ')}: {exc.message}")
    else:
        messages.error(request, exc.message)
    return detail(request, t.pk, status=exc.status, **bound)


def _back(t: Tournament, anchor: str = "") -> HttpResponse:
    return redirect(reverse("web-tournament", args=[t.pk]) + anchor)


def _names(entries: list[Entry]) -> dict[int, str]:
    """Each entry's name: the player's, or a team's with both players."""
    from web.views.tournament_teams import entry_names

    return entry_names(entries)


def _mine(user: Any, entries: Any) -> set[int]:
    """The entries ``user`` plays in (as the player, a team's captain or its partner)."""
    if not user.is_authenticated:
        return set()
    return {e.pk for e in entries if user.pk in (e.player_id, e.partner_id)}


# -- list -------------------------------------------------------------------------------------
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


# -- create and edit --------------------------------------------------------------------------
def _form_error(form: TournamentForm, exc: TournamentError) -> None:
    form.add_error(exc.field if exc.field in form.fields else None, exc.message)


@private
def create(request: HttpRequest) -> HttpResponse:
    if not request.user.is_organiser:
        raise PermissionDenied("Only organisers create tournaments.")
    form = TournamentForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                t = lifecycle.create(request.user, **form.settings())
            except TournamentError as exc:
                _form_error(form, exc)
            else:
                messages.success(request, f"{t.name} created as a draft: open registration next.")
                return _back(t)
        status = 400
    return render(
        request, "web/tournaments/form.html", {"form": form, "creating": True}, status=status
    )


@private
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    t = _managed(request, pk)
    form = TournamentForm(request.POST or None, instance=Tournament.objects.get(pk=t.pk))
    if t.state != State.DRAFT:  # fixed once registration opens
        for name in FIXED_SETTINGS:
            form.fields[name].disabled = True
            form.fields[name].help_text = "Fixed once registration is open."
    status = 200
    if request.method == "POST":
        if form.is_valid():
            settings = form.settings()
            if t.state != State.DRAFT:
                settings = {k: v for k, v in settings.items() if k not in FIXED_SETTINGS}
            try:
                lifecycle.update(t, request.user, **settings)
            except TournamentError as exc:
                _form_error(form, exc)
                status = exc.status
            else:
                messages.success(request, "Settings saved.")
                return _back(t)
        if status == 200:
            status = 400
    return render(
        request,
        "web/tournaments/form.html",
        {"form": form, "creating": False, "tournament": t},
        status=status,
    )


# -- the event page ---------------------------------------------------------------------------
def _progress(rnd: Round | None) -> dict[str, int] | None:
    if rnd is None:
        return None
    counts = rnd.tables.aggregate(
        total=Count("pk"),
        done=Count("pk", filter=Q(state__in=DONE)),
        disputed=Count("pk", filter=Q(state=TableState.DISPUTED)),
    )
    total = counts["total"] or 0
    counts["percent"] = round(100 * counts["done"] / total) if total else 100
    return counts


ENTRY_IN_WHY = re.compile(r"\b(\d+) \((\d+) points?\)")


def readable_why(why: str, names: dict[int, str]) -> str:
    """The pairing's reason with entry ids ("pair-down: 12 (3 points) v ...") as names."""

    def name(m: re.Match) -> str:
        entry = int(m.group(1))
        return f"{names[entry]} ({m.group(2)} points)" if entry in names else m.group(0)

    return ENTRY_IN_WHY.sub(name, why)


def _table_rows(tables: list[Table], names: dict[int, str], user_entries: set[int]) -> list:
    for tb in tables:
        tb.why = readable_why(tb.why, names)
        tb.player_names = [names.get(e, "?") for e in tb.entries]
        tb.flag_labels = [FLAG_LABELS.get(f, f.replace("_", " ")) for f in tb.flags]
        tb.mine = bool(user_entries & set(tb.entries))
        tb.score = _score(tb)
    return tables


def _score(tb: Table) -> str:
    r = tb.result or {}
    if tb.bye:
        return "bye" if r.get("scored", True) else "sits out"
    if "wins" in r:
        text = f"{r['wins'][0]}–{r['wins'][1]}"
        return text + (f" ({r['draws']} drawn)" if r.get("draws") else "")
    if "placings" in r:
        return ", ".join(str(p + 1) for p in r["placings"])
    return ""


def _bracket_link(t: Tournament) -> Callable[[dict[str, Any]], str | None]:
    def link(node: dict[str, Any]) -> str | None:
        if node.get("match"):
            return reverse("web-match", args=[node["match"]])
        if node.get("table"):
            return reverse("web-tournament-table", args=[t.pk, node["table"]])
        return None

    return link


def pager(request: HttpRequest, items: list[Any], key: str, per_page: int) -> Any:
    """One page of ``items`` (``?<key>=n``), with links that keep the other parameters."""
    page = Paginator(items, per_page).get_page(request.GET.get(key))

    def link(number: int) -> str:
        query = request.GET.copy()
        query.pop("fragment", None)
        query[key] = str(number)
        return f"?{query.urlencode()}"

    page.prev_link = link(page.previous_page_number()) if page.has_previous() else None
    page.next_link = link(page.next_page_number()) if page.has_next() else None
    return page


def live_context(request: HttpRequest, t: Tournament, entries: list[Entry]) -> dict[str, Any]:
    """What the live region shows: the current round's progress and pairings, standings and
    bracket (the page and its refreshing fragment share it). Large events are paged."""
    names = _names(entries)
    mine = _mine(request.user, entries)
    current = t.round_set.filter(number=t.current_round).first() if t.current_round else None
    all_tables = list(current.tables.order_by("number")) if current is not None else []
    tables_page = pager(request, all_tables, "tables", TABLES_PER_PAGE)
    tables = _table_rows(list(tables_page.object_list), names, mine)
    my_tables = [tb for tb in all_tables if mine & set(tb.entries)]
    if tables_page.paginator.num_pages > 1:
        _table_rows([tb for tb in my_tables if tb not in tables], names, mine)
    else:
        my_tables = []  # every table is on the one page already
    public = {e.player.username: e.player.public_name for e in entries}
    by_captain = {e.player.username: e.pk for e in entries}  # standings name entries by captain
    by_pk = {e.pk: e for e in entries}
    standings = []
    if not t.is_elimination and t.current_round:
        in_event = [e for e in entries if e.state in values.IN_EVENT]
        standings = summary.standings_rows(t, in_event)
    standings_page = pager(request, standings, "standings", STANDINGS_PER_PAGE)
    for row in standings_page.object_list:
        row["name"] = names.get(row["entry"]) or public.get(row["player"], row["player"])
        row["opponent_names"] = [names.get(by_captain.get(o), o) for o in row["opponents"]]
        if t.team_size > 1:
            from web.views.tournament_teams import members

            entry = by_pk[row["entry"]]
            row["team_name"] = entry.team_name
            row["members"] = members(entry)
    my_row = next((r for r in standings if r["entry"] in mine), None)
    tree = summary.bracket_json(t)
    if tree:  # the summary names players by username; the pages show their public names
        for node in tree["nodes"]:
            node["player_names"] = [public.get(n, n) for n in node["player_names"]]
        tree["seed_names"] = [public.get(n, n) for n in tree["seed_names"]]
        tree["winner_name"] = public.get(tree["winner_name"], tree["winner_name"])
    return {
        "current": current,
        "progress": _progress(current),
        "tables": tables,
        "tables_page": tables_page,
        "my_tables": my_tables,
        "standings": standings_page.object_list,
        "standings_page": standings_page,
        "my_row": my_row,
        "legend": LEGEND_PODS if t.format == "pods" else LEGEND,
        "tiebreakers": ", then ".join(
            METRIC_NAMES.get(m, m) for m in values.swiss_config(t).tiebreakers
        ),
        "bracket": bracket_svg(
            tree, link=_bracket_link(t), title=f"{t.name}: {'top cut' if t.top_cut else 'bracket'}"
        )
        if tree
        else None,
        "champion": (tree or {}).get("winner_name"),
    }


def detail(request: HttpRequest, pk: int, status: int = 200, **bound: Any) -> HttpResponse:
    t = _visible(request, pk)
    entries = list(
        t.entries.select_related("player", "player__bot_profile", "partner").order_by("pk")
    )
    context: dict[str, Any] = {"tournament": t, **live_context(request, t, entries)}
    if request.GET.get("fragment") == "live":
        return render(request, "web/tournaments/_live.html", context, status=status)
    user = request.user
    manager = can_manage(user, t)
    my_entry = next((e for e in entries if e.player_id == user.pk), None)
    context.update(
        manager=manager,
        my_entry=my_entry,
        entrants=pager(
            request,
            [e for e in entries if e.state in values.IN_EVENT],
            "entrants",
            ENTRANTS_PER_PAGE,
        ),
        waitlist=[e for e in entries if e.state == EntryState.WAITLISTED],
        withdrawn=[e for e in entries if e.state == EntryState.WITHDRAWN],
        rounds_list=list(t.round_set.order_by("number").values_list("number", "stage", "state")),
        open_for_entry=_open_for_entry(t),
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
    shown = request.GET.get("round", "")
    if shown.isdigit() and int(shown) != t.current_round:
        rnd = t.round_set.filter(number=int(shown)).first()
        if rnd is not None:
            mine = _mine(user, entries)
            context["earlier"] = rnd
            context["earlier_tables"] = _table_rows(
                list(rnd.tables.order_by("number")), _names(entries), mine
            )
    if t.team_size > 1:
        from web.views import tournament_teams

        context.update(tournament_teams.page_context(request, t, entries, manager, **bound))
    if user.is_authenticated and context["open_for_entry"]:
        accounts = _accounts(t, user, entries)
        if accounts:
            context["register_form"] = bound.get("register_form") or _register_form(
                t, user, accounts
            )
    context["my_bots"] = {e.pk for e in entries if e.player.is_bot and _owns(user, e.player)}
    if manager:
        context["log"] = list(
            LogEntry.objects.filter(tournament=t).select_related("actor")[:LOG_SHOWN]
        )
        context["cancel_form"] = bound.get("cancel_form") or ReasonForm(prefix="cancel")
        context["disqualify_form"] = ReasonForm(prefix="dq")
    return render(request, "web/tournaments/detail.html", context, status=status)


def _open_for_entry(t: Tournament) -> bool:
    late = t.state == State.RUNNING and t.current_round < t.late_entry_until_round
    return t.state in UPCOMING or late


def _owns(user: Any, bot: Any) -> bool:
    profile = getattr(bot, "bot_profile", None)
    return user.is_authenticated and profile is not None and profile.owner_id == user.pk


def _accounts(t: Tournament, user: Any, entries: list[Entry]) -> list[Any]:
    """Who ``user`` may still enter: themselves, and bot accounts they own that play the game
    (the registration service decides; this only lists the choices)."""
    from players.models import Player

    registered = {
        e.player_id for e in entries if e.state not in (EntryState.WITHDRAWN, EntryState.DROPPED)
    } | {e.partner_id for e in entries if e.partner_id and e.state != EntryState.WITHDRAWN}
    bots = Player.objects.filter(
        is_bot=True, is_active=True, bot_profile__owner=user, bot_profile__game=t.game
    ).order_by("username")
    people = [user] if user.pk not in registered else []
    return people + [b for b in bots if b.pk not in registered]


def _register_form(t: Tournament, user: Any, accounts: list[Any], data: Any = None) -> RegisterForm:
    if t.team_size > 1:  # a captain registers a team
        from web.views.tournament_teams import register_form

        return register_form(t, user, accounts, data)
    from decks.models import DeckVersion

    versions = list(
        DeckVersion.objects.filter(
            deck__owner=user, deck__game=t.game, deck__archived=False, is_current=True
        )
        .select_related("deck")
        .order_by("deck__name")
    )
    return RegisterForm(data, game=t.game, versions=versions, accounts=accounts)


# -- players ----------------------------------------------------------------------------------
@private
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    t = _visible(request, pk)
    entries = list(t.entries.select_related("player"))
    accounts = _accounts(t, request.user, entries) or [request.user]
    if t.team_size > 1:
        from web.views import tournament_teams

        return tournament_teams.register(request, t, accounts)
    form = _register_form(t, request.user, accounts, request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
        return detail(request, pk, status=400, register_form=form)
    player = form.entrant()
    try:
        entry = registration.register(t, player, request.user, **form.entry_kwargs())
    except TournamentError as exc:
        form.add_error("deck" if exc.field.startswith("deck") else None, exc.message)
        return _refused(request, t, exc, register_form=form)
    who = "You are" if player.pk == request.user.pk else f"{player.public_name} is"
    if entry.state == EntryState.WAITLISTED:
        messages.success(request, f"The event is full: {who.lower()} on the waitlist.")
    else:
        messages.success(request, f"{who} registered for {t.name}.")
    return _back(t, "#entrants")


def _my_entry(request: HttpRequest, t: Tournament) -> Entry:
    entry = Entry.objects.filter(tournament=t, player=request.user).select_related("player").first()
    if entry is None:
        raise Http404("You are not registered in this tournament.")
    return entry


@private
@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    t = _visible(request, pk)
    entry_id = request.POST.get("entry", "")
    try:
        # Your own entry, or one you speak for (a bot you own): the service decides.
        if entry_id.isdigit():
            entry = lifecycle.entry_for(t, int(entry_id))
        else:
            entry = _my_entry(request, t)
        entry = registration.withdraw(t, entry, request.user)
    except TournamentError as exc:
        return _refused(request, t, exc)
    verb = "dropped from" if entry.state == EntryState.DROPPED else "withdrew from"
    who = "You" if entry.player_id == request.user.pk else entry.player.public_name
    messages.success(request, f"{who} {verb} {t.name}.")
    return _back(t)


@private
@require_POST
def check_in(request: HttpRequest, pk: int) -> HttpResponse:
    t = _visible(request, pk)
    entry = _my_entry(request, t)
    try:
        registration.check_in(t, entry, request.user)
    except TournamentError as exc:
        return _refused(request, t, exc)
    messages.success(request, "You are checked in.")
    return _back(t)


# -- organiser: lifecycle ---------------------------------------------------------------------
@private
@require_POST
def step(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """One lifecycle step: open registration or check-in, start, pair the next round, cancel."""
    t = _managed(request, pk)
    try:
        if action == "open-registration":
            lifecycle.open_registration(t, request.user)
            done = "Registration is open."
        elif action == "open-check-in":
            lifecycle.open_check_in(t, request.user)
            done = "Check-in is open."
        elif action == "start":
            t = lifecycle.start(t, request.user)
            done = f"{t.name} started: round 1 is paired."
        elif action == "pair":
            expected = request.POST.get("round", "")
            rnd = rounds.pair_next_round(
                t.pk, by=request.user, expected=int(expected) if expected.isdigit() else None
            )
            done = f"Round {rnd.number} is paired." if rnd else "The event is finished."
        elif action == "cancel":
            form = ReasonForm(request.POST, prefix="cancel")
            if not form.is_valid():
                messages.error(request, "reason: give a reason to cancel.")
                return detail(request, pk, status=400, cancel_form=form)
            lifecycle.cancel(t, request.user, form.cleaned_data["reason"])
            done = "The tournament is cancelled."
        else:
            raise Http404("No such step.")
    except TournamentError as exc:
        return _refused(request, t, exc)
    messages.success(request, done)
    return _back(t)


@private
@require_POST
def entry_action(request: HttpRequest, pk: int, entry_id: int, action: str) -> HttpResponse:
    """The organiser drops or disqualifies an entry (a reason is required to disqualify)."""
    t = _managed(request, pk)
    try:
        entry = lifecycle.entry_for(t, entry_id)
        name = _names([entry])[entry.pk]  # a player's name, or a team's
        if action == "disqualify":
            # The service refuses a blank reason, naming the field.
            registration.disqualify(t, entry, request.user, request.POST.get("dq-reason", ""))
            done = f"{name} is disqualified."
        elif action == "drop":
            reason = request.POST.get("drop-reason", "").strip()[:2000]
            registration.drop(t, entry, request.user, reason)
            done = f"{name} is dropped."
        else:
            raise Http404("No such action.")
    except TournamentError as exc:
        return _refused(request, t, exc)
    messages.success(request, done)
    return _back(t, "#entrants")


# -- tables: report, confirm, correct, time out ------------------------------------------------
def _table(t: Tournament, table_id: int) -> Table:
    table = Table.objects.select_related("round").filter(pk=table_id, round__tournament=t).first()
    if table is None:
        raise Http404("No such table in this tournament.")
    return table


def table_page(request: HttpRequest, pk: int, table_id: int, status: int = 200, **bound):
    """One table: players, why they were paired, reports so far, and the forms that apply."""
    t = _visible(request, pk)
    table = _table(t, table_id)
    entries = {
        e.pk: e
        for e in Entry.objects.filter(pk__in=table.entries).select_related("player", "partner")
    }
    names = _names(list(entries.values()))
    players = [names[e] for e in table.entries]
    # the captain reports for a team (the player for themselves): the partner only plays
    _table_rows([table], names, {e.pk for e in entries.values() if e.player_id == request.user.pk})
    partner = request.user.is_authenticated and any(
        e.partner_id == request.user.pk for e in entries.values()
    )
    reports = list(table.reports.select_related("entry__player", "by"))
    for r in reports:
        r.score = _score(Table(entries=table.entries, result=r.result))
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
    }
    if open_table and table.match_id is None and table.mine:
        context["report_form"] = bound.get("report_form") or ResultForm(
            players=players, prefix="report"
        )
    if manager and not table.bye and t.state in (State.RUNNING, State.FINISHED):
        context["correct_form"] = bound.get("correct_form") or CorrectForm(
            players=players, prefix="correct"
        )
        if open_table:
            context["timeout_form"] = bound.get("timeout_form") or TimeoutForm(
                seats=[(e, names[e]) for e in table.entries], prefix="timeout"
            )
    return render(request, "web/tournaments/table.html", context, status=status)


def _play_seat(user: Any, table: Table) -> bool:
    """True when ``user`` holds a person's seat in the table's running match (they play it on
    the play page)."""
    if table.match_id is None or not user.is_authenticated:
        return False
    from matches.models import MatchSeat, MatchState

    return MatchSeat.objects.filter(
        match_id=table.match_id, player=user, bot="", match__state=MatchState.RUNNING
    ).exists()


def _players(t: Tournament, table: Table) -> list[str]:
    """The table's players' (or teams') names, in seat order."""
    entries = Entry.objects.filter(pk__in=table.entries).select_related("player", "partner")
    names = _names(list(entries))
    return [names.get(e, "?") for e in table.entries]


@private
@require_POST
def report(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    """A player reports their table; agreement makes it final, disagreement a dispute."""
    t = _visible(request, pk)
    table = _table(t, table_id)
    form = ResultForm(request.POST, players=_players(t, table), prefix="report")
    if not form.is_valid():
        return table_page(request, pk, table_id, status=400, report_form=form)
    try:
        table = results.report(t, table.pk, request.user, form.result())
    except TournamentError as exc:
        form.add_error(form.field_for(exc.field), exc.message)
        return table_page(request, pk, table_id, status=exc.status, report_form=form)
    messages.success(
        request,
        {
            TableState.FINAL: "Both reports agree: the result is final.",
            TableState.DISPUTED: "Your report disagrees with your opponent's: the organiser "
            "will settle it.",
        }.get(table.state, "Reported: waiting for your opponent to confirm."),
    )
    return redirect("web-tournament-table", pk=t.pk, table_id=table.pk)


@private
@require_POST
def correct(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    t = _managed(request, pk)
    table = _table(t, table_id)
    form = CorrectForm(request.POST, players=_players(t, table), prefix="correct")
    if not form.is_valid():
        return table_page(request, pk, table_id, status=400, correct_form=form)
    try:
        results.correct(t, table.pk, request.user, form.result(), form.cleaned_data["reason"])
    except TournamentError as exc:
        form.add_error(form.field_for(exc.field), exc.message)
        return table_page(request, pk, table_id, status=exc.status, correct_form=form)
    messages.success(request, "Result set by the organiser.")
    return redirect("web-tournament-table", pk=t.pk, table_id=table.pk)


@private
@require_POST
def timeout(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    t = _managed(request, pk)
    table = _table(t, table_id)
    names = _players(t, table)
    form = TimeoutForm(
        request.POST, seats=list(zip(table.entries, names, strict=True)), prefix="timeout"
    )
    if not form.is_valid():
        return table_page(request, pk, table_id, status=400, timeout_form=form)
    data = form.cleaned_data
    try:
        results.timeout(
            t, table.pk, request.user, data["action"], data["reason"], data.get("winner")
        )
    except TournamentError as exc:
        form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        return table_page(request, pk, table_id, status=exc.status, timeout_form=form)
    messages.success(request, "The table is settled.")
    return redirect("web-tournament-table", pk=t.pk, table_id=table.pk)
