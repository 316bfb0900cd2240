"""The deployment files: deploy/compose.yaml, deploy/Dockerfile, deploy/.env.example,
deploy/distributed.sh and docs/deploy.md.

Docker does not run in the test environment, so these tests read the files and hold them to the
code they name (modules, settings, environment variables). Nothing here starts the distributed
mode; only ``distributed.sh env`` / ``stop`` on an empty run directory / argument errors run.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlparse

import pytest

yaml = pytest.importorskip("yaml")  # PyYAML comes with drf-spectacular

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
COMPOSE = DEPLOY / "compose.yaml"
DOCKERFILE = DEPLOY / "Dockerfile"
DOCKERIGNORE = DEPLOY / "Dockerfile.dockerignore"
ENV_EXAMPLE = DEPLOY / ".env.example"
SCRIPT = DEPLOY / "distributed.sh"
DOCS = REPO / "docs" / "deploy.md"
SETTINGS_DIR = REPO / "platform" / "gauntlet"
SOURCE_ROOTS = (REPO, REPO / "platform")

APP_SERVICES = ("migrate", "web", "worker", "maintenance", "beat")
ALL_SERVICES = {"postgres", "redis", *APP_SERVICES}

BASH = shutil.which("bash")


# ----------------------------------------------------------------------------- helpers
def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


def services() -> dict:
    return compose()["services"]


def command(service: str) -> list[str]:
    cmd = services()[service].get("command")
    assert cmd, f"service {service} has no command"
    return shlex.split(cmd) if isinstance(cmd, str) else [str(part) for part in cmd]


def env_files(service: str) -> list[str]:
    raw = services()[service].get("env_file")
    if raw is None:
        return []
    items = [raw] if isinstance(raw, (str, dict)) else list(raw)
    return [item["path"] if isinstance(item, dict) else item for item in items]


def module_file(dotted: str) -> Path | None:
    """Where ``import dotted`` finds its source with the repository root and platform/ on the path."""
    parts = dotted.split(".")
    for root in SOURCE_ROOTS:
        for candidate in (
            root.joinpath(*parts).with_suffix(".py"),
            root.joinpath(*parts, "__init__.py"),
        ):
            if candidate.is_file():
                return candidate
    return None


def named_modules(args: list[str]) -> list[tuple[str, str | None]]:
    """(module, attribute) pairs a command names: ``-A module`` (Celery), ``module:attr`` (ASGI)."""
    found: list[tuple[str, str | None]] = []
    for i, arg in enumerate(args):
        if arg in ("-A", "--app") and i + 1 < len(args):
            found.append((args[i + 1], None))
        elif arg.startswith("--app="):
            found.append((arg.split("=", 1)[1], None))
        elif re.fullmatch(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*", arg):
            module, attr = arg.split(":")
            found.append((module, attr))
    return found


def example_variables() -> dict[str, str | None]:
    """Variables of .env.example: ``KEY=value`` (set) and ``# KEY=default`` (documented, optional)."""
    found: dict[str, str | None] = {}
    for line in ENV_EXAMPLE.read_text().splitlines():
        if m := re.fullmatch(r"([A-Z][A-Z0-9_]*)=(.*)", line.strip()):
            found[m[1]] = m[2]
        elif m := re.fullmatch(r"#\s*([A-Z][A-Z0-9_]*)=.*", line.strip()):
            found.setdefault(m[1], None)
    return found


ENV_READ = re.compile(
    r"""(?:\benv_\w+|\bos\.environ\.get|\bos\.getenv|\benviron\.get|\bos\.environ\.setdefault)"""
    r"""\(\s*["']([A-Z][A-Z0-9_]*)["']"""
    r"""|\benviron\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\]"""
)


def settings_variables() -> set[str]:
    names: set[str] = set()
    for path in sorted(SETTINGS_DIR.glob("settings*.py")):
        for m in ENV_READ.finditer(path.read_text()):
            names.add(m[1] or m[2])
    return names


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    text = re.sub(
        r"\\\n",
        " ",
        "\n".join(
            line
            for line in DOCKERFILE.read_text().splitlines()
            if not line.lstrip().startswith("#")
        ),
    )
    result = []
    for line in text.splitlines():
        if line.strip():
            word, _, rest = line.strip().partition(" ")
            result.append((word.upper(), rest.strip()))
    return result


