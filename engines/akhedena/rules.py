"""A turn: the legal actions of the seat to act, and playing one of them.

Actions (squares as players name them, ``a1``..``m13``):

- ``move <from> <to>``: a piece moves in a straight line, never through another piece or the
  Crown; ``move <from> <to> <target>`` when it ends next to enemy pieces: it attacks
  ``<target>`` in melee (moving next to an enemy always starts a battle); either ends with
  `` crown`` when the piece takes the Crown next to its destination (1.1.0: taking it is a
  choice; 1.0.0 took it on every such move);
- ``shoot <from> <target>``: a ranged attack on a piece one or two squares away;
- ``draw <square> <card>`` (the Hero: ``draw <square> <card> <type>``): the top card of the
  seat's reserve pile of that main type replaces Army card 1 or 2 of the piece there;
- ``done``: a Crown holder ends its turn after one card replacement instead of making a second;
- ``pass``: only when nothing else is possible.
"""

from __future__ import annotations

from engines.akhedena import board as B
from engines.akhedena import combat
from engines.akhedena.state import (
    EMPTY,
    KIND,
    MOVE_RANGE,
    OWNER,
    PIECE_TYPE,
    TYPE_NAMES,
    State,
)

N = B.N_SQUARES
NAMES = B.NAMES
BY_NAME = B.BY_NAME
NEIGHBOURS = B.NEIGHBOURS

REACH = tuple(
    tuple(tuple(ray[:reach] for ray in B.RAYS[sq] if ray) for sq in range(N))
    for reach in MOVE_RANGE
)
"""``REACH[k][sq]``: for a piece of kind ``k`` on ``sq``, each direction's squares within its
reach, nearest first."""
MOVE: tuple[dict[int, str], ...] = tuple(
    {d: f"move {NAMES[sq]} {NAMES[d]}" for ray in B.RAYS[sq] for d in ray} for sq in range(N)
)
SHOOT: tuple[dict[int, str], ...] = tuple(
    {t: f"shoot {NAMES[sq]} {NAMES[t]}" for t in B.RANGE_2[sq]} for sq in range(N)
)
DRAW: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    ((), (f"draw {NAMES[sq]} 1",), (f"draw {NAMES[sq]} 1", f"draw {NAMES[sq]} 2"))
    for sq in range(N)
)
"""``DRAW[sq][n]``: the replacements of a piece on ``sq`` holding ``n`` Army cards."""
DRAW_HERO: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(
        tuple(
            f"draw {NAMES[sq]} {i} {TYPE_NAMES[t]}"
            for i in range(1, n + 1)
            for t in range(3)
            if piles >> t & 1
        )
        for n in range(3)
        for piles in range(8)
    )
    for sq in range(N)
)
"""``DRAW_HERO[sq][n * 8 + piles]``: the Hero's replacements with ``n`` Army cards when the
bits of ``piles`` say which reserve piles (infantry 1, cavalry 2, ranged 4) have cards."""
_ATTACKS: dict[int, str] = {}
DONE, PASS, CROWN_TAKE = "done", "pass", "crown"
SEAT_PIECES = B.PIECES_PER_SEAT
MOVERS = (B.HERO, B.ARCHER, B.INFANTRY_LEFT, B.INFANTRY_RIGHT, B.CAVALRY_LEFT, B.CAVALRY_RIGHT)


def attack_string(a: int, d: int, t: int) -> str:
    key = (a * N + d) * N + t
    text = _ATTACKS.get(key)
    if text is None:
        text = _ATTACKS[key] = f"move {NAMES[a]} {NAMES[d]} {NAMES[t]}"
    return text


def _draws(st: State, seat: int, out: list[str]) -> None:
    piles = st.reserve[seat]
    full = (1 if piles[0] else 0) | (2 if piles[1] else 0) | (4 if piles[2] else 0)
    if not full:
        return
    base = seat * SEAT_PIECES
    pos, army = st.pos, st.army
    sq = pos[base]
    if sq >= 0:
        out.extend(DRAW_HERO[sq][len(army[base]) * 8 + full])
    for k in range(1, SEAT_PIECES):
        sq = pos[base + k]
        if sq >= 0 and full >> PIECE_TYPE[k] & 1:
            out.extend(DRAW[sq][len(army[base + k])])


