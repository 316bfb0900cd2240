"""Let this folder's engine tests run with ``-p no:django`` (they touch no Django setting)."""

import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing():
    """Overrides the project-wide autouse fixture, which needs pytest-django's ``settings``."""
    yield
