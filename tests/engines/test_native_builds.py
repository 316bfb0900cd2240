"""The compiled builds of the engines' hot modules (``engines/native.py``: AracKhan Wars, Heroes
of Graxia): each runs where it was built, is never used once a source changed, and plays exactly
the games the Python sources play (fast "without changing a single choice")."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engines.arackhan_wars
import engines.heroes_of_graxia  # noqa: F401  (each package chooses its build on import)
from engines import native

ROOT = Path(__file__).resolve().parents[2]

PLAY = {
    "engines.arackhan_wars": """
import json
from engines import native
from bench import akw_fingerprints as fp
rows = [fp.fingerprint("1.1.0", mode, seed) for mode in ("1v1", "ffa4", "2v2") for seed in range(6)]
print(json.dumps({"status": native.ARACKHAN_WARS.status(), "rows": rows}))
""",
    "engines.heroes_of_graxia": """
import json
from engines import native
from bench import hog_fingerprints as fp
rows = [fp.fingerprint(v, n, seed) for v in ("1.0.0", "1.1.0") for n in (2, 4, 6) for seed in range(3)]
print(json.dumps({"status": native.HEROES_OF_GRAXIA.status(), "rows": rows}))
""",
}

BUILDS = pytest.mark.parametrize("build", native.BUILDS, ids=lambda b: b.package)


def _play(build: native.NativeBuild, **env: str) -> dict:
    """Fingerprints of 18 seeded random games of ``build``'s engine from a fresh process."""
    out = subprocess.run(
        [sys.executable, "-c", PLAY[build.package]],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'platform'}", **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return json.loads(out.stdout)


def test_every_build_names_an_engine_with_the_sources_it_compiles() -> None:
    """``setup.py`` compiles what :data:`native.BUILDS` lists: real modules of real packages,
    each build its own mypyc group."""
    assert [b.package for b in native.BUILDS] == [
        "engines.arackhan_wars",
        "engines.heroes_of_graxia",
    ]
    assert len({b.group for b in native.BUILDS}) == len(native.BUILDS)
    for build in native.BUILDS:
        assert all((ROOT / path).is_file() for path in build.sources())
        assert native.build_for(build.package) is build
    assert native.build_for("engines.khan_of_khans") is None


@BUILDS
def test_where_a_c_compiler_is_installed_the_engine_runs_compiled(
    build: native.NativeBuild,
) -> None:
    """The install compiles each build's modules when it finds a C compiler, as on this machine
    and in CI; then every one of them is an extension module. Without a compiler, the status
    says that the sources run and why."""
    status = build.status()
    if native.c_compiler() is not None and not os.environ.get(native.PURE_ENV):
        assert status == {"compiled": True, "from_source": [], "why": ""}
    else:
        assert status["compiled"] is False and status["why"]
        assert status["from_source"] == sorted(build.modules)


@BUILDS
def test_the_compiled_build_is_used_only_while_its_sources_are_unchanged(
    build: native.NativeBuild, tmp_path: Path
) -> None:
    """The stamp records each compiled source; an edit to any one of them, a missing stamp or
    ``GAUNTLET_PURE_PYTHON`` sends every module to its ``.py`` file."""
    for name in build.modules:
        shutil.copy(build.folder / f"{name}.py", tmp_path / f"{name}.py")
    assert build.reason_for_sources(tmp_path, {}).startswith("not compiled")
    build.write_stamp(tmp_path, tmp_path)
    assert build.reason_for_sources(tmp_path, {}) == ""
    assert build.reason_for_sources(tmp_path, {native.PURE_ENV: "1"}) == (
        "GAUNTLET_PURE_PYTHON is set"
    )
    assert build.reason_for_sources(tmp_path, {native.PURE_ENV: "0"}) == ""
    with (tmp_path / "combat.py").open("a") as f:
        f.write("# an edit\n")
    assert build.reason_for_sources(tmp_path, {}) == "edited since the build: combat.py"
    (tmp_path / native.STAMP).write_text("{not json")
    assert build.reason_for_sources(tmp_path, {}) == "native-build.json is unreadable"


@BUILDS
def test_the_python_sources_and_the_compiled_build_play_the_same_games(
    build: native.NativeBuild,
) -> None:
    """Run from its sources (``GAUNTLET_PURE_PYTHON=1``), the engine loads no extension module
    and plays the 18 games exactly as this process's build does: the same legal lists, actions,
    events, observations and final digests (the fingerprints of ``bench/*_fingerprints.py``)."""
    pure = _play(build, **{native.PURE_ENV: "1"})
    assert pure["status"] == {
        "compiled": False,
        "from_source": sorted(build.modules),
        "why": "GAUNTLET_PURE_PYTHON is set",
    }
    built = _play(build, **{native.PURE_ENV: ""})
    assert built["status"]["compiled"] == build.status()["compiled"]
    assert len(pure["rows"]) == 18 and all(row[1] > 20 for row in pure["rows"])
    assert built["rows"] == pure["rows"]
