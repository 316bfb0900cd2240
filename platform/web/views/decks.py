"""Deck pages: my decks, the editor (validation as you type), versions, export, starter decks
(the catalogue browser is :mod:`web.views.catalogues`).

Every rule is the decks app's (``decks.services``): decks are private to their owner (anyone
else gets 404), a single version is visible where :func:`decks.services.can_view_version`
allows, and new content always becomes a new version (used or locked ones never change).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib import messages
from django.db.models import Exists, OuterRef, Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_POST

from decks import services
from decks.models import Card, Deck, DeckRecheck, DeckVersion
from engines.decks import format_slugs, get_deck_format
from web.deck_forms import (
    KHAN_GAME,
    CardSearchForm,
    DeckForm,
    StarterCopyForm,
    ValidateForm,
    game_choices,
)
from web.deck_report import check_text
from web.views.accounts import private

SEARCH_RESULTS = 12
DEFAULT_GAME = "arackhan-wars"
ARMY_GAME = "akhedena"


def _frozen_versions():
    return DeckVersion.objects.filter(deck=OuterRef("pk")).filter(
        Q(used_at__isnull=False) | ~Q(locked_reason="")
    )


def _current_prefetch(*deferred: str) -> Prefetch:
    """The current version of each deck, with its catalogue and its re-check results."""
    return Prefetch(
        "versions",
        queryset=DeckVersion.objects.filter(is_current=True)
        .defer(*deferred)
        .select_related("catalogue")
        .defer("catalogue__rows")
        .prefetch_related(
            Prefetch(
                "rechecks",
                queryset=DeckRecheck.objects.select_related("catalogue").defer("catalogue__rows"),
            )
        ),
        to_attr="current_list",
    )


def _flag(version: DeckVersion | None) -> DeckRecheck | None:
    """The re-check that made ``version`` illegal, if its verdict is still that one."""
    if version is None or version.legal:
        return None
    found = list(version.rechecks.all())
    latest = found[0] if found else None
    return latest if latest is not None and not latest.legal else None


def _own_deck(request: HttpRequest, pk: int) -> Deck:
    deck = (
        Deck.objects.filter(pk=pk, owner=request.user, archived=False)
        .prefetch_related(_current_prefetch())
        .first()
    )
    if deck is None:
        raise Http404("No such deck.")
    deck.current = deck.current_list[0] if deck.current_list else None
    return deck


def _starters() -> list[tuple[str, str, list]]:
    return [
        (slug, name, list(get_deck_format(slug).starter_decks())) for slug, name in game_choices()
    ]


# -- my decks ----------------------------------------------------------------------------------
def deck_list(
    request: HttpRequest, copy_form: StarterCopyForm | None = None, status: int = 200
) -> HttpResponse:
    """Your decks per game (verdict, flags, locks) and the starter decks to copy."""
    groups: dict[str, list[Deck]] = defaultdict(list)
    if request.user.is_authenticated:
        decks = (
            Deck.objects.filter(owner=request.user, archived=False)
            .annotate(frozen=Exists(_frozen_versions()))
            .prefetch_related(_current_prefetch("data", "text", "problems"))
            .order_by("game", "name", "pk")
        )
        for deck in decks:
            deck.current = deck.current_list[0] if deck.current_list else None
            deck.flag = _flag(deck.current)
            groups[deck.game].append(deck)
    games = [(slug, name, groups.get(slug, [])) for slug, name in game_choices()]
    return render(
        request,
        "web/decks/list.html",
        {"games": games, "starters": _starters(), "copy_form": copy_form},
        status=status,
    )


@private
@require_POST
def starter_copy(request: HttpRequest) -> HttpResponse:
    form = StarterCopyForm(request.POST)
    if not form.is_valid():
        return deck_list(request, copy_form=form, status=400)
    starter = form.cleaned_data["starter"]
    deck = services.copy_starter(request.user, form.cleaned_data["game"], starter.key)
    messages.success(request, f"“{deck.name}” copied into your decks: edit it as you like.")
    return redirect("web-deck", pk=deck.pk)


# -- the editor --------------------------------------------------------------------------------
COUNT_WORDS = {1: "a", 2: "two", 3: "three", 4: "four"}


def army_words(table: dict[str, dict[str, Any]]) -> str:
    """A fixed army from its card table, in words: "two of each rank from 4 to Assassin, two
    Warlords, a Wizard, a Phantom and a Dragon"."""
    rows = list(table.values())
    ranks = [r for r in rows if r.get("rank")]
    parts = []
    if ranks and len({r["copies"] for r in ranks}) == 1:
        n = COUNT_WORDS.get(ranks[0]["copies"], str(ranks[0]["copies"]))
        parts.append(f"{n} of each rank from {ranks[0]['name']} to {ranks[-1]['name']}")
    else:
        ranks = []
    for r in rows:
        if r in ranks:
            continue
        n = r["copies"]
        parts.append(f"{COUNT_WORDS.get(n, str(n))} {r['name']}{'s' if n > 1 else ''}")
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def _editor(
    request: HttpRequest, form: DeckForm, deck: Deck | None, game: str, status: int = 200
) -> HttpResponse:
    if game == "kingdom-of-warlords":
        form.fields["text"].help_text = (
            "The army's 27 card labels (4–10, J, Q, K, A, WL, W, P, D) separated by spaces "
            "or commas, or one “2 K” per line."
        )
    example = None
    fmt = get_deck_format(game)
    if game == ARMY_GAME:  # an army list: one line per piece, then the reserve
        form.fields["text"].help_text = (
            "One line per piece: its card, then its two Army cards (“Hero: Dawn Warlord, "
            f"Swordsmen, Shield Wall”), and a “Reserve:” line of {fmt.reserve_size} Army cards."
        )
        starter = fmt.starter_decks()[0]
        example = fmt.export_text(starter.data, None, starter.name)
    text = form["text"].value() or ""
    # a Khan is a choice from a list: every choice is legal, nothing to check as you go
    report = check_text(game, text) if text.strip() and game != KHAN_GAME else None
    versions = []
    if deck is not None:
        versions = list(
            DeckVersion.objects.filter(deck=deck)
            .select_related("catalogue")
            .defer("data", "text", "catalogue__rows")
            .order_by("-number")[:50]
        )
    context = {
        "form": form,
        "deck": deck,
        "game": game,
        "game_name": dict(game_choices()).get(game, game),
        "fmt": fmt,
        # what the checker checks, in the format's own words (Akhedena), or the fixed army
        "construction": getattr(fmt, "construction_text", lambda: "")(),
        "army": army_words(fmt.card_table()) if game == "kingdom-of-warlords" else "",
        "report": report,
        "versions": versions,
        "flag": _flag(deck.current) if deck is not None else None,
        "search_form": CardSearchForm(initial={"game": game}),
        "example": example,
    }
    return render(request, "web/decks/editor.html", context, status=status)


