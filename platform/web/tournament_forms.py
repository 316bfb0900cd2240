"""Forms of the tournament pages. They only shape input: every rule (formats, capacity, deck
legality, who may report) is the tournaments app's, which the views call with the cleaned data."""

from __future__ import annotations

from typing import Any

from django import forms

from engines.registry import game_slugs, get_game
from gauntlet.query import whole_number
from ratings.bot_names import bot_name
from ratings.models import Ladder
from tournaments.models import DESCRIPTION_MAX_LENGTH, Decklists, OnlineStart, Tournament
from tournaments.serializers import SETTINGS_FIELDS
from web.format_fieldsets import FormatFieldsets

# The settings an organiser edits: the API's, but the engine options, which stay an API matter.
SETTINGS = [name for name in SETTINGS_FIELDS if name != "options"]
MODES_GAME = "arackhan-wars"
# The rulebook's optional modes an AracKhan Wars event may play (its engine options): form field
# -> (option, where the compatibility table allows it). The engine names and checks them.
MODE_FIELDS = {
    "mode_strategy": ("strategy", "team events (2v2) only"),
    "mode_events": ("events", "any event"),
    "mode_objectives": ("objectives", "individual events only (not 2v2)"),
}
# The turn clock per table (tables played on the site): engine options too (``options["clock"]``).
CLOCK_FIELDS = ("clock_minutes", "clock_increment")
OPTION_FIELDS = (*MODE_FIELDS, *CLOCK_FIELDS)
"""The form fields kept in the event's ``options``: fixed with them once a round is paired."""
TOP_CUT_CHOICES = [(0, "No top cut"), (2, "Top 2"), (4, "Top 4"), (8, "Top 8"), (16, "Top 16")]


class NumberListField(forms.CharField):
    """Whole numbers separated by commas or spaces ("4, 3"), as a list."""

    def to_python(self, value: Any) -> list[int]:
        text = super().to_python(value) or ""
        if isinstance(value, list):
            return value
        parts = text.replace(",", " ").split()
        try:
            return [int(p) for p in parts]
        except ValueError:
            raise forms.ValidationError(
                "Whole numbers separated by commas, e.g. 3, 2, 1, 0."
            ) from None

    def prepare_value(self, value: Any) -> str:
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        return value or ""


