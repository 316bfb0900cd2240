"""The round: choosing the first player, mulligans, placement, reveal, activation (Initiative
sequences then turns), End phase, and the end of the game after round 9.

``legal(st)`` lists the actions of the seat to act; ``play(st, action, events)`` plays one that
``legal`` listed. The phases' parts live beside it: ``placement.py`` (where and what may be
placed), ``activation.py`` (the Activation phase's options), ``phases.py`` (the playing order,
the reveal, the End phase, the end of the game), ``scoring.py`` (points and tie-breaks); this
module re-exports their public names. Action strings::

    first <seat>                 the drawn seat chooses who begins round 1
    mulligan c<i> | keep         put a card of the opening hand back, or finish the mulligan
    place c<i> <x,y> | place c<i> astral
    move c<i> <x,y>              Movement or Flight (the card may still attack or act this turn)
    swap c<a> c<b>               two allied movers exchange their spaces (both count as moved)
    attack c<t> c<a>[+c<b>...]   attack enemy card t with one or several allied cards (1.0.0;
                                 since 1.1.0 only one: groups are built step by step)
    group c<t> c<a>              open a group attack on t with a; then join c<b> ..., strike
    act c<i> [args]              the card's action (args depend on the action)
    pass                         end this Initiative sequence or turn
    done                         finish a card action made of several moves
"""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars import actions as card_actions
from engines.arackhan_wars import board, combat, group_attack, steps
from engines.arackhan_wars.abilities import SPELL
from engines.arackhan_wars.activation import activation_options, card_actions_defn
from engines.arackhan_wars.effects import compute
from engines.arackhan_wars.info import info
from engines.arackhan_wars.modes import hooks as modes
from engines.arackhan_wars.movement import (
    has_bonus_movement,
    own_moves,
)
from engines.arackhan_wars.phases import end_game, end_phase, playing_order, reveal
from engines.arackhan_wars.placement import (
    place,
    placement_done,
    placement_options,
    placement_spaces,
)
from engines.arackhan_wars.scoring import (
    cards_on_battlefield,
    creatures_discarded,
    ranking,
    scores,
    side_scores,
)
from engines.arackhan_wars.state import (
    CHOOSE,
    MULLIGAN,
    PENDING,
    PLACE,
    TURN,
    State,
)
from engines.arackhan_wars.state import INITIATIVE as INITIATIVE_PHASE
from engines.arackhan_wars.zones import destroy, discard_spell, draw

Events = list[dict[str, Any]] | None


def _ev(events: Events, **kw: Any) -> None:
    if events is not None:
        events.append(kw)


# -- the list of legal actions ------------------------------------------------------------------
def legal(st: State) -> list[str]:
    """Every action the seat to act may take (cached until the state changes)."""
    key = (st.version, st.phase, st.step, len(st.placed))
    cache = st._legal
    if cache is not None and cache[0] == key:
        return cache[1]
    out = _legal(st)
    st._legal = (key, out)
    return out


def _legal(st: State) -> list[str]:
    if st.over:
        return []
    if st.phase == CHOOSE:
        return [f"first {s}" for s in range(st.n)]
    seat = st.acting_seat()
    if st.phase == MULLIGAN:
        return [f"mulligan c{h}" for h in sorted(st.hand[seat]) if h not in st.mulliganed] + [
            "keep"
        ]
    if st.phase == PLACE:
        return placement_options(st, seat)
    if st.phase == PENDING:
        kind = st.pending_action().kind
        if kind == group_attack.KIND:
            return group_attack.options(st)
        if kind in modes.PENDING_KINDS:
            return modes.options(st)
        return steps.pending_options(st)
    return activation_options(st, seat)


