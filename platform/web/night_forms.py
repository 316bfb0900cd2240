"""Forms of the tournament night: the event's times read in the event's own zone, entrants in
bulk, a table's extension. Only input shapes: the rules are the tournaments app's."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.html import format_html

from gauntlet.times import zone_name
from tournaments.models import TimeCalled, Tournament
from tournaments.night import zone_choices
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


class EventZoneTimes:
    """For the event's settings form: every date-and-time field (the start, the registration
    deadline, any added later) is typed and shown as the wall clock in the event's time zone,
    whatever the viewer's, and says so beside it; stored in UTC.

    The event's zone is the zone posted (blank: the model's default, UTC), or on a page not yet
    posted the zone field's initial one (the event's own; the viewer's on a new event); a zone
    that does not exist falls back to the event's own. Django reads a date and time in the
    active zone: the whole cleaning runs with the event's zone active.
    """

    zone_field = "time_zone"

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.event_zone = self.zone_of_event()
        for name, field in self.fields.items():
            if not isinstance(field, forms.DateTimeField):
                continue
            value = self.initial.get(name)
            if isinstance(value, dt.datetime) and timezone.is_aware(value):
                self.initial[name] = timezone.localtime(value, self.event_zone).replace(tzinfo=None)
            field.help_text = format_html(
                "{}{}In the event's time zone, <span data-event-zone>{}</span>.",
                field.help_text,
                " " if field.help_text else "",
                zone_name(self.event_zone),
            )

    def zone_of_event(self) -> dt.tzinfo:
        """The zone the form's times are in (see the class)."""
        field = self.fields[self.zone_field]
        if self.is_bound and not field.disabled:
            name = (
                self[self.zone_field].data
                or self.instance._meta.get_field(self.zone_field).get_default()
            )
        else:
            name = self.get_initial_for_field(field, self.zone_field)
        for candidate in (name, self.instance.time_zone if self.instance.pk else None):
            try:
                return zoneinfo.ZoneInfo(candidate)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
                continue  # a bad zone: the zone field names it; the times are read anyway
        return timezone.get_current_timezone()

    def full_clean(self) -> None:
        with timezone.override(self.event_zone):
            super().full_clean()


class NightFieldsMixin:
    """For the event's settings form: the start is typed as a wall-clock time in the event's
    zone (a list of IANA zones, the viewer's first; :class:`EventZoneTimes` reads it there)."""

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
        start.help_text = "The clock time at the event."
        self.fields["round_minutes"].help_text = "Empty: no timer."
        self.fields["time_called"].choices = [
            (TimeCalled.ORGANISER, "The organiser decides"),
            (TimeCalled.DRAW, "Unfinished tables are drawn"),
        ]
        self.fields["deck_deadline"].help_text = (
            "Players may change their deck until then, and never once the event starts. "
            "Empty: until the start."
        )
        for field in self.fields.values():  # the start, the deadlines: the browser's picker
            if isinstance(field, forms.DateTimeField):
                field.widget = forms.DateTimeInput(
                    attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
                )
                field.input_formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]
        for name, label in NIGHT_LABELS.items():
            self.fields[name].label = label
            self.fields[name].required = False  # left out: the model's default

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name in ("time_zone", "check_in_minutes", "late_entry_score", "time_called"):
            if data.get(name) in (None, ""):
                data[name] = Tournament._meta.get_field(name).default
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


class EventForm(EventZoneTimes, NightFieldsMixin, TournamentForm):
    """The event's settings form with the night's fields (start, zone, check-in, timer), its
    times in the event's zone."""
