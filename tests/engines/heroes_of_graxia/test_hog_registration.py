"""The Hero choice as the seat's registration: parsed, checked like any deck (every problem
named), exported, and the catalogue loaded through the platform's deck format."""

from __future__ import annotations

import pytest

from engines.decks import DeckInputError, get_deck_format
from engines.heroes_of_graxia import GAME
from engines.heroes_of_graxia.catalogue import DATA_DIR

FMT = get_deck_format("heroes-of-graxia")


def test_the_format_uses_the_catalogue() -> None:
    assert FMT.uses_catalogue and FMT.name == "Heroes of Graxia"
    assert len(FMT.shipped_catalogue()) == 86
    text = (DATA_DIR / "cards-v1.csv").read_text()
    cat = FMT.parse_catalogue(text, version="v1")
    assert cat.box_size == 240
    assert len(FMT.catalogue_from_rows(cat.rows(), "v1")) == 86


@pytest.mark.parametrize(
    ("raw", "data"),
    [
        ("Shadd", {"hero": "shadd"}),
        ("  hero: broxin \n", {"hero": "broxin"}),
        ("# my registration\nDRAKNAL\n", {"hero": "draknal"}),
        ({"hero": "Sype"}, {"hero": "sype"}),
        ("random", {"hero": "random"}),
        (b"Flist", {"hero": "flist"}),
    ],
)
def test_a_hero_is_named_by_name_slug_or_deck_file(raw, data) -> None:
    parsed = FMT.parse(raw)
    assert parsed.data == data
    report = FMT.validate(parsed.data)
    assert report.legal and report.catalogue == "v1"
    assert FMT.parse(FMT.export_text(parsed.data, name="mine")).data == data


@pytest.mark.parametrize(
    ("raw", "rule", "words"),
    [
        ("Gandalf", "unknown-hero", "There is no Hero named 'Gandalf'"),
        ("Bone Sword", "not-a-hero", "Bone Sword is an Equipment card, not a Hero"),
        ({"hero": "Shadd", "extra": 1}, "bad-choice", "unknown fields extra"),
        ({"champion": "Shadd"}, "bad-choice", 'no "hero" field'),
    ],
)
def test_every_problem_is_named(raw, rule, words) -> None:
    report = FMT.validate(FMT.parse(raw).data)
    assert not report.legal
    (violation,) = report.violations
    assert violation.rule == rule and words in violation.message
    assert "Shadd, Flist, Broxin, Oshnuk, Draknal, Sype, or random" in violation.message
    assert GAME.validate_deck(FMT.parse(raw).data)[0].rule == rule


def test_input_that_is_no_registration_is_refused() -> None:
    with pytest.raises(DeckInputError, match="empty"):
        FMT.parse("   # nothing\n")
    with pytest.raises(DeckInputError, match="binary"):
        FMT.parse(b"\x00\x01")
    with pytest.raises(DeckInputError, match="Hero's name"):
        FMT.parse([1, 2])


def test_starter_registrations_are_the_six_heroes_and_random() -> None:
    starters = FMT.starter_decks()
    assert [s.name for s in starters] == [
        "Shadd",
        "Flist",
        "Broxin",
        "Oshnuk",
        "Draknal",
        "Sype",
        "A random Hero",
    ]
    assert all(FMT.validate(s.data).legal for s in starters)
    assert GAME.default_decks(3) == [{"hero": "random"}] * 3
    st = GAME.new_game(5, 3, [starters[0].data, starters[6].data, starters[6].data])
    assert GAME.observation(st, None)["players"][0]["hero"]["name"] == "Shadd"


def test_no_module_of_the_game_imports_the_deck_formats_module() -> None:
    """``engines.decks`` imports this game's format, so nothing here imports ``engines.decks``
    (the formats' types come from ``engines.deck_types``), and lint-imports has a contract that
    forbids it."""
    import ast
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    offenders = []
    for path in sorted((root / "engines" / "heroes_of_graxia").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            offenders += [path.name for name in names if name == "engines.decks"]
    assert offenders == []
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    assert any(
        c["type"] == "forbidden"
        and "engines.heroes_of_graxia" in c["source_modules"]
        and c["forbidden_modules"] == ["engines.decks"]
        for c in contracts
    )
