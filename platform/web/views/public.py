"""Pages anyone may read: home, players, ladders and leaderboards, matches and replays."""

from __future__ import annotations

import contextlib

from django.core.paginator import Paginator
from django.db.models import Count, Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string

from matches import interactive
from matches.models import AuditEntry, Match, MatchSeat, MatchState
from matches.wording import match_result_text
from players.models import Player
from ratings import explain, seasons
from ratings.bots import may_enter
from ratings.models import ClosingRun, Ladder, QueueEntry, Rating
from ratings.service import conservative
from ratings.standings import LEADERBOARD_ORDER, ladder_certainties
from ratings.uncertainty import EXPLAINED as CERTAINTY_EXPLAINED
from tournaments.outcome import player_events
from tournaments.rated import describe as paper_description
from web import home_page, queries
from web.charts import line_chart, sparkline
from web.forms import ChallengeForm, CorrectForm, ReasonForm
from web.play_ratings import match_ratings
from web.queue_page import queue_form, wait_context
from web.replay import position_words, replay_match
from web.views.insights import drift_context

HISTORY_POINTS = 100  # rating-history chart: the last this many matches per ladder


def home(request: HttpRequest) -> HttpResponse:
    """What Gauntlet is and where to start (signed out); the person's games, events and ladders
    (signed in); then the site's live matches, ladder leaders and events."""
    mine = {}
    if request.user.is_authenticated:
        mine = {
            "games": home_page.your_games(request.user),
            "events": home_page.your_events(request.user),
            "my_ladders": home_page.your_ladders(request.user),
        }
    ladders = list(Ladder.objects.filter(active=True).order_by("game", "slug"))
    leaders = queries.ladder_leaders(5)
    for ladder in ladders:
        ladder.leaders = leaders.get(ladder.pk, [])
    return render(
        request,
        "home.html",
        {
            "running": queries.running_matches(10),
            "recent": queries.recent_finished(10),
            "ladders": ladders,
            **mine,
        },
    )


def player(request: HttpRequest, username: str) -> HttpResponse:
    person = get_object_or_404(
        Player.objects.select_related("bot_version__bot"), username=username, is_active=True
    )
    ratings = list(
        Rating.objects.filter(player=person).select_related("ladder").order_by("-conservative")
    )
    history = queries.rating_history(person.pk, HISTORY_POINTS)
    for r in ratings:
        changes = history.get(r.ladder_id, [])
        values = [conservative(c.mu_after, c.sigma_after) for c in changes]
        if changes:  # the rating before the first of them, then after each
            first = changes[0]
            values.insert(0, conservative(first.mu_before, first.sigma_before))
        band = [(c.mu_after - 2 * c.sigma_after, c.mu_after + 2 * c.sigma_after) for c in changes]
        if changes:
            first = changes[0]
            band.insert(
                0,
                (
                    first.mu_before - 2 * first.sigma_before,
                    first.mu_before + 2 * first.sigma_before,
                ),
            )
        r.chart = line_chart(
            values,
            title=f"{person.public_name}: conservative rating on {r.ladder.name}",
            x_label="match",
            dates=[changes[0].played, *[c.played for c in changes]] if changes else None,
            band=band or None,
        )
        r.last_move = explain.move(changes[-1], changes[-1].ranks) if changes else None
    matches = list(
        queries.match_list()
        .filter(seats__player=person)
        .exclude(state=MatchState.SCHEDULED)
        .order_by("-created")[:20]
    )
    return render(
        request,
        "web/player.html",
        {
            "person": person,
            "ratings": ratings,
            "matches": matches,
            "events": player_events(person),
            "seasons": seasons.player_seasons(person),
            "conservative_explained": explain.CONSERVATIVE,
        },
    )


def ladder_list(request: HttpRequest) -> HttpResponse:
    ladders = Ladder.objects.annotate(
        players=Count("ratings", filter=Q(ratings__games__gt=0), distinct=True),
        queued=Count("queue", distinct=True),
    ).order_by("-active", "game", "slug")
    return render(request, "web/ladders.html", {"ladders": ladders})