def legal(st: State) -> list[str]:
    """Every legal action of the seat to act, cached until the state changes (do not mutate)."""
    cached = st.cache
    if cached is not None:
        return cached
    out: list[str] = []
    if st.over:
        st.cache = out
        return out
    seat = st.to_act
    if st.pending:
        _draws(st, seat, out)
        out.append(DONE)
        st.cache = out
        return out
    board, pos = st.board, st.pos
    vulnerable = st.castles_open(seat)
    base = seat * SEAT_PIECES
    # crowned[sq]: a move ending on sq may take the Crown (1.1.0 offers it as a choice)
    crowned: tuple[int, ...] | frozenset[int] = ()
    if st.rules.optional_crown and st.crown != seat:
        crowned = NEIGHBOURS[st.crown_square()]
    # hot[sq]: the attackable enemies next to square sq (a move ending there starts a battle)
    hot: list[list[int] | None] = [None] * N
    for other in range(0, st.n * SEAT_PIECES, SEAT_PIECES):
        if other == base:
            continue
        for q in range(other, other + SEAT_PIECES):
            sq = pos[q]
            if sq >= 0 and (vulnerable or q - other != B.CASTLE):
                for nb in NEIGHBOURS[sq]:
                    found = hot[nb]
                    if found is None:
                        hot[nb] = [sq]
                    else:
                        found.append(sq)
    append = out.append
    empty = EMPTY
    for k in MOVERS:
        p = base + k
        sq = pos[p]
        if sq < 0:
            continue
        moves = MOVE[sq]
        for ray in REACH[k][sq]:
            for d in ray:
                if board[d] != empty:
                    break
                targets = hot[d]
                if targets is None:
                    append(moves[d])
                    if d in crowned:
                        append(moves[d] + " crown")
                else:
                    for t in targets:
                        append(attack_string(sq, d, t))
                        if d in crowned:
                            append(attack_string(sq, d, t) + " crown")
        if k == B.ARCHER or (k == B.HERO and combat.shoots(st, p)):
            shots = SHOOT[sq]
            for t in B.RANGE_2[sq]:
                q = board[t]
                if q >= 0 and OWNER[q] != seat and (vulnerable or KIND[q] != B.CASTLE):
                    append(shots[t])
    _draws(st, seat, out)
    if not out:
        out.append(PASS)
    st.cache = out
    return out


def _next_turn(st: State) -> None:
    st.pending = False
    st.turns += 1
    if st.over:
        return
    if st.turns >= st.turn_cap * st.n:
        st.over = True
        st.end = "cap"
        return
    seat = st.to_act
    while True:
        seat = (seat + 1) % st.n
        if st.alive[seat]:
            break
    st.to_act = seat


def play(st: State, action: str, events: combat.Events) -> None:
    """Play a legal ``action`` for the seat to act (``events``: None, or a list to fill)."""
    seat = st.to_act
    st.cache = None
    parts = action.split(" ")
    op = parts[0]
    if op == "move":
        a, d = BY_NAME[parts[1]], BY_NAME[parts[2]]
        p = st.board[a]
        st.board[a] = EMPTY
        st.board[d] = p
        st.pos[p] = d
        if events is not None:
            events.append(
                {
                    "type": "move",
                    "seat": seat,
                    "piece": B.PIECE_SLOTS[KIND[p]],
                    "from": parts[1],
                    "to": parts[2],
                }
            )
        takes = parts[-1] == CROWN_TAKE
        if takes:
            parts.pop()
        if len(parts) == 4:
            combat.melee(st, p, st.board[BY_NAME[parts[3]]], events)
        if not st.rules.optional_crown:
            takes = st.crown != seat and st.crown_square() in NEIGHBOURS[d]
        if takes and st.pos[p] >= 0 and st.crown != seat:
            combat.take_crown(st, seat, events)
        _next_turn(st)
    elif op == "shoot":
        combat.ranged(st, st.board[BY_NAME[parts[1]]], st.board[BY_NAME[parts[2]]], events)
        _next_turn(st)
    elif op == "draw":
        p = st.board[BY_NAME[parts[1]]]
        i = int(parts[2]) - 1
        t = TYPE_NAMES.index(parts[3]) if len(parts) == 4 else PIECE_TYPE[KIND[p]]
        card = st.reserve[seat][t].pop()
        old = st.army[p][i]
        st.army[p][i] = card
        st.public[old] = 1
        st.discard[seat].append(old)
        if events is not None:
            cards = st.deal.cards
            public = {
                "type": "replace",
                "seat": seat,
                "piece": B.PIECE_SLOTS[KIND[p]],
                "square": parts[1],
                "card": i + 1,
                "discarded": cards[old].name,
                "drawn_type": TYPE_NAMES[t],
            }
            # the drawing seat's twin of the public event names the card drawn
            events += [public, dict(public, drawn=cards[card].name, seen_by=[seat])]
        if st.crown == seat and not st.pending:
            st.pending = True
        else:
            _next_turn(st)
    else:  # done, pass
        _next_turn(st)
