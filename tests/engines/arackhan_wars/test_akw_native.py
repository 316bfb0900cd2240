"""The compiled build of AracKhan Wars' hot modules (``engines/arackhan_wars/native.py``): it runs
where it was built, it is never used once a source changed, and it plays exactly the games the
Python sources play (issue #13, item 10: fast "without changing a single choice")."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from engines.arackhan_wars import native

ROOT = Path(__file__).resolve().parents[3]

PLAY = """
import json
import engines.arackhan_wars
from engines.arackhan_wars import native
from bench import akw_fingerprints as fp
rows = [fp.fingerprint("1.1.0", mode, seed) for mode in ("1v1", "ffa4", "2v2") for seed in range(6)]
print(json.dumps({"status": native.status(), "rows": rows}))
"""


def _play(**env: str) -> dict:
    """Fingerprints of 18 seeded random games (1v1, free-for-all, 2v2) from a fresh process."""
    out = subprocess.run(
        [sys.executable, "-c", PLAY],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'platform'}", **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return json.loads(out.stdout)


def test_where_a_c_compiler_is_installed_the_engine_runs_compiled() -> None:
    """The install compiles the modules of ``native.COMPILED`` (setup.py) when it finds a C
    compiler, as on this machine and in CI; then every one of them is an extension module.
    Without a compiler, the status says that the sources run and why."""
    status = native.status()
    if native.c_compiler() is not None and not os.environ.get(native.PURE_ENV):
        assert status == {"compiled": True, "from_source": [], "why": ""}
    else:
        assert status["compiled"] is False and status["why"]
        assert status["from_source"] == sorted(native.COMPILED)


def test_the_compiled_build_is_used_only_while_its_sources_are_unchanged(tmp_path: Path) -> None:
    """The stamp records each compiled source; an edit to any one of them, a missing stamp or
    ``GAUNTLET_PURE_PYTHON`` sends every module to its ``.py`` file."""
    for name in native.COMPILED:
        shutil.copy(native.HERE / f"{name}.py", tmp_path / f"{name}.py")
    assert native.reason_for_sources(tmp_path, {}).startswith("not compiled")
    native.write_stamp(tmp_path)
    assert native.reason_for_sources(tmp_path, {}) == ""
    assert native.reason_for_sources(tmp_path, {native.PURE_ENV: "1"}) == (
        "GAUNTLET_PURE_PYTHON is set"
    )
    assert native.reason_for_sources(tmp_path, {native.PURE_ENV: "0"}) == ""
    with (tmp_path / "combat.py").open("a") as f:
        f.write("# an edit\n")
    assert native.reason_for_sources(tmp_path, {}) == "edited since the build: combat.py"
    (tmp_path / native.STAMP).write_text("{not json")
    assert native.reason_for_sources(tmp_path, {}) == "native-build.json is unreadable"


def test_the_python_sources_and_the_compiled_build_play_the_same_games() -> None:
    """Run from its sources (``GAUNTLET_PURE_PYTHON=1``), the engine loads no extension module
    and plays the 18 games exactly as this process's build does: the same legal lists, actions,
    events, observations and final digests (the fingerprints of ``bench/akw_fingerprints.py``)."""
    pure = _play(**{native.PURE_ENV: "1"})
    assert pure["status"] == {
        "compiled": False,
        "from_source": sorted(native.COMPILED),
        "why": "GAUNTLET_PURE_PYTHON is set",
    }
    built = _play(**{native.PURE_ENV: ""})
    assert built["status"]["compiled"] == native.status()["compiled"]
    assert len(pure["rows"]) == 18 and all(row[1] > 20 for row in pure["rows"])
    assert built["rows"] == pure["rows"]
