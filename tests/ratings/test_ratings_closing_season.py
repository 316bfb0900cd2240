"""A closing run that ends the ladder's season (ratings.closing with ``ends_season``): the
run's final ranking heads the season's frozen leaderboard in the same order, every rating is
reset by the season's rule, the ladder reopens for the next season, a recompute reproduces it
all, and every surface (season page, closing page, player page, API) shows the same order."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from ratings_helpers import PASSWORD, finished_match

from players.models import Player
from ratings import closing
from ratings.models import BotProfile, ClosingRun, LadderLogEntry, Rating, Season
from ratings.recompute import recompute_ladder
from ratings.season_rules import Entry, standing_rows
from ratings.service import rate_match

pytestmark = pytest.mark.django_db

GAME = "kingdom-of-warlords"


def test_the_contenders_head_the_final_leaderboard_in_the_runs_order():
    # Conservative order: Bea (25 - 3) = 22 > Ada (27 - 9) = 18 > Dee 15 > Cy (20 - 6) = 14.
    entries = [
        Entry(1, "ada", 27.0, 3.0, 4, 3),
        Entry(2, "bea", 25.0, 1.0, 4, 2),
        Entry(3, "cy", 20.0, 2.0, 4, 1),
        Entry(4, "dee", 18.0, 1.0, 4, 2),
        Entry(5, "eve", 30.0, 8.0, 0, 0),  # no game in the season: not ranked
    ]
    assert [r["player_id"] for r in standing_rows(entries)] == [2, 1, 4, 3]
    # Ada and Bea were the run's contenders: by mu (Ada 27 over Bea 25), then the rest by
    # conservative rating (Dee 15 over Cy 14), whatever the rest's mu.
    rows = standing_rows(entries, contenders=[2, 1])
    assert [(r["player_id"], r["rank"]) for r in rows] == [(1, 1), (2, 2), (4, 3), (3, 4)]
    # A contender the run never needed to play (no game this season) keeps its place.
    rows = standing_rows(entries, contenders=[5, 2, 1])
    assert [r["player_id"] for r in rows] == [5, 1, 2, 4, 3] and rows[0]["games"] == 0
    # Ties on mu: the smaller sigma first, as the run's final ranking (closing_plan.by_skill).
    tied = [Entry(1, "a", 25.0, 2.0, 1, 1), Entry(2, "b", 25.0, 1.0, 1, 0)]
    assert [r["player_id"] for r in standing_rows(tied, contenders=[1, 2])] == [2, 1]


def _bots(duel, owner):
    bots = []
    for name in ("Ada", "Bea", "Cy", "Dee"):
        bot = Player.objects.create(username=name.lower(), display_name=name, is_bot=True)
        BotProfile.objects.create(player=bot, game=GAME, spec="random", owner=owner)
        bots.append(bot)
    return bots


def _season_of_matches(duel, bots, people):
    """A season rated from matches only (so a recompute replays it all): the bots ordered by
    strength (the earlier one in the list wins), and two people who play each other."""
    rng = random.Random(7)
    for _ in range(24):
        a, b = sorted(rng.sample(range(len(bots)), 2))
        rate_match(finished_match(duel, [bots[a], bots[b]], [0, 1]))
    rate_match(finished_match(duel, people[:2], [0, 1]))


def test_a_closing_run_ends_the_season_with_its_final_ranking(
    duel, people, django_capture_on_commit_callbacks
):
    admin = Player.objects.create_user("staffer", password=PASSWORD, role="admin")
    bots = _bots(duel, admin)
    _season_of_matches(duel, bots, people)
    web = Client()
    web.force_login(admin)
    page = web.get(f"/ladders/{duel.slug}/closing/").content.decode()
    assert "End the season with this ranking" in page
    with django_capture_on_commit_callbacks(execute=True):
        response = web.post(
            f"/ladders/{duel.slug}/closing/start/",
            {
                "contenders": 3,
                "places": 3,
                "per_contender": 2,
                "confidence": 0.9999,
                "ends_season": "on",
                "reason": "end of the autumn season",
            },
        )
    assert response.status_code == 302
    run = ClosingRun.objects.get(ladder=duel)
    assert run.ends_season and run.state == ClosingRun.State.FINISHED
    assert run.matches.count() >= 1
    contenders = [r["player_id"] for r in run.final_ranking]
    assert set(contenders) == {b.pk for b in bots[:3]}  # the leaderboard's top 3 played

    season = Season.objects.get(ladder=duel, number=1)
    assert season.closing_run == run and season.ended_by == admin
    assert season.reason == "Closing run: end of the autumn season"
    rows = list(season.standings.order_by("rank"))
    assert [r.player_id for r in rows[:3]] == contenders  # the run's order, first
    assert {r.player_id for r in rows[3:]} == {bots[3].pk, people[0].pk, people[1].pk}
    rest = rows[3:]
    assert [r.conservative for r in rest] == sorted((r.conservative for r in rest), reverse=True)
    for row, published in zip(rows, run.final_ranking, strict=False):
        assert (row.mu, row.sigma) == (published["mu"], published["sigma"])
    # The season's rule (a full reset) applied; the next season is open and so is the ladder.
    duel.refresh_from_db()
    assert duel.active
    assert all((r.mu, r.sigma) == (duel.mu, duel.sigma) for r in Rating.objects.filter(ladder=duel))
    assert Season.objects.get(ladder=duel, number=2).ended_at is None
    actions = list(
        LadderLogEntry.objects.filter(ladder=duel)
        .order_by("created", "pk")
        .values_list("action", flat=True)
    )
    assert actions == ["closing-run-start", "closing-run-finish", "season-end"]
    assert LadderLogEntry.objects.get(action="season-end").detail["closing_run"] == run.pk

    # A replay of the ladder's history reproduces the standings in the run's order.
    check = recompute_ladder(duel, check=True)
    assert (check.changes_differing, check.ratings_differing) == (0, 0)
    assert check.standings_differing == 0 and not check.changed

    # Every surface shows the same order.
    names = [r["name"] for r in run.final_ranking]
    season_page = web.get(f"/ladders/{duel.slug}/seasons/1/").content.decode()
    assert "Ended by a" in season_page and "closing run" in season_page
    assert "Closing run: end of the autumn season" in season_page  # the reason, in words
    at = [season_page.index(f">{name}<") for name in names]
    assert at == sorted(at)
    closing_page = Client().get(f"/ladders/{duel.slug}/closing/").content.decode()
    assert "This ranking ended" in closing_page and "Season 1" in closing_page
    api = Client().get(f"/api/ladders/{duel.slug}/seasons/1/").json()
    api_ids = [row["username"] for row in api["standings"]][:3]
    assert api_ids == [r["username"] for r in run.final_ranking]
    assert api["closing_run"]["contenders"] == 3 and api["closing_run"]["ended_on"] == run.reason
    winner = Player.objects.get(pk=contenders[0])
    player_page = Client().get(f"/players/{winner.username}/").content.decode()
    assert "Season 1" in player_page and f"<strong>1</strong> of {len(rows)}" in player_page


def test_a_season_without_a_rated_match_is_not_ended_and_the_ladder_stays_closed(
    duel, django_capture_on_commit_callbacks
):
    admin = Player.objects.create_user("staffer", password=PASSWORD, role="admin")
    bots = _bots(duel, admin)
    for bot, mu in zip(bots, (40.0, 30.0, 20.0, 10.0), strict=True):
        Rating.objects.create(
            ladder=duel, player=bot, mu=mu, sigma=1.0, conservative=mu - 3, games=5
        )
    settings = closing.Settings(contenders=3, places=2, ends_season=True)
    with django_capture_on_commit_callbacks(execute=True):
        run = closing.start(duel, admin, settings, "settled already")
    run.refresh_from_db()
    assert run.state == ClosingRun.State.FINISHED and run.matches.count() == 0
    assert not Season.objects.filter(ladder=duel).exists()
    duel.refresh_from_db()
    assert not duel.active
    note = LadderLogEntry.objects.get(ladder=duel, action="closing-run-season")
    assert "has no rated match" in note.reason
    assert all(r.mu in (40.0, 30.0, 20.0, 10.0) for r in Rating.objects.filter(ladder=duel))
    page = Client().get(f"/ladders/{duel.slug}/closing/").content.decode()
    assert "could not" in page


def test_a_contender_the_run_never_played_keeps_its_place_in_the_season(
    duel, people, django_capture_on_commit_callbacks
):
    """Ada, far ahead since last season, is settled above the next before the run begins: it
    plays only the others, yet she heads the season's final leaderboard (with no game in it),
    and a replay of the ladder reproduces that."""
    from ratings import seasons

    admin = Player.objects.create_user("staffer", password=PASSWORD, role="admin")
    ada, bea, cy, _ = _bots(duel, admin)
    for _ in range(12):
        rate_match(finished_match(duel, [ada, bea], [0, 1]))
        rate_match(finished_match(duel, [ada, cy], [0, 1]))
    seasons.end(duel, admin, "autumn", reset="widen", widen=0.5)
    rate_match(finished_match(duel, [bea, cy], [0, 1]))
    rate_match(finished_match(duel, [cy, bea], [0, 1]))
    settings = closing.Settings(
        contenders=3, places=3, per_contender=2, confidence=0.9, ends_season=True
    )
    with django_capture_on_commit_callbacks(execute=True):
        run = closing.start(duel, admin, settings, "winter is over")
    run.refresh_from_db()
    assert run.state == ClosingRun.State.FINISHED and run.matches.count() >= 1
    assert not run.matches.filter(seats__player=ada).exists()  # settled: never played
    assert run.final_ranking[0]["player_id"] == ada.pk
    season = Season.objects.get(ladder=duel, number=2)
    rows = list(season.standings.order_by("rank"))
    assert [r.player_id for r in rows[:3]] == [row["player_id"] for row in run.final_ranking]
    assert rows[0].player_id == ada.pk and rows[0].games == 0
    check = recompute_ladder(duel, check=True)
    assert check.standings_differing == 0 and not check.changed, check.details
