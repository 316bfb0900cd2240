"""Celery in both modes: in-process for the embedded default, a real worker over a real broker."""

import os
import platform
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.core.management import call_command

from gauntlet.celery_app import app
from gauntlet.tasks import system_info
from tests.support.workers import Worker

REPO = Path(__file__).resolve().parents[2]


def test_distributed_settings_are_safe_for_long_matches():
    conf = app.conf
    assert conf.task_acks_late is True
    assert conf.task_reject_on_worker_lost is True
    assert conf.worker_prefetch_multiplier == 1
    assert conf.task_serializer == "json" and conf.result_serializer == "json"
    assert list(conf.accept_content) == ["json"]
    assert 0 < conf.task_soft_time_limit < conf.task_time_limit


def test_embedded_default_runs_tasks_in_process():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CELERY_", "DATABASE_URL"))}
    env["GAUNTLET_VAR_DIR"] = str(REPO / "var" / "test-embedded")
    code = (
        "import os, json; from gauntlet.celery_app import app; from gauntlet.tasks import system_info;"
        "r = system_info.delay().get(timeout=10);"
        "print('RESULT', json.dumps({'task': r, 'pid': os.getpid(), 'eager': app.conf.task_always_eager}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO / "platform",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    import json

    line = next(line for line in out.splitlines() if line.startswith("RESULT"))
    data = json.loads(line.split(" ", 1)[1])
    assert data["eager"] is True
    assert data["task"]["pid"] == data["pid"]  # ran inside the calling process
    assert data["task"]["system"] == platform.system()


@pytest.fixture
def worker(db):
    """A real Celery worker process on a queue of its own, against the configured broker."""
    worker = Worker(f"test-{uuid.uuid4().hex[:8]}", "site")
    try:
        worker.wait_ready(app)
        yield worker.queue, worker.proc
    finally:
        worker.stop()


@pytest.mark.services
def test_task_runs_on_a_real_worker_with_stdlib_platform(worker):
    queue, proc = worker
    assert not app.conf.task_always_eager
    result = system_info.apply_async(queue=queue).get(timeout=30)
    assert result["pid"] == proc.pid  # -P solo: the task ran in the worker process itself
    assert result["system"] == platform.system()


@pytest.mark.services
def test_status_lists_the_worker(worker, capsys, db):
    queue, _ = worker
    call_command("status", "--json", "--timeout", "2", "--require-workers", "1")
    import json

    report = json.loads(capsys.readouterr().out)
    assert report["broker"]["ok"] and report["broker"]["mode"] == "broker"
    assert any(queue in name for name in report["broker"]["workers"])
    assert report["database"]["ok"]
