from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from engines.registry import game_slugs


def home(request: HttpRequest) -> HttpResponse:
    """The landing page: what Gauntlet is and where the API lives."""
    return render(request, "home.html", {"games": game_slugs()})