class TournamentForm(FormatFieldsets, forms.ModelForm):
    """An event's settings (create, and edit: what can still change), in the fieldsets of
    :mod:`web.format_fieldsets`."""

    game = forms.ChoiceField(choices=())
    top_cut = forms.TypedChoiceField(
        choices=TOP_CUT_CHOICES,
        coerce=int,
        initial=0,
        label="Top cut",
        help_text="Swiss + top cut: choose Swiss, then the best players play a single "
        "elimination bracket seeded by the Swiss standings.",
    )
    pod_sizes = NumberListField(
        required=False, label="Pod sizes", help_text="Free-for-all pods: table sizes, best first."
    )
    placing_points = NumberListField(
        required=False,
        label="Points by placing",
        help_text="Free-for-all pods: points for first, second... (default 3, 2, 1, 0).",
    )
    ladder = forms.ModelChoiceField(
        queryset=Ladder.objects.filter(active=True).order_by("game", "slug"),
        required=False,
        label="Counts for ladder",
        help_text="Leave empty for an unrated event.",
    )
    clock_minutes = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=180,
        label="Turn clock per table: minutes for each player",
        help_text="Set it and the tables are played on the site, each player on the board: "
        "the engine records the result (no report, no confirmation). Empty: played on paper, "
        "the players report and confirm the result.",
    )
    clock_increment = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=300,
        label="Seconds added a turn",
        help_text="Added to the player's clock at each of their turns (0: none).",
    )
    mode_strategy = forms.BooleanField(required=False)
    mode_events = forms.BooleanField(required=False)
    mode_objectives = forms.BooleanField(required=False)
    description = forms.CharField(
        required=False,
        max_length=DESCRIPTION_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        label="Description",
    )

    class Meta:
        model = Tournament
        fields = SETTINGS
        widgets = {
            "registration_deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }
        labels = {
            "capacity": "Capacity",
            "rounds": "Number of rounds",
            "late_entry_until_round": "Late entry until round",
            "match_timeout_minutes": "Match timeout (minutes)",
            "auto_advance": "Pair the next round automatically",
            "paper_bot_tables": "Paper play allowed for bot tables",
            "online_start": "A table's match starts",
            "seeded_first_round": "Seed round 1 by rating",
            "third_place": "Third-place match",
            "double_round_robin": "Double round robin",
            "decklists": "Decklists",
        }

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(s, get_game(s).name) for s in game_slugs()]
        self.fields["registration_deadline"].input_formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]
        self.fields["rounds"].help_text = "Swiss and pods; empty: chosen from the entrants."
        self.fields["capacity"].help_text = "Empty: no limit."
        self.fields["paper_bot_tables"].help_text = (
            "A person's own report of their table against a bot is final (the bot confirms "
            "nothing)."
        )
        self.fields["team_size"].label = "Players per entry"
        self.fields["team_size"].help_text = team_size_help()
        self.fields["team_size"].required = False  # left out: one player per entry
        self.fields["decklists"].required = False  # left out: private
        engine = get_game(MODES_GAME)
        options = self.instance.options or {} if self.instance.pk else {}
        clock = options.get("clock") or {}
        if clock.get("initial"):
            shown = self._shown(clock)
            self.fields["clock_minutes"].initial, self.fields["clock_increment"].initial = shown
        self.fields["online_start"].required = False  # left out: with the round
        self.fields["online_start"].help_text = (
            "Tables played on the site: with the round (the clocks run from the pairing), or "
            "once both players have opened the table's board (nobody's clock runs before)."
        )
        for name, (option, where) in MODE_FIELDS.items():
            (label,) = engine.describe_options({option: True})
            self.fields[name].label = f"{engine.name}: {label}"
            self.fields[name].help_text = f"The rulebook's optional mode; {where}."
            self.fields[name].initial = bool(options.get(option))

    def _plays_2v2(self, data: dict[str, Any]) -> bool:
        """Whether the settings make an AracKhan Wars event of teams of two (its 2v2)."""
        game = self.cleaned_data.get("game") or getattr(self.instance, "game", None)
        return game == MODES_GAME and data.get("team_size") == 2

    @staticmethod
    def _shown(clock: dict[str, Any]) -> tuple[int, int]:
        """A clock setting as the form's fields show it: whole minutes, whole seconds."""
        return max(1, round(clock["initial"] / 60)), round(clock.get("increment") or 0)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("clock_increment") and not data.get("clock_minutes"):
            self.add_error("clock_minutes", "Give the minutes of the clock too.")
        chosen = [name for name in MODE_FIELDS if data.get(name)]
        if chosen and data.get("game") != MODES_GAME:
            self.add_error(chosen[0], f"Only {get_game(MODES_GAME).name} events play this mode.")
        return data

    def settings(self) -> dict[str, Any]:
        """The cleaned settings, as ``lifecycle.create``/``update`` take them (the modes as
        engine options, beside any options set through the API)."""
        data = {k: self.cleaned_data[k] for k in SETTINGS if k in self.cleaned_data}
        data["pod_sizes"] = data.get("pod_sizes") or []
        data["placing_points"] = data.get("placing_points") or []
        data["team_size"] = data.get("team_size") or 1
        data["decklists"] = data.get("decklists") or Decklists.PRIVATE
        data["online_start"] = data.get("online_start") or OnlineStart.ROUND
        options = dict(self.instance.options or {}) if self.instance.pk else {}
        for name, (option, _) in MODE_FIELDS.items():
            options.pop(option, None)
            if self.cleaned_data.get(name):
                options[option] = True
        if self._plays_2v2(data) and not self.cleaned_data.get("mode_strategy"):
            # The engine plays 2v2 with the Strategy phase unless told not to (the rulebook's
            # 2v2 set-up): an unticked box is said, so the event plays what the form shows.
            options["strategy"] = False
        before = options.pop("clock", None)
        minutes = self.cleaned_data.get("clock_minutes")
        if minutes:
            increment = self.cleaned_data.get("clock_increment") or 0
            options["clock"] = {"initial": minutes * 60, "increment": increment}
            if before and self._shown(before) == (minutes, increment):
                options["clock"] = before  # unchanged: the setting as it was (seconds kept)
        data["options"] = options
        return data


def team_size_help() -> str:
    """Which games take teams of two (the tournaments app's list: rulebook and engine)."""
    from tournaments.teams import team_sizes

    games = [get_game(s).name for s in game_slugs() if 2 in team_sizes(s)]
    if not games:
        return "No game takes teams yet."
    return f"Teams of two: {', '.join(games)} only (Swiss, elimination or round robin)."


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


class SearchForm(forms.Form):
    """The list's filters (all optional)."""

    q = forms.CharField(required=False, label="Name", max_length=120)
    game = forms.ChoiceField(required=False, choices=())
    state = forms.ChoiceField(required=False, choices=())

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        from tournaments.models import State

        self.fields["game"].choices = [("", "Any game")] + [
            (s, get_game(s).name) for s in game_slugs()
        ]
        self.fields["state"].choices = [
            ("", "Any state"),
            ("running", "Running"),
            ("upcoming", "Upcoming (registration or check-in)"),
            ("finished", "Finished"),
            *[(v, label) for v, label in State.choices if v not in ("running", "finished")],
        ]
