"""Forms of the tournament pages. They only shape input: every rule (formats, capacity, deck
legality, who may report) is the tournaments app's, which the views call with the cleaned data."""

from __future__ import annotations

from typing import Any

from django import forms

from engines.registry import game_slugs, get_game
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
