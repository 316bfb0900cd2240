"""Objective mode: three face-up objectives; a seat that meets one's requirement may complete
it (one per round), a new one is drawn, and its points count at the end of the game.

Claims are offered in a claim window: since 1.2.0 right after the action (or Initiative
sequence or turn's end) of the seat whose action met an objective, to that seat only, and after
the reveal to each seat its placed cards made meet one; 1.1.0 held one at the end of each turn
of the Activation phase for every seat meeting one (see docs/rules/arackhan-wars.md). For each
objective offered, in display order, the seats that meet it decide in turn: fewest allied cards
on the battlefield first, ties by the round's playing order; the first to claim it takes it.
Actions: ``claim o<id>`` and ``decline o<id>``.

Requirements (``requirement`` of ``objectives-v1.csv``), all about the seat's own revealed
cards: ``cards`` (a filter: ``kinds``, ``attribute``, ``min_value``, ``max_value``) with
``at_least``; ``spaces`` (cards on at least ``at_least`` of these spaces); ``value`` (victory
points on the battlefield); ``discarded_enemies`` (enemy creatures in discard piles);
``astral`` (revealed spells on its astral plane).
"""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import CREATURE, LAND, SPELL
from engines.arackhan_wars.effects import compute
from engines.arackhan_wars.info import info
from engines.arackhan_wars.modes.mstate import ModeState
from engines.arackhan_wars.state import PENDING, TURN, Pending, State

KIND = "claim"
OPEN = 3
"""Objectives displayed face up at a time."""


def _ev(events: list | None, **kw: Any) -> None:
    if events is not None:
        events.append(kw)


def reveal_opening(st: State, events: list | None) -> None:
    """The end of set-up step 7: three objectives face up."""
    refill(st, events)


def refill(st: State, events: list | None) -> None:
    """Draw from the Objective pile until three objectives are open (or the pile is empty)."""
    m: ModeState = st.modes
    while len(m.open_objectives) < OPEN and m.objective_pile:
        cid = m.objective_pile.pop()
        m.open_objectives.append(cid)
        _ev(events, type="objective-revealed", objective_id=cid)


def allied_cards(st: State, seat: int) -> int:
    """Allied cards ``seat`` has on the battlefield (revealed, its faction token on them)."""
    return sum(1 for i in st.board if i >= 0 and st.face_up[i] and st.control[i] == seat)


def meets(st: State, seat: int, cid: int) -> bool:
    """True when ``seat`` meets the requirement of objective ``cid`` now."""
    req = st.modes.card("objectives", cid).requires()
    mine = [i for i in st.board if i >= 0 and st.face_up[i] and st.control[i] == seat]
    need = req.get("at_least", 1)
    if "cards" in req:
        stats = compute(st)
        f = req["cards"]
        kinds = f.get("kinds", [CREATURE])
        n = 0
        for i in mine:
            ci = stats.info[i]
            if ci.kind not in kinds or ci.value < f.get("min_value", 0):
                continue
            if "max_value" in f and ci.value > f["max_value"]:
                continue
            if f.get("attribute") and f["attribute"] not in stats.attrs[i]:
                continue
            n += 1
        return n >= need
    if "spaces" in req:
        held = {board.NAMES[st.where[i]] for i in mine}
        return len(held & set(req["spaces"])) >= need
    if "value" in req:
        kinds = (CREATURE, LAND)
        return (
            sum(info(st.ctype[i]).value for i in mine if info(st.ctype[i]).kind in kinds)
            >= (req["value"])
        )
    if "discarded_enemies" in req:
        gone = sum(
            1
            for s in range(st.n)
            if not st.friends(s, seat)
            for i in st.discard[s]
            if info(st.ctype[i]).kind == CREATURE
        )
        return gone >= req["discarded_enemies"]
    if "astral" in req:
        spells = [i for i in st.astral[seat] if st.face_up[i] and info(st.ctype[i]).kind == SPELL]
        return len(spells) >= req["astral"]
    return False


def claim_order(st: State, seats: list[int]) -> list[int]:
    """Who decides first: the fewest allied cards on the battlefield, then playing order."""
    return sorted(seats, key=lambda s: (allied_cards(st, s), st.order.index(s)))


