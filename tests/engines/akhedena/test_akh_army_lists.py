"""The army list a player registers: read as text or JSON, checked with every violation named
(which card, which piece, which rule), written back."""

from __future__ import annotations

import json

import pytest

from engines.akhedena import GAME
from engines.akhedena.armylist import export_text, parse_json, parse_text
from engines.akhedena.format import RESERVE_SIZE, RULES, starter_armies, validate
from engines.decks import DeckInputError, get_deck_format
from tests.engines.akhedena.akh_helpers import CATALOGUE, army, card_id

TEXT = """# my army
Name: Shields first
Hero: Dawn Warlord, Swordsmen, Shield Wall
castle: stone keep, 2x Pikemen
Archer: Bow Master, Longbowmen, Longbowmen
Infantry 1: Sword Captain, Swordsmen, Shield Wall
Infantry right: Spear Captain, Spearmen, Spearmen
Cavalry left: Lance Knight, Lancers, Lancers
Cavalry 2: Sabre Knight, Sabre Riders, Sabre Riders
Reserve: Swordsmen, Spearmen, Lancers, Sabre Riders, Longbowmen, Hunters
"""


def _rules(report) -> list[str]:
    return [v.rule for v in report.violations]


def test_the_starter_lists_are_legal_and_read_back_from_their_text() -> None:
    """At least one starter army list ships; each is legal and its export parses back."""
    starters = starter_armies()
    assert [s.key for s in starters] == ["sword-and-spear", "axe-and-crossbow"]
    for starter in starters:
        assert validate(starter.data, CATALOGUE).legal
        text = export_text(starter.data, CATALOGUE, starter.name)
        parsed = parse_text(text, CATALOGUE)
        assert parsed.data == starter.data and parsed.name == starter.name
        assert parse_json(json.loads(json.dumps(starter.data)), CATALOGUE).data == starter.data


def test_a_text_list_reads_loosely() -> None:
    """Names ignore case; '2x' counts copies; 'Infantry 1' is the left Infantry."""
    parsed = parse_text(TEXT, CATALOGUE)
    assert parsed.problems == [] and parsed.name == "Shields first"
    assert parsed.data == army()
    assert parsed.lines["castle"] == 4 and parsed.lines[card_id("Stone Keep")] == 4


def test_json_may_name_cards_instead_of_ids() -> None:
    named = {
        "pieces": {
            slot: {
                "card": CATALOGUE.cards[piece["card"]].name,
                "army": [CATALOGUE.cards[c].name for c in piece["army"]],
            }
            for slot, piece in army()["pieces"].items()
        },
        "reserve": [CATALOGUE.cards[c].name.upper() for c in army()["reserve"]],
    }
    assert parse_json(named, CATALOGUE).data == army()


