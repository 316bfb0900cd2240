"""The starter catalogue: every field of the card diagram, the effect vocabulary, the notice
that the numbers are the platform's own, and loading a replacement file."""

from __future__ import annotations

import csv
import io
from collections import Counter

import pytest

from engines.heroes_of_graxia import HeroesOfGraxia
from engines.heroes_of_graxia.catalogue import (
    DATA_DIR,
    NOTICE,
    Catalogue,
    CatalogueError,
    parse_catalogue,
    shipped_catalogue,
)
from engines.heroes_of_graxia.effects import EffectError, parse_effects

STARTING = [
    "Wulffin's Raiders",
    "Gorthox Shieldbreaker",
    "Alesana",
    "Staff of Dark Mending",
    "Bone Sword",
    "Armor of the Forest",
    "Aura of Balance",
    "Aura of Riches",
    "Fervent",
    "Innervate",
    "Chain Lightning",
    "Double Strike",
]
HEROES = ["Shadd", "Flist", "Broxin", "Oshnuk", "Draknal", "Sype"]
V1 = (DATA_DIR / "cards-v1.csv").read_text(encoding="utf-8")


def test_the_box_holds_about_240_cards_of_every_classification() -> None:
    cat = shipped_catalogue()
    by_class = Counter()
    for card in cat.cards.values():
        by_class[card.classification] += card.copies
    assert cat.box_size == 240
    assert set(by_class) == {"Equipment", "Spell", "Unit", "Hero", "Monster", "Wound", "Prestige"}
    assert by_class["Monster"] >= 20 and by_class["Hero"] == 6


def test_the_rulebook_names_its_twelve_starting_cards_and_six_heroes() -> None:
    """ "Each Player's Starting Deck: (1) Wulffin's Raiders ... (1) Double Strike"; "six Heroes
    Cards in the game; Shadd, Flist, Broxin, Oshnuk, Draknal, and Sype"."""
    cat = shipped_catalogue()
    assert [c.name for c in cat.starting_deck] == STARTING
    assert all(c.copies == 6 for c in cat.starting_deck)
    assert [h.name for h in cat.heroes] == HEROES
    assert cat.named("Alesana").type == "Henchman"


def test_every_card_has_the_fields_of_the_card_diagram() -> None:
    """Cost, Sell Value, Health, Specials, Defense, Attack, Trophy Value, Deck Type Symbol,
    Classification - Type - Race and the Starting Deck Banner."""
    for card in shipped_catalogue().cards.values():
        row = card.to_row()
        for field in ("cost", "sell", "health", "attack", "defense", "trophy", "specials"):
            assert field in row
        assert row["deck"] in ("Equipment", "Spell", "Unit", "Monster", "")
        assert isinstance(row["banner"], bool)
        if card.classification in ("Unit", "Hero"):
            assert card.health >= 1 and card.type in ("Mercenary", "Army", "Henchman", "")
        if card.classification in ("Equipment", "Spell", "Unit"):
            assert card.cost is not None and card.cost >= 1
        if card.classification == "Spell":
            assert card.text and card.timing in ("combat", "out", "any")


def test_monsters_have_attack_health_reward_and_trophy_value() -> None:
    monsters = [c for c in shipped_catalogue().cards.values() if c.classification == "Monster"]
    assert len(monsters) >= 20
    for m in monsters:
        assert m.attack >= 1 and m.health >= 1 and m.trophy >= 1 and m.reward
        assert m.text.startswith("Reward: ")


def test_the_data_the_rows_and_each_card_say_the_numbers_are_the_platforms_own() -> None:
    head = V1.splitlines()[:4]
    assert any("NOT the publisher's" in line for line in head)
    assert "not the publisher's" in NOTICE
    cat = shipped_catalogue()
    assert cat.notice == NOTICE
    assert all(row["origin"] == NOTICE for row in cat.rows())
    assert "not the publisher's" in (DATA_DIR / "SOURCE.md").read_text()


def test_specials_text_comes_from_the_effect_vocabulary() -> None:
    cat = shipped_catalogue()
    assert cat.named("Alesana").text == "Gives 1 Gold each turn."
    assert cat.named("Double Strike").text.startswith("Double the listed Attack")
    assert "Combat only" in cat.named("Fervent").text
    assert cat.named("Cave Troll").text == "Reward: 3 Gold to buy cards this turn."
    assert cat.named("Orc Warband").text == "+1 Attack for each other Orc Unit in your Legion."


