"""The rule-readings page names only tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "kingdom-of-warlords.md"
HERE = Path(__file__).resolve().parent


def test_docs_reference_existing_tests() -> None:
    text = DOC.read_text()
    refs = re.findall(r"`(test_kow_\w+\.py)::(\w+)`", text)
    assert len(refs) >= 30
    for filename, name in refs:
        source = (HERE / filename).read_text()
        assert re.search(rf"^def {name}\(", source, re.M), f"{filename}::{name} is missing"


def test_every_rule_test_is_documented() -> None:
    text = DOC.read_text()
    source = (HERE / "test_kow_rules.py").read_text()
    for name in re.findall(r"^def (test_rule_\w+)\(", source, re.M):
        assert f"test_kow_rules.py::{name}`" in text, name
