"""The deck formats the games keep in ``engines/`` (AracKhan Wars', Kingdom of Warlords',
Khan of Khans', Heroes of Graxia's): reading a list, checking it, writing it back. The shared
reading of a short list (``_EngineFormat``: text or JSON, comments stripped) and the engine's own
deck check serve the games without a catalogue. Reached only through the registry,
:func:`engines.decks.get_deck_format`, which says what a format does.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engines.base import DeckViolation
from engines.deck_types import CatalogueError, DeckInputError, DeckReport, ParsedDeck, StarterDeck
from engines.registry import get_game


class ArackhanWarsFormat:
    game = "arackhan-wars"
    name = "AracKhan Wars"
    uses_catalogue = True

    def _cat(self, catalogue: Any) -> Any:
        return catalogue if catalogue is not None else self.shipped_catalogue()

    def parse(self, raw: Any, catalogue: Any = None) -> ParsedDeck:
        from engines.arackhan_wars import decklist

        if isinstance(raw, str | bytes):
            return decklist.parse_text(raw, self._cat(catalogue))
        return decklist.parse_json(raw, self._cat(catalogue))

    def validate(self, data, catalogue=None, *, lines=None, problems=()) -> DeckReport:
        from engines.arackhan_wars.format import validate

        return validate(data, self._cat(catalogue), lines=lines, problems=problems)

    def export_text(self, data: Any, catalogue: Any = None, name: str = "") -> str:
        from engines.arackhan_wars.decklist import export_text

        return export_text(data, self._cat(catalogue), name)

    def starter_decks(self) -> tuple[StarterDeck, ...]:
        from engines.arackhan_wars.format import starter_decks

        return starter_decks()

    def shipped_catalogue(self) -> Any:
        from engines.arackhan_wars.catalogue import shipped_catalogue

        return shipped_catalogue()

    def parse_catalogue(self, text: str, version: str = "", source: str = "") -> Any:
        from engines.arackhan_wars.catalogue import parse_catalogue

        return parse_catalogue(text, version=version, source=source)

    def catalogue_from_rows(self, rows: list[dict[str, Any]], version: str = "") -> Any:
        from engines.arackhan_wars.catalogue import Catalogue

        return Catalogue.from_rows(rows, version=version)


class _EngineFormat:
    """A format whose rules are the engine's own ``Game.validate_deck`` (no catalogue)."""

    game = ""
    name = ""
    uses_catalogue = False

    def _strip(self, raw: Any) -> str:
        text = raw
        if isinstance(raw, bytes):
            from engines.arackhan_wars.decklist import decode

            text = decode(raw)
        if len(text) > 20_000:
            raise DeckInputError("a deck list is at most 20000 characters")
        if "\x00" in text:
            raise DeckInputError("this is a binary file, not a deck list")
        lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
        body = "\n".join(line for line in lines if line)
        if not body:
            raise DeckInputError("the deck list is empty")
        if body[:1] in "[{":
            try:
                return json.loads(body)
            except json.JSONDecodeError:
                pass
        return body

    def validate(self, data, catalogue=None, *, lines=None, problems=()) -> DeckReport:
        violations = list(problems) + list(get_game(self.game).validate_deck(data))
        size = len(data) if isinstance(data, list) else 1
        return DeckReport(not violations, None, size, None, violations)

    def starter_decks(self) -> tuple[StarterDeck, ...]:
        return ()

    def shipped_catalogue(self) -> Any:
        return None

    def parse_catalogue(self, text: str, version: str = "", source: str = "") -> Any:
        raise CatalogueError(f"{self.name} has no card catalogue: its rules fix every card")

    def catalogue_from_rows(self, rows: list[dict[str, Any]], version: str = "") -> Any:
        return None


class KingdomOfWarlordsFormat(_EngineFormat):
    """An army: the 27 card labels (``4``..``10``, ``J``, ``Q``, ``K``, ``A``, ``WL``, ``W``,
    ``P``, ``D``), as a JSON list or as text (``2 K`` / ``2x K`` lines, or labels separated by
    spaces or commas)."""

    game = "kingdom-of-warlords"
    name = "Kingdom of Warlords"

    def parse(self, raw: Any, catalogue: Any = None) -> ParsedDeck:
        problems: list[DeckViolation] = []
        if isinstance(raw, str | bytes):
            raw = self._strip(raw)
        if isinstance(raw, list):
            return ParsedDeck([str(x) for x in raw][:200], problems)
        if not isinstance(raw, str):
            raise DeckInputError("an army is a list of card labels")
        labels: list[str] = []
        for number, line in enumerate(raw.splitlines(), start=1):
            words = line.replace(",", " ").split()
            if len(words) == 2 and re.fullmatch(r"[+-]?\d{1,6}[xX]?", words[0]):
                n = int(words[0].rstrip("xX"))
                if not 1 <= n <= 27:
                    problems.append(
                        DeckViolation(
                            "bad-line", f"Line {number}: 1 to 27 copies, not {n}.", line=number
                        )
                    )
                    continue
                labels.extend([words[1].upper()] * n)
            else:
                labels.extend(w.upper() for w in words)
            if len(labels) > 200:
                raise DeckInputError("an army has 27 cards, this list names far more")
        return ParsedDeck(labels, problems)

    def export_text(self, data: Any, catalogue: Any = None, name: str = "") -> str:
        head = f"# {name}\n" if name else ""
        return head + " ".join(data) + "\n"

    def starter_decks(self) -> tuple[StarterDeck, ...]:
        army = get_game(self.game).default_decks(1)[0]
        return (StarterDeck("standard-army", "Standard army", "", list(army)),)

    def card_table(self, catalogue: Any = None) -> dict[str, dict[str, Any]]:
        """The army's cards by name, low to high, as the catalogue page lists them: the label
        a list writes (``K``), the copies in the army, rank or specialty, what it does."""
        from engines.kingdom_of_warlords.cards import ARMY_COUNTS, CARD_IDS, KIND, KIND_LABELS
        from engines.kingdom_of_warlords.present import card_face

        out: dict[str, dict[str, Any]] = {}
        for kind, label in enumerate(KIND_LABELS):
            face = card_face(CARD_IDS[KIND.index(kind)])
            rank = dict(face["stats"]).get("rank")
            out[face["name"]] = {
                "name": face["name"],
                "label": label,
                "copies": ARMY_COUNTS[kind],
                "kind": face["kind"],
                "rank": rank,
                "text": face["text"],
            }
        return out


