"""A ladder's closing run against the database (ratings.closing): who may start it, the entries
frozen (queue and challenges refused), its rounds played by workers in-process, and its end at
the chosen confidence or on the budget, with the final ranking kept and both actions logged."""

from __future__ import annotations

import pytest
import trueskill

from matches.models import Match, MatchState
from players.models import Player
from ratings import closing
from ratings.challenges import challenge
from ratings.errors import ChallengeRefused
from ratings.models import BotProfile, ClosingRun, LadderLogEntry, QueueEntry, Rating
from ratings.queue import QueueRefused, join_queue
from ratings.service import conservative

GAME = "kingdom-of-warlords"


def _bot(duel, name, mu, sigma, owner=None):
    bot = Player.objects.create(username=name.lower(), display_name=name, is_bot=True)
    BotProfile.objects.create(player=bot, game=GAME, spec="random", owner=owner)
    Rating.objects.create(
        ladder=duel, player=bot, mu=mu, sigma=sigma, conservative=conservative(mu, sigma), games=5
    )
    return bot


@pytest.fixture
def admin(db):
    return Player.objects.create_user("staffer", password="x-Strong-Pass-9", role="admin")


def test_only_staff_or_an_organiser_may_close_and_bad_settings_are_named(duel, admin, people):
    _bot(duel, "Ada", 30.0, 2.0)
    _bot(duel, "Bea", 28.0, 2.0)
    with pytest.raises(closing.ClosingRefused) as refused:
        closing.start(duel, people[0], closing.Settings(contenders=2, places=2), "season over")
    assert refused.value.status == 403
    with pytest.raises(closing.ClosingRefused) as refused:
        closing.start(
            duel, admin, closing.Settings(contenders=2, places=2, confidence=1.0), "season over"
        )
    assert refused.value.field == "confidence"
    with pytest.raises(closing.ClosingRefused) as refused:
        closing.start(duel, admin, closing.Settings(contenders=2, places=2), "  ")
    assert refused.value.field == "reason"
    assert not ClosingRun.objects.exists() and not LadderLogEntry.objects.exists()
    duel.refresh_from_db()
    assert duel.active


def test_a_closing_run_freezes_entries_and_ends_on_its_budget(
    duel, admin, people, django_capture_on_commit_callbacks
):
    bots = [_bot(duel, n, mu, 1.5, owner=admin) for n, mu in (("Ada", 26), ("Bea", 25), ("Cy", 24))]
    QueueEntry.objects.create(ladder=duel, player=people[0], joined_at="2026-12-01T10:00Z")
    # An unreachable confidence: the run can only end when the budget is spent.
    settings = closing.Settings(contenders=3, places=3, per_contender=2, confidence=0.999999)
    with django_capture_on_commit_callbacks(execute=True):
        run = closing.start(duel, admin, settings, "end of the autumn season")
    run.refresh_from_db()
    duel.refresh_from_db()
    assert not duel.active and not QueueEntry.objects.filter(ladder=duel).exists()
    with pytest.raises(QueueRefused) as refused:
        join_queue(duel, people[1], people[1])
    assert refused.value.kind == "closed"
    with pytest.raises(ChallengeRefused):
        challenge(duel, bots[0], [bots[1]], by=admin)
    assert run.state == ClosingRun.State.FINISHED and run.reason == "budget"
    assert all(n <= 2 for n in run.played.values()) and max(run.played.values()) == 2
    matches = list(run.matches.all())
    assert matches and all(m.state == MatchState.FINISHED for m in matches)
    assert all(m.origin == "closing-run" for m in matches)
    assert sum(run.played.values()) == 2 * len(matches)
    assert Match.objects.filter(ladder=duel).count() == len(matches)  # nothing else played
    # Frozen contenders do not drift: the first match is rated with tau 0 (the package's own
    # update, which recompute_ladder uses too: ratings.service.drifts).
    first = min(matches, key=lambda m: m.pk)
    changes = {c.player_id: c for c in first.rating_changes.all()}
    start = {b.pk: (mu, 1.5) for b, mu in zip(bots, (26, 25, 24), strict=True)}
    winner = next(s.player_id for s in first.seats.all() if s.rank == 0)
    loser = next(s.player_id for s in first.seats.all() if s.player_id != winner)
    env = trueskill.TrueSkill(
        mu=duel.mu,
        sigma=duel.sigma,
        beta=duel.beta,
        tau=0.0,
        draw_probability=duel.draw_probability,
    )
    won, lost = trueskill.rate_1vs1(
        env.create_rating(*start[winner]), env.create_rating(*start[loser]), env=env
    )
    assert changes[winner].sigma_after == pytest.approx(won.sigma, abs=1e-9)
    assert changes[loser].mu_after == pytest.approx(lost.mu, abs=1e-9)
    ranking = run.final_ranking
    assert [r["position"] for r in ranking] == [1, 2, 3]
    assert {r["name"] for r in ranking} == {"Ada", "Bea", "Cy"}
    assert [r["mu"] for r in ranking] == sorted((r["mu"] for r in ranking), reverse=True)
    assert ranking[-1]["above_next"] is None and 0 < ranking[0]["above_next"] < 1
    log = list(LadderLogEntry.objects.filter(ladder=duel).order_by("created", "pk"))
    assert [e.action for e in log] == ["closing-run-start", "closing-run-finish"]
    assert log[0].actor == admin and log[0].reason == "end of the autumn season"
    assert log[0].detail["contenders"] == ["ada", "bea", "cy"]
    with pytest.raises(ValueError):
        log[0].save()
    with pytest.raises(closing.ClosingRefused) as again:  # closed already
        closing.start(duel, admin, settings, "twice")
    assert again.value.status == 409


