"""Drops, late entries and byes on the pure pairing code (issue #18, item 2): one test per rule."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tournaments.pairing import Entrant, Pairing, Result, SwissConfig, pair_swiss, standings


def play(pairing: Pairing, rnd: int) -> Result:
    """The higher-ranked player wins 2-0 (byes are byes): a fixed, readable event."""
    if pairing.bye:
        return Result(rnd, pairing.players, bye=True)
    return Result(rnd, pairing.players, wins=(2, 0))


def run(entrants: list[Entrant], rounds: range, results: list[Result], seed: int = 3) -> None:
    for rnd in rounds:
        results += [play(p, rnd) for p in pair_swiss(entrants, results, rnd, seed)]


def seated(pairings: list[Pairing]) -> set[int]:
    return {p for t in pairings for p in t.players}


def test_a_late_entry_is_not_paired_before_its_first_round_and_is_from_it() -> None:
    entrants = [Entrant(i) for i in range(6)] + [Entrant(6, joined_round=3)]
    results: list[Result] = []
    run(entrants, range(1, 3), results)
    assert 6 not in {p for r in results for p in r.players}
    assert 6 in seated(pair_swiss(entrants, results, 3, seed=3))


def test_missed_rounds_count_as_losses_with_no_opponent() -> None:
    entrants = [Entrant(i) for i in range(6)] + [Entrant(6, joined_round=3)]
    results: list[Result] = []
    run(entrants, range(1, 3), results)
    row = {s.player: s for s in standings(entrants, results)}[6]
    assert (row.wins, row.losses, row.draws, row.byes) == (0, 2, 0, 0)
    assert row.match_points == 0 and row.opponents == ()
    assert row.mwp == pytest.approx(1 / 3)  # 0 of 2 matches, floored


def test_a_late_entry_changes_nobody_elses_standing_or_tiebreakers() -> None:
    early = [Entrant(i) for i in range(6)]
    results: list[Result] = []
    run(early, range(1, 3), results)
    before = {s.player: s for s in standings(early, results)}
    after = {s.player: s for s in standings([*early, Entrant(6, joined_round=3)], results)}
    for pid, row in before.items():
        assert after[pid] == row  # same points, figures and rank


def test_the_configured_late_entry_score_gives_a_draw_per_missed_round() -> None:
    config = SwissConfig(late_entry="draw")
    entrants = [Entrant(i) for i in range(8)] + [Entrant(8, joined_round=2)]
    results: list[Result] = []
    for p in pair_swiss(entrants, results, 1, seed=1, config=config):
        results.append(play(p, 1))
    row = {s.player: s for s in standings(entrants, results, config)}[8]
    assert (row.draws, row.match_points) == (1, config.draw)
    assert 8 in seated(pair_swiss(entrants, results, 2, seed=1, config=config))


def test_unknown_late_entry_score_is_refused() -> None:
    with pytest.raises(ValueError, match="late_entry"):
        standings([Entrant(1)], [], SwissConfig(late_entry="win"))


def test_a_dropped_player_is_never_paired_again_and_stays_in_tiebreakers() -> None:
    entrants = [Entrant(i) for i in range(8)]
    results: list[Result] = []
    run(entrants, range(1, 2), results)
    entrants[0] = Entrant(0, dropped_after=1)
    for rnd in (2, 3):
        pairings = pair_swiss(entrants, results, rnd, seed=3)
        assert 0 not in seated(pairings)
        results += [play(p, rnd) for p in pairings]
    opponent = next(r.players[1] for r in results if r.round == 1 and r.players[0] == 0)
    row = {s.player: s for s in standings(entrants, results)}[opponent]
    assert 0 in row.opponents


def test_drop_and_re_enter_never_earns_a_second_bye() -> None:
    # 0 had the round-1 bye, dropped after round 1 and re-enters for round 3: everyone has 3
    # points and 0 (no opponent: the floor) ranks last of an odd field, yet the bye goes elsewhere.
    results = [
        Result(1, (0,), bye=True),
        Result(1, (1, 2), wins=(2, 0)),
        Result(1, (3, 4), wins=(2, 0)),
        Result(2, (1, 4), wins=(0, 2)),
        Result(2, (2, 3), wins=(2, 0)),
    ]
    entrants = [Entrant(i) for i in range(5)]  # 0 back in: the same entrant, its bye kept
    rows = standings(entrants, results)
    assert rows[-1].player == 0 and rows[-1].byes == 1
    bye = next(t for t in pair_swiss(entrants, results, 3, seed=3) if t.bye)
    assert bye.players != (0,) and "without a bye" in bye.why


def test_late_entries_and_drops_never_break_later_rounds() -> None:
    """Random events with late entries and drops: every round seats each active player once,
    nobody inactive, at most one bye each, and the standings still compute."""
    for seed in range(40):
        rng = random.Random(seed)
        entrants = [Entrant(i, joined_round=rng.choice([1, 1, 1, 2, 3])) for i in range(12)]
        results: list[Result] = []
        for rnd in range(1, 5):
            pairings = pair_swiss(entrants, results, rnd, seed)
            active = {e.id for e in entrants if e.active_in(rnd)}
            seats = [p for t in pairings for p in t.players]
            assert sorted(seats) == sorted(active), (seed, rnd)
            results += [play(p, rnd) for p in pairings]
            byes = Counter(r.players[0] for r in results if r.bye)
            assert max(byes.values(), default=0) <= 1, (seed, rnd)
            rows = standings(entrants, results)  # tiebreakers still compute
            assert len(rows) == len(entrants)
            entrants = [
                Entrant(e.id, dropped_after=rnd, joined_round=e.joined_round)
                if e.active_in(rnd) and rng.random() < 0.08
                else e
                for e in entrants
            ]
