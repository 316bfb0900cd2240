"""Forms of entering an event: the deck (or Khan, or army) a player enters with, a team's
second player, a deck change, an organiser's team entry. They only shape input: the deck's
legality and who may enter are the tournaments app's."""

from __future__ import annotations

from typing import Any

from django import forms

from engines.registry import get_game
from gauntlet.query import whole_number
from ratings.bot_names import bot_name


class DeckChoiceField(forms.ChoiceField):
    """The listed decks, and any ``version:<id>``: the tournament's own check then names what
    is wrong with an unlisted one (someone else's deck, another game's)."""

    def valid_value(self, value: Any) -> bool:
        kind, _, key = str(value).partition(":")
        number = whole_number(key)
        return (kind == "version" and number is not None) or super().valid_value(value)


class DeckFormMixin:
    """A ``deck`` field offering the fixed decks of the game and the given deck versions."""

    def setup_deck(self, game: str, versions: list[Any]) -> None:
        self.game = game
        choices = [(f"fixed:{key}", label) for key, label in fixed_choices(game)]
        for v in versions:
            note = "" if v.legal else " — not legal"
            choices.append((f"version:{v.pk}", f"{v.deck.name} (version {v.number}){note}"))
        self.fields["deck"].choices = choices
        engine = get_game(game)
        if not engine.uses_decks:
            del self.fields["deck"]
        elif game == "kingdom-of-warlords":
            self.fields["deck"].label = "Army"
            self.fields["deck"].help_text = "Every player fields the standard 27-card army."
        elif game == "khan-of-khans":
            self.fields["deck"].label = "Khan"
            self.fields["deck"].help_text = "Your tribe for the whole event."
        else:
            self.fields["deck"].help_text = "A version of one of your decks of this game."

    def clean_deck(self) -> dict[str, Any]:
        """``{"deck": data}`` or ``{"deck_version": id}``; any version id goes to the
        tournament's check (it names a foreign or illegal deck), not only the listed ones."""
        value = self.cleaned_data.get("deck", "")
        kind, _, key = value.partition(":")
        if kind == "version" and (number := whole_number(key)) is not None:
            return {"deck_version": number}
        if kind == "fixed":
            for k, _ in fixed_choices(self.game):
                if k == key:
                    return {"deck": fixed_deck(self.game, key)}
        raise forms.ValidationError("Choose a deck from the list.")


def _deck_field() -> DeckChoiceField:
    return DeckChoiceField(
        label="Deck", error_messages={"invalid_choice": "Choose a deck from the list."}
    )


class RegisterForm(DeckFormMixin, forms.Form):
    """Entering an event: which deck (a version of yours, a Khan, or the fixed army)."""

    deck = _deck_field()
    team = forms.CharField(
        max_length=60,
        required=False,
        label="Team or club (optional)",
        help_text="Players of the same team are not paired against each other.",
    )

    player = forms.ChoiceField(label="Enter as", required=False)

    def __init__(
        self, *args: Any, game: str, versions: list[Any], accounts: list[Any], **kwargs: Any
    ):
        super().__init__(*args, **kwargs)
        self.game = game
        self.accounts = {p.username: p for p in accounts}
        if len(accounts) > 1:  # yourself and bot accounts you own
            self.fields["player"].choices = [
                (p.username, bot_name(p) if p.is_bot else p.public_name) for p in accounts
            ]
        else:
            del self.fields["player"]
        self.setup_deck(game, versions)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        asked = self.data.get(self.add_prefix("player"), "")
        if asked and asked not in self.accounts:
            raise forms.ValidationError("You may enter only yourself or a bot account you own.")
        return data

    def clean_player(self) -> Any:
        username = self.cleaned_data.get("player") or ""
        return self.accounts.get(username) or next(iter(self.accounts.values()))

    def entrant(self) -> Any:
        """The account to enter (the only one offered, or the one chosen)."""
        return self.cleaned_data.get("player") or next(iter(self.accounts.values()))

    def entry_kwargs(self) -> dict[str, Any]:
        """Keyword arguments of ``registration.register``: the deck and the team."""
        return {**(self.cleaned_data.get("deck") or {}), "team": self.cleaned_data.get("team", "")}


