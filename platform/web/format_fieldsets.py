"""The event form's layout: its fields in fieldsets, each for the formats it applies to (pods,
teams, top cut...). The page shows the chosen format's fieldsets (``tournament-form.js``; without
scripts every fieldset shows under its heading), and the form validates only those: a field of
another format gets its default (no top cut for a round robin...), whatever was posted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tournaments.models import Format

ALL = tuple(Format.values)
POINTS = (Format.SWISS, Format.ROUND_ROBIN)
ROUNDS = (Format.SWISS, Format.PODS)
NOT_PODS = tuple(f for f in ALL if f != Format.PODS)


@dataclass(frozen=True)
class Fieldset:
    """A heading and its fields, shown for ``formats``."""

    key: str
    legend: str
    fields: tuple[str, ...]
    formats: tuple[str, ...] = ALL


FIELDSETS = (
    Fieldset(
        "event",
        "The event",
        ("name", "game", "format", "description", "capacity", "waitlist", "ladder"),
    ),
    Fieldset("when", "When", ("starts_at", "time_zone")),
    Fieldset(
        "entry",
        "Registration and check-in",
        (
            "registration_deadline",
            "deck_deadline",
            "check_in_required",
            "check_in_minutes",
            "late_entry_until_round",
            "late_entry_score",
        ),
    ),
    Fieldset("rounds", "Rounds (Swiss and pods)", ("rounds",), ROUNDS),
    Fieldset(
        "top-cut", "Swiss: seeding and top cut", ("seeded_first_round", "top_cut"), (Format.SWISS,)
    ),
    Fieldset(
        "third-place",
        "Third place (single elimination, or a top cut)",
        ("third_place",),
        (Format.SWISS, Format.SINGLE_ELIMINATION),
    ),
    Fieldset("round-robin", "Round robin", ("double_round_robin",), (Format.ROUND_ROBIN,)),
    Fieldset("points", "Match points", ("points_win", "points_draw", "points_loss"), POINTS),
    Fieldset("pods", "Free-for-all pods", ("pod_sizes", "placing_points"), (Format.PODS,)),
    Fieldset("teams", "Teams", ("team_size",), NOT_PODS),
    Fieldset(
        "modes",
        "AracKhan Wars: the rulebook's optional modes",
        ("mode_strategy", "mode_events", "mode_objectives"),
    ),
    Fieldset(
        "online",
        "Tables played on the site",
        ("clock_minutes", "clock_increment", "online_start"),
    ),
    Fieldset(
        "play",
        "Playing the rounds",
        (
            "round_minutes",
            "time_called",
            "auto_advance",
            "paper_bot_tables",
            "match_timeout_minutes",
            "decklists",
        ),
    ),
)
ONLY_FOR = {name: fs.formats for fs in FIELDSETS for name in fs.fields if fs.formats != ALL}
"""The fields that apply to some formats only, and those formats."""


class FormatFieldsets:
    """A ModelForm mixin: :data:`FIELDSETS` for the template (``form.fieldsets``) and cleaning
    that ignores the fields of the formats not chosen. Fields in no fieldset (new settings)
    show in a last fieldset, "More settings", for every format."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The posted format, or the event's own when its format is fixed (not posted).
        chosen = (self.data.get("format") or self.instance.format) if self.is_bound else None
        self.ignored = {
            name
            for name, formats in ONLY_FOR.items()
            if chosen in ALL and chosen not in formats and name in self.fields
        }
        for name in self.ignored:
            self.fields[name].required = False

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        for name in self.ignored:  # not this format's setting: its default
            self.errors.pop(name, None)
            cleaned[name] = self.instance._meta.get_field(name).get_default()
        return cleaned

    def fieldsets(self) -> list[dict[str, Any]]:
        """Each fieldset with its bound fields and the formats it shows for."""
        placed = {name for fs in FIELDSETS for name in fs.fields}
        out = [
            {
                "key": fs.key,
                "legend": fs.legend,
                "formats": " ".join(fs.formats) if fs.formats != ALL else "",
                "fields": [self[n] for n in fs.fields if n in self.fields],
            }
            for fs in FIELDSETS
        ]
        rest = [self[n] for n in self.fields if n not in placed]
        if rest:
            out.append({"key": "more", "legend": "More settings", "formats": "", "fields": rest})
        return [fs for fs in out if fs["fields"]]
