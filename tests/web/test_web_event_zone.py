"""The event form's times in the event's zone (issue 29, item 6), without a browser: every date and
time of the form (the start, the registration deadline, any added later) is read and shown as
the wall clock at the event whatever the organiser's own zone, and each names the zone; a
deadline after the start is refused on its field. And the site's times on a first visit: the
server writes UTC, named, in ``<time>`` elements the page's script rewrites in the browser's zone.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django import forms
from django.utils import timezone

from tests.web.test_web_tournaments import event, form_data, organiser
from tournaments import lifecycle
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from web.night_forms import EventForm
from web.templatetags.web_tags import when, zoned

pytestmark = pytest.mark.django_db
BERLIN_EVENING = {
    "time_zone": "Europe/Berlin",
    "starts_at": "2026-12-04T19:00",
    "registration_deadline": "2026-12-04T18:45",
}
UTC = dt.UTC


def test_an_organiser_in_tokyo_types_a_berlin_events_start_and_deadline_in_berlin_time(client):
    client.force_login(organiser())  # no profile zone: the browser's cookie says Tokyo
    client.cookies["tz"] = "Asia/Tokyo"
    r = client.post("/tournaments/new/", form_data(**BERLIN_EVENING))
    assert r.status_code == 302, r.context["form"].errors if r.context else r
    t = Tournament.objects.get()
    assert t.starts_at == dt.datetime(2026, 12, 4, 18, 0, tzinfo=UTC)
    assert t.registration_deadline == dt.datetime(2026, 12, 4, 17, 45, tzinfo=UTC)
    # the edit form shows both again as the wall clock in Berlin, the zone named by each
    page = client.get(f"/tournaments/{t.pk}/edit/")
    form = page.context["form"]
    assert form.initial["starts_at"] == dt.datetime(2026, 12, 4, 19, 0)
    assert form.initial["registration_deadline"] == dt.datetime(2026, 12, 4, 18, 45)
    html = page.content.decode()
    assert 'name="starts_at" value="2026-12-04T19:00"' in html
    assert 'name="registration_deadline" value="2026-12-04T18:45"' in html
    notes = re.findall(r"In the event's time zone, <span data-event-zone>(.*?)</span>", html)
    assert notes == ["Europe/Berlin"] * 3  # the start, the registration and deck deadlines
    # saving the page as it is keeps both times
    data = form_data(**BERLIN_EVENING) | {"name": "Renamed"}
    assert client.post(f"/tournaments/{t.pk}/edit/", data).status_code == 302
    t.refresh_from_db()
    assert t.name == "Renamed" and t.registration_deadline.hour == 17


def test_the_times_follow_the_zone_posted_and_a_time_the_viewers_zone_skips_is_fine():
    with timezone.override("America/New_York"):
        # 02:30 on 8 March 2026 does not exist in New York (clocks go forward); in Berlin it does
        form = EventForm(
            form_data(time_zone="Europe/Berlin", starts_at="2026-03-08T02:30", top_cut="0")
        )
        assert form.is_valid(), form.errors
        assert form.cleaned_data["starts_at"] == dt.datetime(2026, 3, 8, 1, 30, tzinfo=UTC)
        form = EventForm(form_data(time_zone="America/New_York", starts_at="2026-03-08T02:30"))
        assert not form.is_valid()
        assert "America/New_York" in form.errors["starts_at"][0]
    # a blank zone is the model's default (UTC): so are the times
    form = EventForm(form_data(time_zone="", starts_at="2026-12-04T19:00", top_cut="0"))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["starts_at"] == dt.datetime(2026, 12, 4, 19, 0, tzinfo=UTC)
    # a zone that does not exist is named on its field; the times are read anyway
    form = EventForm(form_data(time_zone="Mars/Olympus", starts_at="2026-12-04T19:00"))
    assert not form.is_valid() and set(form.errors) == {"time_zone"}


def test_a_new_date_and_time_field_is_read_in_the_events_zone_without_more_code():
    class WithJudgesMeeting(EventForm):
        judges_meeting = forms.DateTimeField(required=False, help_text="Judges meet then.")

    data = form_data(time_zone="Asia/Tokyo", top_cut="0", judges_meeting="2026-12-04 09:00")
    with timezone.override("Europe/London"):
        form = WithJudgesMeeting(data)
        assert form.is_valid(), form.errors
    assert form.cleaned_data["judges_meeting"] == dt.datetime(2026, 12, 4, 0, 0, tzinfo=UTC)
    assert str(form.fields["judges_meeting"].help_text) == (
        "Judges meet then. In the event's time zone, <span data-event-zone>Asia/Tokyo</span>."
    )
    # a new event's zone is the viewer's until one is chosen, and so is the note's
    with timezone.override("Europe/Paris"):
        blank = WithJudgesMeeting()
    assert "<span data-event-zone>Europe/Paris</span>" in str(blank.fields["starts_at"].help_text)


def test_a_deadline_after_the_start_is_refused_on_its_field(client):
    org = organiser()
    client.force_login(org)
    late = BERLIN_EVENING | {"registration_deadline": "2026-12-04T19:30"}
    r = client.post("/tournaments/new/", form_data(**late))
    assert r.status_code == 400
    assert r.context["form"].errors["registration_deadline"] == [
        "The registration deadline is after the start: registration closes at the latest when "
        "the event starts."
    ]
    assert not Tournament.objects.exists()
    # the same rule holds for the API and any caller (lifecycle.check_settings), and on edit
    start = dt.datetime(2026, 12, 4, 18, 0, tzinfo=UTC)
    with pytest.raises(TournamentError) as refused:
        lifecycle.create(
            org, name="N", game="kingdom-of-warlords", starts_at=start,
            registration_deadline=start + dt.timedelta(minutes=1),
        )  # fmt: skip
    assert refused.value.field == "registration_deadline" and refused.value.status == 400
    t = event(org, open_=False, starts_at=start, registration_deadline=start)  # at the start: fine
    with pytest.raises(TournamentError):
        lifecycle.update(t, org, starts_at=start - dt.timedelta(hours=1))
    t.refresh_from_db()
    assert t.starts_at == start


def test_the_site_writes_times_in_time_elements_its_script_can_rewrite():
    moment = dt.datetime(2026, 12, 4, 18, 0, 30, 123456, tzinfo=UTC)
    with timezone.override("Europe/Berlin"):
        assert str(zoned(moment)) == (
            '<time datetime="2026-12-04T18:00:30Z" data-format="Y-m-d H:i">'
            "2026-12-04 19:00 Europe/Berlin</time>"
        )
        assert str(when(moment)) == (
            '<time datetime="2026-12-04T18:00:30Z" data-format="D j M Y, H:i" data-brackets>'
            "Fri 4 Dec 2026, 19:00 (Europe/Berlin)</time>"
        )
        # the event's own zone is no viewer's time: nothing for the script to rewrite
        assert str(when(moment, "Asia/Tokyo")) == (
            '<time datetime="2026-12-04T18:00:30Z">Sat 5 Dec 2026, 03:00 (Asia/Tokyo)</time>'
        )
    assert zoned(None) == "" and when(None) == ""


def test_a_first_visit_is_marked_for_the_script_and_names_the_events_own_times(client):
    org = organiser()
    start = dt.datetime(2026, 12, 4, 18, 0, tzinfo=UTC)
    t = event(org, starts_at=start, time_zone="UTC")
    first = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert '<html lang="en" data-zone-unknown>' in first
    starts = re.search(r'data-testid="starts-at">(.*?)</dd>', first).group(1)
    # the server's UTC, named, for the script to rewrite; the event's own time beside it (the
    # browser's zone may not be the event's)
    assert 'data-format="D j M Y, H:i" data-brackets>Fri 4 Dec 2026, 18:00 (UTC)</time>' in starts
    assert "Fri 4 Dec 2026, 18:00 (UTC)</time> at the event" in starts
    client.cookies["tz"] = "UTC"  # the script's cookie: the server knows the zone now
    again = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert '<html lang="en">' in again and "at the event" not in again
