"""AracKhan Wars' modes chosen on the tournament form, shown on the event's and the ladder's
pages by name."""

from __future__ import annotations

import pytest

from players.models import Player
from ratings.models import Ladder
from tests.support.accounts import STRONG
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
AKW = "arackhan-wars"


def _form(**over) -> dict:
    data = {
        "name": "2v2 Strategy night",
        "game": AKW,
        "format": "swiss",
        "team_size": "2",
        "late_entry_until_round": "0",
        "rounds": "3",
        "top_cut": "0",
        "points_win": "3",
        "points_draw": "1",
        "points_loss": "0",
    }
    data.update(over)
    return data


def test_an_organiser_chooses_the_modes_on_the_form_and_the_event_names_them(client):
    org = Player.objects.create_user("org", password=STRONG, role="organiser")
    client.force_login(org)
    form = client.get("/tournaments/new/").content.decode()
    assert "AracKhan Wars: Strategy phase" in form and "AracKhan Wars: Objective mode" in form
    r = client.post("/tournaments/new/", _form(mode_strategy="on", mode_events="on"))
    t = Tournament.objects.get()
    assert r.status_code == 302 and t.options == {"strategy": True, "events": True}
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="modes">Strategy phase, Event mode<' in page
    # editing keeps what the API set beside the modes, and switches a mode off
    t.options = {**t.options, "clock": {"initial": 600, "increment": 10}}
    t.save()
    edit = client.get(f"/tournaments/{t.pk}/edit/").content.decode()
    assert 'name="clock_minutes" value="10"' in edit  # the form shows the API's clock
    r = client.post(
        f"/tournaments/{t.pk}/edit/",
        _form(mode_strategy="on", clock_minutes="10", clock_increment="10"),
    )
    t.refresh_from_db()
    assert r.status_code == 302
    assert t.options == {"strategy": True, "clock": {"initial": 600, "increment": 10}}


def test_an_unticked_strategy_box_plays_a_2v2_event_without_the_strategy_phase(client):
    """The engine plays 2v2 with the Strategy phase unless told not to (its 1.2.0 default, the
    rulebook's 2v2 set-up); the form says what its box shows, so an unticked box is written."""
    org = Player.objects.create_user("org", password=STRONG, role="organiser")
    client.force_login(org)
    r = client.post("/tournaments/new/", _form())
    t = Tournament.objects.get()
    assert r.status_code == 302 and t.options == {"strategy": False}
    r = client.post("/tournaments/new/", _form(name="1v1 night", team_size="1"))
    assert r.status_code == 302
    assert Tournament.objects.get(name="1v1 night").options == {}


def test_the_form_refuses_a_mode_the_event_cannot_play(client):
    org = Player.objects.create_user("org", password=STRONG, role="organiser")
    client.force_login(org)
    r = client.post("/tournaments/new/", _form(mode_objectives="on"))
    assert r.status_code == 400 and "Objective mode is not played in 2v2" in r.content.decode()
    r = client.post(
        "/tournaments/new/", _form(game="khan-of-khans", team_size="1", mode_events="on")
    )
    assert r.status_code == 400
    assert r.context["form"].errors["mode_events"] == ["Only AracKhan Wars events play this mode."]
    assert not Tournament.objects.exists()


def test_a_ladders_page_names_its_modes(client):
    Ladder.objects.create(
        slug="akw-obj", name="Objectives", game=AKW, seats=2, options={"objectives": True}
    )
    page = client.get("/ladders/akw-obj/").content.decode()
    assert 'data-testid="ladder-modes">Objective mode<' in page
