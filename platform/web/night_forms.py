"""Forms of the tournament night: the start time read in the event's own zone, entrants in bulk,
a table's extension. Only input shapes: the rules are the tournaments app's."""

from __future__ import annotations

import zoneinfo
from typing import Any

from django import forms
from django.utils import timezone

from tournaments.models import TimeCalled, Tournament
from tournaments.night import local_start, zone_choices
from tournaments.timer import MAX_EXTENSION
from web.tournament_forms import TournamentForm

NIGHT_LABELS = {
    "starts_at": "Starts at (in the event's time zone)",
    "deck_deadline": "Deck deadline (in the event's time zone)",
    "time_zone": "Event's time zone",
    "check_in_minutes": "Check-in opens (minutes before the start)",
    "late_entry_score": "Rounds a late entry missed count as",
    "round_minutes": "Round timer (minutes)",
    "time_called": "When time is called",
}


#: Times typed as the event's wall clock (in its zone), stored in UTC.
LOCAL_TIMES = ("starts_at", "deck_deadline")


class NightFieldsMixin:
    """For the event's settings form: the start and the deck deadline are typed as wall-clock
    times in the event's zone (a list of IANA zones, the viewer's first), and stored in UTC."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        current = timezone.get_current_timezone_name()
        self.fields["time_zone"] = forms.ChoiceField(
            choices=zone_choices(),
            initial=current,
            required=False,
            label=NIGHT_LABELS["time_zone"],
            help_text="Every visitor sees the times in their own zone, named.",
        )
        start = self.fields["starts_at"]
        start.help_text = "The clock time at the event, in the zone chosen below."
        self.fields["round_minutes"].help_text = "Empty: no timer."
        self.fields["time_called"].choices = [
            (TimeCalled.ORGANISER, "The organiser decides"),
            (TimeCalled.DRAW, "Unfinished tables are drawn"),
        ]
        self.fields["deck_deadline"].help_text = (
            "Players may change their deck until then, and never once the event starts. "
            "Empty: until the start."
        )
        for name in LOCAL_TIMES:
            self.fields[name].widget = forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            )
            self.fields[name].input_formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]
        for name, label in NIGHT_LABELS.items():
            self.fields[name].label = label
            self.fields[name].required = False  # left out: the model's default
        instance = getattr(self, "instance", None)
        for name in LOCAL_TIMES:
            when = getattr(instance, name, None) if instance is not None and instance.pk else None
            if when is not None:
                local = timezone.localtime(when, zoneinfo.ZoneInfo(instance.time_zone))
                self.initial[name] = local.replace(tzinfo=None)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name in ("time_zone", "check_in_minutes", "late_entry_score", "time_called"):
            if data.get(name) in (None, ""):
                data[name] = Tournament._meta.get_field(name).default
        zone = data.get("time_zone")
        for name in LOCAL_TIMES:  # the form read them in the viewer's zone: take the wall clock
            if data.get(name) and zone:
                data[name] = local_start(timezone.make_naive(data[name]), zone)
        return data


class BulkEntryForm(forms.Form):
    """Entrants in one submit: players (a username or name a line) and guests (a name a line)."""

    players = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Players with an account (one a line)",
        help_text="A username or the name they show on the site.",
    )
    guests = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        label="Guests without an account (one name a line)",
        help_text="A guest may later claim the entry with an account; you approve it.",
    )


class ExtendForm(forms.Form):
    minutes = forms.IntegerField(min_value=1, max_value=MAX_EXTENSION, initial=5, label="Minutes")


class EventForm(NightFieldsMixin, TournamentForm):
    """The event's settings form with the night's fields (start, zone, check-in, timer)."""
