"""The army list as a platform deck format (``engines.decks.get_deck_format("akhedena")``)."""

from __future__ import annotations

from typing import Any

from engines.akhedena import armylist, format
from engines.akhedena import catalogue as cards
from engines.base import DeckViolation
from engines.decks import DeckReport, ParsedDeck, StarterDeck


class ArmyListFormat:
    """Read, check and write Akhedena army lists against a catalogue version."""

    game = "akhedena"
    name = "Akhedena Quick Match"
    uses_catalogue = True
    reserve_size = format.RESERVE_SIZE

    def _cat(self, catalogue: Any) -> cards.Catalogue:
        return catalogue if catalogue is not None else cards.shipped_catalogue()

    def parse(self, raw: Any, catalogue: Any = None) -> ParsedDeck:
        if isinstance(raw, str | bytes):
            return armylist.parse_text(raw, self._cat(catalogue))
        return armylist.parse_json(raw, self._cat(catalogue))

    def validate(
        self,
        data: Any,
        catalogue: Any = None,
        *,
        lines: dict[Any, int] | None = None,
        problems: Any = (),
    ) -> DeckReport:
        violations: list[DeckViolation] = list(problems)
        return format.validate(data, self._cat(catalogue), lines=lines, problems=violations)

    def export_text(self, data: Any, catalogue: Any = None, name: str = "") -> str:
        return armylist.export_text(data, self._cat(catalogue), name)

    def starter_decks(self) -> tuple[StarterDeck, ...]:
        return format.starter_armies()

    def construction_text(self) -> str:
        """The construction rules the checker enforces, in words (the editor's intro)."""
        return format.construction_text()

    def shipped_catalogue(self) -> cards.Catalogue:
        return cards.shipped_catalogue()

    def parse_catalogue(self, text: str, version: str = "", source: str = "") -> Any:
        return cards.parse_catalogue(text, version=version, source=source)

    def catalogue_from_rows(self, rows: list[dict[str, Any]], version: str = "") -> Any:
        return cards.Catalogue.from_rows(rows, version=version)


FORMAT = ArmyListFormat()
