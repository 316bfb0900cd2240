"""The rules of deck registration, between the API/admin/commands and the models.

Formats come from :func:`engines.decks.get_deck_format` by game slug only; validation is pure
Python in the engine. Everything here is plain functions over model instances.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils import timezone

from decks.models import Card, CatalogueVersion, Deck, DeckVersion
from decks.signals import catalogue_replaced
from engines.base import DeckViolation
from engines.decks import (
    CatalogueError,
    DeckFormat,
    DeckInputError,
    DeckReport,
    ParsedDeck,
    UnknownFormat,
    get_catalogue_format,
    get_deck_format,
)

log = logging.getLogger(__name__)

__all__ = [
    "CatalogueError",
    "DeckInputError",
    "DeckNotPlayable",
    "UnknownFormat",
]


class DeckNotPlayable(Exception):
    """A deck version that may not enter a ladder or tournament (and the violations why)."""

    def __init__(self, message: str, violations: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.violations = violations or []


# -- catalogues ------------------------------------------------------------------------------
_ENGINE_CATALOGUES: dict[tuple[int, str], Any] = {}


def engine_catalogue(version: CatalogueVersion | None) -> Any:
    """The engine's catalogue object for a stored version (cached per process)."""
    if version is None:
        return None
    key = (version.pk, version.digest)
    found = _ENGINE_CATALOGUES.get(key)
    if found is None:
        if len(_ENGINE_CATALOGUES) > 16:
            _ENGINE_CATALOGUES.clear()
        found = get_deck_format(version.game).catalogue_from_rows(version.rows, version.label)
        _ENGINE_CATALOGUES[key] = found
    return found


def load_catalogue(
    game: str,
    path: str | Path | None = None,
    *,
    text: str | None = None,
    effective_from: dt.date | None = None,
    loaded_by: Any = None,
    notes: str = "",
    recheck: bool = True,
) -> tuple[CatalogueVersion, bool]:
    """Load a catalogue file (default: the engine's newest shipped one) as a new version.

    Returns ``(version, created)``; a file identical to the newest loaded version creates
    nothing. A new version re-checks every registered deck of the game once committed.
    Raises :class:`UnknownFormat` or :class:`CatalogueError`.
    """
    fmt = get_catalogue_format(game)
    if not fmt.uses_catalogue:
        raise CatalogueError(f"{fmt.name} has no card catalogue: its rules fix every card")
    if text is None:
        if path is None:
            shipped = fmt.shipped_catalogue()
            source = shipped.source
            rows = shipped.rows()
        else:
            path = Path(path)
            try:
                raw = path.read_bytes()
            except OSError as exc:
                raise CatalogueError(f"cannot read {path}: {exc.strerror or exc}") from None
            if len(raw) > 2_000_000:
                raise CatalogueError(f"{path} is too large for a catalogue")
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise CatalogueError(f"{path} is not UTF-8 text") from None
            source = str(path)
    else:
        source = str(path or "upload")
    if text is not None:
        rows = fmt.parse_catalogue(text, source=source).rows()
    digest = hashlib.sha256(json.dumps(rows, sort_keys=True).encode()).hexdigest()
    with transaction.atomic():
        latest = (
            CatalogueVersion.objects.select_for_update()
            .filter(game=game)
            .order_by("-number")
            .first()
        )
        if latest is not None and latest.digest == digest:
            return latest, False
        version = CatalogueVersion.objects.create(
            game=game,
            number=(latest.number + 1) if latest else 1,
            source=source[:300],
            effective_from=effective_from or timezone.localdate(),
            digest=digest,
            rows=rows,
            notes=notes,
            loaded_by=loaded_by,
        )
        Card.objects.bulk_create(
            [
                Card(
                    catalogue=version,
                    card_id=row["id"],
                    name=row["name"][:80],
                    faction=row["faction"][:40],
                    kind=row["kind"][:20],
                    card_type=row["card_type"][:80],
                    value=row["value"],
                    deck_building_value=row["deck_building_value"],
                    budget_value=row["budget_value"],
                    attack=row["attack"],
                    defense=row["defense"],
                    attributes=row["attributes"],
                    family=row["family"][:80],
                    individual_limit=row["individual_limit"],
                    legendary=row["legendary"],
                    banned=row["banned"],
                    max_copies=row["max_copies"],
                    alt_ids=row["alt_ids"],
                )
                for row in rows
            ]
        )
        in_decks = getattr(fmt, "in_decks", True)  # a card set no deck holds: nothing to re-check
        if recheck and latest is not None and in_decks:  # decks.receivers queues the re-check
            transaction.on_commit(
                lambda: catalogue_replaced.send(sender=CatalogueVersion, version_id=version.pk)
            )
    return version, True


