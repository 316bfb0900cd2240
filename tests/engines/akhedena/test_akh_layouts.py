"""The three- and four-player layouts of 1.2.0 (docs/rules/akhedena.md, "Layouts", readings 4
and 5): what the first move of any seat can attack, computed from the engine's legal actions;
every seat's position a rotation or reflection of every other's; and why no three-player
layout that follows the text keeps every piece out of reach."""

from __future__ import annotations

import itertools

import pytest

from engines.akhedena import GAME
from engines.akhedena import board as B
from engines.akhedena.state import EMPTY, State
from tests.engines.akhedena.akh_helpers import at, game

OLD = GAME.at_version("1.1.0")


def first_move_attacks(st: State) -> list[str]:
    """Every first action of any seat (each as if it were to act first) that attacks a
    piece, melee or shot: ``"seat 0: move m1 l1 m2"``."""
    found = []
    for seat in range(st.n):
        trial = st.copy()
        trial.to_act, trial.cache = seat, None
        for action in GAME.at_version(st.rules.version).legal_actions(trial, seat):
            parts = [x for x in action.split() if x != "crown"]
            target = parts[3] if parts[0] == "move" and len(parts) == 4 else None
            target = parts[2] if parts[0] == "shoot" else target
            if target is not None:
                assert at(trial, target) is not None
                found.append(f"seat {seat}: {action}")
    return found


def relaid(st: State, squares: list[list[int]]) -> State:
    """A copy of ``st`` with every seat's pieces on ``squares`` (PIECE_SLOTS order)."""
    out = st.copy()
    out.board = [EMPTY if p >= 0 else p for p in out.board]
    for seat, row in enumerate(squares):
        for k, sq in enumerate(row):
            p = seat * B.PIECES_PER_SEAT + k
            out.pos[p] = sq
            out.board[sq] = p
    out.cache = None
    return out


def _symmetries() -> list[object]:
    last = B.SIZE - 1

    def make(k: int, flip: bool):  # noqa: ANN202
        def g(sq: int) -> int:
            f, r = sq % B.SIZE, sq // B.SIZE
            if flip:
                f = last - f
            for _ in range(k):
                f, r = last - r, f
            return r * B.SIZE + f

        return g

    return [make(k, flip) for k in range(4) for flip in (False, True)]


def position(squares: list[int]) -> set[tuple[int, int]]:
    return {(k, sq) for k, sq in enumerate(squares)}


@pytest.mark.parametrize("n", [3, 4])
def test_every_seats_position_is_a_rotation_or_reflection_of_every_others(n: int) -> None:
    """Issue 31: each seat's pieces, slot by slot (so with the same cards in mirror games),
    are the image of every other seat's under one of the board's eight rotations and
    reflections: with four players a quarter turn from one seat to the next; with three South
    and East a quarter turn apart, North the reflection of South in the board's middle row."""
    rows = B.start_squares(n)
    for a, b in itertools.permutations(range(n), 2):
        images = [{(k, g(sq)) for k, sq in position(rows[a])} for g in _symmetries()]
        assert position(rows[b]) in images, (a, b)
    assert {k for k, _ in position(rows[0])} == set(range(7))


def test_with_three_players_first_moves_reach_only_cavalry_and_archers_and_each_other() -> None:
    """1.2.0, three players (no layout reaches nothing: the next test): a first move can reach
    no Hero, Castle or Infantry; what it can reach is a Cavalry or an Archer that can strike
    back first as well — South's and North's Cavalry face each other along the files a and j,
    South's Archer and East's corner Cavalry each other at m1 (1.1.0's contacts: South's and
    East's Cavalry at m1 and m3, each Archer by the Cavalry across the board)."""
    attacks = first_move_attacks(game(n=3))
    pairs = set()
    for line in attacks:
        action = line.split(": ")[1].split()
        attacker, target = (
            (action[1], action[2]) if action[0] == "shoot" else (action[1], action[3])
        )
        pairs.add((at(game(n=3), attacker), at(game(n=3), target)))
    kinds = {p.split(":")[1].split("-")[0] for pair in pairs for p in pair}
    assert kinds == {"cavalry", "archer"}
    assert all((b, a) in pairs for a, b in pairs), "every contact is mutual"
    assert pairs == {
        ("0:cavalry-left", "1:cavalry-left"),
        ("1:cavalry-left", "0:cavalry-left"),
        ("0:cavalry-right", "1:cavalry-right"),
        ("1:cavalry-right", "0:cavalry-right"),
        ("0:archer", "2:cavalry-left"),
        ("2:cavalry-left", "0:archer"),
    }
    old = OLD.new_game(0, 3)
    assert any(
        a.startswith("seat 0: move m1") and a.endswith("m3") for a in first_move_attacks(old)
    )


