"""A custom import-linter contract: no module imports another module's private name.

``from tournaments.registration import _check_deck`` makes ``_check_deck`` part of two modules'
lives while only one of them owns it; the owner should make the helper public (no underscore)
or keep it to itself. import-linter's own contracts look at which modules import which, not at
the names imported, so this contract reads each module's ``from ... import ...`` statements
(any depth, including imports inside functions) and reports every name that starts with one
underscore (dunder names such as ``__version__`` are public) imported from another module.

Configuration (``pyproject.toml``, ``[tool.importlinter]``)::

    contract_types = ["no_private_names: tools.import_contracts.NoPrivateNamesContract"]

    [[tool.importlinter.contracts]]
    name = "No module imports another module's private name"
    type = "no_private_names"
    also_check = ["tests", "bench"]   # folders outside the root packages, checked too
    ignore = ["a.importer -> a.module._name"]   # known exceptions, each with its reason nearby

Attribute access (``registration._check_deck(...)`` after ``import registration``) is not
seen; the modules here import names, not modules, so that is enough to keep the rule.
"""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from grimp import ImportGraph
from importlinter import Contract, ContractCheck, fields, output


@dataclass(frozen=True, order=True)
class PrivateImport:
    """One offending import: where it is, the module imported from, and the private name."""

    path: str
    line: int
    importer: str
    module: str
    name: str


def is_private(name: str) -> bool:
    """``_name`` is private; ``name`` and ``__name__`` are not."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _absolute(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` node imports from (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    parts = importer.split(".")
    base = parts if is_package else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def private_imports(module: str, path: Path, is_package: bool = False) -> Iterator[PrivateImport]:
    """Every private name ``module`` (the file at ``path``) imports from another module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.module == "__future__":
            continue
        source = _absolute(module, is_package, node)
        if source == module:
            continue
        for alias in node.names:
            if is_private(alias.name):
                yield PrivateImport(str(path), node.lineno, module, source, alias.name)


def module_file(module: str, root_dirs: dict[str, Path]) -> tuple[Path, bool] | None:
    """The source file of a module of one of the root packages, and whether it is a package."""
    root, *rest = module.split(".")
    if root not in root_dirs:
        return None
    base = root_dirs[root].joinpath(*rest)
    if (base / "__init__.py").is_file():
        return base / "__init__.py", True
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py"), False
    return None


class NoPrivateNamesContract(Contract):
    """Kept when no module of the root packages (or of the ``also_check`` folders) imports a
    name starting with an underscore from another module."""

    also_check = fields.ListField(subfield=fields.StringField(), required=False)
    ignore = fields.SetField(subfield=fields.StringField(), required=False)

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        roots = self.session_options.get("root_packages") or [self.session_options["root_package"]]
        root_dirs = {}
        for root in roots:
            spec = importlib.util.find_spec(root)
            if spec is None or not spec.submodule_search_locations:
                raise ValueError(f"Root package {root!r} cannot be found.")
            root_dirs[root] = Path(next(iter(spec.submodule_search_locations)))
        found: list[PrivateImport] = []
        for module in sorted(graph.modules):
            located = module_file(module, root_dirs)
            if located is not None:
                found.extend(private_imports(module, *located))
        for folder in self.also_check or []:
            top = Path(folder)
            for path in sorted(top.rglob("*.py")):
                parts = path.with_suffix("").parts
                is_package = parts[-1] == "__init__"
                module = ".".join(parts[:-1] if is_package else parts)
                found.extend(private_imports(module, path, is_package))
        ignored = {" ".join(i.split()) for i in self.ignore or ()}
        kept = [f for f in found if f"{f.importer} -> {f.module}.{f.name}" not in ignored]
        output.verbose_print(verbose, f"{len(kept)} private name(s) imported across modules.")
        return ContractCheck(
            kept=not kept,
            metadata={"found": sorted(kept)},
            ignored_import_count=len(found) - len(kept),
        )

    def render_broken_contract(self, check: ContractCheck) -> None:
        for item in check.metadata["found"]:
            path = Path(item.path)
            if path.is_relative_to(Path.cwd()):
                path = path.relative_to(Path.cwd())
            output.print_error(
                f"{path}:{item.line}: {item.importer} imports {item.name} from "
                f"{item.module} (make it public in {item.module}, or keep it there)",
                bold=False,
            )
        output.new_line()
