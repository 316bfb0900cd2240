"""The starter catalogue: the platform's own, versioned data, loadable and replaceable from a
file (``manage.py load_catalogue akhedena FILE``) like the other games' catalogues."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from engines.akhedena.catalogue import DATA_DIR, Catalogue, parse_catalogue, shipped_catalogue
from engines.akhedena.format import validate
from engines.decks import CatalogueError
from tests.engines.akhedena.akh_helpers import army

V1 = (DATA_DIR / "cards-v1.csv").read_text()


def test_the_shipped_catalogue_is_versioned_and_marked_as_the_platforms_own() -> None:
    """No Akhedena card values are published: the starter set says, card by card, that it is
    the platform's design (``origin=platform``)."""
    cat = shipped_catalogue()
    assert cat.version == "v1" and cat.source == "engines/akhedena/data/cards-v1.csv"
    assert len(cat) == 32 and cat.platform_own
    assert all(row["origin"] == "platform" for row in cat.rows())
    kinds = {c.kind for c in cat.cards.values()}
    assert kinds == {"hero", "castle", "commander", "army"}
    mains = {(c.kind, c.main_type) for c in cat.cards.values() if c.kind in ("commander", "army")}
    assert mains == {
        (k, t) for k in ("commander", "army") for t in ("Infantry", "Cavalry", "Ranged")
    }
    lancers = cat.named("lancers")[0]
    assert (lancers.card_type, lancers.weapon, lancers.attack, lancers.defence) == (
        "Cavalry Army",
        "Spear",
        5,
        2,
    )
    assert lancers.label == "Lancers (Cavalry Army, Spear 5/2)"


def test_rows_carry_the_platform_columns_and_read_back() -> None:
    cat = shipped_catalogue()
    rows = cat.rows()
    needed = {
        "id",
        "name",
        "faction",
        "kind",
        "card_type",
        "value",
        "deck_building_value",
        "budget_value",
        "attack",
        "defense",
        "attributes",
        "family",
        "individual_limit",
        "legendary",
        "banned",
        "max_copies",
        "alt_ids",
    }
    assert needed <= set(rows[0])
    again = Catalogue.from_rows(rows, version="v1")
    assert again.cards == cat.cards


def test_a_new_catalogue_file_replaces_the_cards() -> None:
    """A catalogue is data: a file with other numbers (errata, a real card list) gives another
    version, and army lists are checked against the version in force."""
    stronger = V1.replace(
        "121,Lancers,Army,Cavalry,Spear,5,2,4", "121,Lancers,Army,Cavalry,Spear,6,2,1"
    )
    cat = parse_catalogue(stronger, version="v2", source="errata.csv")
    assert cat.named("Lancers")[0].attack == 6 and cat.version == "v2"
    report = validate(army(), cat)  # the starter list holds three Lancers
    assert [v.rule for v in report.violations] == ["copies"]
    assert "Lancers: at most 1" in report.violations[0].message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("id,name\n1,x\n", "missing columns: kind, main_type, weapon, attack, defence"),
        (
            V1.replace(
                "101,Swordsmen,Army,Infantry,Sword,4,3", "101,Swordsmen,Army,Infantry,Sword,four,3"
            ),
            "line 18: column 'attack' is not a whole number",
        ),
        (
            V1.replace("101,Swordsmen,Army,Infantry", "101,Swordsmen,Army,Elephants"),
            "line 18: Swordsmen: an Army card needs a main type",
        ),
        (
            V1.replace("1,Dawn Warlord,Hero,,", "1,Dawn Warlord,Hero,Infantry,"),
            "line 2: Dawn Warlord: a Hero card has no main type",
        ),
        (V1.replace("102,Shield Wall", "102,Swordsmen"), "two cards are named 'Swordsmen'"),
        (V1.replace("102,Shield Wall", "101,Shield Wall"), "card id 101 appears twice"),
        ("\n".join(line for line in V1.splitlines() if ",Castle," not in line), "no castle card"),
        ("\x00\x01", "binary"),
    ],
)
def test_a_bad_catalogue_file_names_its_problem(text: str, message: str) -> None:
    with pytest.raises(CatalogueError, match=message.replace("(", r"\(")):
        parse_catalogue(text)


@pytest.mark.django_db
def test_manage_py_load_catalogue_akhedena_loads_the_shipped_and_a_new_file(tmp_path: Path) -> None:
    from decks import services
    from decks.models import Card, CatalogueVersion
    from players.models import Player

    out = StringIO()
    call_command("load_catalogue", "akhedena", stdout=out)
    assert "loaded akhedena v1" in out.getvalue() and "32 cards" in out.getvalue()
    owner = Player.objects.create_user("ana", "ana@example.org", "a-Long-enough-pass-42")
    deck = services.create_deck(owner, "akhedena", "Mine", data=army())
    assert services.current_version(deck).legal
    path = tmp_path / "cards-v2.csv"
    path.write_text(
        V1.replace(
            "121,Lancers,Army,Cavalry,Spear,5,2,4,no", "121,Lancers,Army,Cavalry,Spear,5,2,4,yes"
        )
    )
    call_command("load_catalogue", "akhedena", str(path), "--no-recheck", stdout=out)
    assert CatalogueVersion.objects.filter(game="akhedena").count() == 2
    assert Card.objects.filter(catalogue__game="akhedena", name="Lancers", banned=True).count() == 1
    report, _, version = services.validate_deck("akhedena", data=army())
    assert version.label == "v2" and [v.rule for v in report.violations] == ["banned-card"]
    bad = tmp_path / "bad.csv"
    bad.write_text("id,name\n1,x\n")
    with pytest.raises(CommandError, match="missing columns"):
        call_command("load_catalogue", "akhedena", str(bad))
