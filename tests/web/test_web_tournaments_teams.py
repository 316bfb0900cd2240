"""Team events on the tournament pages: the team size on the form, a captain registering a team,
the partner confirming or declining, the organiser entering a team, refusals, and team names in
the entrants, pairings, standings, table pages and the bracket."""

from __future__ import annotations

from unittest import mock

import pytest

from decks import services as deck_services
from engines.arackhan_wars.playable import playable_starters
from players.models import Player
from tests.support.accounts import STRONG
from tournaments import lifecycle, results, teams
from tournaments.models import Entry, EntryState, Round, TableState, Tournament

pytestmark = pytest.mark.django_db
AKW = "arackhan-wars"
KOW = "kingdom-of-warlords"
LEGAL = playable_starters()[0].data


def player(name: str, **extra) -> Player:
    return Player.objects.create_user(name, f"{name}@example.org", STRONG, **extra)


def version_of(user: Player) -> int:
    """A current, legal AracKhan Wars deck version of ``user``'s."""
    deck = deck_services.create_deck(user, AKW, f"{user.username}'s deck", data=LEGAL)
    return deck_services.current_version(deck).pk


def team_event(org: Player, **fields) -> Tournament:
    fields.setdefault("name", "2v2 night")
    fields.setdefault("auto_advance", False)
    t = lifecycle.create(org, game=AKW, team_size=2, **fields)
    return lifecycle.open_registration(t, org)


def login(client, user: Player):
    client.force_login(user)
    return client


def text(response) -> str:
    return response.content.decode()


def form_of(t: Tournament, **changes) -> dict:
    data = {"name": "Teams", "game": AKW, "format": "swiss", "team_size": "2"}
    data.update({"points_win": 3, "points_draw": 1, "points_loss": 0, "top_cut": 0})
    data.update({"late_entry_until_round": 0, "auto_advance": "on"})
    data.update(changes)
    return data


# -- the form ---------------------------------------------------------------------------------------
def test_the_form_offers_teams_where_the_game_has_them_and_names_the_field_otherwise(client):
    org = login(client, player("org", role="organiser"))
    assert org is client
    page = text(client.get("/tournaments/new/"))
    assert 'name="team_size"' in page and "Teams of two: AracKhan Wars only" in page
    bad = client.post("/tournaments/new/", form_of(None, game=KOW))
    assert bad.status_code == 400 and list(bad.context["form"].errors) == ["team_size"]
    assert "kingdom-of-warlords has no teams of 2" in text(bad)
    assert not Tournament.objects.exists()  # nothing created
    # Pods have no teams: their form has no team size, so a posted one is left out.
    pods = client.post("/tournaments/new/", form_of(None, format="pods"))
    assert pods.status_code == 302
    Tournament.objects.filter(format="pods", team_size=1).get().delete()
    made = client.post("/tournaments/new/", form_of(None))
    assert made.status_code == 302
    t = Tournament.objects.get()
    assert t.team_size == 2 and t.game == AKW
    # once registration is open the team size is fixed: the field is disabled and kept
    lifecycle.open_registration(t, t.organiser)
    edit = client.get(f"/tournaments/{t.pk}/edit/")
    assert 'name="team_size"' in text(edit) and "disabled" in text(edit)
    saved = client.post(f"/tournaments/{t.pk}/edit/", form_of(t, team_size="1", name="Renamed"))
    assert saved.status_code == 302
    t.refresh_from_db()
    assert (t.name, t.team_size) == ("Renamed", 2)