class TeamRegisterForm(RegisterForm):
    """A captain registers a team of two: its name, the partner (who confirms with their own
    deck) and the captain's deck."""

    team_name = forms.CharField(max_length=60, required=False, label="Team name (optional)")
    partner = forms.CharField(
        max_length=150,
        label="Partner's username",
        help_text="Your teammate confirms on this page with their own deck, or declines.",
    )
    field_order = ["player", "team_name", "partner", "deck"]

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        del self.fields["team"]  # clubs keep players apart; a team event pairs teams

    def entry_kwargs(self) -> dict[str, Any]:
        """Keyword arguments of ``teams.register_team``: the captain's deck, the team's name."""
        return {
            **(self.cleaned_data.get("deck") or {}),
            "team_name": self.cleaned_data["team_name"],
        }


class PartnerForm(DeckFormMixin, forms.Form):
    """The partner named by a captain joins the team with their own deck."""

    deck = _deck_field()

    def __init__(self, *args: Any, game: str, versions: list[Any], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.setup_deck(game, versions)

    def deck_kwargs(self) -> dict[str, Any]:
        return dict(self.cleaned_data.get("deck") or {})


class DeckChangeForm(PartnerForm):
    """A new deck for an entry already registered (until the decks lock), or the organiser's
    choice for a guest: one of the user's deck versions, or a fixed deck of the game."""


class OrganiserTeamForm(forms.Form):
    """The organiser enters a whole team: both players and each one's deck, by the deck's name
    (one of that player's own decks for the game: its current version is entered)."""

    team_name = forms.CharField(max_length=60, required=False, label="Team name (optional)")
    captain = forms.CharField(max_length=150, label="Captain's username")
    deck = forms.CharField(
        max_length=120,
        label="Captain's deck",
        help_text="The name of one of the captain's decks for this game.",
    )
    partner = forms.CharField(max_length=150, label="Partner's username")
    partner_deck = forms.CharField(
        max_length=120,
        label="Partner's deck",
        help_text="The name of one of the partner's decks for this game.",
    )

    def field_for(self, backend_field: str) -> str | None:
        """The form field a backend error names (``player`` -> ``captain``,
        ``deck_version`` -> ``deck``...)."""
        names = {
            "player": "captain",
            "deck_version": "deck",
            "partner_deck_version": "partner_deck",
        }
        name = names.get(backend_field, backend_field)
        return name if name in self.fields else None


def deck_named(game: str, owner: Any, name: str) -> tuple[Any, str]:
    """The current version of ``owner``'s deck called ``name`` for ``game`` (case and spaces
    aside), and the error naming what is wrong when there is none ("Ana has no Kingdom of
    Warlords deck called “Blite”: theirs are “Blight rush”, “Flight”")."""
    from decks.models import DeckVersion

    versions = list(
        DeckVersion.objects.filter(
            deck__owner=owner, deck__game=game, deck__archived=False, is_current=True
        )
        .select_related("deck")
        .order_by("deck__name")
    )
    wanted = " ".join(name.split()).casefold()
    for version in versions:
        if " ".join(version.deck.name.split()).casefold() == wanted:
            return version, ""
    game_name = get_game(game).name
    if not versions:
        return None, f"{owner.public_name} has no {game_name} deck yet."
    listed = ", ".join(f"“{v.deck.name}”" for v in versions)
    return (
        None,
        f"{owner.public_name} has no {game_name} deck called “{name}”: theirs are {listed}.",
    )


def fixed_choices(game: str) -> list[tuple[str, str]]:
    """Decks every player may enter without building one: the Khans, the standard army."""
    from engines.decks import UnknownFormat, get_deck_format

    if game not in ("khan-of-khans", "kingdom-of-warlords"):
        return []
    try:
        return [(s.key, s.name) for s in get_deck_format(game).starter_decks()]
    except UnknownFormat:
        return []


def fixed_deck(game: str, key: str) -> Any:
    from engines.decks import get_deck_format

    for starter in get_deck_format(game).starter_decks():
        if starter.key == key:
            return starter.data
    return None
