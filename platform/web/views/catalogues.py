"""The catalogue browser: a game's cards with filters, and its catalogue versions (anyone)."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from decks import services
from decks.models import Card, CatalogueVersion
from engines.decks import card_set_slugs, format_slugs, get_catalogue_format, get_deck_format
from web.deck_forms import CatalogueFilterForm, game_choices
from web.views.decks import DEFAULT_GAME

CARDS_PER_PAGE = 30
GRAXIA = "heroes-of-graxia"
AKHEDENA = "akhedena"
AKHEDENA_KINDS = {"hero": "Hero card", "castle": "Castle card", "commander": "Commander card"}
PLATFORM_DESIGN = "Starter catalogue of the platform's design"


def _copies_text(card: Card, game: str) -> str:
    """How many copies a deck may hold, and the rule that says so."""
    if game == AKHEDENA:
        return f"at most {card.max_copies}" if card.max_copies else "any"
    if card.legendary:
        return "1 (legendary)"
    if card.individual_limit:
        return f"{card.individual_limit} (individual limit)"
    if card.max_copies:
        return f"{card.max_copies} (value 6+)"
    return "any"


def factions_of(factions: list[str]) -> list[tuple[str, str]]:
    return [(f, f) for f in factions]


def platform_design(rows: list[dict[str, Any]]) -> bool:
    """True when a catalogue's rows all say they are the platform's own design (Akhedena's
    ``origin`` "platform", Heroes of Graxia's notice), not published numbers."""
    return bool(rows) and all(
        r.get("platform_design") or "platform" in str(r.get("origin", "")).lower() for r in rows
    )


def source_text(version: CatalogueVersion, shipped_source: str) -> str:
    """Where a catalogue version comes from, in words (never a file path): the platform's own
    starter design, the file shipped with Gauntlet, or a file loaded by staff."""
    if platform_design(version.rows):
        return PLATFORM_DESIGN
    if version.source == shipped_source:
        return "Shipped with Gauntlet"
    who = version.loaded_by.public_name if version.loaded_by_id else "staff"
    return f"Loaded by {who}"


def _akhedena_filters(form: CatalogueFilterForm, kinds: list[str]) -> None:
    """Akhedena's cards have a type (Hero, Castle, a Commander's or Army card's main type), a
    kind of card and a weapon; no deck value."""
    for name in ("min_value", "max_value"):
        del form.fields[name]
    form.fields["faction"].label = "Type"
    form.fields["faction"].choices = [("", "any type"), *form.fields["faction"].choices[1:]]
    form.fields["kind"].label = "Card"
    form.fields["kind"].choices = [
        ("", "any card"),
        *((k, AKHEDENA_KINDS.get(k, f"{k.capitalize()} card")) for k in kinds),
    ]
    form.fields["attribute"].label = "Weapon"
    form.fields["attribute"].choices = [("", "any weapon"), *form.fields["attribute"].choices[1:]]


def catalogue_index(request: HttpRequest) -> HttpResponse:
    return redirect("web-catalogue", game=DEFAULT_GAME)


def catalogue(request: HttpRequest, game: str) -> HttpResponse:
    """Browse a game's cards with filters (GET form, paginated) and its catalogue versions."""
    if game not in format_slugs():
        raise Http404("No such game.")
    fmt = get_deck_format(game)
    context = {
        "game": game,
        "game_name": dict(game_choices())[game],
        "fmt": fmt,
        "games": game_choices(),
    }
    if not fmt.uses_catalogue:
        context["starters"] = fmt.starter_decks()
        table = getattr(fmt, "card_table", None)  # the fixed cards, in the game's words
        context["table"] = list(table().values()) if table is not None else []
        return render(request, "web/decks/catalogue.html", context)
    in_force = services.catalogue_in_force(game)  # loads the shipped catalogue the first time
    versions = list(
        CatalogueVersion.objects.filter(game=game)
        .select_related("loaded_by")
        .annotate(n_cards=Count("cards"))
        .order_by("-number")
    )
    shipped_source = getattr(fmt.shipped_catalogue(), "source", "")
    for v in versions:
        v.source_text = source_text(v, shipped_source)
    all_cards = Card.objects.filter(catalogue=in_force)
    factions = sorted(set(all_cards.values_list("faction", flat=True)))
    attributes = sorted({a for row in all_cards.values_list("attributes", flat=True) for a in row})
    form = CatalogueFilterForm(
        request.GET or None,
        factions=factions,
        attributes=attributes,
        versions=[v.number for v in versions],
    )
    if game == GRAXIA:  # its cards have a Classification and a Cost, no types or attributes
        for name in ("kind", "attribute"):
            del form.fields[name]
        form.fields["faction"].label = "Classification"
        form.fields["faction"].choices = [("", "any classification"), *factions_of(factions)]
        form.fields["min_value"].label, form.fields["max_value"].label = "Cost from", "Cost to"
    if game == AKHEDENA:
        _akhedena_filters(form, sorted(set(all_cards.values_list("kind", flat=True))))
    status = 200
    shown = in_force
    cards = Card.objects.none()
    if form.is_bound and not form.is_valid():
        status = 400
    else:
        wanted = form.cleaned_data if form.is_bound else {}
        if wanted.get("catalogue"):
            shown = next(v for v in versions if v.number == wanted["catalogue"])
        cards = Card.objects.filter(catalogue=shown).order_by("faction", "name", "card_id")
        if wanted.get("q"):
            cards = cards.filter(name__icontains=wanted["q"])
        if wanted.get("faction"):
            cards = cards.filter(faction=wanted["faction"])
        if wanted.get("kind"):
            cards = cards.filter(kind=wanted["kind"])
        if wanted.get("min_value") is not None:
            cards = cards.filter(budget_value__gte=wanted["min_value"])
        if wanted.get("max_value") is not None:
            cards = cards.filter(budget_value__lte=wanted["max_value"])
        if wanted.get("attribute"):  # a JSON list: filtered here, the same on every database
            cards = [c for c in cards if wanted["attribute"] in c.attributes]
    page = Paginator(cards, CARDS_PER_PAGE).get_page(request.GET.get("page"))
    table = getattr(fmt, "card_table", None)  # a format that lists its cards in its own words
    faces = table(services.engine_catalogue(shown)) if table is not None else {}
    for card in page.object_list:
        card.copies_text = _copies_text(card, game)
        card.face = faces.get(card.name)
    context.update(
        form=form,
        page=page,
        versions=versions,
        shown=shown,
        in_force=in_force,
        platform_design=platform_design(shown.rows),
    )
    return render(request, "web/decks/catalogue.html", context, status=status)


def mode_sets(request: HttpRequest, game: str) -> HttpResponse:
    """A game's card sets that are no deck's (AracKhan Wars' Strategy, Event and Objective
    cards): each set's version in force, every card with its text and where the text comes
    from."""
    slugs = card_set_slugs(game) if game in format_slugs() else []
    if not slugs:
        raise Http404("This game has no Strategy, Event or Objective cards.")
    shown = []
    for slug in slugs:
        version = services.catalogue_in_force(slug)
        shown.append({"name": get_catalogue_format(slug).name, "version": version})
    context = {"game": game, "game_name": dict(game_choices())[game], "sets": shown}
    return render(request, "web/decks/mode_sets.html", context)
