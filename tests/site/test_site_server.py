"""The real ASGI server (daphne) on a fresh embedded site, driven over HTTP like a script would."""

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support.server import daphne_server

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    var = tmp_path_factory.mktemp("var")
    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update(GAUNTLET_VAR_DIR=str(var), PYTHONPATH=f"{REPO}:{REPO / 'platform'}")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=REPO, env=env, check=True)
    with daphne_server(var, {"DATABASE_URL": f"sqlite:///{var / 'gauntlet.sqlite3'}"}) as base:
        yield base


def _call(base, method, path, body=None, token=None, raw=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def test_schema_signup_token_and_authenticated_request_over_http(server):
    status, schema = _call(server, "GET", "/api/schema/?format=json")
    assert status == 200 and schema["openapi"].startswith("3.")

    password = "a-Long-enough-pass-42"
    status, body = _call(
        server, "POST", "/api/auth/signup/", {"username": "dana", "password": password}
    )
    assert status == 201, body
    status, body = _call(
        server, "POST", "/api/auth/tokens/", {"username": "dana", "password": password}
    )
    assert status == 201, body
    token = body["token"]
    status, body = _call(server, "PATCH", "/api/me/", {"display_name": "Dana"}, token=token)
    assert status == 200 and body["display_name"] == "Dana"
    status, body = _call(server, "GET", "/api/players/dana/")
    assert status == 200 and body["display_name"] == "Dana"


def test_bad_input_over_http_is_4xx_never_5xx(server):
    cases = [
        ("POST", "/api/auth/signup/", None, b"{not json"),
        ("POST", "/api/auth/signup/", None, b"x" * (2 * 1024 * 1024)),
        ("POST", "/api/auth/signup/", {"username": "", "password": ""}, None),
        ("PATCH", "/api/me/", {"display_name": "x"}, None),
        ("GET", "/api/players/ghost/", None, None),
    ]
    for method, path, body, raw in cases:
        status, reply = _call(server, method, path, body, raw=raw)
        assert 400 <= status < 500, (path, status, reply)
        assert reply["error"]["status"] == status
