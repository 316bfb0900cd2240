"""Pages anyone may read about what wins: the matchup matrices (and the bot studies' pages)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from engines.registry import game_slugs, get_game
from insights.matrix import MIN_GAMES, BadQuery, catalogues, has_decks, matrix
from insights.models import Source, Study
from insights.studies import StudyRefused, may_start, progress, start_study
from web.charts import line_chart
from web.study_forms import StudyForm
from web.views.errors import OrganiserOnly


def matchups(request: HttpRequest, game: str | None = None) -> HttpResponse:
    """A game's matchup matrix as a heat map, filtered by catalogue version and source."""
    game = game or game_slugs()[0]
    if game not in game_slugs():
        raise Http404(f"No game {game!r}.")
    versions = catalogues(game)
    catalogue = request.GET.get("catalogue") or None
    if catalogue is not None and catalogue not in versions:
        catalogue = None
    sources = [s for s in request.GET.getlist("source") if s in Source.values]
    by = "deck" if request.GET.get("by") == "deck" and has_decks(game) else "key"
    try:
        data = matrix(game, catalogue, sources, by)
    except BadQuery as exc:  # checked above; kept for safety of the page
        raise Http404(str(exc)) from None
    context = {
        "game": game,
        "game_name": get_game(game).name,
        "games": [(slug, get_game(slug).name) for slug in game_slugs()],
        "versions": versions,
        "catalogue": catalogue,
        "sources": sources,
        "source_choices": Source.choices,
        "m": data,
        "grid": data.grid(),
        "min_games": MIN_GAMES,
        "by": by,
        "has_decks": has_decks(game),
        "key_kind": get_game(game).matchup_kind or "deck",
    }
    return render(request, "web/insights/matchups.html", context)


def studies(request: HttpRequest) -> HttpResponse:
    """The bot studies, newest first, and (for organisers and staff) the form to start one."""
    form = StudyForm(request.POST or None) if may_start(request.user) else None
    status = 200
    if request.method == "POST":
        if form is None:
            raise OrganiserOnly("Only organisers and staff start bot studies.")
        if form.is_valid():
            try:
                study = start_study(request.user, **form.cleaned_data)
            except StudyRefused as exc:
                field = exc.field if exc.field in form.fields else None
                form.add_error(field, str(exc))
            else:
                return redirect("web-study", study.pk)
        status = 400
    rows = [(s, progress(s)) for s in Study.objects.all()[:50]]
    return render(request, "web/insights/studies.html", {"form": form, "rows": rows}, status=status)


def study(request: HttpRequest, pk: int) -> HttpResponse:
    """One study: its settings and a progress bar that follows the workers live."""
    item = get_object_or_404(Study, pk=pk)
    return render(
        request,
        "web/insights/study.html",
        {"study": item, "p": progress(item), "game_name": get_game(item.game).name},
    )


LIVE_BACKTEST_LIMIT = 5000
"""A ladder with no stored backtest and at most this many matches is replayed for the page."""


def backtest(request: HttpRequest, slug: str) -> HttpResponse:
    """A ladder's rating systems side by side: the last ``rating_backtest`` run (or, on a
    small ladder never run, a replay now)."""
    from insights.backtest import backtest as replay_all
    from insights.backtest import ladder_history
    from insights.models import Backtest
    from ratings.models import Ladder

    ladder = get_object_or_404(Ladder, slug=slug)
    run = Backtest.objects.filter(ladder=ladder).first()
    if run is not None:
        scores, matches, when = run.scores, run.matches, run.created
    else:
        history = ladder_history(ladder) if ladder.matches.count() <= LIVE_BACKTEST_LIMIT else []
        scores = [s.to_json() for s in replay_all(ladder, history)] if history else []
        matches, when = len(history), None
    for s in scores:
        acc = s.get("pair_accuracy")
        s["percent"] = "–" if acc is None else f"{100 * acc:.1f} %"
    return render(
        request,
        "web/insights/backtest.html",
        {"ladder": ladder, "scores": scores, "matches": matches, "when": when},
    )


def drift_context(ladder) -> dict:
    """What the ladder page shows of its reference bots: the field's median mu over time as
    a chart, and per period how the field scored against each held bot."""
    from insights.drift import drift

    found = drift(ladder)
    if found is None:
        return {}
    points = [p for p in found.periods if p.median_mu is not None]
    chart = line_chart(
        [p.median_mu for p in points],
        title=f"The field's median μ, by {found.unit}",
        dates=[p.end for p in points],
        x_label=found.unit,
        y_label="μ",
    )
    rows = []
    for ref in found.references:
        games = sum(p.against.get(ref.player_id, [0, 0])[0] for p in found.periods)
        points_won = sum(p.against.get(ref.player_id, [0, 0.0])[1] for p in found.periods)
        recent = [p for p in found.periods if ref.player_id in p.against][-3:]
        recent_games = sum(p.against[ref.player_id][0] for p in recent)
        recent_points = sum(p.against[ref.player_id][1] for p in recent)
        rows.append(
            {
                "name": ref.player.public_name,
                "mu": ref.mu,
                "games": games,
                "score": f"{100 * points_won / games:.0f} %" if games else "–",
                "recent": f"{100 * recent_points / recent_games:.0f} %" if recent_games else "–",
                "gap": None if not points else points[-1].median_mu - ref.mu,
            }
        )
    return {"drift_chart": chart, "drift_rows": rows, "drift_unit": found.unit}