class KhanOfKhansFormat(_EngineFormat):
    """A Khan choice: the Khan's slug or name (``"High Llama Tribe"``, ``{"khan": slug}``)."""

    game = "khan-of-khans"
    name = "Khan of Khans"

    def parse(self, raw: Any, catalogue: Any = None) -> ParsedDeck:
        if isinstance(raw, str | bytes):
            raw = self._strip(raw)
        if isinstance(raw, dict) and set(raw) == {"khan"}:
            raw = raw["khan"]
        if not isinstance(raw, str):
            raise DeckInputError('a Khan of Khans "deck" is the name of a Khan')
        from engines.khan_of_khans.game import khan_slug

        return ParsedDeck(khan_slug(raw) or " ".join(raw.split())[:80], [])

    def export_text(self, data: Any, catalogue: Any = None, name: str = "") -> str:
        head = f"# {name}\n" if name else ""
        return f"{head}{data}\n"

    def starter_decks(self) -> tuple[StarterDeck, ...]:
        from engines.khan_of_khans.cards import KHAN_NAMES, KHAN_SLUGS

        return tuple(
            StarterDeck(slug, name, "", slug)
            for slug, name in zip(KHAN_SLUGS, KHAN_NAMES, strict=True)
        )

    def card_table(self, catalogue: Any = None) -> dict[str, dict[str, Any]]:
        """The Khans, then the Location cards, by name, as the catalogue page lists them: what
        each does, and for a Location card its cows and its copies in the game."""
        from engines.khan_of_khans.cards import CARD_IDS, DECK_SIZE, KHAN_SLUGS, N_DECKS
        from engines.khan_of_khans.present import card_face

        out: dict[str, dict[str, Any]] = {}
        for slug in KHAN_SLUGS:
            face = card_face(slug)
            out[face["name"]] = {**face, "copies": None, "cows": None}
        for card_id in CARD_IDS[:DECK_SIZE]:  # every Location deck holds the same eight cards
            face = card_face(card_id)
            row = out.setdefault(
                face["name"], {**face, "copies": 0, "cows": dict(face["stats"]).get("cows")}
            )
            row["copies"] += N_DECKS
        for row in out.values():
            row.pop("stats", None)
        return out


class HeroesOfGraxiaFormat(_EngineFormat):
    """A Hero choice (``Shadd``, ``{"hero": "shadd"}`` or ``random``), checked against the
    catalogue in force; the catalogue itself is versioned like AracKhan Wars'."""

    game = "heroes-of-graxia"
    name = "Heroes of Graxia"
    uses_catalogue = True

    def _cat(self, catalogue: Any) -> Any:
        return catalogue if catalogue is not None else self.shipped_catalogue()

    def parse(self, raw: Any, catalogue: Any = None) -> ParsedDeck:
        from engines.heroes_of_graxia.format import parse_choice

        return parse_choice(
            self._strip(raw) if isinstance(raw, str | bytes) else raw, self._cat(catalogue)
        )

    def validate(self, data, catalogue=None, *, lines=None, problems=()) -> DeckReport:
        from engines.heroes_of_graxia.format import validate

        return validate(data, self._cat(catalogue), problems)

    def export_text(self, data: Any, catalogue: Any = None, name: str = "") -> str:
        from engines.heroes_of_graxia.format import export_text

        return export_text(data, self._cat(catalogue), name)

    def starter_decks(self) -> tuple[StarterDeck, ...]:
        from engines.heroes_of_graxia.format import starter_decks

        return starter_decks(self.shipped_catalogue())

    def shipped_catalogue(self) -> Any:
        from engines.heroes_of_graxia.catalogue import shipped_catalogue

        return shipped_catalogue()

    def parse_catalogue(self, text: str, version: str = "", source: str = "") -> Any:
        from engines.heroes_of_graxia.catalogue import parse_catalogue

        return parse_catalogue(text, version=version, source=source)

    def catalogue_from_rows(self, rows: list[dict[str, Any]], version: str = "") -> Any:
        from engines.heroes_of_graxia.catalogue import Catalogue

        return Catalogue.from_rows(rows, version=version)

    def card_table(self, catalogue: Any = None) -> dict[str, dict[str, Any]]:
        """Every card by name as the catalogue browser lists it (the card diagram in words)."""
        from engines.heroes_of_graxia.present import catalogue_faces

        return catalogue_faces(self._cat(catalogue))