def test_with_four_players_no_piece_can_be_attacked_on_the_first_move() -> None:
    """1.2.0: whichever seat moved first, no move or shot of its reaches any piece (1.1.0's
    Cavalry could reach a neighbour's corner Cavalry and the Archer across the board)."""
    assert first_move_attacks(game(n=4)) == []
    assert any("k1 k12 k13" in a for a in first_move_attacks(OLD.new_game(0, 4)))


@pytest.mark.parametrize("n", [3, 4])
def test_three_and_four_player_layouts_follow_the_text(n: int) -> None:
    """ "Castle ... in the middle", "Infantry one square left and right of the center square in
    the last row", "Hero and Archer two squares apart ... on the last row", "Cavalry in
    opposite corners": every piece on its seat's last row, one Cavalry of each seat in a
    corner (neighbouring seats share corners, so no seat can have two)."""
    sides = B.sides(n)
    for seat, squares in enumerate(B.start_squares(n)):
        own = [_own_terms(sides[seat], sq) for sq in squares]
        assert all(y == 0 for _, y in own), seat
        xs = [x for x, _ in own]
        assert xs[B.CASTLE] == 6 and {xs[B.INFANTRY_LEFT], xs[B.INFANTRY_RIGHT]} == {5, 7}
        assert abs(xs[B.HERO] - xs[B.ARCHER]) == 2
        corners = [k for k in (B.CAVALRY_LEFT, B.CAVALRY_RIGHT) if xs[k] in (0, B.SIZE - 1)]
        assert len(corners) == 1, seat
    squares = [sq for row in B.start_squares(n) for sq in row]
    assert len(set(squares)) == 7 * n and B.CENTRE not in squares


def _own_terms(side: str, sq: int) -> tuple[int, int]:
    return next((x, y) for x in range(13) for y in range(13) if B.to_board(side, x, y) == sq)


def text_layouts(n: int):  # noqa: ANN201 - yields (row, flips, squares)
    """Every layout on the last row that follows the text (Castle in the middle, Infantry
    beside it, Hero and Archer two apart, the Cavalry on any two squares left), with every
    seat's row the same as seat 0's or its mirror (slot for slot)."""
    sides = B.sides(n)
    free = [x for x in range(B.SIZE) if x not in (5, 6, 7)]
    for hero, archer in itertools.permutations(free, 2):
        if abs(hero - archer) != 2:
            continue
        rest = [x for x in free if x not in (hero, archer)]
        for left, right in itertools.combinations(rest, 2):
            row = (hero, 6, archer, 5, 7, left, right)
            mirror = tuple(B.SIZE - 1 - x for x in row)
            for flips in itertools.product((False, True), repeat=n - 1):
                rows = [row] + [mirror if f else row for f in flips]
                squares = [
                    [B.to_board(side, x, 0) for x in xs]
                    for side, xs in zip(sides, rows, strict=True)
                ]
                if len({sq for r in squares for sq in r}) == 7 * n:
                    yield row, flips, squares


def test_no_three_player_layout_that_follows_the_text_keeps_every_piece_out_of_reach() -> None:
    """Why three players keep some contact: of every layout that follows the text
    (:func:`text_layouts`), none leaves every piece out of reach of every first move — the
    empty fourth edge opens a file along which a Cavalry reaches the far row (a search with the
    second Cavalry up to five rows in found none either)."""
    st = game(n=3)
    tried = 0
    for row, flips, squares in text_layouts(3):
        tried += 1
        assert _any_attack(relaid(st, squares)), (row, flips)
    assert tried == 840


def test_two_four_player_layouts_that_follow_the_text_keep_every_piece_out_of_reach() -> None:
    """With four players exactly two layouts that follow the text keep every piece out of reach
    of every first move: 1.2.0's and its mirror image."""
    st = game(n=4)
    safe = [row for row, _, squares in text_layouts(4) if not _any_attack(relaid(st, squares))]
    assert len(list(text_layouts(4))) == 1140
    own = tuple(x for x, _ in B.LAYOUT_SPOTS["apart"])
    hero, _, archer, _, _, left, right = (B.SIZE - 1 - x for x in own)
    mirror = (hero, 6, archer, 5, 7, min(left, right), max(left, right))  # as enumerated
    assert sorted(safe) == sorted([own, mirror])


def _any_attack(st: State) -> bool:
    for seat in range(st.n):
        trial = st.copy()
        trial.to_act, trial.cache = seat, None
        for action in GAME.legal_actions(trial, seat):
            parts = [x for x in action.split() if x != "crown"]
            if parts[0] == "shoot" or (parts[0] == "move" and len(parts) == 4):
                return True
    return False
