"""The Django admin of every app (issue 29, item 7): each list and change page opens for an admin;
every time of the lists and of the read-only pages is in the viewer's zone, the zone named; the
audited rows (tournaments, matches, ratings, frozen deck versions) are view only with a line
saying where the site changes them; an editable model's page still saves."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.apps import apps
from django.contrib import admin
from django.test import Client

from decks import services
from decks.models import Deck, DeckVersion
from insights.reference import add_reference_bot
from matches import audit
from matches.models import AuditEntry, Match
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from ratings import seasons, versions
from ratings.models import (
    BotProfile,
    ClosingRun,
    Ladder,
    LadderLogEntry,
    QueueEntry,
    QueueWait,
    RatingChange,
    VersionComparison,
)
from tests.support.accounts import STRONG
from tournaments import lifecycle, registration, results
from tournaments.models import Entry, Table, Tournament

pytestmark = pytest.mark.django_db
KOW = "kingdom-of-warlords"
AKW = "arackhan-wars"
SIX_PM = dt.datetime(2026, 12, 4, 18, 0, tzinfo=dt.UTC)


def person(username: str, **extra) -> Player:
    return Player.objects.create_user(username, f"{username}@example.org", STRONG, **extra)


def bot(name: str) -> Player:
    account = Player.objects.create(username=name, display_name=name, is_bot=True)
    BotProfile.objects.create(player=account, game=KOW, spec="random")
    return account


@pytest.fixture
def boss(db) -> Player:
    return person("boss", role="admin")


@pytest.fixture
def rows(boss, django_capture_on_commit_callbacks) -> dict:
    """A row of (nearly) every model the admin shows: an event, a played and voided rated match,
    a queue entry, a held rating, a deck whose version an event locked."""
    org = person("org", role="organiser")
    t = lifecycle.open_registration(
        lifecycle.create(org, name="Winter cup", game=KOW, starts_at=SIX_PM), org
    )
    for name in ("ann", "ben"):
        registration.register(t, person(name), Player.objects.get(username=name))
    with django_capture_on_commit_callbacks(execute=True):
        t = lifecycle.start(t, org)
        table = Table.objects.get(round__tournament=t)
        for entry in Entry.objects.filter(tournament=t).select_related("player"):
            results.report(t, table.pk, entry.player, {"wins": [2, 0], "draws": 0})
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    seats = [SeatSpec(bot("b1"), "random"), SeatSpec(bot("b2"), "random")]
    with django_capture_on_commit_callbacks(execute=True):
        match = schedule_match(KOW, seats, ladder=ladder, seed=7)
        voided = schedule_match(KOW, seats, ladder=ladder, seed=8)
    match.refresh_from_db()
    assert match.state == "finished" and RatingChange.objects.filter(match=match).exists()
    with django_capture_on_commit_callbacks(execute=True):
        audit.void(voided.pk, boss, "played with the wrong options")
    QueueEntry.objects.create(ladder=ladder, player=person("waiting"), joined_at=SIX_PM)
    QueueWait.objects.create(
        ladder=ladder,
        player=person("paired"),
        match=match,
        joined_at=SIX_PM - dt.timedelta(seconds=40),
        paired_at=SIX_PM,
    )
    add_reference_bot(ladder, "random")
    seasons.end(ladder, boss, "the autumn season is over")  # a season and its standings
    run = ClosingRun.objects.create(
        ladder=ladder, contenders=[], places=1, per_contender=1, confidence=0.9, started_by=boss
    )
    LadderLogEntry.objects.create(
        ladder=ladder,
        actor=boss,
        action="closing-run-start",
        reason="admin",
        detail={"run": run.pk},
    )
    engine = bot("engine")
    a = versions.publish(engine, boss, "v1", spec="random")
    b = versions.publish(engine, boss, "v2", spec="random")
    VersionComparison.objects.create(ladder=ladder, a=a, b=b, games=2, requested_by=boss)
    owner = person("deckhand")
    deck = services.create_deck(owner, AKW, "Frozen", text="3 Phalanx\n4 Titan\n12 Infantryman\n")
    DeckVersion.objects.filter(deck=deck).update(locked_reason=f"tournament:{t.pk}")
    Tournament.objects.filter(pk=t.pk).update(created=SIX_PM)
    return {"tournament": t, "match": match, "voided": voided, "ladder": ladder, "deck": deck}


def registered() -> list:
    """The models the admin shows."""
    return [m for m in apps.get_models() if admin.site.is_registered(m)]


def admin_client(user: Player, zone: str = "") -> Client:
    client = Client()
    client.force_login(user)
    if zone:
        client.cookies["tz"] = zone
    return client


def test_every_admin_list_and_change_page_opens(rows, boss):
    client = admin_client(boss, "Asia/Tokyo")
    empty = []
    for model in registered():
        path = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
        assert client.get(path).status_code == 200, path
        row = model.objects.first()
        if row is None:
            empty.append(model._meta.model_name)
            continue
        assert client.get(f"{path}{row.pk}/change/").status_code == 200, path
    # tests/decks/test_decks_admin.py opens the re-checks' pages; the others are not ours
    # (organiser requests: tests/players/test_players_organisers.py)
    assert set(empty) <= {"group", "apitoken", "recheckrun", "deckrecheck", "organiserrequest"}, (
        empty
    )


def test_the_admins_times_name_their_zone_in_the_viewers_zone(rows, boss):
    t = rows["tournament"]
    tokyo = admin_client(boss, "Asia/Tokyo")
    listing = tokyo.get("/admin/tournaments/tournament/").text
    created = re.search(r'<td class="field-created">(.*?)</td>', listing).group(1)
    assert created == "2026-12-05 03:00 Asia/Tokyo"
    page = tokyo.get(f"/admin/tournaments/tournament/{t.pk}/change/").text
    assert '<div class="readonly">2026-12-05 03:00 Asia/Tokyo</div>' in page  # starts_at
    # the profile's zone wins over the browser's, as on the site
    boss.time_zone = "Europe/Berlin"
    boss.save(update_fields=["time_zone"])
    listing = tokyo.get("/admin/tournaments/tournament/").text
    assert '<td class="field-created">2026-12-04 19:00 Europe/Berlin</td>' in listing
    # no zone at all: the site's, UTC, named
    boss.time_zone = ""
    boss.save(update_fields=["time_zone"])
    listing = admin_client(boss).get("/admin/tournaments/tournament/").text
    assert '<td class="field-created">2026-12-04 18:00 UTC</td>' in listing
    # every time of every list names its zone (no bare "Dec. 4, 2026, 6 p.m.")
    for path in ("matches/match", "matches/auditentry", "ratings/queueentry", "decks/deck"):
        cells = re.findall(
            r'<t[dh] class="field-(?:created|joined_at|updated|finished_at)[^"]*">'
            r"(?:<a [^>]*>)?(.*?)(?:</a>)?</t[dh]>",
            admin_client(boss, "Asia/Tokyo").get(f"/admin/{path}/").text,
        )
        assert cells and all(c.endswith(" Asia/Tokyo") for c in cells), (path, cells)


def test_audited_rows_are_view_only_and_say_where_the_site_changes_them(rows, boss):
    client = admin_client(boss)
    match, voided, ladder = rows["match"], rows["voided"], rows["ladder"]
    entry = AuditEntry.objects.get(match=voided)
    lines = {
        f"/admin/matches/auditentry/{entry.pk}/change/": f'href="/matches/{voided.pk}/"',
        "/admin/matches/match/": 'href="/matches/"',
        f"/admin/ratings/ratingchange/{RatingChange.objects.filter(match=match).first().pk}/change/": (
            f'href="/matches/{match.pk}/"'
        ),
        "/admin/ratings/rating/": 'href="/ladders/"',
        f"/admin/ratings/queueentry/{QueueEntry.objects.get().pk}/change/": (
            f'href="/ladders/{ladder.slug}/"'
        ),
    }
    for path, link in lines.items():
        page = client.get(path).text
        line = re.search(r'data-testid="audit-line">(.*?)</p>', page, re.S).group(1)
        assert link in line, path
        assert 'name="_save"' not in page, path
    for path in ("ratings/rating", "ratings/ratingchange", "ratings/heldrating"):
        assert client.get(f"/admin/{path}/add/").status_code == 403, path
    rating_change = RatingChange.objects.first()
    delete = f"/admin/ratings/ratingchange/{rating_change.pk}/delete/"
    assert client.post(delete, {"post": "yes"}).status_code == 403
    # a stale queue entry may go: it changes no result and no rating
    queued = QueueEntry.objects.get()
    delete = f"/admin/ratings/queueentry/{queued.pk}/delete/"
    assert client.post(delete, {"post": "yes"}).status_code == 302
    assert not QueueEntry.objects.exists()
    # a ladder with ratings cannot be deleted here: its ratings would go with it (a ladder with
    # matches is protected by them anyway)
    fresh = Ladder.objects.create(slug="fresh", name="Fresh", game=KOW, seats=2)
    add_reference_bot(fresh, "heuristic")  # a rating and a held rating, no match
    delete = f"/admin/ratings/ladder/{fresh.pk}/delete/"
    assert client.post(delete, {"post": "yes"}).status_code == 403
    assert Ladder.objects.filter(pk=fresh.pk).exists() and fresh.ratings.count() == 1
    assert Match.objects.filter(pk=match.pk).exists() and RatingChange.objects.exists()


def test_a_frozen_deck_version_is_view_only_and_an_unused_one_stays_editable(rows, boss):
    client = admin_client(boss)
    deck = rows["deck"]
    frozen = DeckVersion.objects.get(deck=deck)
    page = client.get(f"/admin/decks/deckversion/{frozen.pk}/change/").text
    assert 'name="locked_reason"' not in page and 'name="_save"' not in page
    assert f'href="/decks/versions/{frozen.pk}/"' in page
    delete = f"/admin/decks/deckversion/{frozen.pk}/delete/"
    assert client.post(delete, {"post": "yes"}).status_code == 403
    # ... nor can the deck go, taking its frozen version with it
    assert client.post(f"/admin/decks/deck/{deck.pk}/delete/", {"post": "yes"}).status_code == 403
    assert DeckVersion.objects.filter(pk=frozen.pk).exists()
    DeckVersion.objects.filter(pk=frozen.pk).update(locked_reason="")
    page = client.get(f"/admin/decks/deckversion/{frozen.pk}/change/").text
    assert 'name="locked_reason"' in page and 'name="_save"' in page


def test_an_editable_models_page_still_saves_with_its_times_zoned(rows, boss):
    client = admin_client(boss, "Asia/Tokyo")
    ladder = rows["ladder"]
    url = f"/admin/ratings/ladder/{ladder.pk}/change/"
    page = client.get(url).text
    assert re.search(r'<div class="readonly">\d{4}-\d\d-\d\d \d\d:\d\d Asia/Tokyo</div>', page)
    deck = Deck.objects.get(pk=rows["deck"].pk)
    r = client.post(
        f"/admin/decks/deck/{deck.pk}/change/",
        {
            "name": "Renamed",
            "game": deck.game,
            "owner": str(deck.owner_id),
            "versions-TOTAL_FORMS": "1",
            "versions-INITIAL_FORMS": "1",
            "versions-MIN_NUM_FORMS": "0",
            "versions-MAX_NUM_FORMS": "1000",
            "versions-0-id": str(DeckVersion.objects.get(deck=deck).pk),
            "versions-0-deck": str(deck.pk),
        },
    )
    assert r.status_code == 302, r.context["adminform"].form.errors if r.context else r
    deck.refresh_from_db()
    assert deck.name == "Renamed"