def test_a_closing_run_ends_at_its_confidence_without_a_match_when_settled(
    duel, admin, django_capture_on_commit_callbacks
):
    _bot(duel, "Ada", 40.0, 1.0)
    _bot(duel, "Bea", 30.0, 1.0)
    _bot(duel, "Cy", 20.0, 1.0)
    with django_capture_on_commit_callbacks(execute=True):
        run = closing.start(duel, admin, closing.Settings(contenders=3, places=2), "settled")
    run.refresh_from_db()
    assert run.state == ClosingRun.State.FINISHED and run.reason == "confidence"
    assert run.matches.count() == 0 and run.rounds == 0
    assert [r["name"] for r in run.final_ranking] == ["Ada", "Bea", "Cy"]
    assert run.final_ranking[0]["above_next"] > 0.999


def test_a_person_among_the_contenders_is_refused_and_nothing_changes(duel, admin, people):
    _bot(duel, "Ada", 30.0, 2.0)
    Rating.objects.create(
        ladder=duel, player=people[0], mu=29.0, sigma=2.0, conservative=23.0, games=3
    )
    with pytest.raises(closing.ClosingRefused) as refused:
        closing.start(duel, admin, closing.Settings(contenders=2, places=2), "season over")
    assert people[0].public_name in str(refused.value) and refused.value.status == 409
    duel.refresh_from_db()
    assert duel.active and not ClosingRun.objects.exists()


def test_the_final_ranking_reads_the_same_on_the_api_and_the_page(
    duel, admin, django_capture_on_commit_callbacks
):
    """Every surface that shows a closing run's result shows the same ranking: the API's
    ``final_ranking`` rows are the run's, in order, and the page lists the same names in the
    same order with each one's chance of being above the next."""
    from django.test import Client

    client = Client()
    missing = client.get(f"/api/ladders/{duel.slug}/closing/")
    assert missing.status_code == 404 and "Test duel" in missing.json()["error"]["message"]
    for name, mu in (("Ada", 27), ("Bea", 25), ("Cy", 23)):
        _bot(duel, name, mu, 1.5, owner=admin)
    settings = closing.Settings(contenders=3, places=3, per_contender=2, confidence=0.999999)
    with django_capture_on_commit_callbacks(execute=True):
        run = closing.start(duel, admin, settings, "end of the winter season")
    run.refresh_from_db()
    assert run.state == ClosingRun.State.FINISHED
    body = client.get(f"/api/ladders/{duel.slug}/closing/").json()
    assert body["state"] == "finished" and body["ended_on"] == "budget"
    assert body["started_by"] == admin.public_name and body["progress"] is None
    assert body["final_ranking"] == run.final_ranking
    names = [row["name"] for row in body["final_ranking"]]
    assert sorted(names) == ["Ada", "Bea", "Cy"]
    page = client.get(f"/ladders/{duel.slug}/closing/").content.decode()
    at = [page.index(f">{name}<") for name in names]
    assert at == sorted(at)  # the page's order is the API's
    first = body["final_ranking"][0]["above_next"]
    assert f"{first:.0%}" in page or f"{100 * first:.0f}" in page
    assert "player_id" in body["final_ranking"][0] and "Ada" in page
