"""Suite-wide test setup.

The suite runs twice (see the Makefile): against the embedded default (SQLite, in-process tasks,
in-memory channel layer) and against real services (PostgreSQL, Redis broker and channel layer).
Tests marked ``services`` need the real services and run in the second pass only; when that pass
is asked for and a service is down, the run fails, it never skips. The engines' own tests, the
tests that use no database (pure functions; the configuration tests of tests/site and
tests/deploy excepted), the browser tests not marked ``services`` and the tests marked
``embedded`` (the demo's, which is ``make demo``'s on the embedded default) run in the first
pass only.
"""

from __future__ import annotations

import os
import socket
import sys
import uuid
from pathlib import Path
from urllib.parse import urlparse

import pytest

REPO = Path(__file__).resolve().parent.parent
for folder in (str(REPO), str(REPO / "platform")):
    if folder not in sys.path:
        sys.path.append(folder)


def services_configured() -> bool:
    return bool(os.environ.get("CELERY_BROKER_URL") and os.environ.get("CHANNEL_LAYER_URL"))


def _reachable(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname, parsed.port or 0), timeout=2):
            return True
    except OSError:
        return False


def pytest_report_header(config) -> list[str]:
    from django.conf import settings

    db = settings.DATABASES["default"]
    return [
        f"gauntlet: database {db['ENGINE'].rsplit('.', 1)[-1]} {db['NAME']}; "
        f"broker {'in-process' if settings.CELERY_TASK_ALWAYS_EAGER else settings.CELERY_BROKER_URL}; "
        f"channel layer {settings.CHANNEL_LAYER_URL or 'in-memory'}"
    ]


def pytest_configure(config) -> None:
    """With services, each test process (each xdist worker) sends the tasks without a route to
    a queue of its own, and so do the Celery workers its tests start (they inherit the
    environment): a worker started by one process never takes a match of another's database."""
    if not services_configured():
        return
    from django.conf import settings

    from gauntlet.celery_app import app

    queue = f"test-{uuid.uuid4().hex[:8]}"
    os.environ["CELERY_TASK_DEFAULT_QUEUE"] = queue
    settings.CELERY_TASK_DEFAULT_QUEUE = queue
    app.conf.task_default_queue = queue


def pytest_sessionstart(session) -> None:
    if services_configured():
        for name in ("CELERY_BROKER_URL", "CHANNEL_LAYER_URL", "DATABASE_URL"):
            url = os.environ.get(name)
            if url and not url.startswith("sqlite") and not _reachable(url):
                pytest.exit(f"{name}={url} is not reachable: start the service", returncode=3)


ENGINE_TESTS = REPO / "tests" / "engines"


def _pure_engine_test(item) -> bool:
    """A test of tests/engines/ that touches no database: the engines are pure Python, so the
    services pass (which exists to run against PostgreSQL, Redis and workers) would only repeat
    what the embedded pass checked."""
    return ENGINE_TESTS in Path(str(item.path)).parents and not item.get_closest_marker("django_db")


def _embedded_browser_test(item) -> bool:
    """A browser test not marked ``services``: it runs in the embedded pass. What it adds to the
    views' own tests (which run in both passes) is the page's scripts and layout in chromium,
    which no database changes; the services pass would only repeat it."""
    return bool(item.get_closest_marker("browser")) and not item.get_closest_marker("services")


# Folders whose tests check the configuration itself (settings read from the environment, the
# Celery app, the server, the deploy files): they run in both passes, database or not.
CONFIGURATION_TESTS = (REPO / "tests" / "site", REPO / "tests" / "deploy")


def _no_database_test(item) -> bool:
    """A test that asks for no database (no ``django_db`` mark, no fixture that opens one) and
    no service: pure functions (pairings, placings, wording, charts), which PostgreSQL and Redis
    cannot change. The services pass would only repeat them; the configuration tests stay."""
    if item.get_closest_marker("django_db") or item.get_closest_marker("services"):
        return False
    if "_django_db_helper" in getattr(item, "fixturenames", ()):
        return False
    path = Path(str(item.path))
    return not any(folder in path.parents for folder in CONFIGURATION_TESTS)


def pytest_collection_modifyitems(config, items) -> None:
    services = services_configured()
    kept, dropped = [], []
    for item in items:
        if services:
            drop = (
                _pure_engine_test(item)
                or _no_database_test(item)
                or _embedded_browser_test(item)
                or item.get_closest_marker("embedded")
            )
        else:
            drop = item.get_closest_marker("services")
        (dropped if drop else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    # Tests marked ``slow`` (a minute or more on a busy machine) start first, so that with
    # ``-n 2`` the others fill in around them instead of one worker finishing them alone.
    items[:] = sorted(kept, key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """On PostgreSQL, the test databases commit without waiting for the disk
    (``synchronous_commit = off``, for every connection, the workers' and daphne's included): a
    test never survives a crash of the server, so the flush to disk on each commit is time spent
    on nothing the tests check. Durability under a stopped server is bench/faults.py's."""
    from django.db import connections

    with django_db_blocker.unblock():
        for connection in connections.all():
            if connection.vendor != "postgresql":
                continue
            name = connection.settings_dict["NAME"]
            with connection.cursor() as cursor:
                cursor.execute(f'ALTER DATABASE "{name}" SET synchronous_commit TO off')
                cursor.execute("SET synchronous_commit TO off")


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """PBKDF2's deliberate slowness is not what these tests measure."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache (throttle counters, the reaper's notes)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _tasks_in_process_unless_services(request):
    """Outside ``services`` tests, Celery tasks run in-process even when a broker is set, so
    they don't pile up on a broker no test worker consumes. ``services`` tests use real workers.
    """
    if request.node.get_closest_marker("services"):
        yield
        return
    from gauntlet.celery_app import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """Each test gets channel layers of its own. A Redis layer keeps a receive lock and count
    bound to the event loop that first received; a test whose loop ends while a consumer still
    waits on ``receive`` (a socket left open, a timeout) would leave the next test's consumers a
    lock of a dead loop ("bound to a different event loop"), depending on which tests shared the
    process before it."""
    yield
    from channels.layers import channel_layers

    channel_layers.backends.clear()
