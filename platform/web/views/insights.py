"""Pages anyone may read about what wins: the matchup matrices (and the bot studies' pages)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from engines.registry import game_slugs, get_game
from insights.matrix import MIN_GAMES, BadQuery, catalogues, matrix
from insights.models import Source


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
    try:
        data = matrix(game, catalogue, sources)
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
    }
    return render(request, "web/insights/matchups.html", context)