# -- registering ------------------------------------------------------------------------------------
class Inbox:
    """Stands in for the channel layer: the notifications sent, as (group, kind, payload)."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, dict]] = []

    async def group_send(self, group: str, message: dict) -> None:
        self.sent.append((group, message["kind"], message["payload"]))


def test_captain_registers_partner_confirms_with_their_own_deck(
    client, django_capture_on_commit_callbacks
):
    org = player("org", role="organiser")
    ana, bob = player("ana", display_name="Ana"), player("bob", display_name="Bob")
    t = team_event(org)
    ana_deck, bob_deck = version_of(ana), version_of(bob)

    login(client, ana)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Partner&#x27;s username" in page and "Register the team" in page
    inbox = Inbox()
    with (
        mock.patch("channels.layers.get_channel_layer", return_value=inbox),
        django_capture_on_commit_callbacks(execute=True),
    ):
        r = client.post(
            f"/tournaments/{t.pk}/register/",
            {"team_name": "Grey Order", "partner": "bob", "deck": f"version:{ana_deck}"},
        )
    assert r.status_code == 302
    entry = Entry.objects.get(tournament=t)
    assert (entry.state, entry.player, entry.partner) == (EntryState.PENDING, ana, bob)
    # the partner is told on their notification socket
    assert inbox.sent == [
        (
            f"player-{bob.pk}",
            "tournament.team_invitation",
            {"tournament": t.pk, "entry": entry.pk, "captain": "ana", "team": "Grey Order"},
        )
    ]
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert 'data-testid="pending-team"' in page and "Call the team off" in page

    login(client, bob)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert 'data-testid="invitation"' in page and "<strong>Ana</strong> invites you" in page
    assert f'value="version:{bob_deck}"' in page  # bob's own decks are offered
    # the captain's deck is not bob's: the backend names the deck, nothing changes
    refused = client.post(
        f"/tournaments/{t.pk}/teams/{entry.pk}/confirm/",
        {f"partner{entry.pk}-deck": f"version:{ana_deck}"},
    )
    assert refused.status_code == 400 and "No deck version of yours" in text(refused)
    entry.refresh_from_db()
    assert entry.state == EntryState.PENDING and entry.partner_deck is None
    ok = client.post(
        f"/tournaments/{t.pk}/teams/{entry.pk}/confirm/",
        {f"partner{entry.pk}-deck": f"version:{bob_deck}"},
    )
    assert ok.status_code == 302
    entry.refresh_from_db()
    assert entry.state == EntryState.ACTIVE and entry.partner_deck == LEGAL
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert 'data-testid="partner-entry"' in page and "Grey Order" in page
    assert 'data-testid="invitation"' not in page
    # confirming twice is a 409 with the backend's message
    again = client.post(
        f"/tournaments/{t.pk}/teams/{entry.pk}/confirm/",
        {f"partner{entry.pk}-deck": f"version:{bob_deck}"},
    )
    assert again.status_code == 409 and "not waiting for its partner" in text(again)


def test_partner_declines_and_strangers_cannot_answer(client):
    org = player("org", role="organiser")
    ana, bob, cat = player("ana"), player("bob"), player("cat")
    t = team_event(org)
    entry = teams.register_team(t, ana, bob, ana, deck_version=version_of(ana))
    login(client, cat)
    assert client.post(f"/tournaments/{t.pk}/teams/{entry.pk}/decline/").status_code == 403
    stranger = client.post(
        f"/tournaments/{t.pk}/teams/{entry.pk}/confirm/",
        {f"partner{entry.pk}-deck": f"version:{version_of(cat)}"},
    )
    assert stranger.status_code == 403 and "Only the partner" in text(stranger)
    assert client.post(f"/tournaments/{t.pk}/teams/999999/decline/").status_code == 404
    entry.refresh_from_db()
    assert entry.state == EntryState.PENDING
    login(client, bob)
    assert client.post(f"/tournaments/{t.pk}/teams/{entry.pk}/decline/").status_code == 302
    entry.refresh_from_db()
    assert entry.state == EntryState.WITHDRAWN and "declined by bob" in entry.reason
    # bob is free again: he may now register a team of his own
    assert "Register the team" in text(client.get(f"/tournaments/{t.pk}/"))


def test_registration_refusals_are_4xx_with_the_backends_message(client):
    org = player("org", role="organiser")
    ana, bob, cat = player("ana"), player("bob"), player("cat")
    t = team_event(org)
    teams.register_team(t, ana, bob, ana, deck_version=version_of(ana))
    login(client, cat)
    deck = version_of(cat)
    taken = client.post(
        f"/tournaments/{t.pk}/register/", {"partner": "bob", "deck": f"version:{deck}"}
    )
    assert taken.status_code == 409 and "bob is already in a team" in text(taken)
    nobody = client.post(
        f"/tournaments/{t.pk}/register/", {"partner": "nobody", "deck": f"version:{deck}"}
    )
    assert nobody.status_code == 400 and "No player named" in text(nobody)
    alone = client.post(
        f"/tournaments/{t.pk}/register/", {"partner": "cat", "deck": f"version:{deck}"}
    )
    assert alone.status_code == 400 and "two different players" in text(alone)
    assert Entry.objects.filter(tournament=t).count() == 1  # nothing saved


def test_organiser_enters_a_whole_team(client):
    org = player("org", role="organiser")
    ana, bob, cat = player("ana"), player("bob"), player("cat")
    t = team_event(org)
    login(client, cat)
    assert client.post(f"/tournaments/{t.pk}/teams/enter/", {}).status_code == 403
    login(client, org)
    assert "Enter a team (both players and decks)" in text(client.get(f"/tournaments/{t.pk}/"))
    version_of(ana), version_of(bob)  # "ana's deck" and "bob's deck"
    wrong = client.post(
        f"/tournaments/{t.pk}/teams/enter/",
        {
            "enter-captain": "ana",
            "enter-deck": "bob's deck",  # not one of ana's: decks are picked by their name
            "enter-partner": "bob",
            "enter-partner_deck": "bob's deck",
        },
    )
    page = text(wrong)
    assert wrong.status_code == 400
    assert "ana has no AracKhan Wars deck called “bob&#x27;s deck”" in page
    assert "theirs are “ana&#x27;s deck”" in page
    assert not Entry.objects.filter(tournament=t).exists()
    form = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Captain&#x27;s deck" in form and "(id)" not in form
    ok = client.post(
        f"/tournaments/{t.pk}/teams/enter/",
        {
            "enter-team_name": "Night Owls",
            "enter-captain": "ana",
            "enter-deck": "  ANA'S   deck ",  # case and spaces aside
            "enter-partner": "bob",
            "enter-partner_deck": "bob's deck",
        },
    )
    assert ok.status_code == 302
    entry = Entry.objects.get(tournament=t)
    assert (entry.state, entry.team_name, entry.partner) == (EntryState.ACTIVE, "Night Owls", bob)


# -- team names everywhere --------------------------------------------------------------------------
def _entered(t: Tournament, org: Player, names: list[str]) -> list[Entry]:
    players = [player(n, display_name=n.title()) for n in names]
    return [
        teams.register_team(
            t, a, b, org, deck=LEGAL, partner_deck=LEGAL, team_name=f"Team {a.username}"
        )
        for a, b in zip(players[::2], players[1::2], strict=True)
    ]


def test_team_names_and_both_players_in_entrants_pairings_standings_and_tables(client):
    org = player("org", role="organiser")
    t = team_event(org, rounds=2)
    first, second = _entered(t, org, ["ana", "bob", "cat", "dan"])
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "<strong>Team ana</strong> (<a" in page and ">Bob</a>" in page  # entrants
    lifecycle.start(t, org)
    t.refresh_from_db()
    (table,) = Round.objects.get(tournament=t, number=1).tables.all()
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Team ana (Ana &amp; Bob)" in page and "Team cat (Cat &amp; Dan)" in page  # pairings
    # the partner sees the table as theirs, but the captain reports for the team
    login(client, first.partner)
    tpage = text(client.get(f"/tournaments/{t.pk}/tables/{table.pk}/"))
    assert 'data-testid="captain-reports"' in tpage and "Report the result" not in tpage
    assert "Games won by" not in tpage
    login(client, first.player)
    tpage = text(client.get(f"/tournaments/{t.pk}/tables/{table.pk}/"))
    assert "Games won by Team ana (Ana &amp; Bob)" in tpage
    r = client.post(
        f"/tournaments/{t.pk}/tables/{table.pk}/report/",
        {"report-wins_0": 2, "report-wins_1": 0, "report-draws": 0},
    )
    assert r.status_code == 302
    results.report(t, table.pk, second.player, {"wins": [2, 0], "draws": 0})
    table.refresh_from_db()
    assert table.state == TableState.FINAL
    page = text(client.get(f"/tournaments/{t.pk}/"))
    standings = page.split('id="standings"')[1]
    assert '<th scope="col">Team</th>' in standings
    assert "<strong>Team ana</strong>" in standings and ">Dan</a>" in standings
    # the first-listed team won 2-0 (round 1 is drawn at random)
    won, lost = ("ana", "cat") if table.entries[0] == first.pk else ("cat", "ana")
    loser_label = {"ana": "Team ana (Ana &amp; Bob)", "cat": "Team cat (Cat &amp; Dan)"}[lost]
    winner_row = standings.split("<tr")[2]  # after the heading row: rank 1
    assert f"<strong>Team {won}</strong>" in winner_row and loser_label in winner_row


def test_the_bracket_names_teams_in_the_svg_and_the_api(client):
    org = player("org", role="organiser")
    t = team_event(org, format="single_elimination")
    _entered(t, org, ["ana", "bob", "cat", "dan", "eve", "fay", "gus", "hal"])
    lifecycle.start(t, org)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    svg = page.split('<svg class="bracket"')[1].split("</svg>")[0]
    for name in ("Team ana", "Team cat", "Team eve", "Team gus"):
        assert name in svg
    assert ">ana<" not in svg  # a captain's username alone is not a team's label
    api = client.get(f"/api/tournaments/{t.pk}/bracket/")
    assert api.status_code == 200
    tree = api.json()
    first = next(n for n in tree["nodes"] if all(n["players"]))
    assert all(name.startswith("Team ") for name in first["team_names"])
    assert first["player_names"] != first["team_names"]  # usernames are kept beside


def test_a_team_events_page_makes_as_many_queries_for_more_teams(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    org = player("org", role="organiser")
    small, large = team_event(org, name="Small", rounds=2), team_event(org, name="Large", rounds=2)
    _entered(small, org, [f"s{i}" for i in range(4)])
    _entered(large, org, [f"l{i}" for i in range(16)])
    for t in (small, large):
        lifecycle.start(t, org)
    counts = []
    for t in (small, large):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/tournaments/{t.pk}/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_the_organiser_disqualifies_a_team_by_its_name(client):
    org = player("org", role="organiser")
    t = team_event(org, rounds=2)
    first, _ = _entered(t, org, ["ana", "bob", "cat", "dan"])
    lifecycle.start(t, org)
    login(client, org)
    url = f"/tournaments/{t.pk}/entries/{first.pk}/disqualify/"
    blank = client.post(url, {"dq-reason": " ", "confirm": "yes"})  # the confirmation's post
    assert blank.status_code == 400 and "reason" in text(blank)
    first.refresh_from_db()
    assert first.state == EntryState.ACTIVE
    done = client.post(url, {"dq-reason": "marked cards", "confirm": "yes"}, follow=True)
    assert "Team ana (Ana &amp; Bob) is disqualified." in text(done)
    first.refresh_from_db()
    assert first.state == EntryState.DISQUALIFIED
