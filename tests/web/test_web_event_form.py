"""The event form in fieldsets by format: the page names each group, marks the ones of some
formats only, and the server checks only the chosen format's fields."""

from __future__ import annotations

import re

import pytest

from tests.web.test_web_tournaments import KOW, event, form_data, organiser, text
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_form_groups_its_fields_under_headings_with_their_formats(client):
    client.force_login(organiser())
    html = text(client.get("/tournaments/new/"))
    legends = re.findall(r"<legend>(.*?)</legend>", html)
    assert legends[0] == "The event" and "Free-for-all pods" in legends and "Teams" in legends
    pods = re.search(r'<fieldset class="settings" id="settings-pods" data-formats="(.*?)">', html)
    assert pods.group(1) == "pods"
    top_cut = re.search(r'id="settings-top-cut" data-formats="(.*?)"', html)
    assert top_cut.group(1) == "swiss"
    assert 'id="settings-event">' in html  # every format: no data-formats
    assert "web/tournament-form.js" in html and "<script>" not in html


def test_only_the_chosen_formats_fields_are_checked_and_kept(client):
    client.force_login(organiser())
    # A round robin has no top cut, rounds or pods: what was posted for them is not checked.
    r = client.post(
        "/tournaments/new/",
        form_data(format="round_robin", top_cut="4", rounds="x", pod_sizes="four"),
    )
    assert r.status_code == 302
    t = Tournament.objects.get()
    assert (t.format, t.top_cut, t.rounds, t.pod_sizes) == ("round_robin", 0, None, [])
    # The same top cut for Swiss is its field, and a bad one is named next to it.
    r = client.post("/tournaments/new/", form_data(top_cut="5"))
    assert r.status_code == 400 and set(r.context["form"].errors) == {"top_cut"}
    block = re.search(r'id="settings-top-cut".*?</fieldset>', text(r), re.S).group(0)
    assert 'class="field invalid"' in block and "Select a valid choice" in block
    assert Tournament.objects.count() == 1


def test_changing_the_format_leaves_the_old_formats_settings_behind(client):
    org = organiser()
    t = event(org, open_=False, format="swiss", top_cut=4, rounds=3)
    client.force_login(org)
    # The page (without its script) still posts the Swiss top cut and rounds.
    data = form_data(format="single_elimination", top_cut="4", rounds="3", game=KOW)
    r = client.post(f"/tournaments/{t.pk}/edit/", data)
    assert r.status_code == 302
    t.refresh_from_db()
    assert (t.format, t.top_cut, t.rounds) == ("single_elimination", 0, None)