def test_rows_round_trip_through_the_database_form() -> None:
    cat = shipped_catalogue()
    again = Catalogue.from_rows(cat.rows(), version="v1")
    assert again.rows() == cat.rows()
    row = cat.named("Bone Sword").to_row()
    # the platform's card browser fields
    assert row["faction"] == "Equipment" and row["card_type"] == "Equipment - Weapon"
    assert row["value"] == 2 and row["max_copies"] == 6 and row["kind"] == "equipment"


def _edit(card_id: int, column: str, value: str) -> tuple[str, int]:
    """The shipped file with one cell changed, and the line of that row."""
    lines = V1.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("id,"))
    columns = lines[header].split(",")
    for i, line in enumerate(lines):
        if line.startswith(f"{card_id},"):
            cells = next(csv.reader([line]))
            cells[columns.index(column)] = value
            out = io.StringIO()
            csv.writer(out, lineterminator="").writerow(cells)
            lines[i] = out.getvalue()
            return "\n".join(lines) + "\n", i + 1
    raise AssertionError(card_id)


@pytest.mark.parametrize(
    ("card_id", "column", "value", "message"),
    [
        (105, "type", "Sword", "type is one of Aura, Armor, Weapon"),
        (103, "specials", "gold:one", "the number must be 1 to 30"),
        (112, "specials", "double_strike", "unknown spell effect 'double_strike'"),
        (307, "trophy", "", "a Monster needs a trophy value"),
        (102, "copies", "4", "needs 6 copies"),
        (201, "deck", "Unit", "a Hero card belongs to no deck"),
        (601, "cost", "x", "column 'cost' is not a whole number"),
        (307, "reward", "treasure:3", "unknown reward effect 'treasure'"),
        (411, "specials", "attack:2", "unknown passive effect 'attack'"),
    ],
)
def test_a_bad_catalogue_row_names_its_line_and_problem(
    card_id: int, column: str, value: str, message: str
) -> None:
    text, line = _edit(card_id, column, value)
    with pytest.raises(CatalogueError, match=message) as info:
        parse_catalogue(text)
    assert info.value.line == line


def test_a_catalogue_needs_six_heroes_and_twenty_monsters() -> None:
    no_sype = "\n".join(line for line in V1.splitlines() if not line.startswith("206,"))
    with pytest.raises(CatalogueError, match="needs 6 Heroes"):
        parse_catalogue(no_sype)
    few = "\n".join(
        line
        for line in V1.splitlines()
        if not line.startswith(("323,", "324,", "322,", "321,", "320,"))
    )
    with pytest.raises(CatalogueError, match="needs 20 Monster cards"):
        parse_catalogue(few)
    with pytest.raises(CatalogueError, match="missing columns: reward"):
        parse_catalogue(V1.replace(",reward,", ",rewards,"))


def test_a_replacement_catalogue_loads_and_the_engine_deals_from_it() -> None:
    """``load_catalogue heroes-of-graxia FILE`` reads a file like this one; an engine made with
    the catalogue deals its cards."""
    text = V1.replace(
        "105,Bone Sword,6,yes,Equipment,Equipment,Weapon,,2,1,,2,",
        "105,Bone Sword,6,yes,Equipment,Equipment,Weapon,,2,1,,5,",
    )
    cat = parse_catalogue(text, version="v2", source="v2.csv")
    assert cat.named("Bone Sword").attack == 5 and cat.version == "v2"
    game = HeroesOfGraxia(cat)
    st = game.new_game(1, 2)
    sword = game.tables.uid_of["bone-sword#1"]
    assert game.tables.ATK[sword] == 5
    assert "bone-sword#1" in game.zones(st)["deck:0"] + game.zones(st)["hand:0"]


def test_effect_cells_are_checked() -> None:
    assert [e.to_text() for e in parse_effects("ally:Orc:1;gold:2", "passive")] == [
        "ally:Orc:1",
        "gold:2",
    ]
    with pytest.raises(EffectError, match="targets at most one Unit"):
        parse_effects("wound:1;heal:2", "spell")
    with pytest.raises(EffectError, match="cannot all be cast at the same time"):
        parse_effects("attack:1;draw:1", "spell")
    with pytest.raises(EffectError, match="takes 1 argument"):
        parse_effects("gold", "reward")