def _saved_message(request: HttpRequest, deck: Deck) -> None:
    version = services.current_version(deck)
    if version is None:
        return
    if version.legal:
        messages.success(request, f"Saved version {version.number} of “{deck.name}”: legal.")
    else:
        n = len(version.violations)
        messages.warning(
            request,
            f"Saved version {version.number} of “{deck.name}” as a draft with {n} "
            f"violation{'s' if n != 1 else ''}: it cannot enter a ladder or tournament yet.",
        )


@private
def deck_new(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        game = request.GET.get("game", DEFAULT_GAME)
        if game not in format_slugs():
            game = DEFAULT_GAME
        initial = {"game": game, "name": ""}
        if game == "kingdom-of-warlords":  # a fixed army: start from it
            starter = get_deck_format(game).starter_decks()[0]
            initial["text"] = get_deck_format(game).export_text(starter.data)
        return _editor(request, DeckForm(initial=initial), None, game)
    form = DeckForm(request.POST)
    game = form.data.get("game") if form.data.get("game") in format_slugs() else DEFAULT_GAME
    if request.POST.get("action") == "check" or not form.is_valid():
        form.is_valid()
        return _editor(request, form, None, game, status=200 if form.is_valid() else 400)
    data = form.cleaned_data
    try:
        deck = services.create_deck(request.user, data["game"], data["name"], text=data["text"])
    except services.DeckInputError as exc:
        form.add_error("khan" if data["game"] == KHAN_GAME else "text", str(exc))
        return _editor(request, form, None, game, status=400)
    _saved_message(request, deck)
    return redirect("web-deck", pk=deck.pk)


def _deck_text(deck: Deck) -> str:
    version = deck.current
    if version is None:
        return ""
    return version.text or services.export_text(version)


@private
def deck_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Edit a deck: new content is always a new version (locked or used ones stay as they are)."""
    deck = _own_deck(request, pk)
    if request.method != "POST":
        text = _deck_text(deck)
        initial = {"name": deck.name, "game": deck.game, "text": text}
        if deck.game == KHAN_GAME and deck.current is not None:
            initial["khan"] = deck.current.data
        return _editor(request, DeckForm(initial=initial, fixed_game=deck.game), deck, deck.game)
    form = DeckForm(request.POST, fixed_game=deck.game, initial={"game": deck.game})
    if request.POST.get("action") == "check" or not form.is_valid():
        status = 200 if form.is_valid() else 400
        return _editor(request, form, deck, deck.game, status=status)
    data = form.cleaned_data
    text = data["text"]
    current = deck.current
    unchanged = current is not None and (
        text == current.text or (deck.game == KHAN_GAME and text == current.data)
    )
    try:
        deck = services.edit_deck(deck, name=data["name"], text=None if unchanged else text)
    except services.DeckInputError as exc:
        form.add_error("khan" if deck.game == KHAN_GAME else "text", str(exc))
        return _editor(request, form, deck, deck.game, status=400)
    if unchanged:
        messages.success(request, f"Saved “{data['name']}” (the list is unchanged).")
    else:
        _saved_message(request, deck)
    return redirect("web-deck", pk=deck.pk)


@private
@require_POST
def deck_delete(request: HttpRequest, pk: int) -> HttpResponse:
    deck = _own_deck(request, pk)
    outcome = services.delete_deck(deck)
    note = " (archived: a version of it was used or locked, so it is kept)" * (
        outcome == "archived"
    )
    messages.success(request, f"“{deck.name}” deleted{note}.")
    return redirect("web-decks")


@require_POST
def deck_validate(request: HttpRequest) -> HttpResponse:
    """Check a list without saving it: the report fragment the editor shows next to the lines.

    Bad input (unknown game, a list over the size limit) is a 400 naming the field.
    """
    form = ValidateForm(request.POST)
    if not form.is_valid():
        return render(request, "web/decks/_form_errors.html", {"form": form}, status=400)
    game, text = form.cleaned_data["game"], form.cleaned_data["text"]
    report = check_text(game, text) if text.strip() else None
    return render(request, "web/decks/_report.html", {"report": report, "game": game})


@require_GET
def card_search(request: HttpRequest) -> HttpResponse:
    """Cards of the catalogue in force whose name contains ``q``: buttons that add a line."""
    form = CardSearchForm(request.GET)
    if not form.is_valid():
        return render(request, "web/decks/_form_errors.html", {"form": form}, status=400)
    game, query = form.cleaned_data["game"], " ".join(form.cleaned_data["q"].split())
    cards: list[Card] = []
    version = services.catalogue_in_force(game)
    if version is not None and query:
        engine = services.engine_catalogue(version)
        cards = list(
            Card.objects.filter(catalogue=version, name__icontains=query).order_by(
                "name", "faction"
            )[:SEARCH_RESULTS]
        )
        for card in cards:
            shared = len(engine.named(card.name)) > 1
            card.line_name = f"{card.name} ({card.faction})" if shared else card.name
    return render(
        request,
        "web/decks/_card_results.html",
        {"cards": cards, "query": query, "has_catalogue": version is not None, "game": game},
    )


# -- versions ----------------------------------------------------------------------------------
def _visible_version(request: HttpRequest, pk: int) -> DeckVersion:
    version = (
        DeckVersion.objects.select_related("deck", "deck__owner", "catalogue")
        .defer("catalogue__rows")
        .filter(pk=pk)
        .first()
    )
    if version is None or not services.can_view_version(request.user, version):
        raise Http404("No such deck version.")
    return version


def version_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One version: its list, verdict, catalogue, and whether it is used or locked."""
    version = _visible_version(request, pk)
    text = version.text or services.export_text(version)
    mine = request.user.is_authenticated and version.deck.owner_id == request.user.pk
    return render(
        request,
        "web/decks/version.html",
        {
            "version": version,
            "deck": version.deck,
            "mine": mine,
            "game_name": get_deck_format(version.deck.game).name,
            "text": text,
            "rechecks": list(
                version.rechecks.select_related("catalogue").defer("catalogue__rows")[:10]
            )
            if mine
            else [],
        },
    )


def version_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The version as a text list (download), in the form the editor reads back."""
    version = _visible_version(request, pk)
    response = HttpResponse(services.export_text(version), content_type="text/plain; charset=utf-8")
    name = slugify(version.deck.name) or "deck"
    response["Content-Disposition"] = f'attachment; filename="{name}-v{version.number}.txt"'
    return response