def entrants(user, ladder: Ladder, bots: list[Player] | None = None) -> list[Player]:
    """The accounts ``user`` may queue or challenge with on ``ladder``: themselves, their bots
    (of ``bots``, the ladder's bot accounts, when given: a page that has them reads them once)."""
    from ratings.bots import bot_spec

    if not user.is_authenticated:
        return []
    if bots is None:
        from ratings.versions import playing_now

        found = playing_now(Player.objects.filter(is_bot=True, is_active=True))
        if not user.is_admin:
            found = found.filter(bot_profile__owner=user)
        bots = [b for b in found.select_related("bot_profile") if bot_spec(b, ladder.game)]
    return [user, *[b for b in bots if may_enter(user, b)]]


def active_bots() -> list[Player]:
    """Every active bot account that plays new matches (of a bot with versions, its latest:
    ``ratings.versions.playing_now``) with its profile, by user name (one query)."""
    from ratings.versions import playing_now

    bots = Player.objects.filter(is_bot=True, is_active=True).select_related("bot_profile")
    return list(playing_now(bots).order_by("username"))


def ladder_bots(ladder: Ladder, bots: list[Player] | None = None) -> list[Player]:
    """Bot accounts that play the ladder's game (possible challenge opponents), from ``bots``
    when given (a page listing many ladders reads them once)."""
    from ratings.bots import bot_spec

    return [b for b in (active_bots() if bots is None else bots) if bot_spec(b, ladder.game)]


def ladder_forms(request: HttpRequest, ladder: Ladder, **bound) -> dict:
    """The queue and challenge forms of a ladder page (bound ones passed in ``bound``), and the
    person's wait when they are in the queue."""
    if not request.user.is_authenticated:
        return {}
    bots = ladder_bots(ladder)
    accounts = entrants(request.user, ladder, bots)
    challengers = [a for a in accounts if a.is_bot]
    entries = list(
        QueueEntry.objects.filter(ladder=ladder, player__in=accounts).select_related(
            "ladder", "player", "deck_version__deck"
        )
    )
    mine = next((e for e in entries if e.player_id == request.user.pk), None)
    return {
        "queue_form": bound.get("queue_form") or queue_form(request.user, ladder, accounts),
        "queued": [e for e in entries if e is not mine],  # the person's bot accounts
        **wait_context(mine),
        "challenge_form": bound.get("challenge_form")
        or ChallengeForm(challengers=challengers, bots=bots, opponents=ladder.seats - 1),
        "can_challenge": bool(challengers),
    }


def leaderboard(request: HttpRequest, slug: str, status: int = 200, **bound) -> HttpResponse:
    ladder = get_object_or_404(Ladder, slug=slug)
    ratings = (
        Rating.objects.filter(ladder=ladder, games__gt=0)
        .select_related("player")
        .order_by(*LEADERBOARD_ORDER)
    )
    page = Paginator(ratings, 50).get_page(request.GET.get("page"))
    rows = list(page.object_list)
    recent = queries.recent_changes(ladder.pk, [r.player_id for r in rows])
    certain = ladder_certainties(ladder, [r.player_id for r in rows])
    all_seasons = seasons.seasons_of(ladder)
    for i, r in enumerate(rows):
        r.position = page.start_index() + i
        r.certainty = certain[r.player_id]
        series = recent.get(r.player_id, [])
        r.trend = series[-1] - series[0] if len(series) > 1 else 0.0
        r.spark = sparkline(series, label=explain.trend(series))
    context = {
        "ladder": ladder,
        "page": page,
        "rows": rows,
        "queue_size": QueueEntry.objects.filter(ladder=ladder).count(),
        "conservative_explained": explain.CONSERVATIVE,
        "certainty_explained": CERTAINTY_EXPLAINED,
        "closing_run": ClosingRun.objects.filter(ladder=ladder).first(),
        "season": all_seasons[-1],
        "season_reset": seasons.reset_words(all_seasons[-1], ladder),
        "past_seasons": all_seasons[:-1],
        **drift_context(ladder),
        **ladder_forms(request, ladder, **bound),
    }
    return render(request, "web/leaderboard.html", context, status=status)


def match_list_page(request: HttpRequest) -> HttpResponse:
    matches = queries.match_list().order_by("-created")
    state = request.GET.get("state", "")
    if state in MatchState.values:
        matches = matches.filter(state=state)
    page = Paginator(matches, 30).get_page(request.GET.get("page"))
    return render(
        request,
        "web/matches.html",
        {"page": page, "state": state, "states": MatchState.choices, "title": "Matches"},
    )