def next_decision(
    st: State, declined: set[tuple[int, int]], offer: list[list[int]] | None = None
) -> tuple[int, int] | None:
    """(seat, objective) of the next decision of the window, or None when it is over
    (``offer``: the [seat, objective] pairs the window offers; None: every seat, 1.1.0)."""
    m: ModeState = st.modes
    for cid in m.open_objectives:
        able = [
            s
            for s in range(st.n)
            if m.claimed_round[s] != st.round
            and (s, cid) not in declined
            and (offer is None or [s, cid] in offer)
            and meets(st, s, cid)
        ]
        if able:
            return claim_order(st, able)[0], cid
    return None


def open_window(st: State, events: list | None) -> bool:
    """At the end of a turn: open a claim window when a seat may complete an objective (once
    per turn); True when one is open (the turn's end resumes after it)."""
    m: ModeState = st.modes
    key = (st.round, st.step)
    if key in m.windows:
        return False
    m.windows.add(key)
    nxt = next_decision(st, set())
    if nxt is None:
        return False
    seat, cid = nxt
    data = {"return": TURN, "then": "end_step", "turn": st.order[st.step], "objective": cid}
    st.pending = Pending(seat, -1, KIND, 0, {**data, "declined": []})
    st.phase = PENDING
    st.version += 1
    return True


def met(st: State, seat: int) -> list[int]:
    """The open objectives ``seat`` meets now."""
    return [cid for cid in st.modes.open_objectives if meets(st, seat, cid)]


def before_action(st: State, seat: int) -> None:
    """1.2.0: what ``seat`` meets as its action begins (what the action newly meets is
    offered after it)."""
    st.modes.met_before = [seat, met(st, seat)]


def after_action(st: State, events: list | None, then: str) -> bool:
    """1.2.0: once the action begun at :func:`before_action` is over, open a claim window for
    its seat when the action made it meet objectives ("because of their actions"); ``then``:
    ``resume`` (the seat goes on) or ``end_step`` (its sequence or turn then ends). True
    when one opened."""
    m: ModeState = st.modes
    if m.met_before is None:
        return False
    seat, before = m.met_before
    m.met_before = None
    if m.claimed_round[seat] == st.round:
        return False
    offer = [[seat, cid] for cid in met(st, seat) if cid not in before]
    return _open(st, offer, then, seat)


def after_reveal(st: State, before: list[list[int]], events: list | None) -> bool:
    """1.2.0: after the reveal, each seat whose placed cards made it meet objectives
    (``before``: what each met before the reveal) may claim them; True when a window opened."""
    m: ModeState = st.modes
    offer = [
        [s, cid]
        for s in range(st.n)
        if m.claimed_round[s] != st.round
        for cid in met(st, s)
        if cid not in before[s]
    ]
    return _open(st, offer, "resume", st.order[st.step])


def _open(st: State, offer: list[list[int]], then: str, turn: int) -> bool:
    nxt = next_decision(st, set(), offer) if offer else None
    if nxt is None:
        return False
    seat, cid = nxt
    data = {"return": st.phase, "then": then, "turn": turn, "objective": cid, "offer": offer}
    st.pending = Pending(seat, -1, KIND, 0, {**data, "declined": []})
    st.phase = PENDING
    st.version += 1
    return True


def options(st: State) -> list[str]:
    """Complete the objective offered, or let the next seat decide."""
    cid = st.pending.data["objective"]
    return [f"claim o{cid}", f"decline o{cid}"]


def perform(st: State, action: str, events: list | None) -> bool:
    """Play a claim decision; True when the window is over (the turn's end goes on)."""
    m: ModeState = st.modes
    p = st.pending
    seat, cid = p.seat, p.data["objective"]
    if action.startswith("claim"):
        m.open_objectives.remove(cid)
        m.completed[seat].append(cid)
        m.claimed_round[seat] = st.round
        _ev(events, type="objective-completed", seat=seat, objective_id=cid)
        refill(st, events)
    else:
        p.data["declined"].append([seat, cid])
        _ev(events, type="objective-declined", seat=seat, objective_id=cid)
    st.version += 1
    nxt = next_decision(st, {tuple(d) for d in p.data["declined"]}, p.data.get("offer"))
    if nxt is None:
        p.seat = p.data["turn"]  # the turn's end resumes with the seat whose turn it was
        return True
    p.seat, p.data["objective"] = nxt
    return False


def points(st: State) -> list[int]:
    """Each seat's victory points from completed objectives."""
    m: ModeState = st.modes
    return [sum(st.modes.card("objectives", c).points for c in m.completed[s]) for s in range(st.n)]