# -- playing one action -------------------------------------------------------------------------
def play(st: State, action: str, events: Events, auto: bool = True) -> None:
    """Play ``action`` (one that :func:`legal` lists) and run the automatic steps after it
    (``auto=False``: stop right after the action, for bots trying it on a copy)."""
    st.version += 1
    seat = st.acting_seat()
    head, _, rest = action.partition(" ")
    if st.modes is not None and st.phase in (INITIATIVE_PHASE, TURN) and modes.watches_actions(st):
        modes.before_action(st, seat)
    if st.phase == CHOOSE:
        st.first = int(rest)
        st.order = playing_order(st.first, st.n)
        st.phase, st.step = MULLIGAN, 0
        _ev(events, type="first-player", seat=st.first, chosen_by=st.chooser)
    elif st.phase == MULLIGAN:
        _mulligan(st, seat, head, rest, events)
    elif st.phase == PLACE:
        place(st, seat, rest, events)
    elif st.phase == PENDING:
        kind = st.pending_action().kind
        if kind == group_attack.KIND:
            group_attack.perform(st, action, events)
        elif kind in modes.PENDING_KINDS:
            if modes.perform(st, action, events):
                _close_pending(st, events)
        elif steps.pending_perform(st, action, events):
            _close_pending(st, events)
    elif head == "pass":
        _end_step(st, seat, events)
    elif head == "move":
        who, where = rest.split()
        i = int(who[1:])
        space = board.BY_NAME[where]
        stats = compute(st)
        # only a card whose skill lengthens its Movement can have moved beyond its own
        if has_bonus_movement(stats, i) and space not in own_moves(st, stats, i):
            st.temp.setdefault(i, {})["no_attack"] = True  # moved with its bonus Movement
        st.move(i, space)
        st.moved[i] = True
        _ev(events, type="move", card=who, to=where)
    elif head == "swap":
        a, b = [int(x[1:]) for x in rest.split()]
        sa, sb = st.where[a], st.where[b]
        st.board[sa], st.board[sb] = b, a
        st.where[a], st.where[b] = sb, sa
        st.moved[a] = st.moved[b] = True
        _ev(events, type="swap", cards=rest.split())
    elif head == "group":
        target, first = rest.split()
        group_attack.open_group(st, seat, int(target[1:]), int(first[1:]))
    elif head == "attack":
        target, group = rest.split()
        combat.resolve_attack(
            st, seat, int(target[1:]), tuple(int(a[1:]) for a in group.split("+")), events
        )
    elif head == "act":
        who, _, args = rest.partition(" ")
        i = int(who[1:])
        defn = card_actions_defn(st, i)
        _, perform = card_actions.ACTIONS[defn.action]
        _ev(events, type="action", card=who, action=defn.action, args=args)
        if perform(st, seat, i, defn.params, args, events):
            _finish_action(st, i, defn.once_per_round)
        elif st.pending is not None:
            st.pending.data["once"] = defn.once_per_round
    else:  # pragma: no cover - legal() never lists anything else
        raise ValueError(action)
    st.version += 1
    if auto:
        advance(st, events)


def _close_pending(st: State, events: Events) -> None:
    p = st.pending_action()
    st.pending = None
    st.phase = p.data["return"]
    st.version += 1
    then = p.data.get("then")
    if then == "end_step":
        _end_step(st, p.seat, events, maidens_done=True)
    elif then == "resume":
        return  # a claim window after an action (1.2.0): the seat goes on
    else:
        _finish_action(st, p.card, p.data.get("once", False))


def _finish_action(st: State, i: int, once: bool = False) -> None:
    """A card that performed its action: deactivated (creature, land) or discarded (spell);
    a once-per-round action leaves its card active."""
    if st.where[i] < 0 and not any(i in a for a in st.astral):
        return
    if once:
        st.used.add(i)
        st.version += 1
        return
    if info(st.ctype[i]).kind == SPELL:
        discard_spell(st, i)
    else:
        st.active[i] = False
        st.version += 1