def _match(pk: int) -> Match:
    match = (
        Match.objects.select_related("ladder")
        .prefetch_related(
            Prefetch("seats", queryset=MatchSeat.objects.select_related("player").order_by("seat"))
        )
        .filter(pk=pk)
        .first()
    )
    if match is None:
        raise Http404("No such match.")
    return match


def match_detail(request: HttpRequest, pk: int, status: int = 200, **bound) -> HttpResponse:
    match = _match(pk)
    seats = list(match.seats.all())
    result = (match.corrected_result or match.result) if match.seed_revealed else None
    text = match_result_text(match, seats)
    context = {
        "match": match,
        "seats": seats,
        "ended": match.seed_revealed,
        "live": match.state in (MatchState.SCHEDULED, MatchState.RUNNING),
        "n_actions": len(match.actions) if match.seed_revealed else None,
        # The result as people read it: players by name, never "seat 0 forfeited".
        "result": {**result, "reason": text} if result else None,
        "result_text": text,
        "paper": paper_description(match) if match.on_paper else None,
        "ratings": match_ratings(match, request.user),
    }
    fragment = request.GET.get("fragment") == "live"
    if match.seed_revealed and not match.on_paper and not fragment:  # the board, at the end
        context.update(_replay_context(match, seats, len(match.actions)))
    elif match.state == MatchState.RUNNING and not match.on_paper:
        # People's match: its board now (a worker's bot match: nothing until its end).
        with contextlib.suppress(interactive.PlayError):
            context["live_view"] = interactive.view_for(match, None)
    if request.user.is_authenticated and request.user.is_staff:
        context.update(
            staff=True,
            audit_entries=list(AuditEntry.objects.filter(match=match).select_related("actor")),
            void_form=bound.get("void_form") or ReasonForm(prefix="void"),
            correct_form=bound.get("correct_form") or CorrectForm(prefix="correct", seats=seats),
            verify_report=bound.get("verify_report") or match.verification,
        )
    template = "web/match_live.html" if fragment else "web/match.html"
    return render(request, template, context, status=status)


def _replay_context(match: Match, seats: list[MatchSeat], at: int, words: bool = True) -> dict:
    """The replay viewer's context (``web/_replay_viewer.html``): the spectator's board after
    ``at`` actions, the step in sentences and, with ``words``, every move in words."""
    names = [s.player.public_name for s in seats]
    replay = replay_match(match, names, at, words=words)
    n = len(match.actions)
    return {
        "replay": replay,
        "at": replay.at,
        "n": n,
        "prev": max(0, replay.at - 1),
        "next": min(n, replay.at + 1),
        "current": replay.steps[replay.at - 1] if 0 < replay.at <= len(replay.steps) else None,
        "position": position_words(replay, names, match_result_text(match, seats)),
        "board": replay.view,
    }


def _step(request: HttpRequest) -> int:
    try:
        return int(request.GET.get("step", "0"))
    except ValueError:
        return 0


def match_replay(request: HttpRequest, pk: int) -> HttpResponse:
    """The match on the play page's board, step by step, as a spectator saw it (``?step=N``;
    ``&format=json``: that step's board and words, for the page's script)."""
    match = _match(pk)
    if match.on_paper:  # nothing to step through: no engine played it
        return render(request, "web/replay_unavailable.html", {"match": match}, status=404)
    if not match.seed_revealed:
        return render(
            request,
            "web/replay_unavailable.html",
            {"match": match},
            status=403,
        )
    seats = list(match.seats.all())
    as_json = request.GET.get("format") == "json"
    # A step for the script (or the fragment) needs no sentence of the moves after it.
    words = not (as_json or request.GET.get("fragment"))
    context = {
        "match": match,
        "seats": seats,
        **_replay_context(match, seats, _step(request), words),
    }
    if as_json:
        return JsonResponse(
            {
                "at": context["at"],
                "view": context["board"],
                "html": render_to_string("web/replay_step.html", context, request),
            }
        )
    template = "web/replay_step.html" if request.GET.get("fragment") else "web/replay.html"
    return render(request, template, context)
