import json

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def test_status_reports_every_part(capsys):
    call_command("status", "--json")
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"database", "broker", "channel_layer"}
    assert report["database"]["ok"] and report["database"]["pending_migrations"] == 0
    expected_vendor = (
        "sqlite" if "sqlite" in settings.DATABASES["default"]["ENGINE"] else "postgresql"
    )
    assert report["database"]["vendor"] == expected_vendor
    assert report["channel_layer"]["ok"]
    mode = "in-process" if settings.CELERY_TASK_ALWAYS_EAGER else "broker"
    assert report["broker"]["mode"] == mode


def test_status_fails_when_workers_are_missing(capsys):
    with pytest.raises(CommandError):
        call_command("status", "--require-workers", "99", "--timeout", "0.5")
    assert "channel layer" in capsys.readouterr().out


def test_status_hides_passwords():
    from gauntlet.management.commands.status import redact

    assert redact("redis://:s3cret@host:6379/0") == "redis://:***@host:6379/0"
    assert redact("amqp://guest:guest@127.0.0.1:5672//") == "amqp://guest:***@127.0.0.1:5672//"
    assert redact("redis://host:6379/0") == "redis://host:6379/0"