def dockerfile_json(instruction: str) -> list[str]:
    values = [rest for word, rest in dockerfile_instructions() if word == instruction]
    assert values, f"no {instruction} in the Dockerfile"
    return json.loads(values[-1])


def script_env(**overrides: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("GAUNTLET_") and k not in ("DJANGO_SETTINGS_MODULE",)
    }
    env.update(overrides)
    return env


def run_script(*args: str, env: dict[str, str] | None = None, timeout: float = 60):
    return subprocess.run(
        [BASH, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env if env is not None else script_env(),
        cwd=REPO,
    )


def eval_env(env: dict[str, str], names: list[str]) -> dict[str, str]:
    """``eval "$(distributed.sh env)"`` in a fresh bash, then read the variables back."""
    probe = 'eval "$("$0" env)" && ' + " && ".join(
        f'printf "%s\\0" "${{{n}-<unset>}}"' for n in names
    )
    out = subprocess.run(
        [BASH, "-c", probe, str(SCRIPT)],
        capture_output=True,
        text=True,
        env=env,
        cwd="/",
        timeout=60,
        check=True,
    ).stdout
    return dict(zip(names, out.split("\0")[: len(names)], strict=True))


# ----------------------------------------------------------------------------- compose.yaml
def test_compose_parses_with_the_expected_services():
    data = compose()
    assert isinstance(data, dict) and isinstance(data.get("services"), dict)
    assert set(data["services"]) == ALL_SERVICES


def test_backing_services_versions_volumes_and_healthchecks():
    svc = services()
    assert str(svc["postgres"]["image"]).startswith("postgres:16")
    assert str(svc["redis"]["image"]).startswith("redis:7")
    for name in ("postgres", "redis"):
        check = svc[name].get("healthcheck") or {}
        assert check.get("test") and not check.get("disable"), f"{name} needs a healthcheck"
    volumes = [str(v) for v in svc["postgres"].get("volumes", [])]
    assert any(v.endswith(":/var/lib/postgresql/data") for v in volumes)
    named = {v.split(":", 1)[0] for v in volumes}
    assert named <= set(compose().get("volumes") or {}), "postgres data must be a named volume"


@pytest.mark.parametrize("service", APP_SERVICES)
def test_app_services_build_this_repository_with_the_deploy_dockerfile(service):
    svc = services()[service]
    build = svc.get("build")
    assert isinstance(build, dict), f"{service} must build the Gauntlet image"
    context = (COMPOSE.parent / build["context"]).resolve()
    assert context == REPO
    assert (context / build["dockerfile"]).resolve() == DOCKERFILE.resolve()
    images = {services()[name].get("image") for name in APP_SERVICES}
    assert len(images) == 1 and None not in images, "all roles must run the same image"


@pytest.mark.parametrize("service", APP_SERVICES)
def test_app_service_commands_name_modules_that_exist(service):
    args = command(service)
    if "manage.py" in args:
        assert (REPO / "manage.py").is_file()
        return
    modules = named_modules(args)
    assert modules, f"{service}: no module in {args}"
    for module, attr in modules:
        path = module_file(module)
        assert path is not None, f"{service}: module {module} is not in the repository"
        text = path.read_text()
        wanted = attr or "app"  # `celery -A pkg.module` loads the module's `app`
        assert re.search(rf"^{wanted}\s*[:=]", text, re.M), f"{module} defines no {wanted}"


def test_roles_run_the_right_programs():
    web, worker, beat, migrate = (command(s) for s in ("web", "worker", "beat", "migrate"))
    assert web[0] == "daphne" and "gauntlet.asgi:application" in web
    assert web[web.index("-b") + 1] == "0.0.0.0"
    assert worker[:4] == ["celery", "-A", "gauntlet.celery_app", "worker"]
    assert "--concurrency" in worker
    name = worker[worker.index("-n") + 1]
    assert "%h" in name, "replicas need distinct node names: use %h (the container host name)"
    assert beat[:4] == ["celery", "-A", "gauntlet.celery_app", "beat"]
    assert migrate[:3] == ["python", "manage.py", "migrate"]


def test_every_app_service_reads_the_same_env_file():
    files = {service: env_files(service) for service in APP_SERVICES}
    assert files["web"], "web reads no env file"
    assert all(f == files["web"] for f in files.values()), files
    for name in files["web"]:
        assert (COMPOSE.parent / name).name == ".env"
    assert ENV_EXAMPLE.is_file()
    # The app services carry no inline environment: all config comes from the file.
    for service in APP_SERVICES:
        assert not services()[service].get("environment"), f"{service} has inline environment"


def test_worker_scales_and_beat_stays_single():
    svc = services()
    worker, beat = svc["worker"], svc["beat"]
    assert (worker.get("deploy") or {}).get("replicas", 1) >= 2
    for key in ("container_name", "ports"):
        assert key not in worker, f"worker.{key} would prevent --scale worker=N"
    assert (beat.get("deploy") or {}).get("replicas", 1) == 1
    assert "--scale worker=" in COMPOSE.read_text()


def test_start_order_migrate_first():
    svc = services()
    migrate_deps = svc["migrate"].get("depends_on") or {}
    assert migrate_deps.get("postgres", {}).get("condition") == "service_healthy"
    assert svc["migrate"].get("restart") in ("no", False)
    for service in ("web", "worker", "beat"):
        deps = svc[service].get("depends_on") or {}
        assert deps.get("migrate", {}).get("condition") == "service_completed_successfully", service


def test_compose_substitutions_are_documented_in_the_env_example():
    used = set(re.findall(r"(?<!\$)\$\{([A-Z][A-Z0-9_]*)", COMPOSE.read_text()))
    missing = used - set(example_variables())
    assert not missing, f"compose.yaml uses ${{...}} not in .env.example: {sorted(missing)}"


# ----------------------------------------------------------------------------- .env.example
def test_env_example_lists_every_variable_the_settings_read():
    read = settings_variables()
    assert {"DATABASE_URL", "CELERY_BROKER_URL", "CHANNEL_LAYER_URL", "SECRET_KEY"} <= read, (
        "the scan of platform/gauntlet/settings*.py found too little: " + ", ".join(sorted(read))
    )
    missing = read - set(example_variables())
    assert not missing, f".env.example lacks {sorted(missing)}"


def test_env_example_has_a_comment_above_every_variable():
    lines = ENV_EXAMPLE.read_text().splitlines()
    for i, line in enumerate(lines):
        if re.fullmatch(r"#?\s*[A-Z][A-Z0-9_]*=.*", line.strip()):
            above = lines[i - 1].strip() if i else ""
            assert above.startswith("#"), f"line {i + 1} ({line}) has no comment above it"


def test_env_example_is_a_consistent_production_configuration():
    env = {k: v for k, v in example_variables().items() if v is not None}
    assert env["DJANGO_SETTINGS_MODULE"] == "gauntlet.settings_production"
    assert module_file(env["DJANGO_SETTINGS_MODULE"]) is not None
    assert env.get("DEBUG", "0").lower() in ("0", "false", "no", "off")
    assert len(env["SECRET_KEY"]) >= 50
    assert env["ALLOWED_HOSTS"]
    db = urlparse(env["DATABASE_URL"])
    assert db.scheme.startswith("postgres") and db.hostname == "postgres"
    assert (db.username, db.password, db.path.lstrip("/")) == (
        env["POSTGRES_USER"],
        env["POSTGRES_PASSWORD"],
        env["POSTGRES_DB"],
    ), "DATABASE_URL must match the postgres container's credentials"
    broker, layer = urlparse(env["CELERY_BROKER_URL"]), urlparse(env["CHANNEL_LAYER_URL"])
    assert broker.hostname == layer.hostname == "redis"
    assert broker.path != layer.path, "broker and channel layer need different Redis DBs"


# ----------------------------------------------------------------------------- Dockerfile
def test_dockerfile_base_user_install_and_static():
    instr = dockerfile_instructions()
    words = [w for w, _ in instr]
    assert [rest for w, rest in instr if w == "FROM"] == ["python:3.11-slim"]
    users = [rest for w, rest in instr if w == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0"), "must run as non-root"
    runs = " ".join(rest for w, rest in instr if w == "RUN")
    assert re.search(r"pip install (--no-deps )?\.(\s|$)", runs)
    assert "manage.py collectstatic --noinput" in runs
    assert "SECRET_KEY=" in runs, "collectstatic at build needs a dummy SECRET_KEY"
    assert words.index("USER") > max(i for i, w in enumerate(words) if w == "RUN")
    for src in re.findall(r"^COPY\s+(.+)\s+\S+$", DOCKERFILE.read_text(), re.M):
        for name in src.split():
            assert name == "." or (REPO / name).exists(), f"COPY {name}: missing in the repo"


def test_dockerfile_environment_and_entry_point_match_compose():
    env_text = " ".join(rest for w, rest in dockerfile_instructions() if w == "ENV")
    assert "PYTHONPATH=/app:/app/platform" in env_text
    assert "DJANGO_SETTINGS_MODULE=gauntlet.settings_production" in env_text
    cmd = dockerfile_json("CMD")
    assert cmd == command("web"), "the image's default CMD must be the web service's command"
    assert cmd[0] == "daphne" and "gauntlet.asgi:application" in cmd
    port = cmd[cmd.index("-p") + 1]
    exposed = [rest for w, rest in dockerfile_instructions() if w == "EXPOSE"]
    assert port in " ".join(exposed).split()
    assert any(p.endswith(f":{port}") for p in services()["web"].get("ports", []))
    assert module_file("gauntlet.asgi") is not None


def test_dockerfile_healthcheck_hits_the_health_endpoint():
    instr = [rest for w, rest in dockerfile_instructions() if w == "HEALTHCHECK"]
    assert len(instr) == 1 and "/api/health/" in instr[0]
    check = json.loads(instr[0].split(" CMD ", 1)[1])  # exec form: a valid JSON array
    port = dockerfile_json("CMD")[dockerfile_json("CMD").index("-p") + 1]
    assert f"127.0.0.1:{port}/api/health/" in " ".join(check)
    # the production settings redirect plain HTTP and refuse unknown hosts: the probe must
    # present itself as the TLS proxy would
    assert "X-Forwarded-Proto" in instr[0] and "ALLOWED_HOSTS" in instr[0]
    # worker, beat and migrate serve no HTTP: compose must not inherit the web check for them
    for service in ("worker", "beat", "migrate"):
        check = services()[service].get("healthcheck") or {}
        assert check.get("disable") or "api/health" not in json.dumps(check.get("test", "")), (
            service
        )
        assert check, f"{service} inherits the image's HTTP healthcheck"


def test_pip_install_ships_every_package():
    """The image runs `pip install .`: pyproject's package discovery must find every package of
    both source roots (the repository and platform/, whose apps are top-level packages), with no
    hand-kept list for a new package to miss. Installing is pinned by tests/deploy/
    test_packaging.py."""
    import fnmatch
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    find = config["packages"]["find"]
    assert sorted(find["where"]) == [".", "platform"] and find["namespaces"] is False
    found: set[str] = set()
    skipped = {"tests", "tools", "bench", "deploy", "docs", "templates", "var", "platform"}
    tops = [
        top
        for root in (REPO, REPO / "platform")
        for top in root.iterdir()
        if top.is_dir() and top.name not in skipped and not top.name.startswith(".")
    ]
    for top in tops:
        root = top.parent
        for init in top.rglob("__init__.py"):
            rel = init.parent.relative_to(root)
            if "__pycache__" in rel.parts:
                continue
            # A package is a chain of folders with __init__.py from the source root down.
            chain = [root.joinpath(*rel.parts[: i + 1]) for i in range(len(rel.parts))]
            if all((folder / "__init__.py").is_file() for folder in chain):
                found.add(".".join(rel.parts))
    assert {"engines.arackhan_wars.cards", "gauntlet", "web.views.tournaments"} <= found
    missing = [p for p in sorted(found) if not any(fnmatch.fnmatch(p, g) for g in find["include"])]
    assert not missing, (
        f"pyproject's packages.find.include misses {missing}: `pip install .` would drop them"
    )
    assert not (REPO / "platform" / "__init__.py").exists(), "platform/ must stay a source root"


def test_docker_build_context_leaves_local_state_out():
    ignored = {line.strip() for line in DOCKERIGNORE.read_text().splitlines()}
    assert {".git", ".venv", "var"} <= ignored


# ----------------------------------------------------------------------------- distributed.sh
def test_script_is_executable_strict_bash():
    assert os.access(SCRIPT, os.X_OK)
    text = SCRIPT.read_text()
    assert text.startswith("#!/usr/bin/env bash\n") or text.startswith("#!/bin/bash\n")
    assert re.search(r"^set -euo pipefail$", text, re.M)
    subprocess.run([BASH, "-n", str(SCRIPT)], check=True, capture_output=True)


def test_script_starts_the_entry_points_that_exist():
    text = SCRIPT.read_text()
    assert "-m daphne" in text and "gauntlet.asgi:application" in text
    assert "-m celery -A gauntlet.celery_app worker" in text
    assert "-m celery -A gauntlet.celery_app beat" in text
    assert module_file("gauntlet.asgi") and module_file("gauntlet.celery_app")


def test_env_defaults():
    result = run_script("env")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines and all(re.fullmatch(r"export [A-Z_][A-Z0-9_]*=\S+", line) for line in lines), (
        lines
    )
    values = eval_env(
        script_env(),
        [
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "CHANNEL_LAYER_URL",
            "PYTHONPATH",
            "DJANGO_SETTINGS_MODULE",
            "GAUNTLET_BASE_URL",
        ],
    )
    assert values == {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/gauntlet",
        "CELERY_BROKER_URL": "redis://127.0.0.1:6379/1",
        "CHANNEL_LAYER_URL": "redis://127.0.0.1:6379/2",
        "PYTHONPATH": f"{REPO}:{REPO}/platform",
        "DJANGO_SETTINGS_MODULE": "gauntlet.settings",
        "GAUNTLET_BASE_URL": "http://127.0.0.1:8001",
    }


def test_env_follows_the_knobs_and_quotes_paths(tmp_path):
    run_dir = tmp_path / "run dir with spaces"
    env = script_env(
        GAUNTLET_DB_NAME="gauntlet_bench",
        GAUNTLET_REDIS_PORT="6390",
        GAUNTLET_REDIS_DB="5",
        GAUNTLET_CHANNEL_REDIS_DB="6",
        GAUNTLET_PORT="8123",
        GAUNTLET_RUN_DIR=str(run_dir),
        DJANGO_SETTINGS_MODULE="gauntlet.settings_production",
    )
    values = eval_env(
        env,
        [
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "CHANNEL_LAYER_URL",
            "GAUNTLET_BASE_URL",
            "GAUNTLET_RUN_DIR",
            "DJANGO_SETTINGS_MODULE",
        ],
    )
    assert values == {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/gauntlet_bench",
        "CELERY_BROKER_URL": "redis://127.0.0.1:6390/5",
        "CHANNEL_LAYER_URL": "redis://127.0.0.1:6390/6",
        "GAUNTLET_BASE_URL": "http://127.0.0.1:8123",
        "GAUNTLET_RUN_DIR": str(run_dir),
        "DJANGO_SETTINGS_MODULE": "gauntlet.settings_production",
    }
    assert not run_dir.exists(), "`env` must not create anything"


@pytest.mark.parametrize(
    "knob, value",
    [
        ("GAUNTLET_DB_NAME", "bad;name"),
        ("GAUNTLET_DB_NAME", "x'); DROP DATABASE y; --"),
        ("GAUNTLET_PORT", "eighty"),
        ("GAUNTLET_WORKERS", "0"),
        ("GAUNTLET_REDIS_DB", "2"),  # same as the channel layer's DB
    ],
)
def test_env_rejects_bad_knobs(knob, value):
    result = run_script("env", env=script_env(**{knob: value}))
    assert result.returncode != 0
    assert result.stdout == "", "nothing to eval on a bad configuration"
    assert "error" in result.stderr


def test_unknown_command_fails_with_usage():
    result = run_script("launch-the-rockets")
    assert result.returncode != 0
    assert "start" in result.stderr and "stop" in result.stderr and "status" in result.stderr


def test_stop_is_idempotent_when_nothing_runs(tmp_path):
    env = script_env(GAUNTLET_RUN_DIR=str(tmp_path / "run"))
    for _ in range(2):
        result = run_script("stop", env=env)
        assert result.returncode == 0, result.stderr
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "worker1.pid").write_text("999999999\n")  # stale: no such process
    result = run_script("stop", env=env)
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "run" / "worker1.pid").exists()


