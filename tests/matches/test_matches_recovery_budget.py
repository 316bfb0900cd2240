"""The timers that bound a match's recovery after its worker died, or the database stopped
(matches.recovery, docs/deploy.md "The timing budget"): an edit of one of them cannot silently
break the 60 s (worker died) or 90 s (database stopped for 60 s) bound."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from gauntlet.db import RETRY_THROUGH_OUTAGES
from matches import recovery, runner, tasks
from matches.models import MatchAttempt, MatchState

REPO = Path(__file__).resolve().parents[2]


def test_a_live_attempt_is_never_stale():
    # A live attempt beats after every move, at most HEARTBEAT_SECONDS apart, and a move takes
    # at most the move budget: the stale threshold leaves a busy machine twice that.
    assert recovery.longest_silence() == runner.HEARTBEAT_SECONDS + (
        runner.DEFAULT_MOVE_BUDGET_SECONDS
    )
    assert 2 * recovery.longest_silence() <= runner.STALE_AFTER_SECONDS


def test_the_reaper_finds_a_dead_match_well_within_the_minute():
    parts = recovery.budget()
    assert parts["stale"] == runner.STALE_AFTER_SECONDS
    assert (
        parts["reaper_period"] == settings.CELERY_BEAT_SCHEDULE["matches.requeue_stale"]["schedule"]
    )
    assert parts["total"] == sum(v for k, v in parts.items() if k != "total")
    # Running again within 35 s leaves 25 s of the minute to play the match again.
    assert parts["total"] <= 35
    assert parts["total"] + 25 <= recovery.TARGET_SECONDS


def test_the_reaper_runs_are_never_stacked_nor_starved():
    entry = settings.CELERY_BEAT_SCHEDULE["matches.requeue_stale"]
    assert entry["options"]["expires"] == entry["schedule"]
    assert settings.CELERY_TASK_ROUTES["matches.requeue_stale"] == {
        "queue": settings.MAINTENANCE_QUEUE
    }
    # The reaper's window (one queueing per match per stale period) outlasts a beat period.
    assert recovery.reaper_period() <= tasks.MIN_REQUEUE_WINDOW


def test_the_broker_never_hands_a_running_task_to_a_second_worker():
    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    assert visibility > settings.CELERY_TASK_TIME_LIMIT > settings.CELERY_TASK_SOFT_TIME_LIMIT
    # A turn clock's countdown stays below the visibility timeout (else delivered twice).
    assert visibility > tasks.MAX_COUNTDOWN_SECONDS
    # One task at a time per worker: a recovered match waits for at most the one being played.
    assert settings.CELERY_WORKER_PREFETCH_MULTIPLIER == 1
    assert settings.CELERY_TASK_ACKS_LATE and settings.CELERY_TASK_REJECT_ON_WORKER_LOST


def _retry_waits() -> list[float]:
    factor, top = RETRY_THROUGH_OUTAGES["retry_backoff"], RETRY_THROUGH_OUTAGES["retry_backoff_max"]
    return [min(top, factor * 2**n) for n in range(RETRY_THROUGH_OUTAGES["max_retries"])]


def test_a_task_retries_soon_after_the_database_is_back_and_long_enough():
    # No jitter: the wait after the database is back is at most the longest retry wait.
    assert RETRY_THROUGH_OUTAGES["retry_jitter"] is False
    assert max(_retry_waits()) <= 5
    # A 60 s stop recovered in 90 s: 60 s + the next retry + the reaper's path to a worker.
    stop = 60.0
    assert stop + max(_retry_waits()) + recovery.WORKER_PICKUP_SECONDS <= 90
    # ... and the retries outlast a database outage of several minutes.
    assert sum(_retry_waits()) >= 240


def _settings_with(env: dict[str, str]) -> dict:
    """The settings module as a process with this environment reads it."""
    code = (
        "import json, gauntlet.settings as s; print(json.dumps({'default': getattr(s, "
        "'CELERY_TASK_DEFAULT_PRIORITY', None), 'recovery': s.RECOVERY_PRIORITY, "
        "'options': s.CELERY_BROKER_TRANSPORT_OPTIONS}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": f"{REPO}:{REPO / 'platform'}", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_on_redis_a_recovered_match_goes_ahead_of_the_backlog():
    read = _settings_with({"CELERY_BROKER_URL": "redis://127.0.0.1:1/0"})
    steps = read["options"]["priority_steps"]
    # Redis pops the lowest step first: the recovery step before the default one.
    assert read["recovery"] < read["default"]
    assert steps.index(read["recovery"]) < steps.index(read["default"])
    assert read["options"]["queue_order_strategy"] == "priority"


def test_without_redis_no_priority_is_set():
    read = _settings_with({"CELERY_BROKER_URL": "amqp://guest@127.0.0.1:1//"})
    assert read["default"] is None


@pytest.mark.django_db
def test_the_reaper_queues_a_dead_match_at_the_recovery_priority(make_match, monkeypatch, settings):
    settings.CELERY_TASK_DEFAULT_PRIORITY = 6
    match = make_match()
    match.state = MatchState.RUNNING
    match.save(update_fields=["state"])
    MatchAttempt.objects.create(
        match=match, heartbeat=timezone.now() - timezone.timedelta(seconds=60)
    )
    sent = []
    monkeypatch.setattr(
        tasks.run_match, "apply_async", lambda args, **options: sent.append((args, options))
    )
    assert tasks.requeue_stale() == [match.pk]
    assert sent == [((match.pk,), {"queue": None, "priority": settings.RECOVERY_PRIORITY})]
