"""Packaging. The metadata is in pyproject.toml; this file only compiles the AracKhan Wars
engine's hot modules with mypyc (the list and the rules for using them:
engines/arackhan_wars/native.py). Without a C compiler, or with GAUNTLET_PURE_PYTHON=1, the
install is pure Python: the same engine, a third to a half as fast."""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ENGINE = HERE / "engines" / "arackhan_wars"
native = runpy.run_path(str(ENGINE / "native.py"))


# The setup.py commands that build; pip also runs setup.py twice per install for metadata only
# (egg_info, dist_info), where compiling would cost mypyc's type check for nothing.
BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def _compiling() -> bool:
    if not BUILD_COMMANDS.intersection(sys.argv[1:]):
        return False
    if os.environ.get(native["PURE_ENV"], "") not in ("", "0"):
        return False
    if native["c_compiler"]() is None:
        print("setup.py: no C compiler: AracKhan Wars stays pure Python", file=sys.stderr)
        return False
    return True


class BuildAndStamp(build_ext):
    """build_ext, then the stamp naming the sources the extension modules were built from."""

    def run(self) -> None:
        super().run()
        folder = ENGINE if self.inplace else Path(self.build_lib) / "engines" / "arackhan_wars"
        native["write_stamp"](folder, ENGINE)


ext_modules = []
if _compiling():
    from mypyc.build import mypycify

    ext_modules = mypycify(
        # mypy checks the compiled modules; the modules they import are read, not checked
        ["--ignore-missing-imports", "--follow-imports=silent"]
        + [str(Path("engines", "arackhan_wars", f"{m}.py")) for m in native["COMPILED"]],
        group_name="gauntlet_akw",
        opt_level="3",
        debug_level="0",
    )

setup(ext_modules=ext_modules, cmdclass={"build_ext": BuildAndStamp})