def _wait_until(predicate, timeout: float = 30.0) -> None:
    import time

    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_the_supervisor_restarts_a_process_that_dies_and_passes_term_on(tmp_path):
    """A worker killed for good by the broker client (kombu's restore_unacked after a broker
    restart) stayed dead outside compose; every process now runs under a supervisor."""
    import signal

    run_dir, runs = tmp_path / "run", tmp_path / "runs.log"
    run_dir.mkdir()
    # The first run dies at once (as SIGKILL would leave it), the later ones live until TERM.
    child = (
        f'echo run >> {runs}; [ "$(wc -l < {runs})" -ge 2 ] || exit 137; '
        f"trap 'echo term >> {runs}; exit 0' TERM; while :; do sleep 0.1; done"
    )
    supervisor = subprocess.Popen(
        [BASH, str(SCRIPT), "supervise", "demo", BASH, "-c", child],
        env=script_env(GAUNTLET_RUN_DIR=str(run_dir)),
        cwd=REPO,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait_until(lambda: runs.exists() and runs.read_text().count("run") == 2)
        assert (run_dir / "demo.restarts").read_text().strip() == "1"
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(timeout=20) == 0
    finally:
        if supervisor.poll() is None:
            supervisor.kill()
    assert runs.read_text().split() == ["run", "run", "term"]
    assert "demo exited (status 137): restart 1" in supervisor.stderr.read()


# ----------------------------------------------------------------------------- docs
def test_docs_cover_the_distributed_mode():
    text = DOCS.read_text()
    for needle in (
        "docker compose",
        "--scale worker=",
        "deploy/distributed.sh start",
        "deploy/distributed.sh stop",
        'eval "$(deploy/distributed.sh env)"',
        "acks_late",
        "beat",
        "CELERY_BROKER_URL",
        "CHANNEL_LAYER_URL",
        "DATABASE_URL",
    ):
        assert needle in text, f"docs/deploy.md does not mention {needle!r}"


def test_the_upkeep_has_a_queue_and_a_worker_of_its_own(settings):
    """Behind a backlog of matches the reaper once ran minutes late: its tasks now go to the
    maintenance queue, which a worker of its own consumes (compose and distributed.sh)."""
    routes = settings.CELERY_TASK_ROUTES
    for task in ("matches.requeue_stale", "matches.run_scheduled", "ratings.matchmake"):
        assert routes[task] == {"queue": "maintenance"}
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["options"]["expires"] <= entry["schedule"]  # runs never stack up
    command = services()["maintenance"]["command"]
    assert command[command.index("-Q") + 1] == "maintenance"
    assert "-Q" not in services()["worker"]["command"]  # match workers keep the default queue
    text = SCRIPT.read_text()
    assert "-Q maintenance" in text and "--appendonly yes" in text
