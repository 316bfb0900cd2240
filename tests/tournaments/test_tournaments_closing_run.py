"""A bot event closed by a closing run (tournaments.closing), in-process end to end: planned by
the organiser, it freezes the top of the placings when the rounds are over, plays them against
their neighbours, and the event finishes with the run's order on every surface (placings, the
winner, the export, the API, the CSV, the printout, the entrants' notifications)."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from tournaments_helpers import Inbox, bots, event, organiser, people

from matches import audit
from matches.models import Match, MatchState
from players.models import Player
from ratings.models import BotProfile
from tournaments import closing, lifecycle, registration
from tournaments.closing_field import contenders_from, skill_field, table_outcomes, with_closing
from tournaments.errors import TournamentError
from tournaments.models import EventClosingRun, LogEntry, State
from tournaments.outcome import event_placings, format_placings
from tournaments.pairing import Placing, Result
from tournaments.rounds import pair_next_round
from tournaments.summary import export, standings_rows

pytestmark = pytest.mark.django_db

SETTINGS = closing.Settings(contenders=3, places=3, per_contender=3, confidence=0.9999)


def test_the_contenders_are_the_top_of_the_placings_never_splitting_a_shared_place():
    placings = [Placing(7, 1, 1, ""), Placing(3, 2, 2, ""), Placing(5, 3, 4, ""),
                Placing(9, 3, 4, ""), Placing(1, 5, 5, "")]  # fmt: skip
    assert contenders_from(placings, 2) == [7, 3]
    assert contenders_from(placings, 3) == [7, 3, 5, 9]  # "3rd–4th" stays together
    # The run's order on top, one place each; the others keep theirs.
    ranking = [{"player_id": 3, "above_next": 0.9}, {"player_id": 7, "above_next": None}]
    placed = with_closing(placings, ranking)
    assert [(p.entrant, p.place, p.last) for p in placed] == [
        (3, 1, 1), (7, 2, 2), (5, 3, 4), (9, 3, 4), (1, 5, 5)
    ]  # fmt: skip
    assert placed[0].how == "closing run: 90% sure to be above the next"


def test_the_field_counts_decided_tables_between_contenders_only():
    results = [
        Result(round=1, players=(1, 2), wins=(2, 0)),
        Result(round=1, players=(3,), bye=True),
        Result(round=2, players=(2, 3), wins=(1, 1)),  # a drawn match
        Result(round=2, players=(1, 9), wins=(0, 2)),  # 9 is no contender
    ]
    outcomes = table_outcomes(results)
    assert outcomes == [(1, 2, 1), (2, 3, 0), (1, 9, -1)]
    env = closing.PRIOR
    field = {c.player_id: c for c in skill_field([1, 2, 3], {1: "Ada"}, outcomes, env)}
    (won,), (lost,) = env.rate([(env.create_rating(),), (env.create_rating(),)], ranks=[0, 1])
    assert field[1].mu == pytest.approx(won.mu) and field[1].label == "Ada"
    assert field[3].mu < field[1].mu and field[3].sigma < env.sigma  # the draw with 2 counted
    assert field[2].sigma < lost.sigma  # two games


def test_a_bot_event_ends_with_its_closing_run_on_every_surface(
    django_capture_on_commit_callbacks,
):
    org = organiser()
    field = bots(6, org)
    t = event(org, field, rounds=3)
    run = closing.plan(t, org, SETTINGS, "settle the podium")
    assert run.state == EventClosingRun.State.PLANNED
    inbox = Inbox()
    with inbox.patch(), django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
    t.refresh_from_db()
    run.refresh_from_db()
    assert t.state == State.FINISHED
    assert run.state == EventClosingRun.State.FINISHED and run.reason == "budget"
    matches = list(run.matches.all())
    assert matches and all(m.origin == "event-closing" and not m.rated for m in matches)
    assert all(m.state == MatchState.FINISHED for m in matches)
    assert max(run.played.values()) <= 3 and sum(run.played.values()) == 2 * len(matches)
    assert Match.objects.filter(origin="event-closing").count() == len(matches)

    # The contenders were the top three of the Swiss placings; the run decides their order.
    swiss = format_placings(t)
    assert run.contenders == contenders_from(swiss, 3) and len(run.contenders) >= 3
    order = [row["player_id"] for row in run.final_ranking]
    assert sorted(order) == sorted(run.contenders)
    mus = [row["mu"] for row in run.final_ranking]
    assert mus == sorted(mus, reverse=True)
    placings = event_placings(t)
    assert [p.entrant for p in placings[: len(order)]] == order
    assert [p.place for p in placings[: len(order)]] == list(range(1, len(order) + 1))
    rest = [p.entrant for p in swiss if p.entrant not in order]
    assert [p.entrant for p in placings[len(order) :]] == rest
    assert t.winner_id == order[0]

    # Every surface shows that order.
    names = {e.pk: e.player.username for e in t.entries.select_related("player")}
    rows = standings_rows(t)
    assert [r["entry"] for r in rows[: len(order)]] == order
    assert rows[0]["place_label"] == "1st"
    document = export(t)
    assert document["tournament"]["winner"] == names[order[0]]
    web = Client()
    api = web.get(f"/api/tournaments/{t.pk}/standings/").json()
    listed = api if isinstance(api, list) else api.get("standings", api.get("results"))
    assert [r["entry"] for r in listed[: len(order)]] == order
    csv_text = web.get(f"/tournaments/{t.pk}/export/standings.csv").content.decode()
    table = list(csv.DictReader(io.StringIO(csv_text)))
    shown = {e.pk: e.player.public_name for e in t.entries.select_related("player")}
    assert [r["Name"] for r in table[: len(order)]] == [shown[e] for e in order]
    assert table[0]["Place"] == "1st" and "closing run" in table[0]["How"]
    printout = web.get(f"/tournaments/{t.pk}/print/standings/").content.decode()
    at = [printout.index(f"</td><td>{shown[e]}") for e in order]
    assert at == sorted(at) and "settled by a closing run" in printout
    api_run = web.get(f"/api/tournaments/{t.pk}/closing/").json()
    assert api_run["state"] == "finished" and api_run["final_ranking"] == run.final_ranking
    page = web.get(f"/tournaments/{t.pk}/closing/").content.decode()
    at = [page.index(f">{shown[e]}<") for e in order]
    assert at == sorted(at) and "Final ranking" in page
    assert "Final ranking of the closing run" in web.get(f"/tournaments/{t.pk}/").content.decode()
    # The entrants heard of the end once, after the run (its placings are in force).
    finished = [s for s in inbox.sent if s[1] == "tournament.finished"]
    assert len(finished) == len(field)
    actions = list(LogEntry.objects.filter(tournament=t).values_list("action", flat=True))
    for action in ("closing_run_planned", "closing_run_start", "closing_run_finish", "finish"):
        assert action in actions

    # Staff void a closing match: the ranking is computed again without it, the winner follows.
    admin = Player.objects.create_user("staffer", password="x-Strong-pass-9", role="admin")
    voided = matches[0]
    players = set(voided.seats.values_list("player_id", flat=True))
    before = {row["player_id"]: row["mu"] for row in run.final_ranking}
    with django_capture_on_commit_callbacks(execute=True):
        audit.void(voided.pk, admin, "the bot crashed on a worker bug")
    run.refresh_from_db()
    t.refresh_from_db()
    after = {row["player_id"]: row["mu"] for row in run.final_ranking}
    moved = {e for e in after if after[e] != before[e]}
    entries_of = {e.pk: e.player_id for e in t.entries.all()}
    assert moved and {entries_of[e] for e in moved} <= players
    order = [row["player_id"] for row in run.final_ranking]
    assert [p.entrant for p in event_placings(t)[: len(order)]] == order
    assert t.winner_id == order[0]
    assert LogEntry.objects.filter(tournament=t, action="closing_run_recomputed").exists()


def test_refusals_name_what_is_wrong_and_change_nothing(django_capture_on_commit_callbacks):
    org = organiser()
    field = bots(4, org)
    t = event(org, field, rounds=2)
    stranger = people(1, prefix="x")[0]
    with pytest.raises(TournamentError) as refused:
        closing.plan(t, stranger, SETTINGS, "mine now")
    assert refused.value.status == 403
    for bad, name in (
        (closing.Settings(contenders=1), "contenders"),
        (closing.Settings(contenders=3, places=4), "places"),
        (closing.Settings(per_contender=0), "per_contender"),
        (closing.Settings(confidence=1.0), "confidence"),
    ):
        with pytest.raises(TournamentError) as refused:
            closing.plan(t, org, bad, "why not")
        assert refused.value.field == name and refused.value.status == 400
    with pytest.raises(TournamentError) as refused:
        closing.plan(t, org, SETTINGS, "  ")
    assert refused.value.field == "reason"
    # Through the API and the page: the same refusals, a 4xx naming the field.
    web = Client()
    url = f"/api/tournaments/{t.pk}/closing/"
    plan = {"contenders": 3, "places": 3, "per_contender": 3, "confidence": 0.9, "reason": "r"}
    assert web.get(url).status_code == 404
    web.force_login(stranger)
    assert web.post(url, plan, content_type="application/json").status_code == 403
    web.force_login(org)
    answer = web.post(url, {**plan, "places": 4}, content_type="application/json")
    assert answer.status_code == 400 and "places" in answer.json()["error"]["fields"]
    answer = web.post(f"/tournaments/{t.pk}/closing/plan/", {**plan, "confidence": 2})
    assert answer.status_code == 400 and "confidence" in answer.content.decode().lower()
    assert not EventClosingRun.objects.exists()
    person = people(1)[0]
    entry = registration.register(t, person, person)
    with pytest.raises(TournamentError) as refused:
        closing.plan(t, org, SETTINGS, "bots only")
    assert refused.value.status == 409 and person.public_name in refused.value.message
    assert not EventClosingRun.objects.exists()
    assert not LogEntry.objects.filter(action="closing_run_planned").exists()
    # Planned on the page by its organiser (once the person has gone), then re-planned.
    registration.withdraw(t, entry, person)
    answer = web.post(f"/tournaments/{t.pk}/closing/plan/", plan)
    assert answer.status_code == 302
    run = EventClosingRun.objects.get(tournament=t)
    assert (run.state, run.size, run.confidence) == ("planned", 3, 0.9)
    assert "Planned" in web.get(f"/tournaments/{t.pk}/closing/").content.decode()
    answer = web.post(url, {**plan, "contenders": 2, "places": 2}, content_type="application/json")
    assert answer.status_code == 201 and answer.json()["contenders"] == 2
    assert EventClosingRun.objects.count() == 1


def test_a_run_that_cannot_play_is_skipped_and_the_event_finishes_as_it_stands(
    django_capture_on_commit_callbacks,
):
    org = organiser()
    field = bots(4, org)
    t = event(org, field, rounds=1, auto_advance=False)
    closing.plan(t, org, SETTINGS, "settle it")
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)  # round 1 plays; the organiser pairs (or ends) the next
    t.refresh_from_db()
    assert t.state == State.RUNNING
    leader = next(e for e in t.entries.all() if e.pk == format_placings(t)[0].entrant)
    BotProfile.objects.filter(player=leader.player).delete()  # no longer a bot of this game
    with django_capture_on_commit_callbacks(execute=True):
        assert pair_next_round(t.pk, by=org) is None
    t.refresh_from_db()
    run = EventClosingRun.objects.get(tournament=t)
    assert t.state == State.FINISHED
    assert run.state == EventClosingRun.State.SKIPPED and "not a bot" in run.reason
    assert run.matches.count() == 0 and event_placings(t) == format_placings(t)
    assert LogEntry.objects.filter(tournament=t, action="closing_run_skipped").exists()
    with pytest.raises(TournamentError) as refused:
        closing.plan(t, org, SETTINGS, "again")
    assert refused.value.status == 409