def test_every_broken_rule_is_named_with_its_card_and_piece() -> None:
    """ "Card Distribution Rules" and "Card Placement": the Hero card with 2 Infantry Army cards,
    the Castle card with 2 Infantry Army cards, 1 Ranged Commander with 2 Ranged Army cards,
    2 Infantry and 2 Cavalry Commanders with 2 Army cards each of their main type."""
    text = """Hero: Dawn Warlord, Swordsmen, Shield Wall, Swordsmen
Castle: Sword Captain, Pikemen, Pikemen
Infantry left: Sword Captain, Swordsmen, Lancers
Infantry right: Spear Captain, Spearmen, Bow Master
Cavalry left: Lance Knight, Lancers, Lancers
Cavalry right: Sabre Knight, Sabre Riders, Sabre Ryders
Reserve: Swordsmen, Swordsmen, Lancers, Axe King
"""
    parsed = parse_text(text, CATALOGUE)
    report = validate(parsed.data, CATALOGUE, lines=parsed.lines, problems=parsed.problems)
    assert not report.legal
    by_rule = {v.rule: v for v in report.violations}
    assert set(by_rule) == {
        "unknown-card",
        "missing-piece",
        "leader-card",
        "army-count",
        "army-main-type",
        "army-card",
        "reserve-size",
        "copies",
    }
    assert "Sabre Ryders" in by_rule["unknown-card"].message
    assert "Sabre Riders" in by_rule["unknown-card"].cards  # a suggestion
    assert by_rule["unknown-card"].line == 6
    assert "no Archer line" in by_rule["missing-piece"].message
    assert by_rule["leader-card"].message == (
        "Castle: Sword Captain is an Infantry Commander card; the Castle needs the Castle card."
    )
    assert by_rule["leader-card"].line == 2
    assert [v.message for v in report.violations if v.rule == "army-count"] == [
        "Hero: 2 Army cards go on the Hero's card, not 3."
    ]
    main = [v.message for v in report.violations if v.rule == "army-main-type"]
    assert main[0] == (
        "Infantry left: Lancers is a Cavalry Army card; the Infantry left takes Infantry Army "
        "cards."
    )
    assert any("Bow Master" in v.message for v in report.violations if v.rule == "army-card")
    assert any("Axe King" in v.message for v in report.violations if v.rule == "army-card")
    assert f"exactly {RESERVE_SIZE} Army cards; this one has 4" in by_rule["reserve-size"].message
    assert "Swordsmen: at most 4" in by_rule["copies"].message
    assert set(RULES) >= {v.rule for v in report.violations}


def test_a_banned_card_is_named() -> None:
    rows = [dict(r, banned=(r["name"] == "Lancers")) for r in CATALOGUE.rows()]
    banned = type(CATALOGUE).from_rows(rows, version="v2")
    report = validate(army(), banned)
    assert _rules(report) == ["banned-card"]
    assert report.violations[0].message == "Lancers is banned in catalogue v2."


def test_lines_that_are_no_list_lines_are_reported_with_their_number() -> None:
    parsed = parse_text(
        "Hero: Dawn Warlord, Swordsmen, Shield Wall\nDragon: Smaug\nHero: x", CATALOGUE
    )
    assert [(v.rule, v.line) for v in parsed.problems] == [("bad-line", 2), ("duplicate-piece", 3)]
    assert "'Dragon' is not a piece" in parsed.problems[0].message


@pytest.mark.parametrize("raw", ["", "   \n# only a comment\n", b"\x00\x01", "x" * 20_001])
def test_input_that_is_no_list_at_all_is_refused(raw) -> None:
    with pytest.raises(DeckInputError):
        parse_text(raw, CATALOGUE)


def test_bad_json_is_refused_or_reported() -> None:
    with pytest.raises(DeckInputError):
        parse_json({"cards": []}, CATALOGUE)
    with pytest.raises(DeckInputError, match="unknown army list fields"):
        parse_json({"pieces": {}, "faction": "x"}, CATALOGUE)
    parsed = parse_json(
        {"pieces": {"hero": {"card": 999, "army": [True]}}, "reserve": []}, CATALOGUE
    )
    assert [v.rule for v in parsed.problems] == ["unknown-card", "bad-line"]
    report = validate("not a list", CATALOGUE)
    assert _rules(report) == ["bad-line"]


def test_the_platform_format_reads_checks_and_writes_army_lists() -> None:
    """The army list is the game's DeckFormat: engines.decks.get_deck_format("akhedena")."""
    fmt = get_deck_format("akhedena")
    assert fmt.name == "Akhedena Quick Match" and fmt.uses_catalogue
    parsed = fmt.parse(TEXT)
    report = fmt.validate(parsed.data, lines=parsed.lines, problems=parsed.problems)
    assert report.legal and report.cards == 27 and report.catalogue == "v1"
    assert fmt.parse(fmt.export_text(parsed.data, None, "x")).data == parsed.data
    assert [s.key for s in fmt.starter_decks()] == ["sword-and-spear", "axe-and-crossbow"]
    assert GAME.validate_deck(TEXT) == [] and GAME.validate_deck(army()) == []
    assert GAME.validate_deck({"pieces": {}})[0].rule == "missing-piece"
