"""AracKhan Wars construction rules, each on both sides of its limit, and several at once."""

from __future__ import annotations

import pytest

from engines.arackhan_wars.catalogue import Catalogue, card_from_row
from engines.arackhan_wars.format import RULES
from tests.engines.arackhan_wars.akw_helpers import CAT, check, cid, deck, rules


def test_a_deck_of_23_cheap_cards_is_legal() -> None:
    report = check(deck(("Drunk Knight", 23)))
    assert report.legal and report.violations == []
    assert (report.cards, report.total_value, report.faction) == (23, 23, "Grey Order")


@pytest.mark.parametrize("n", [22, 24, 1])
def test_deck_size_is_exactly_23(n: int) -> None:
    report = check(deck(("Drunk Knight", n)))
    assert rules(report) == ["deck-size"]
    assert report.violations[0].count == n
    assert f"this one has {n}" in report.violations[0].message


def test_point_budget_125_is_legal_and_126_is_not() -> None:
    at = check(deck(("Titan", 4), ("Phalanx", 15), ("Senior Mercenary", 4)))
    assert at.legal and at.total_value == 125
    over = check(deck(("Titan", 4), ("Phalanx", 14), ("Senior Mercenary", 5)))
    assert rules(over) == ["point-budget"]
    v = over.violations[0]
    assert v.count == 126 and "1 over" in v.message and "Titan" in v.cards


def test_the_budget_uses_the_secondary_value_where_printed() -> None:
    # Grey Knight: core value 9, deck-building value 15
    report = check(deck(("Grey Knight", 4), ("Drunk Knight", 19)))
    assert report.total_value == 4 * 15 + 19


def test_five_initiative_cards_pass_six_do_not() -> None:
    assert check(deck(("Fanatic", 5), ("Drunk Knight", 18))).legal
    report = check(deck(("Fanatic", 6), ("Drunk Knight", 17)))
    assert rules(report) == ["max-initiative"]
    assert report.violations[0].count == 6 and report.violations[0].cards == ("Fanatic",)


def test_initiative_spells_count_too() -> None:
    report = check(deck(("Fanatic", 5), ("On Leave", 1), ("Drunk Knight", 17)))
    assert rules(report) == ["max-initiative"]
    assert set(report.violations[0].cards) == {"Fanatic", "On Leave"}


def test_six_stealth_cards_pass_seven_do_not() -> None:
    assert check(deck(("Novice Fairy", 6), ("Nihilist Penguin", 17))).legal
    report = check(deck(("Novice Fairy", 7), ("Nihilist Penguin", 16)))
    assert rules(report) == ["max-stealth"]
    assert report.violations[0].count == 7


def test_one_legendary_copy_passes_two_do_not() -> None:
    assert check(deck(("The Seneschal", 1), ("Drunk Knight", 22))).legal
    report = check(deck(("The Seneschal", 2), ("Drunk Knight", 21)))
    assert rules(report) == ["legendary-copies"]
    assert report.violations[0].cards == ("The Seneschal",) and report.violations[0].count == 2


def test_lands_are_legendary_except_eternal_roots_and_dark_tunnel() -> None:
    for card in CAT.cards.values():
        if card.kind == "land":
            assert card.legendary == (card.name not in ("Eternal Roots", "Dark Tunnel")), card
    assert rules(check(deck(("Avalon Fortress", 2), ("Drunk Knight", 21)))) == ["legendary-copies"]
    assert check(deck(("Eternal Roots", 2), ("Death Crawler", 21))).legal
    assert check(deck(("Dark Tunnel", 2), ("Scuttle Jaw", 21))).legal


@pytest.mark.parametrize(
    ("name", "limit", "filler"),
    [
        ("Horse of Avalon", 2, "Drunk Knight"),
        ("Champion", 4, "Drunk Knight"),
        ("Assassin", 3, "Drunk Knight"),
        ("Winged Terror", 7, "Scuttle Jaw"),
    ],
)
def test_individual_limit_caps_copies(name: str, limit: int, filler: str) -> None:
    assert check(deck((name, limit), (filler, 23 - limit))).legal
    report = check(deck((name, limit + 1), (filler, 22 - limit)))
    assert rules(report) == ["individual-limit"]
    assert report.violations[0].count == limit + 1 and report.violations[0].cards == (name,)


