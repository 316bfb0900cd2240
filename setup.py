"""Packaging. The metadata is in pyproject.toml; this file only compiles the engines' hot modules
with mypyc (which engines and modules, and the rules for using them: engines/native.py). Without
a C compiler, or with GAUNTLET_PURE_PYTHON=1, the install is pure Python: the same engines, a
third to a half as fast."""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
native = runpy.run_path(str(HERE / "engines" / "native.py"))
BUILDS = native["BUILDS"]


# The setup.py commands that build; pip also runs setup.py twice per install for metadata only
# (egg_info, dist_info), where compiling would cost mypyc's type check for nothing.
BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def _compiling() -> bool:
    if not BUILD_COMMANDS.intersection(sys.argv[1:]):
        return False
    if os.environ.get(native["PURE_ENV"], "") not in ("", "0"):
        return False
    if native["c_compiler"]() is None:
        print("setup.py: no C compiler: the engines stay pure Python", file=sys.stderr)
        return False
    return True


class BuildAndStamp(build_ext):
    """build_ext (one C compiler per core), then the stamps naming the sources each engine's
    extension modules were built from."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        super().run()
        for build in BUILDS:
            folder = (
                build.folder if self.inplace else Path(self.build_lib, *build.package.split("."))
            )
            build.write_stamp(folder, build.folder)


ext_modules = []
if _compiling():
    from mypyc.build import mypycify

    ext_modules = mypycify(
        # mypy checks the compiled modules; the modules they import are read, not checked
        ["--ignore-missing-imports", "--follow-imports=silent"]
        + [path for build in BUILDS for path in build.sources()],
        separate=[(build.sources(), build.group) for build in BUILDS],
        opt_level="3",
        debug_level="0",
    )

setup(ext_modules=ext_modules, cmdclass={"build_ext": BuildAndStamp})
