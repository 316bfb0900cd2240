"""Forms of the deck pages: the deck editor, starter copies and the catalogue filters.

The rules behind them (parsing, validation, versions) are the decks app's
(``decks.services``); these forms only read and check what a page sends.
"""

from __future__ import annotations

from typing import Any

from django import forms

from decks.serializers import MAX_TEXT
from engines.decks import format_slugs, get_deck_format

KHAN_GAME = "khan-of-khans"
KINDS = ("creature", "land", "spell")


def game_choices() -> list[tuple[str, str]]:
    """Every game with a deck format, as (slug, name)."""
    return [(slug, get_deck_format(slug).name) for slug in format_slugs()]


def khan_choices() -> list[tuple[str, str]]:
    return [(s.key, s.name) for s in get_deck_format(KHAN_GAME).starter_decks()]


def clean_plain_name(value: str) -> str:
    """A deck name as the API accepts it: spaces collapsed, no ``<``/``>`` or control chars."""
    value = " ".join(value.split())
    if not value:
        raise forms.ValidationError("Give the deck a name.")
    if any(ch in value for ch in "<>") or any(ord(ch) < 32 for ch in value):
        raise forms.ValidationError("A name is plain text: no <, > or control characters.")
    return value


class DeckListField(forms.CharField):
    """The pasted list: kept as typed (no stripping), at most the API's length."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            max_length=MAX_TEXT,
            strip=False,
            required=False,
            widget=forms.Textarea(
                attrs={"rows": 18, "spellcheck": "false", "autocomplete": "off", "class": "deck"}
            ),
            **kwargs,
        )


class DeckForm(forms.Form):
    """A deck's name, game and list. Khan of Khans picks a Khan instead of pasting a list."""

    name = forms.CharField(max_length=80)
    game = forms.ChoiceField(choices=game_choices)
    text = DeckListField(
        label="Deck list",
        help_text="One card per line: “3 Phalanx”, “3x Phalanx” or “Phalanx x3”; "
        "“# comments” and blank lines are fine; “Nemesio (Blight)” where factions share a name.",
    )
    khan = forms.ChoiceField(choices=khan_choices, required=False, label="Khan")

    def __init__(self, *args: Any, fixed_game: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fixed_game = fixed_game
        if fixed_game:  # an existing deck keeps its game
            self.fields["game"].disabled = True
            self.fields["game"].initial = fixed_game

    def clean_name(self) -> str:
        return clean_plain_name(self.cleaned_data["name"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        game = data.get("game")
        if game == KHAN_GAME:
            if not data.get("khan"):
                self.add_error("khan", "Choose a Khan.")
            else:
                data["text"] = data["khan"]
        elif game and not (data.get("text") or "").strip() and "text" not in self.errors:
            self.add_error("text", "Paste or type the deck list: one card per line.")
        return data


class ValidateForm(forms.Form):
    """What the editor sends to check a list as it is typed."""

    game = forms.ChoiceField(choices=game_choices)
    text = DeckListField()


class StarterCopyForm(forms.Form):
    game = forms.ChoiceField(choices=game_choices)
    key = forms.CharField(max_length=80)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        game, key = data.get("game"), data.get("key")
        if game and key:
            starter = next((s for s in get_deck_format(game).starter_decks() if s.key == key), None)
            if starter is None:
                self.add_error("key", "No starter deck of that game has this key.")
            else:
                data["starter"] = starter
        return data


class CardSearchForm(forms.Form):
    game = forms.ChoiceField(choices=game_choices)
    q = forms.CharField(max_length=80, required=False, label="Card name")


class CatalogueFilterForm(forms.Form):
    """The catalogue browser's filters (GET); choices come from the catalogue shown."""

    q = forms.CharField(max_length=80, required=False, label="Name contains")
    faction = forms.ChoiceField(required=False)
    kind = forms.ChoiceField(
        required=False,
        label="Type",
        choices=[("", "any type"), *((k, k.capitalize()) for k in KINDS)],
    )
    attribute = forms.ChoiceField(required=False)
    min_value = forms.IntegerField(required=False, min_value=0, max_value=999, label="Value from")
    max_value = forms.IntegerField(required=False, min_value=0, max_value=999, label="Value to")
    catalogue = forms.TypedChoiceField(required=False, coerce=int, label="Catalogue version")

    def __init__(
        self,
        *args: Any,
        factions: list[str],
        attributes: list[str],
        versions: list[int],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = [("", "any faction"), *((f, f) for f in factions)]
        self.fields["attribute"].choices = [("", "any attribute"), *((a, a) for a in attributes)]
        self.fields["catalogue"].choices = [
            ("", "in force today"),
            *((n, f"v{n}") for n in versions),
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        low, high = data.get("min_value"), data.get("max_value")
        if low is not None and high is not None and low > high:
            self.add_error("max_value", "“Value to” is smaller than “Value from”.")
        return data
