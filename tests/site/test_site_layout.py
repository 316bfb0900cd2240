"""The platform/ source root must never shadow the standard library's ``platform`` module."""

import platform
import subprocess
import sys
import sysconfig
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_platform_folder_is_not_a_package():
    assert not (REPO / "platform" / "__init__.py").exists()


def test_stdlib_platform_inside_the_django_process(settings):
    # Django is configured and the site's packages import, yet `platform` is the stdlib one.
    import gauntlet.settings  # noqa: F401

    stdlib = Path(sysconfig.get_paths()["stdlib"])
    assert Path(platform.__file__).parent == stdlib
    assert platform.system() in {"Linux", "Darwin", "Windows"}


def test_manage_py_runs_with_stdlib_platform():
    code = "import platform, django; print('RESULT', platform.system(), platform.__file__)"
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    out = next(line for line in out.splitlines() if line.startswith("RESULT")).split()[1:]
    assert out[0] == platform.system()
    assert "site-packages" not in out[1] and not out[1].startswith(str(REPO))
