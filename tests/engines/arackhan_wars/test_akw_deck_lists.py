"""AracKhan Wars deck lists: text and JSON in, text out; starter decks; the Unstable Mayhem case."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.arackhan_wars.catalogue import Catalogue, parse_catalogue
from engines.arackhan_wars.decklist import DeckInputError, export_text, parse_json, parse_text
from engines.arackhan_wars.format import RULEBOOK_UNSTABLE_MAYHEM, starter_decks, validate
from engines.decks import get_deck_format
from tests.engines.arackhan_wars.akw_helpers import CAT, cid, rules


def parsed_counts(text: str) -> dict[int, int]:
    parsed = parse_text(text, CAT)
    assert parsed.problems == []
    return {c["id"]: c["copies"] for c in parsed.data["cards"]}


@pytest.mark.parametrize(
    "line",
    [
        "3 Phalanx",
        "3x Phalanx",
        "3X phalanx",
        "Phalanx x3",
        "phalanx X 3",
        "  3   PHALANX  ",
        "• 3x Phalanx",
        "- 3 Phalanx",
        "3xPhalanx",
        "3 x Phalanx",
        "Phalanx 3",
        "3 phal anx",
        "3 Phalanx   # the 6th Legion",
        "3 Phalanx // comment",
    ],
)
def test_line_forms_case_and_spacing(line: str) -> None:
    assert parsed_counts(f"# a comment\n\n{line}\n") == {cid("Phalanx"): 3}


def test_a_bare_name_is_one_copy_and_repeated_lines_add_up() -> None:
    assert parsed_counts("Phalanx\n2 Phalanx\nDrunk Knight") == {
        cid("Phalanx"): 3,
        cid("Drunk Knight"): 1,
    }


def test_names_beginning_with_x_are_not_counts() -> None:
    assert parsed_counts("3 Xenodon\n2xXenodon") == {cid("Xenodon"): 5}


def test_punctuation_and_apostrophes_are_ignored() -> None:
    assert parsed_counts("1 queens jester\n1 One Eyed Hog") == {
        cid("Queen's Jester"): 1,
        cid("One-Eyed Hog"): 1,
    }


def test_nemesio_takes_the_deck_faction() -> None:
    for faction, filler in [
        ("Blight", "Swamp Troll"),
        ("Nakka", "Xenodon"),
        ("Grey Order", "Phalanx"),
        ("Whitelands", "Yeti"),
    ]:
        assert parsed_counts(f"1 Nemesio\n3 {filler}") == {
            cid("Nemesio", faction): 1,
            cid(filler): 3,
        }


def test_nemesio_with_its_faction_or_a_faction_line() -> None:
    assert parsed_counts("1 Nemesio (blight)\n3 Phalanx").keys() == {
        cid("Nemesio", "Blight"),
        cid("Phalanx"),
    }
    assert parsed_counts("Faction: Nakka\n1 Nemesio") == {cid("Nemesio", "Nakka"): 1}


def test_nemesio_alone_is_ambiguous() -> None:
    parsed = parse_text("1 Nemesio", CAT)
    (problem,) = parsed.problems
    assert problem.rule == "ambiguous-card" and problem.line == 1
    assert "Nemesio (Blight)" in problem.cards and len(problem.cards) == 4


def test_alternative_printings_by_name() -> None:
    assert parsed_counts("1 Xenodon (alternative art)\n1 Xeno don\n1 Xenodon Alt Art") == {
        cid("Xenodon"): 3
    }
    assert parsed_counts("1 Gabriel (full art)\n") == {cid("Gabriel"): 1}
    assert parsed_counts("1 Gabriel Full Art Holo") == {cid("Gabriel"): 1}


def test_unknown_names_get_suggestions_and_line_numbers() -> None:
    parsed = parse_text("3 Phalanx\n\n2 Phalanks\n1 Myjir Fortress\n1 Zzzqqq", CAT)
    unknown = [p for p in parsed.problems if p.rule == "unknown-card"]
    assert [p.line for p in unknown] == [3, 4, 5]
    assert "Did you mean 'Phalanx'" in unknown[0].message and "Phalanx" in unknown[0].cards
    assert unknown[2].cards == ("Zzzqqq",) and "Did you mean" not in unknown[2].message


def test_the_size_counts_the_copies_of_an_unknown_line() -> None:
    """A 24-card list with a misspelt "4x" line is 24 cards (remove 1), not "20 (add 3)"."""
    fmt = get_deck_format("arackhan-wars")
    text = "Faction: Grey Order\n20 Drunk Knight\n4x Drunk Knigth\n"
    parsed = fmt.parse(text, CAT)
    report = fmt.validate(parsed.data, CAT, lines=parsed.lines, problems=parsed.problems)
    by_rule = {v.rule: v for v in report.violations}
    assert set(by_rule) == {"unknown-card", "deck-size"}
    size = by_rule["deck-size"]
    assert size.count == 24 and report.cards == 24
    assert "this one has 24, counting the 4 on lines naming no card" in size.message
    assert size.message.endswith("(remove 1).")
    # Fixing the name leaves the advice right: the list really is one card over.
    fixed = fmt.parse(text.replace("Knigth", "Knight"), CAT)
    again = fmt.validate(fixed.data, CAT, lines=fixed.lines, problems=fixed.problems)
    assert [(v.rule, v.count) for v in again.violations] == [("deck-size", 24)]
    # 19 known and 4 unknown copies make 23: only the name is wrong, not the size.
    right = fmt.parse("19 Drunk Knight\n4x Drunk Knigth\n", CAT)
    counted = fmt.validate(right.data, CAT, lines=right.lines, problems=right.problems)
    assert rules(counted) == ["unknown-card"] and counted.cards == 23
    # A name no faction settles counts too.
    alone = fmt.parse("4 Nemesio\n", CAT)
    short = fmt.validate(alone.data, CAT, lines=alone.lines, problems=alone.problems)
    assert rules(short) == ["ambiguous-card", "deck-size"]
    assert "this one has 4, counting the 4 on lines" in short.violations[1].message


@pytest.mark.parametrize(
    ("line", "count"),
    [
        ("-3 Phalanx", -3),
        ("0 Phalanx", 0),
        ("100 Phalanx", 100),
        ("Phalanx x-2", -2),
        ("99999999999999999999 Phalanx", None),
    ],
)
def test_impossible_counts_are_bad_lines(line: str, count: int | None) -> None:
    parsed = parse_text(f"3 Phalanx\n{line}", CAT)
    (problem,) = parsed.problems
    assert (problem.rule, problem.line, problem.count) == ("bad-line", 2, count)
    assert parsed.data["cards"] == [{"id": cid("Phalanx"), "copies": 3}]


def test_html_in_a_name_is_an_unknown_card_not_markup() -> None:
    parsed = parse_text("1 <script>alert(1)</script>\n1 <b>Phalanx</b>", CAT)
    assert [p.rule for p in parsed.problems] == ["unknown-card", "unknown-card"]
    assert parsed.data["cards"] == []


def test_other_bad_lines() -> None:
    parsed = parse_text("3\nFaction: Elves\n???\n" + "A" * 200, CAT)
    assert [(p.rule, p.line) for p in parsed.problems] == [
        ("bad-line", 1),
        ("bad-line", 2),
        ("bad-line", 3),
        ("bad-line", 4),
    ]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("", "empty"),
        ("  \n# only a comment\n\n", "empty"),
        (b"\x00\x01\x02abc", "binary"),
        (b"\xff\xfe\xfa bad utf8", "UTF-8"),
        ("3 Phalanx\n" * 1_000_000, "at most"),
        ("\n" * 600 + "3 Phalanx", "at most"),
    ],
)
def test_input_that_is_no_deck_list_is_refused(raw, message: str) -> None:
    with pytest.raises(DeckInputError, match=message):
        parse_text(raw, CAT)


def test_json_decks_by_id_name_or_pairs() -> None:
    parsed = parse_json(
        {
            "cards": [
                {"id": 1113, "copies": 2},
                {"name": "phalanx", "copies": 1},
                ["Nemesio", 1],
                [1114, 1],
            ]
        },
        CAT,
    )
    assert parsed.problems == []
    assert parsed.data == {
        "faction": "Grey Order",
        "cards": [
            {"id": cid("Nemesio", "Grey Order"), "copies": 1},
            {"id": cid("Phalanx"), "copies": 4},
        ],
    }
    bad = parse_json(
        {
            "cards": [
                {"id": 1113, "copies": -1},
                {"id": 5, "copies": 1},
                {"id": 1113, "copies": 1.5},
                "x",
                {"id": True, "copies": 1},
                {"id": 1113, "copies": 10**40},
            ]
        },
        CAT,
    )
    assert [p.rule for p in bad.problems] == [
        "bad-line",
        "unknown-card",
        "bad-line",
        "bad-line",
        "bad-line",
        "bad-line",
    ]
    for shape in ["3 Phalanx", 17, {"deck": []}, {"cards": {}}, {"cards": [], "evil": 1}]:
        with pytest.raises(DeckInputError):
            parse_json(shape, CAT)


STARTER_TOTALS = {
    "whitelands-prebuilt": 125,
    "nakka-prebuilt": 125,
    "grey-order-prebuilt": 125,
    "blight-prebuilt": 125,
    "the-power-of-ice": 124,
    "lightning-strike": 125,
    "rise-of-the-titan": 125,
    "unstable-mayhem": 125,
}


def test_all_eight_starter_decks_are_legal_under_the_shipped_catalogue() -> None:
    decks = starter_decks()
    assert {d.key: validate(d.data, CAT).total_value for d in decks} == STARTER_TOTALS
    for d in decks:
        report = validate(d.data, CAT)
        assert report.legal and report.cards == 23 and report.faction == d.faction, d.key


def test_unstable_mayhem_as_the_rulebook_writes_it_costs_126_under_v1() -> None:
    report = validate(RULEBOOK_UNSTABLE_MAYHEM, CAT)
    assert rules(report) == ["point-budget"] and report.total_value == 126
    note = next(d.note for d in starter_decks() if d.key == "unstable-mayhem")
    assert "126" in note and "Swamp Ogre" in note


def test_a_catalogue_with_blight_nemesio_at_13_gives_the_rulebooks_124() -> None:
    rows = [
        dict(r, deck_building_value=13) if r["id"] == cid("Nemesio", "Blight") else r
        for r in CAT.rows()
    ]
    older = Catalogue.from_rows(rows, version="rulebook")
    report = validate(RULEBOOK_UNSTABLE_MAYHEM, older)
    assert report.legal and report.total_value == 124


@pytest.mark.parametrize("starter", starter_decks(), ids=lambda d: d.key)
def test_export_reads_back_to_the_same_deck(starter) -> None:
    text = export_text(starter.data, CAT, starter.name)
    parsed = parse_text(text, CAT)
    assert parsed.problems == [] and parsed.data == starter.data


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(CAT.base_id)), st.integers(1, 99), max_size=30))
def test_any_deck_validates_and_round_trips(cards: dict[int, int]) -> None:
    merged: dict[int, int] = {}
    for card_id, n in cards.items():
        base = CAT.card(card_id).id
        merged[base] = min(99, merged.get(base, 0) + n)
    data = {"faction": None, "cards": [{"id": k, "copies": v} for k, v in sorted(merged.items())]}
    report = validate(data, CAT)
    assert report.legal == (report.violations == [])
    assert report.cards == sum(merged.values())
    if merged:
        parsed = parse_text(export_text(data, CAT), CAT)
        assert parsed.problems == []
        assert parsed.data["cards"] == data["cards"]


def test_catalogue_files_are_checked_when_read() -> None:
    from engines.arackhan_wars.catalogue import DATA_DIR

    good = (DATA_DIR / "cards-v1.csv").read_text()
    assert len(parse_catalogue(good, "v1")) == 144
    head = good.splitlines()[0]
    for body, message in [
        ("id,name\n1,x\n", "missing columns"),
        (head + "\n1,X,Elves,Creature,1,,,,,,,no,1,no,,,,,,\n", "unknown faction"),
        (head + "\n1,X,Nakka,Creature,one,,,,,,,no,1,no,,,,,,\n", "whole number"),
        (head + "\n1,X,Nakka,Creature,1,,,,,,XL,no,1,no,,,,,,\n", "roman"),
        (head + "\n", "no cards"),
        ("\x00\x01", "binary"),
    ]:
        with pytest.raises(ValueError, match=message):
            parse_catalogue(body)


def test_formats_by_slug() -> None:
    from engines.decks import UnknownFormat, format_slugs

    assert format_slugs() == [
        "akhedena",
        "arackhan-wars",
        "heroes-of-graxia",
        "khan-of-khans",
        "kingdom-of-warlords",
    ]
    with pytest.raises(UnknownFormat, match="unknown game"):
        get_deck_format("chess")
    kok = get_deck_format("khan-of-khans")
    assert kok.validate(kok.parse("  high llama tribe \n").data).legal
    assert [v.rule for v in kok.validate(kok.parse("Elves").data).violations] == ["unknown-khan"]
    kow = get_deck_format("kingdom-of-warlords")
    army = kow.starter_decks()[0].data
    assert kow.validate(kow.parse(kow.export_text(army)).data).legal
    assert kow.validate(kow.parse("2 K\n2x Q").data).violations[0].rule == "deck-size"
    assert [v.rule for v in kow.validate(army[:-1] + ["Z"]).violations] == [
        "unknown-card",
        "army-composition",
    ]