def test_a_printed_limit_of_seven_replaces_the_six_copy_rule() -> None:
    # Winged Terror: VII and deck-building value 10. Reading: the card's limit wins.
    card = CAT.card(cid("Winged Terror"))
    assert card.individual_limit == 7 and card.budget_value >= 6 and card.max_copies == 7


@pytest.mark.parametrize("name", ["Catapult", "Ice Elemental"])
def test_six_copies_of_a_card_worth_six_or_more_pass_seven_do_not(name: str) -> None:
    filler = "Drunk Knight" if name == "Catapult" else "Nihilist Penguin"
    assert check(deck((name, 6), (filler, 17))).legal
    report = check(deck((name, 7), (filler, 16)))
    assert rules(report) == ["copies-of-high-value"]
    assert report.violations[0].count == 7


def test_cards_worth_less_than_six_have_no_copy_limit() -> None:
    assert check(deck(("Ice Paladin", 7), ("Nihilist Penguin", 16))).legal


def test_the_six_copy_rule_reads_the_deck_building_value() -> None:
    # a made-up card worth 5 with a deck-building value of 6: capped at 6 copies
    odd = card_from_row({**CAT.card(cid("Ice Paladin")).to_row(), "deck_building_value": 6})
    catalogue = Catalogue([odd, CAT.card(cid("Nihilist Penguin"))], version="t")
    data = {
        "faction": None,
        "cards": [{"id": odd.id, "copies": 7}, {"id": cid("Nihilist Penguin"), "copies": 16}],
    }
    assert rules(check(data, catalogue)) == ["copies-of-high-value"]


def test_one_faction_only() -> None:
    report = check(deck(("Drunk Knight", 22), ("Xenodon", 1)))
    assert rules(report) == ["single-faction"]
    v = report.violations[0]
    assert v.cards == ("Xenodon (Nakka)",) and v.count == 1 and "Grey Order" in v.message


def test_alternative_printings_count_as_the_same_card() -> None:
    full_art = 1103  # Drunk Knight Full Art
    assert CAT.card(full_art).id == cid("Drunk Knight")
    data = {"faction": None, "cards": [{"id": 1102, "copies": 20}, {"id": full_art, "copies": 3}]}
    assert check(data).legal
    gabriel = {
        "faction": None,
        "cards": [
            {"id": 1005, "copies": 1},
            {"id": 1007, "copies": 1},
            {"id": cid("Nihilist Penguin"), "copies": 21},
        ],
    }
    report = check(gabriel)
    assert rules(report) == ["legendary-copies"] and report.violations[0].count == 2


def test_every_broken_rule_is_reported_at_once() -> None:
    data = deck(
        ("Tomur Disc", 2),  # legendary, stealth, 15 each
        ("Horse of Avalon", 3),  # II
        ("Catapult", 7),  # worth 8: six copies at most
        ("Fanatic", 6),  # initiative
        ("Xenodon", 1),  # another faction
        ("Titan", 4),
    )
    data["cards"].append({"id": 999_999, "copies": 1})
    report = check(data)
    assert set(rules(report)) == {
        "unknown-card",
        "deck-size",
        "single-faction",
        "point-budget",
        "max-initiative",
        "legendary-copies",
        "individual-limit",
        "copies-of-high-value",
    }
    stealth = check(deck(("Tomur Disc", 1), ("Novice Fairy|Whitelands", 7)))
    assert {"max-stealth", "single-faction", "deck-size"} <= set(rules(stealth))
    for v in report.violations:
        assert v.message and v.rule in RULES


def test_banned_cards_are_reported() -> None:
    rows = [dict(row, banned=row["name"] == "Phalanx") for row in CAT.rows()]
    banned = Catalogue.from_rows(rows, version="v9")
    report = check(deck(("Phalanx", 3), ("Drunk Knight", 20)), banned)
    assert rules(report) == ["banned-card"] and "v9" in report.violations[0].message


def test_catalogue_copy_limits_agree_with_the_digital_edition() -> None:
    import csv

    from engines.arackhan_wars.catalogue import DATA_DIR

    with (DATA_DIR / "cards-v1.csv").open() as handle:
        for row in csv.DictReader(handle):
            card = CAT.card(int(row["id"]))
            expected = (
                None
                if row["effective_max_copies"] == "unlimited"
                else int(row["effective_max_copies"])
            )
            assert card.max_copies == expected, row["name"]
