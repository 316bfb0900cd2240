"""Settings come from the environment; the production profile passes check --deploy."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from gauntlet.env import env_bool, env_int, env_list, kept_secret_key

REPO = Path(__file__).resolve().parents[2]


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    base = {
        k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "SECRET_KEY")
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_profile_passes_check_deploy():
    run = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="gauntlet.settings_production",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="play.example.org",
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues" in run.stdout


def test_production_profile_requires_a_secret_key():
    run = _manage(
        "check",
        DJANGO_SETTINGS_MODULE="gauntlet.settings_production",
        ALLOWED_HOSTS="play.example.org",
    )
    assert run.returncode != 0
    assert "SECRET_KEY must be set" in run.stderr


def test_production_profile_requires_allowed_hosts():
    run = _manage(
        "check",
        DJANGO_SETTINGS_MODULE="gauntlet.settings_production",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="",
    )
    assert run.returncode != 0 and "ALLOWED_HOSTS" in run.stderr


def test_database_url_selects_the_database(tmp_path):
    code = "from django.conf import settings as s; print('RESULT', s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME'])"
    run = _manage(
        "shell",
        "-c",
        code,
        DATABASE_URL="postgres://u:p@db.example:5432/league",
        GAUNTLET_VAR_DIR=str(tmp_path),
    )
    line = next(line for line in run.stdout.splitlines() if line.startswith("RESULT"))
    assert line.split()[1:] == ["django.db.backends.postgresql", "league"]
    run = _manage("shell", "-c", code, DATABASE_URL="", GAUNTLET_VAR_DIR=str(tmp_path))
    line = next(line for line in run.stdout.splitlines() if line.startswith("RESULT"))
    assert line.split()[1:] == ["django.db.backends.sqlite3", str(tmp_path / "gauntlet.sqlite3")]


def test_embedded_secret_key_is_generated_once_and_kept(tmp_path):
    first = kept_secret_key(tmp_path / "var")
    assert len(first) >= 50
    assert kept_secret_key(tmp_path / "var") == first
    assert (tmp_path / "var" / "secret_key").stat().st_mode & 0o077 == 0


def test_env_parsers_name_the_bad_variable(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="DEBUG='maybe'"):
        env_bool("DEBUG")
    monkeypatch.setenv("WORKERS", "two")
    with pytest.raises(ImproperlyConfigured, match="WORKERS='two'"):
        env_int("WORKERS", 1)
    monkeypatch.setenv("ALLOWED_HOSTS", " a.example , b.example,,")
    assert env_list("ALLOWED_HOSTS", []) == ["a.example", "b.example"]
    monkeypatch.setenv("DEBUG", "On")
    assert env_bool("DEBUG") is True


def test_load_demo_is_idempotent(db):
    from django.core.management import call_command

    from players.models import Player

    call_command("load_demo")
    count = Player.objects.count()
    call_command("load_demo")
    assert Player.objects.count() == count
    assert Player.objects.get(username="admin").is_staff
    bot = Player.objects.filter(is_bot=True).first()
    assert bot is not None and not bot.has_usable_password()


def test_person_challenge_expiry_comes_from_the_environment(monkeypatch):
    from django.conf import settings

    from ratings.person_challenges import expiry

    show = "from django.conf import settings; print(settings.PERSON_CHALLENGE_EXPIRY_SECONDS)"
    run = _manage("shell", "-c", show, PERSON_CHALLENGE_EXPIRY_SECONDS="90")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "90"
    bad = _manage("shell", "-c", show, PERSON_CHALLENGE_EXPIRY_SECONDS="a day")
    assert bad.returncode != 0 and "PERSON_CHALLENGE_EXPIRY_SECONDS" in bad.stderr
    monkeypatch.setattr(settings, "PERSON_CHALLENGE_EXPIRY_SECONDS", 90)
    assert expiry().total_seconds() == 90
