"""Which build of an engine's hot modules runs: the mypyc-compiled one, or the Python sources.

Each :class:`NativeBuild` in :data:`BUILDS` names an engine package and its hot modules. The
install compiles them with mypyc (``setup.py``) on a machine with a C compiler: the same code,
two to three times as fast. The build writes a stamp (``native-build.json``, in the package's
folder) with the SHA-256 of each source it compiled. A package's compiled build is used only
while every one of those sources is unchanged: after an edit (or with ``GAUNTLET_PURE_PYTHON=1``,
or without a stamp) every module of that package loads from its ``.py`` file, never a mix of the
two builds. A package calls its build's :meth:`NativeBuild.choose` in its ``__init__`` before
any of those modules is imported.

This module imports nothing from the engines: ``setup.py`` reads it before anything is built.
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

ENGINES = Path(__file__).resolve().parent
STAMP = "native-build.json"
PURE_ENV = "GAUNTLET_PURE_PYTHON"


def c_compiler() -> str | None:
    """The path of the C compiler this interpreter builds extensions with, or None."""
    return shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0])


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds a package's compiled modules' ``.py`` files, ahead of their extension modules."""

    def __init__(self, package: str, folder: Path, names: Sequence[str]) -> None:
        self.folder = folder
        self.names = {f"{package}.{n}" for n in names}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        return importlib.util.spec_from_file_location(
            fullname, self.folder / f"{fullname.rpartition('.')[2]}.py"
        )


class NativeBuild:
    """One engine package's compiled modules: ``modules`` of ``package``, built by mypyc as
    the group ``group`` (one shared library) and described to people as ``title``."""

    def __init__(self, package: str, group: str, title: str, modules: Sequence[str]) -> None:
        self.package = package
        self.group = group
        self.title = title
        self.modules: tuple[str, ...] = tuple(modules)
        self.folder = ENGINES / package.rpartition(".")[2]
        self._why_sources = ""

    def sources(self) -> list[str]:
        """The compiled modules' source paths, relative to the project's root (for mypyc)."""
        return [str(Path("engines", self.folder.name, f"{m}.py")) for m in self.modules]

    def source_digests(self, folder: Path | None = None) -> dict[str, str]:
        """SHA-256 of each compiled module's source in ``folder`` (the package's by default)."""
        folder = folder or self.folder
        return {
            name: hashlib.sha256((folder / f"{name}.py").read_bytes()).hexdigest()
            for name in self.modules
        }

    def write_stamp(self, target: Path, sources: Path | None = None) -> None:
        """Record, next to a fresh build in ``target``, the sources it was compiled from."""
        target.mkdir(parents=True, exist_ok=True)
        digests = self.source_digests(sources)
        (target / STAMP).write_text(json.dumps(digests, indent=1, sort_keys=True))

    def reason_for_sources(
        self, folder: Path | None = None, environ: Mapping[str, str] = os.environ
    ) -> str:
        """Why the modules must load from their sources, or "" when the compiled build may run."""
        folder = folder or self.folder
        if environ.get(PURE_ENV, "") not in ("", "0"):
            return f"{PURE_ENV} is set"
        stamp = folder / STAMP
        if not stamp.exists():
            return "not compiled (installed without a C compiler or with GAUNTLET_PURE_PYTHON=1)"
        try:
            built = json.loads(stamp.read_text())
        except ValueError:
            return f"{STAMP} is unreadable"
        digests = self.source_digests(folder)
        changed = sorted(n for n, d in digests.items() if built.get(n) != d)
        if changed:
            return "edited since the build: " + ", ".join(f"{n}.py" for n in changed)
        return ""

    def choose(self) -> None:
        """Before the package's modules are imported: load them from their sources unless the
        compiled build matches them (warning when an edit made it stale)."""
        if any(isinstance(f, _SourceFinder) and f.folder == self.folder for f in sys.meta_path):
            return
        self._why_sources = self.reason_for_sources()
        if not self._why_sources:
            return
        if self._why_sources.startswith("edited"):
            warnings.warn(
                f"{self.title} runs from its Python sources, {self._why_sources}; "
                "`make install` compiles them again",
                RuntimeWarning,
                stacklevel=3,
            )
        sys.meta_path.insert(0, _SourceFinder(self.package, self.folder, self.modules))

    def status(self) -> dict[str, object]:
        """Which build runs: ``compiled`` (every module of the build is an extension module
        now), the modules loaded from sources, and why."""
        suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
        loaded = {n: sys.modules.get(f"{self.package}.{n}") for n in self.modules}
        from_source = sorted(
            n for n, m in loaded.items() if m is None or not str(m.__file__).endswith(suffixes)
        )
        return {"compiled": not from_source, "from_source": from_source, "why": self._why_sources}


ARACKHAN_WARS = NativeBuild(
    "engines.arackhan_wars",
    "gauntlet_akw",
    "AracKhan Wars",
    (
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
    ),
)
"""The rules' modules: about 90 % of a random game's time in the profile. The game's protocol
(``game.py``), bots and presentation stay Python (a test replaces ``playout.play``, which a
compiled caller would not see)."""

HEROES_OF_GRAXIA = NativeBuild(
    "engines.heroes_of_graxia",
    "gauntlet_hog",
    "Heroes of Graxia",
    (
        "actions",
        "combat",
        "flow",
        "legal",
        "legion",
        "moveset",
        "plays",
        "rules",
        "state",
        "tables",
    ),
)
"""The rules' modules a random game spends its time in; the protocol (``game.py``), the
observation, the bots and the presentation stay Python."""

BUILDS: tuple[NativeBuild, ...] = (ARACKHAN_WARS, HEROES_OF_GRAXIA)
"""Every engine with a compiled build (``setup.py`` compiles each as its own group)."""


def build_for(package: str) -> NativeBuild | None:
    """The compiled build of the engine package ``package``, or None if it has none."""
    return next((b for b in BUILDS if b.package == package), None)