def ensure_catalogue(game: str) -> CatalogueVersion | None:
    """The newest loaded catalogue of ``game``, loading the shipped one the first time."""
    fmt = get_catalogue_format(game)
    if not fmt.uses_catalogue:
        return None
    latest = CatalogueVersion.objects.filter(game=game).order_by("-number").first()
    if latest is None:
        try:
            latest, _ = load_catalogue(game, recheck=False)
        except IntegrityError:  # another process loaded it at the same moment
            latest = CatalogueVersion.objects.filter(game=game).order_by("-number").first()
    return latest


def catalogue_in_force(game: str, on: dt.date | None = None) -> CatalogueVersion | None:
    """The catalogue version in force on date ``on`` (default today): the newest one whose
    ``effective_from`` is not later; None for games without a catalogue."""
    fmt = get_catalogue_format(game)
    if not fmt.uses_catalogue:
        return None
    ensure_catalogue(game)
    on = on or timezone.localdate()
    found = (
        CatalogueVersion.objects.filter(game=game, effective_from__lte=on)
        .order_by("-number")
        .first()
    )
    if found is None:  # every version is dated later: the oldest is the best we have
        found = CatalogueVersion.objects.filter(game=game).order_by("number").first()
    return found


# -- reading and checking decks --------------------------------------------------------------
def read_deck(
    game: str, *, text: str | bytes | None = None, data: Any = None, catalogue: Any = None
) -> tuple[DeckFormat, ParsedDeck]:
    """Parse a deck given as text or as JSON data; raises DeckInputError / UnknownFormat."""
    fmt = get_deck_format(game)
    if (text is None) == (data is None):
        raise DeckInputError("give the deck either as text or as data, not both")
    if fmt.uses_catalogue and isinstance(data, str | bytes):
        raise DeckInputError("'data' is a JSON object with 'cards'; send a text list as 'text'")
    parsed = fmt.parse(text if text is not None else data, catalogue)
    return fmt, parsed


def problems_of(rows: Iterable[dict[str, Any]]) -> list[DeckViolation]:
    """The reading problems stored with a version (``DeckVersion.problems``) as violations."""
    return [
        DeckViolation(
            r["rule"], r["message"], tuple(r.get("cards") or ()), r.get("count"), r.get("line")
        )
        for r in rows
    ]


def check_parsed(game: str, parsed: ParsedDeck, catalogue: CatalogueVersion | None) -> DeckReport:
    fmt = get_deck_format(game)
    return fmt.validate(
        parsed.data, engine_catalogue(catalogue), lines=parsed.lines, problems=parsed.problems
    )


def validate_deck(
    game: str, *, text: str | None = None, data: Any = None, on: dt.date | None = None
) -> tuple[DeckReport, ParsedDeck, CatalogueVersion | None]:
    """Check a deck without storing anything, against the catalogue in force on ``on``."""
    catalogue = catalogue_in_force(game, on)
    _, parsed = read_deck(game, text=text, data=data, catalogue=engine_catalogue(catalogue))
    return check_parsed(game, parsed, catalogue), parsed, catalogue


def _new_version(
    deck: Deck, parsed: ParsedDeck, report: DeckReport, catalogue, text: str
) -> DeckVersion:
    number = (DeckVersion.objects.filter(deck=deck).aggregate(n=Max("number"))["n"] or 0) + 1
    DeckVersion.objects.filter(deck=deck).filter(is_current=True).update(is_current=False)
    return DeckVersion.objects.create(
        deck=deck,
        number=number,
        data=parsed.data,
        text=text,
        problems=[p.to_json() for p in parsed.problems],
        is_current=True,
        catalogue=catalogue,
        legal=report.legal,
        total_value=report.total_value,
        violations=[v.to_json() for v in report.violations],
        checked_at=timezone.now(),
    )


def create_deck(
    owner: Any, game: str, name: str, *, text: str | None = None, data: Any = None
) -> Deck:
    """A new deck with its first version (a draft with violations is allowed)."""
    report, parsed, catalogue = validate_deck(game, text=text, data=data)
    with transaction.atomic():
        deck = Deck.objects.create(owner=owner, game=game, name=name)
        _new_version(deck, parsed, report, catalogue, text or "")
    return deck


