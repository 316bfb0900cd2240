"""A bounded schemathesis run over the published OpenAPI schema: no request it generates gets a
5xx, and every documented response matches its schema (status, content type, body).

The run is bounded (a few examples per operation, no shrinking) so that it fits in CI; it signs
in with an API token so the operations behind authentication are exercised too.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
)

from gauntlet.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

# On PostgreSQL (the services pass), which refuses what SQLite accepts (NUL characters).
pytestmark = [pytest.mark.django_db, pytest.mark.services]


@pytest.fixture
def keep_connection():
    """As Django's test client does: a request does not close the test's database connection
    (it holds the test's transaction)."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def token(django_user_model, keep_connection):
    from players.tokens import issue_token

    player = django_user_model.objects.create_user("fuzzer", password="x-Strong-pass-9")
    return issue_token(player, "schemathesis")[1]


@schema.parametrize()
@settings(
    max_examples=3,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_api_answers_as_documented(case, token):
    case.call_and_validate(
        headers={"Authorization": f"Token {token}"},
        checks=[not_a_server_error, response_schema_conformance, content_type_conformance],
    )
