"""Which build of the engine's hot modules runs: the mypyc-compiled one, or the Python sources.

The modules in :data:`COMPILED` are compiled with mypyc when the project is installed
(``setup.py``) on a machine with a C compiler: the same code, two to three times as fast. The build
writes a stamp (``native-build.json``) with the SHA-256 of each source it compiled. The compiled
build is used only while every one of those sources is unchanged: after an edit (or with
``GAUNTLET_PURE_PYTHON=1``, or without a stamp) every module in :data:`COMPILED` loads from its
``.py`` file, never a mix of the two builds.

This module imports nothing from the engine: ``setup.py`` reads it before anything is built.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = "engines.arackhan_wars"
HERE = Path(__file__).resolve().parent
STAMP = "native-build.json"
PURE_ENV = "GAUNTLET_PURE_PYTHON"

COMPILED: tuple[str, ...] = (
    "abilities",
    "actions",
    "activation",
    "aura_scope",
    "board",
    "combat",
    "effects",
    "group_attack",
    "info",
    "movement",
    "phases",
    "placement",
    "reach",
    "rounds",
    "scoring",
    "state",
    "steps",
    "targets",
    "triggers",
    "zones",
)
"""The rules' modules, compiled together: about 90 % of a random game's time in the profile.
The game's protocol (``game.py``), bots and presentation stay Python (a test replaces
``playout.play``, which a compiled caller would not see)."""


def c_compiler() -> str | None:
    """The path of the C compiler this interpreter builds extensions with, or None."""
    return shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0])


def source_digests(folder: Path = HERE) -> dict[str, str]:
    """SHA-256 of each compiled module's source in ``folder``."""
    return {
        name: hashlib.sha256((folder / f"{name}.py").read_bytes()).hexdigest() for name in COMPILED
    }


def write_stamp(target: Path, sources: Path = HERE) -> None:
    """Record, next to a fresh build in ``target``, the sources it was compiled from."""
    target.mkdir(parents=True, exist_ok=True)
    (target / STAMP).write_text(json.dumps(source_digests(sources), indent=1, sort_keys=True))


def reason_for_sources(folder: Path = HERE, environ: Mapping[str, str] = os.environ) -> str:
    """Why the modules must load from their sources, or "" when the compiled build may run."""
    if environ.get(PURE_ENV, "") not in ("", "0"):
        return f"{PURE_ENV} is set"
    stamp = folder / STAMP
    if not stamp.exists():
        return "not compiled (installed without a C compiler or with GAUNTLET_PURE_PYTHON=1)"
    try:
        built = json.loads(stamp.read_text())
    except ValueError:
        return f"{STAMP} is unreadable"
    changed = sorted(n for n, d in source_digests(folder).items() if built.get(n) != d)
    if changed:
        return "edited since the build: " + ", ".join(f"{n}.py" for n in changed)
    return ""


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' ``.py`` files, ahead of their extension modules."""

    def __init__(self, folder: Path, names: Sequence[str]) -> None:
        self.folder = folder
        self.names = {f"{PACKAGE}.{n}" for n in names}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        return importlib.util.spec_from_file_location(
            fullname, self.folder / f"{fullname.rpartition('.')[2]}.py"
        )


_why_sources = ""


def choose() -> None:
    """Before the engine's modules are imported: load them from their sources unless the
    compiled build matches them (warning when an edit made it stale)."""
    global _why_sources
    if any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        return
    _why_sources = reason_for_sources()
    if not _why_sources:
        return
    if _why_sources.startswith("edited"):
        warnings.warn(
            f"AracKhan Wars runs from its Python sources, {_why_sources}; "
            "`make install` compiles them again",
            RuntimeWarning,
            stacklevel=2,
        )
    sys.meta_path.insert(0, _SourceFinder(HERE, COMPILED))


def status() -> dict[str, object]:
    """Which build runs: ``compiled`` (every module in :data:`COMPILED` is an extension module
    now), the modules loaded from sources, and why."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    loaded = {n: sys.modules.get(f"{PACKAGE}.{n}") for n in COMPILED}
    from_source = sorted(
        n for n, m in loaded.items() if m is None or not str(m.__file__).endswith(suffixes)
    )
    return {"compiled": not from_source, "from_source": from_source, "why": _why_sources}