def _mulligan(st: State, seat: int, head: str, rest: str, events: Events) -> None:
    if head == "mulligan":
        st.mulliganed.append(int(rest[1:]))
        return
    n = len(st.mulliganed)
    for h in st.mulliganed:
        st.hand[seat].remove(h)
        st.draw[seat].append(h)
    st.rng.shuffle(st.draw[seat])
    draw(st, seat, n)
    st.mulliganed = []
    _ev(events, type="mulligan", seat=seat, cards=n)
    st.step += 1
    if st.step >= st.n:
        st.phase, st.step = PLACE, 0
        st.placed = []
        if st.modes is not None:
            modes.after_mulligans(st, events)


def _end_step(st: State, seat: int, events: Events, maidens_done: bool = False) -> None:
    """End ``seat``'s Initiative sequence or turn: cards it moved are now deactivated; at the
    end of a turn, cards that may move then (Frost Maiden) are offered their move first."""
    if st.phase == TURN and not maidens_done:
        stats = compute(st)
        movers = [
            i
            for i in st.board
            if i >= 0
            and st.control[i] == seat
            and st.face_up[i]
            and i not in stats.skills_off
            and stats.info[i].defn.params.get("end_of_turn_move")
        ]
        if movers:
            steps.open_pending(
                st,
                seat,
                movers[0],
                "move",
                len(movers),
                eligible=movers,
                params={"side": "ally"},
                no_attack=True,
                then="end_step",
            )
            return
    if (
        st.modes is not None
        and (st.phase == TURN or st.rules.objectives_when_met)
        and modes.end_of_turn(st, events)
    ):
        return
    for i in st.in_play():
        if st.moved[i] and st.control[i] == seat:
            st.moved[i] = False
            if st.where[i] >= 0:
                st.active[i] = False
    st.version += 1
    st.step += 1
    if st.step >= st.n:
        if st.phase == INITIATIVE_PHASE:
            st.phase, st.step = TURN, 0
        else:
            end_phase(st, events)


def advance(st: State, events: Events) -> None:
    """Run the automatic steps: end of a seat's placement, reveal, skipping Initiative
    sequences and turns in which the seat could only pass, and the steps of a group attack
    that leave no choice."""
    while not st.over:
        if st.phase == PLACE:
            done = placement_done(st)
            if not done and not legal(st):
                seat = st.order[st.step]
                if not (st.rules.unplaceable_hand_passes and placement_spaces(st, seat)):
                    end_game(st, "no room left to place a card", events)
                    return
                # its cards cannot be placed this round (Masters of AracKhan in the last
                # round) but spaces are free: the seat passes its placement
                _ev(events, type="placement-passed", seat=seat)
                done = True
            if not done:
                return
            st.step += 1
            st.placed = []
            st.version += 1
            if st.step >= st.n:
                reveal(st, events)
            continue
        if st.phase in (INITIATIVE_PHASE, TURN):
            if (
                st.modes is not None
                and st.modes.met_before is not None
                and modes.after_action(st, events)
            ):
                continue  # a claim window: what the action just met is offered
            if legal(st) == ["pass"]:
                _end_step(st, st.order[st.step], events)
                st.version += 1
                continue
            return
        if st.phase == PENDING and st.pending is not None:
            options = legal(st)
            if options == ["done"] and not _done_is_secret(st):
                _close_pending(st, events)
                continue
            if st.pending.kind == group_attack.KIND and len(options) == 1:
                # a group attack with one way on (the one card left to join, or strike)
                group_attack.perform(st, options[0], events)
                st.version += 1
                continue
        return


def _done_is_secret(st: State) -> bool:
    """True when a card action's only step left, ``done``, says something of a hidden hand:
    a placement from the hand (Backup) with cards in hand, none of which may be placed
    (since 1.2.0 the seat says ``done`` itself)."""
    p = st.pending_action()
    return bool(st.rules.public_single_choices and p.kind == "place" and st.hand[p.seat])


__all__ = [
    "legal",
    "play",
    "advance",
    "ranking",
    "scores",
    "side_scores",
    "creatures_discarded",
    "cards_on_battlefield",
    "placement_spaces",
    "placement_options",
    "activation_options",
    "card_actions_defn",
    "playing_order",
    "destroy",
]
