"""docs/rules/akhedena.md stays true: its layout diagrams are the engine's and every test it
names exists."""

from __future__ import annotations

import re
from pathlib import Path

from engines.akhedena.board import diagram

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "rules" / "akhedena.md").read_text()


def test_the_documented_layouts_are_the_engines() -> None:
    for n in (2, 3, 4):
        assert f"```\n{diagram(n)}\n```" in DOC


def test_every_test_the_rule_notes_name_exists() -> None:
    named = re.findall(r"(test_akh_\w+\.py)::(test_\w+)", DOC)
    assert len(named) > 40
    for path, name in named:
        source = (ROOT / "tests" / "engines" / "akhedena" / path).read_text()
        assert f"def {name}(" in source, f"{path}::{name}"