def edit_deck(
    deck: Deck, *, name: str | None = None, text: str | None = None, data: Any = None
) -> Deck:
    """Rename and/or give new content; new content is always a new version (versions never
    change, so one used in a match or locked by a tournament stays as it was)."""
    parsed = report = catalogue = None
    if text is not None or data is not None:
        report, parsed, catalogue = validate_deck(deck.game, text=text, data=data)
    with transaction.atomic():
        deck = Deck.objects.select_for_update().get(pk=deck.pk)
        if name is not None:
            deck.name = name
        deck.save()
        if parsed is not None:
            _new_version(deck, parsed, report, catalogue, text or "")
    return deck


def current_version(deck: Deck) -> DeckVersion | None:
    return DeckVersion.objects.filter(deck=deck).filter(is_current=True).first()


def delete_deck(deck: Deck) -> str:
    """Delete a deck, or archive it when one of its versions was used or locked."""
    if (
        DeckVersion.objects.filter(deck=deck)
        .filter(Q(used_at__isnull=False) | ~Q(locked_reason=""))
        .exists()
    ):
        deck.archived = True
        deck.save(update_fields=["archived", "updated"])
        return "archived"
    deck.delete()
    return "deleted"


def export_text(version: DeckVersion) -> str:
    fmt = get_deck_format(version.deck.game)
    catalogue = engine_catalogue(version.catalogue) or (
        engine_catalogue(catalogue_in_force(version.deck.game))
    )
    return fmt.export_text(version.data, catalogue, version.deck.name)


def copy_starter(owner: Any, game: str, key: str, name: str | None = None) -> Deck:
    """A new deck for ``owner`` holding one of the game's starter decks."""
    fmt = get_deck_format(game)
    for starter in fmt.starter_decks():
        if starter.key == key:
            return create_deck(owner, game, name or starter.name, data=starter.data)
    raise KeyError(key)


# -- playing with a deck ---------------------------------------------------------------------
def playable_data(version: DeckVersion, on: dt.date | None = None) -> Any:
    """The deck data for a match or tournament, after checking it against the catalogue in
    force on ``on``; raises :class:`DeckNotPlayable` otherwise (ladders and tournaments call
    this, then :func:`mark_used` / :func:`lock_version`)."""
    if version.deck.archived:
        raise DeckNotPlayable("this deck is archived")
    game = version.deck.game
    catalogue = catalogue_in_force(game, on)
    fmt = get_deck_format(game)
    report = fmt.validate(
        version.data, engine_catalogue(catalogue), problems=problems_of(version.problems)
    )
    if not report.legal:
        raise DeckNotPlayable(
            f"{version.deck.name} (version {version.number}) is not legal under catalogue "
            f"{catalogue.label if catalogue else '-'}: "
            + "; ".join(v.message for v in report.violations),
            [v.to_json() for v in report.violations],
        )
    return version.data


def mark_used(version: DeckVersion) -> None:
    """Record that a match used this version (it can never be deleted afterwards)."""
    DeckVersion.objects.filter(pk=version.pk, used_at__isnull=True).update(used_at=timezone.now())


def lock_version(version: DeckVersion, reason: str) -> None:
    """Lock a version for an event (e.g. ``tournament:12``); organisers may then see it."""
    DeckVersion.objects.filter(pk=version.pk).update(
        locked_reason=reason[:120], locked_at=timezone.now()
    )


def unlock_version(version_id: int, reason: str) -> bool:
    """Lift the lock ``reason`` (e.g. ``tournament:12``) from a version no longer entered
    there (a player changed their deck): its list is then never published with the event's.
    A version locked for another reason keeps its lock. True when a lock was lifted."""
    return bool(
        DeckVersion.objects.filter(pk=version_id, locked_reason=reason[:120]).update(
            locked_reason="", locked_at=None
        )
    )


def publish_locked(reason: str) -> int:
    """Make every version locked for ``reason`` (e.g. ``tournament:12``) visible to everyone:
    an organiser publishing the lists once the event is over. Returns how many."""
    return DeckVersion.objects.filter(locked_reason=reason[:120]).update(published=True)


def can_view_version(user: Any, version: DeckVersion) -> bool:
    """Owner; admins; organisers for locked (registered) versions; everyone once published."""
    if version.published:
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    if version.deck.owner_id == user.pk or user.is_admin:
        return True
    return bool(version.locked_reason) and user.is_organiser
