"""Why an action is illegal: one clear sentence per broken rule, naming pieces and squares as
players read them."""

from __future__ import annotations

from engines.akhedena import board as B
from engines.akhedena import combat
from engines.akhedena.state import (
    CROWN,
    EMPTY,
    KIND,
    MOVE_RANGE,
    ON_BOARD,
    OWNER,
    PIECE_NAMES,
    PIECE_TYPE,
    TYPE_NAMES,
    State,
)

EXAMPLES = (
    "'move f1 f5', 'move a1 a9 b9', 'move f6 f8 crown', 'shoot c1 c3', 'draw f1 2', "
    "'draw e1 1 ranged', 'done'"
)
USAGE = {
    "move": "write 'move <from> <to>' or 'move <from> <to> <enemy next to it>', and ' crown' "
    "after it to take the Crown next to <to>",
    "shoot": "write 'shoot <from> <target>'",
    "draw": "write 'draw <square> <1 or 2>' ('draw <square> <1 or 2> <type>' for the Hero)",
}


def _square(text: str) -> int | None:
    return B.BY_NAME.get(text)


def _piece(st: State, p: int, seat: int | None) -> str:
    owner = "your" if OWNER[p] == seat else f"seat {OWNER[p]}'s"
    return f"{owner} {PIECE_NAMES[KIND[p]]} on {B.NAMES[st.pos[p]]}"


def _reach(st: State, p: int, a: int, d: int) -> str | None:
    """Why piece ``p`` on ``a`` cannot move to ``d`` (None: it can)."""
    k = KIND[p]
    if k == B.CASTLE:
        return "the Castle never moves"
    if a % B.SIZE != d % B.SIZE and a // B.SIZE != d // B.SIZE:
        return "pieces move in a straight line up, down, left or right"
    if a == d:
        return "a move must go somewhere"
    dist = B.distance(a, d)
    if dist > MOVE_RANGE[k]:
        return f"the {PIECE_NAMES[k]} moves at most {MOVE_RANGE[k]} squares"
    for ray in B.RAYS[a]:
        if d in ray:
            for sq in ray[: ray.index(d) + 1]:
                if st.board[sq] == CROWN:
                    return f"the Crown lies on {B.NAMES[sq]}: pieces cannot cross or enter it"
                if st.board[sq] != EMPTY:
                    where = "stands on" if sq == d else "blocks the way on"
                    return f"a piece {where} {B.NAMES[sq]}"
    return None


def _target_ok(st: State, seat: int, t: int | None) -> str | None:
    if t is None:
        return "no such square"
    q = st.board[t]
    if q < 0:
        return f"there is no piece on {B.NAMES[t]} to attack"
    if OWNER[q] == seat:
        return f"the {PIECE_NAMES[KIND[q]]} on {B.NAMES[t]} is your own"
    if KIND[q] == B.CASTLE and not st.castles_open(seat):
        if st.crown == ON_BOARD:
            return "Castles are invulnerable while nobody holds the Crown"
        return "only the player holding the Crown can attack a Castle"
    return None


def why_illegal(st: State, seat: int, action: object) -> str:
    """A sentence saying which rule ``action`` breaks for ``seat`` now."""
    if not isinstance(action, str):
        return "actions are strings"
    parts = action.split(" ")
    op = parts[0]
    if op not in ("move", "shoot", "draw", "done", "pass"):
        return f"not an action of this game (examples: {EXAMPLES})"
    if st.pending and op not in ("draw", "done"):
        return "you hold the Crown: make your second card replacement ('draw ...') or 'done'"
    if op == "done":
        return "'done' only ends a Crown holder's turn after its first card replacement"
    if op == "pass":
        return "you can still move a piece or replace an Army card"
    squares = [_square(x) for x in parts[1:]]
    if len(parts) < 3:
        return USAGE[op]
    if squares[0] is None:
        return f"write the squares as a1..m13 (examples: {EXAMPLES})"
    p = st.board[squares[0]]
    if p < 0:
        return f"there is no piece on {parts[1]}"
    if OWNER[p] != seat:
        return f"the {PIECE_NAMES[KIND[p]]} on {parts[1]} belongs to seat {OWNER[p]}"
    if op == "move":
        crown = parts[-1] == "crown" and len(parts) > 3
        if crown:
            parts, squares = parts[:-1], squares[:-1]
        if len(parts) > 4 or squares[1] is None:
            return USAGE["move"]
        a, d = squares[0], squares[1]
        problem = _reach(st, p, a, d)
        if problem:
            return problem
        if crown and not st.rules.optional_crown:
            return "this engine version takes the Crown on every move next to it: drop 'crown'"
        if crown and st.crown == seat:
            return "you already hold the Crown"
        if crown and st.crown_square() not in B.NEIGHBOURS[d]:
            return f"the Crown on {B.NAMES[st.crown_square()]} is not next to {parts[2]}"
        enemies = [
            B.NAMES[nb] for nb in B.NEIGHBOURS[d] if _target_ok(st, seat, nb) is None and nb != a
        ]
        if len(parts) == 3:
            return (
                f"moving to {parts[2]} starts a battle: name the enemy you attack "
                f"({', '.join(f'move {parts[1]} {parts[2]} {e}' for e in enemies)})"
            )
        t = squares[2]
        problem = _target_ok(st, seat, t)
        if problem:
            return problem
        return f"{parts[3]} is not next to {parts[2]}: a melee attack is on an adjacent enemy"
    if op == "shoot":
        if len(parts) != 3 or squares[1] is None:
            return USAGE["shoot"]
        if not combat.shoots(st, p):
            return (
                f"the {PIECE_NAMES[KIND[p]]} cannot shoot: only the Archer, or a Hero carrying "
                "a Ranged Army card, makes ranged attacks"
            )
        problem = _target_ok(st, seat, squares[1])
        if problem:
            return problem
        return "a ranged attack reaches one or two squares up, down, left or right"
    # draw
    n_cards = len(st.army[p])
    if len(parts) not in (3, 4) or parts[2] not in ("1", "2"):
        return USAGE["draw"]
    if int(parts[2]) > n_cards:
        return f"the {PIECE_NAMES[KIND[p]]} on {parts[1]} has only {n_cards} Army card left"
    k = KIND[p]
    if k == B.HERO:
        if len(parts) != 4 or parts[3] not in TYPE_NAMES:
            return "name the reserve the Hero draws from: infantry, cavalry or ranged"
        t = TYPE_NAMES.index(parts[3])
    else:
        if len(parts) == 4:
            return (
                f"the {PIECE_NAMES[k]} takes {TYPE_NAMES[PIECE_TYPE[k]].title()} Army cards only:"
                f" write 'draw {parts[1]} {parts[2]}'"
            )
        t = PIECE_TYPE[k]
    if not st.reserve[seat][t]:
        return f"your {TYPE_NAMES[t].title()} reserve is empty"
    return "not legal now"
