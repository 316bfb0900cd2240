"""A new catalogue version re-checks every registered deck and tells owners what changed."""

from __future__ import annotations

import datetime as dt
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from decks import recheck, services
from decks.models import CatalogueVersion, Deck, DeckRecheck, DeckVersion, RecheckRun
from engines.arackhan_wars.catalogue import DATA_DIR

pytestmark = pytest.mark.django_db


@pytest.fixture
def load(django_capture_on_commit_callbacks):
    """services.load_catalogue, running what it queues on commit (the re-check) at once."""

    def run(*args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return services.load_catalogue("arackhan-wars", *args, **kwargs)

    return run


V1 = (DATA_DIR / "cards-v1.csv").read_text()


def errata(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A catalogue file like v1 with one row changed."""
    assert old in V1
    path = tmp_path / name
    path.write_text(V1.replace(old, new))
    return path


# Phalanx worth 3 -> 4: a deck with 3 Phalanx at 125 goes to 128; one at 122 stays legal.
PHALANX_V1 = "1113,Phalanx,Grey Order,Creature,3,,"
PHALANX_V2 = "1113,Phalanx,Grey Order,Creature,3,4,"


def make_deck(owner, name: str, text: str) -> Deck:
    return services.create_deck(owner, "arackhan-wars", name, text=text)


def test_load_catalogue_command_loads_the_shipped_version_once(db) -> None:
    out = StringIO()
    call_command("load_catalogue", "arackhan-wars", stdout=out)
    assert "loaded arackhan-wars v1" in out.getvalue() and "144 cards" in out.getvalue()
    call_command("load_catalogue", "arackhan-wars", stdout=out)
    assert "unchanged" in out.getvalue()
    assert CatalogueVersion.objects.filter(game="arackhan-wars").count() == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "unknown game"),
        (["arackhan-wars", "/nonexistent.csv"], "cannot read"),
        (["khan-of-khans"], "no card catalogue"),
        (["arackhan-wars", "--effective-from", "someday"], "YYYY-MM-DD"),
    ],
)
def test_load_catalogue_command_errors(db, args, message) -> None:
    with pytest.raises(CommandError, match=message):
        call_command("load_catalogue", *args)
    assert not CatalogueVersion.objects.exclude(game="arackhan-wars").exists()


def test_a_broken_catalogue_file_loads_nothing(db, tmp_path: Path) -> None:
    services.ensure_catalogue("arackhan-wars")
    bad = errata(tmp_path, "bad.csv", PHALANX_V1, "1113,Phalanx,Grey Order,Creature,three,,")
    line = V1.splitlines().index(next(x for x in V1.splitlines() if x.startswith("1113,"))) + 1
    with pytest.raises(CommandError, match=f"line {line}: column 'value'"):
        call_command("load_catalogue", "arackhan-wars", str(bad))
    binary = tmp_path / "bin.csv"
    binary.write_bytes(b"\x00\xff" * 100)
    with pytest.raises(CommandError):
        call_command("load_catalogue", "arackhan-wars", str(binary))
    assert CatalogueVersion.objects.count() == 1


def test_raising_a_value_flags_exactly_the_decks_now_over_budget(
    alice, bob, tmp_path: Path, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    sent = []
    monkeypatch.setattr(
        "players.notifications.notify", lambda pid, kind, payload: sent.append((pid, kind, payload))
    )
    full = make_deck(alice, "Full", "3 Phalanx\n4 Titan\n12 Infantryman\n4 Senior Mercenary\n")
    spare = make_deck(alice, "Spare", "3 Phalanx\n4 Titan\n15 Infantryman\n1 Senior Mercenary\n")
    none = make_deck(bob, "No Phalanx", "23 Drunk Knight")
    bobs = make_deck(bob, "Bob full", "6 Phalanx\n4 Titan\n9 Infantryman\n4 Senior Mercenary\n")
    draft = make_deck(bob, "Draft", "2 Phalanx")  # illegal already (size) and stays so
    totals = {d.name: services.current_version(d).total_value for d in (full, spare, bobs)}
    assert totals == {"Full": 125, "Spare": 122, "Bob full": 125}
    assert all(services.current_version(d).legal for d in (full, spare, none, bobs))

    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command(
            "load_catalogue",
            "arackhan-wars",
            str(errata(tmp_path, "cards-v2.csv", PHALANX_V1, PHALANX_V2)),
            stdout=out,
        )
    assert "loaded arackhan-wars v2" in out.getvalue()

    flagged = {r.version.deck.name for r in DeckRecheck.objects.filter(was_legal=True, legal=False)}
    assert flagged == {"Full", "Bob full"}
    for deck, total in [(full, 128), (bobs, 131)]:
        version = services.current_version(deck)
        assert not version.legal and version.catalogue.label == "v2"
        assert [v["rule"] for v in version.violations] == ["point-budget"]
        assert version.total_value == total
    assert (
        services.current_version(spare).legal and services.current_version(spare).total_value == 125
    )
    assert services.current_version(none).catalogue.label == "v2"
    draft_version = services.current_version(draft)
    assert [v["rule"] for v in draft_version.violations] == ["deck-size"]
    assert draft_version.total_value == 8  # re-valued: changed, so recorded
    run = RecheckRun.objects.get()
    assert (run.checked, run.now_illegal, run.now_legal) == (5, 2, 0)
    assert run.finished is not None

    # owners were told, and see why in the API
    assert {(pid, kind) for pid, kind, _ in sent} == {
        (alice.pk, "deck-recheck"),
        (bob.pk, "deck-recheck"),
    }
    alice_note = next(p for pid, _, p in sent if pid == alice.pk)
    assert alice_note["now_illegal"] == 1 and alice_note["catalogue"] == "v2"
    from tests.decks.conftest import client_for

    mine = client_for(alice).get("/api/deck-rechecks/").json()["results"]
    assert [(r["deck_name"], r["was_legal"], r["legal"]) for r in mine] == [("Full", True, False)]
    assert "128 points" in mine[0]["violations"][0]["message"]
    deck_view = client_for(alice).get(f"/api/decks/{full.pk}/").json()
    assert deck_view["current"]["legal"] is False
    assert deck_view["rechecks"][0]["catalogue"] == "v2"


def test_locked_versions_are_rechecked_and_tournaments_use_the_version_in_force(
    alice, tmp_path: Path, load
) -> None:
    deck = make_deck(alice, "Full", "3 Phalanx\n4 Titan\n12 Infantryman\n4 Senior Mercenary\n")
    locked = services.current_version(deck)
    services.lock_version(locked, "tournament:1")
    services.edit_deck(deck, text="23 Drunk Knight")  # the locked one is no longer current
    load(
        errata(tmp_path, "cards-v2.csv", PHALANX_V1, PHALANX_V2),
        effective_from=dt.date(2030, 1, 1),
    )
    locked.refresh_from_db()
    assert not locked.legal and locked.catalogue.label == "v2"
    # a tournament dated before v2 takes effect still checks against v1
    assert services.playable_data(locked, on=dt.date(2029, 12, 31)) == locked.data
    with pytest.raises(services.DeckNotPlayable, match="v2"):
        services.playable_data(locked, on=dt.date(2030, 1, 1))


def test_a_banned_card_makes_decks_illegal_and_unbanning_restores_them(
    alice, tmp_path: Path, load
) -> None:
    with_seneschal = make_deck(alice, "S", "1 The Seneschal\n22 Drunk Knight")
    without = make_deck(alice, "K", "23 Drunk Knight")
    banned_text = V1.replace("alt_versions\n", "alt_versions,banned\n", 1).replace(
        "TheSeneschalFullArt(1121)\n", "TheSeneschalFullArt(1121),yes\n"
    )
    path = tmp_path / "cards-v2.csv"
    path.write_text(banned_text)
    load(path)
    assert [v["rule"] for v in services.current_version(with_seneschal).violations] == [
        "banned-card"
    ]
    assert services.current_version(without).legal
    load(DATA_DIR / "cards-v1.csv")  # v3 = v1 again
    assert services.current_version(with_seneschal).legal
    results = DeckRecheck.objects.filter(version__deck=with_seneschal).order_by("pk")
    assert [(r.was_legal, r.legal, r.catalogue.label) for r in results] == [
        (True, False, "v2"),
        (False, True, "v3"),
    ]


def test_rechecking_twice_changes_nothing_more(alice, tmp_path: Path, load) -> None:
    make_deck(alice, "Full", "3 Phalanx\n4 Titan\n12 Infantryman\n4 Senior Mercenary\n")
    version, _ = load(errata(tmp_path, "v2.csv", PHALANX_V1, PHALANX_V2))
    assert DeckRecheck.objects.count() == 1
    run = recheck.recheck_all(version)
    assert (run.checked, run.changed) == (1, 0)
    assert DeckRecheck.objects.count() == 1


def test_rechecks_run_in_batches(alice, tmp_path: Path, load) -> None:
    for i in range(7):
        make_deck(alice, f"D{i}", "3 Phalanx\n4 Titan\n12 Infantryman\n4 Senior Mercenary\n")
    version, _ = load(errata(tmp_path, "v2.csv", PHALANX_V1, PHALANX_V2), recheck=False)
    run, last = recheck.recheck_batch(version, 0, None, batch=3, notify_owners=False)
    assert run.checked == 3 and DeckVersion.objects.filter(legal=False).count() == 3
    run = recheck.recheck_all(version, batch=3, notify_owners=False)
    assert DeckVersion.objects.filter(legal=False).count() == 7
    assert not DeckVersion.objects.filter(legal=True).exists()


def test_an_older_version_recheck_stops_when_a_newer_one_exists(
    alice, tmp_path: Path, load
) -> None:
    make_deck(alice, "Full", "3 Phalanx\n4 Titan\n12 Infantryman\n4 Senior Mercenary\n")
    v2, _ = load(errata(tmp_path, "v2.csv", PHALANX_V1, PHALANX_V2), recheck=False)
    load(DATA_DIR / "cards-v1.csv", recheck=False)
    run = recheck.recheck_all(v2)
    assert run.superseded and run.checked == 0
