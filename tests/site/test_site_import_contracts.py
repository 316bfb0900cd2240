"""The custom import-linter contract (tools/import_contracts.py) finds private names imported
across modules, and only those."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools.import_contracts import is_private, private_imports


def test_a_single_underscore_is_private_and_a_dunder_is_not():
    assert is_private("_check_deck") and is_private("_") and is_private("__mangled")
    assert not is_private("check_deck") and not is_private("__version__")


def test_absolute_relative_and_nested_imports_are_read(tmp_path: Path):
    source = tmp_path / "views.py"
    source.write_text(
        "from __future__ import annotations\n"
        "from shop.orders import _total, place\n"
        "from .forms import _clean\n"
        "from . import _helpers\n"
        "def page():\n"
        "    from shop.views import _local  # the module's own name: fine\n"
        "    from shop.stock import (\n"
        "        count,\n"
        "        _reserve,\n"
        "    )\n"
    )
    found = [(f.module, f.name, f.line) for f in private_imports("shop.views", source)]
    assert found == [
        ("shop.orders", "_total", 2),
        ("shop.forms", "_clean", 3),
        ("shop", "_helpers", 4),
        ("shop.stock", "_reserve", 7),
    ]


REPO = Path(__file__).resolve().parents[2]
CONFIG = """
[tool.importlinter]
root_packages = ["shopcontract"]
contract_types = ["no_private_names: tools.import_contracts.NoPrivateNamesContract"]

[[tool.importlinter.contracts]]
name = "private names"
type = "no_private_names"
"""


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    package = tmp_path / "shopcontract"
    (package / "orders").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "orders" / "__init__.py").write_text("from .rules import _limit\n")
    (package / "orders" / "rules.py").write_text("_limit = 3\n")
    (package / "views.py").write_text("from shopcontract.orders.rules import _limit, limit\n")
    return tmp_path


def lint_imports(where: Path, extra: str = "") -> subprocess.CompletedProcess:
    """``lint-imports`` (the real command, with its configuration file) run in ``where``."""
    (where / "pyproject.toml").write_text(CONFIG + extra)
    return subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=where,
        env={**os.environ, "PYTHONPATH": f"{where}{os.pathsep}{REPO}"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_contract_names_each_private_import_of_the_package(shop: Path):
    run = lint_imports(shop)
    assert run.returncode == 1, run.stdout + run.stderr
    out = " ".join(run.stdout.split())
    assert "shopcontract.views imports _limit from shopcontract.orders.rules" in out
    assert "shopcontract.orders imports _limit from shopcontract.orders.rules" in out
    assert "Contracts: 0 kept, 1 broken." in out


def test_an_ignored_import_keeps_the_contract(shop: Path):
    (shop / "shopcontract" / "orders" / "__init__.py").write_text("")
    run = lint_imports(
        shop, 'ignore = ["shopcontract.views -> shopcontract.orders.rules._limit"]\n'
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "KEPT (1 ignored import)" in run.stdout


def test_folders_outside_the_packages_are_checked_too(shop: Path):
    (shop / "shopcontract" / "orders" / "__init__.py").write_text("")
    (shop / "shopcontract" / "views.py").write_text("from shopcontract.orders.rules import limit\n")
    (shop / "checks").mkdir()
    (shop / "checks" / "test_orders.py").write_text("from shopcontract.orders import _x\n")
    assert lint_imports(shop).returncode == 0
    run = lint_imports(shop, 'also_check = ["checks"]\n')
    assert run.returncode == 1
    assert "checks.test_orders imports _x from shopcontract.orders" in " ".join(run.stdout.split())
