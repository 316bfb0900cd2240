"""Packaging: ``pip install -e .`` into a fresh virtual environment (``make install`` asks uv for
the same PEP 517 build) prints no warning about the project's own configuration, and
pyproject.toml finds every package and every engine's data by itself (a new game or app module
needs no edit there).

The install test builds the project as ``make install`` does: with build isolation, so
the build backend is the setuptools version ``[build-system]`` asks for (a
``--no-build-isolation`` build would use whatever setuptools the fresh venv has, and hide
exactly the deprecations this pins). ``--no-deps``: the dependencies are not what is tested.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
SOURCE_ROOTS = (REPO, REPO / "platform")  # platform/ holds top-level packages
APPS = ("engines", "tournaments", "ratings", "gauntlet", "players", "matches", "decks", "web")
# A Python warning as the build backend prints it: "path.py:82: SomeWarning: message".
WARNING = re.compile(r"^\s*(\S+\.py):\d+: (\w+): (.*)$")
# The one notice setuptools gives every editable install: about the install mode, not this
# project's configuration.
NOT_ABOUT_THE_PROJECT = ("Editable installation.",)


def package_dirs() -> dict[str, Path]:
    """Every package of the apps (a folder with an ``__init__.py``), by dotted name."""
    found = {}
    for root in SOURCE_ROOTS:
        for app in APPS:
            for init in (root / app).rglob("__init__.py") if (root / app).is_dir() else ():
                folder = init.parent
                if ".venv" in folder.parts or "__pycache__" in folder.parts:
                    continue
                found[".".join(folder.relative_to(root).parts)] = folder
    return found


def test_pyproject_ships_every_data_file_and_names_its_licence_in_spdx():
    """Every file in a package's data/ folder (an engine's cards and starter decks, a new
    engine's too) matches the package data; data/ folders are no packages (no namespace
    packages); every package is found (tests/deploy/test_deploy_files.py)."""
    setuptools = CONFIG["tool"]["setuptools"]
    assert set(setuptools["packages"]) == {"find"}, "no hand-kept list: packages.find finds them"
    assert setuptools["packages"]["find"]["namespaces"] is False
    assert setuptools["include-package-data"] is False  # only the package data below
    packages = package_dirs()
    globs = setuptools["package-data"]["*"]
    data = {p for folder in packages.values() for p in (folder / "data").rglob("*") if p.is_file()}
    assert data, "engines ship data"
    shipped = {p for folder in packages.values() for g in globs for p in folder.glob(g)}
    assert sorted(data - shipped) == []
    static = REPO / "platform" / "web" / "static" / "web"
    files = {p for p in static.rglob("*") if p.is_file()}
    served = {p for g in setuptools["package-data"]["web"] for p in static.parent.parent.glob(g)}
    assert files and files <= served  # board/*.js included
    assert CONFIG["project"]["license"] == "MIT"  # an SPDX expression, not a table


@pytest.mark.slow
def test_pip_install_editable_in_a_fresh_venv_prints_no_warning_from_pyproject(tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    environ = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    # No mypyc build: an editable install compiles in place, in the checkout other tests run from
    environ["GAUNTLET_PURE_PYTHON"] = "1"
    done = subprocess.run(
        # This venv's own pip installs into the fresh one (its --python option): no ensurepip.
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-v", "--no-deps"]
        + ["--no-input", "--disable-pip-version-check", "-e", str(REPO)],
        capture_output=True,
        text=True,
        timeout=300,
        env=environ,
        cwd=tmp_path,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-4000:]
    assert "Successfully installed gauntlet" in output
    warnings = [
        m.groups()
        for m in map(WARNING.match, output.splitlines())
        if m and not m.group(3).startswith(NOT_ABOUT_THE_PROJECT)
    ]
    assert warnings == [], warnings
    assert "project.license" not in output
    assert "is absent from the `packages` configuration" not in output
    # Every package is installed: the top-level ones map to their folders, so every subpackage
    # is found outside the checkout (no PYTHONPATH, another working directory).
    probe = (
        "import importlib.util, json, sys; "
        "print(json.dumps({n: importlib.util.find_spec(n).origin for n in sys.argv[1:]}))"
    )
    tops = sorted({name.split(".")[0] for name in package_dirs()})
    seen = subprocess.run(
        [str(python), "-c", probe, *tops],
        capture_output=True,
        text=True,
        env=environ,
        cwd=tmp_path,
        check=True,
    )
    origins = {name: Path(origin).parent for name, origin in json.loads(seen.stdout).items()}
    assert origins == {name: package_dirs()[name] for name in tops}
