"""Matchup counts kept by the receiver, rebuilt after a void, read by the API and the page."""

from __future__ import annotations

import pytest
from insights_helpers import finished, starter

from insights.models import MatchupCount
from insights.store import rebuild
from matches.models import Match
from matches.signals import matches_finished
from players.models import Player

pytestmark = pytest.mark.django_db

AKW = "arackhan-wars"


@pytest.fixture
def two(db) -> list[Player]:
    return [Player.objects.create_user(f"i{i}", password="x-Strong-pass-9") for i in range(2)]


def nakka_v_blight(players, ranks, **kw) -> Match:
    decks = [starter(AKW, "lightning-strike"), starter(AKW, "blight-prebuilt")]
    return finished(AKW, players, ranks, decks, **kw)


def record(*matches: Match) -> None:
    """What the finish path does: announce the matches inside the transaction."""
    matches_finished.send(sender=Match, matches=list(matches))


def count(key: str, opponent: str, source: str = "tournament") -> MatchupCount:
    return MatchupCount.objects.get(
        game=AKW, kind="pair", key=key, opponent=opponent, source=source
    )


def test_finished_matches_add_to_the_counts_by_faction_and_source(two) -> None:
    # Known win rate: Nakka (seat 1) beats Blight in 3 of 4 tournament matches.
    record(*(nakka_v_blight(two, r) for r in ([1, 2], [1, 2], [2, 1], [1, 2])))
    nb = count("Nakka", "Blight")
    assert (nb.games, nb.wins, nb.draws) == (4, 3, 0)
    assert (count("Blight", "Nakka").wins, count("Blight", "Nakka").games) == (1, 4)
    seat = MatchupCount.objects.get(game=AKW, kind="seat", key="Seat 1")
    assert (seat.games, seat.wins) == (4, 3)
    # a friendly challenge off the ladders is not counted; a bot study is, as its own source
    record(finished(AKW, two, [1, 2], None, origin="challenge"))
    record(nakka_v_blight(two, [2, 1], origin="study"))
    assert count("Nakka", "Blight").games == 4
    assert (count("Nakka", "Blight", "study").games, count("Nakka", "Blight", "study").wins) == (
        1,
        0,
    )


def test_rebuild_after_a_void_counts_the_history_again(
    two, django_capture_on_commit_callbacks
) -> None:
    from matches.audit import void

    admin = Player.objects.create_user("boss", password="x-Strong-pass-9", is_staff=True)
    matches = [nakka_v_blight(two, r) for r in ([1, 2], [2, 1], [1, 2])]
    record(*matches)
    assert count("Nakka", "Blight").wins == 2
    with django_capture_on_commit_callbacks(execute=True):
        void(matches[0].pk, admin, "the result was entered twice")
    nb = count("Nakka", "Blight")
    assert (nb.games, nb.wins) == (2, 1)
    # the command's service gives the same from scratch, and is idempotent
    MatchupCount.objects.all().delete()
    assert rebuild(AKW) == 2 and rebuild(AKW) == 2
    assert (count("Nakka", "Blight").games, count("Nakka", "Blight").wins) == (2, 1)


def test_the_api_gives_win_rates_intervals_and_sample_sizes(client, two) -> None:
    record(*(nakka_v_blight(two, r) for r in ([1, 2], [1, 2], [2, 1], [1, 2])))
    body = client.get(f"/api/insights/matchups/{AKW}/").json()
    assert body["kind"] == "faction" and body["keys"] == ["Blight", "Nakka"]
    nb = next(c for c in body["cells"] if c["key"] == "Nakka" and c["opponent"] == "Blight")
    assert nb["games"] == 4 and nb["rate"] == pytest.approx(0.75) and nb["small"] is True
    assert 0 < nb["low"] < 0.75 < nb["high"] <= 1
    assert [s["key"] for s in body["seats"]] == ["Seat 1", "Seat 2"]
    assert client.get(f"/api/insights/matchups/{AKW}/?source=study").json()["keys"] == []
    bad = client.get(f"/api/insights/matchups/{AKW}/?source=friendly")
    assert bad.status_code == 400 and "source" in bad.json()["error"]["fields"]
    assert client.get("/api/insights/matchups/chess/").status_code == 404


def test_the_page_shows_the_heat_map_by_name(client, two) -> None:
    record(*(nakka_v_blight(two, [1, 2]) for _ in range(25)))
    page = client.get(f"/insights/matchups/{AKW}/").content.decode()
    assert "Matchups: AracKhan Wars" in page and "vs Nakka" in page and "By faction" in page
    assert "heat-9" in page  # Nakka won all 25 against Blight
    matrix = page.split('data-testid="matchup-matrix"')[1].split("By turn order")[0]
    assert "25 games" in matrix and "too few" not in matrix
    # Seat positions in words: the order of play, never "Seat 1".
    seats = page.split('data-testid="seat-table"')[1].split("</table>")[0]
    assert "1st to play" in seats and "2nd to play" in seats and "Seat" not in seats
    empty = client.get("/insights/matchups/khan-of-khans/").content.decode()
    assert "No finished matches of Khan of Khans counted yet." in empty


def test_named_decks_have_a_matrix_of_their_own(client, two) -> None:
    record(*(nakka_v_blight(two, r) for r in ([1, 2], [2, 1], [1, 2])))
    record(finished("khan-of-khans", two, [1, 2], ["morokanth", "sable-nation"]))
    by_deck = client.get(f"/api/insights/matchups/{AKW}/?by=deck").json()
    assert by_deck["kind"] == "deck"
    assert by_deck["keys"] == ["Blight pre-built deck", "Lightning Strike"]
    ls = next(c for c in by_deck["cells"] if c["key"] == "Lightning Strike")
    assert (ls["games"], ls["wins"]) == (3, 2)
    # a Khan is the deck itself: no second matrix
    assert not MatchupCount.objects.filter(game="khan-of-khans", kind="deck").exists()
    page = client.get(f"/insights/matchups/{AKW}/?by=deck").content.decode()
    assert "vs Lightning Strike" in page and "By deck" in page
    bad = client.get(f"/api/insights/matchups/{AKW}/?by=colour")
    assert bad.status_code == 400 and "by" in bad.json()["error"]["fields"]
