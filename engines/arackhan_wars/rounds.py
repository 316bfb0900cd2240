"""The round: choosing the first player, mulligans, placement, reveal, activation (Initiative
sequences then turns), End phase, and the end of the game after round 9.

``legal(st)`` lists the actions of the seat to act; ``play(st, action, events)`` plays one that
``legal`` listed. Action strings::

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
from engines.arackhan_wars.abilities import (
    CREATURE,
    DEACTIVATED,
    FLIGHT,
    INITIATIVE,
    LAND,
    MOVEMENT,
    SPELL,
)
from engines.arackhan_wars.effects import Stats, compute, is_active
from engines.arackhan_wars.info import info, infos
from engines.arackhan_wars.modes import hooks as modes
from engines.arackhan_wars.movement import (
    anywhere,
    bonus_moves,
    has_bonus_movement,
    own_moves,
    swap_reach,
    walk,
)
from engines.arackhan_wars.state import (
    CHOOSE,
    DRAW_PER_ROUND,
    MULLIGAN,
    OVER,
    PENDING,
    PLACE,
    PLACE_PER_ROUND,
    TURN,
    State,
)
from engines.arackhan_wars.state import INITIATIVE as INITIATIVE_PHASE
from engines.arackhan_wars.triggers import END_OF_ROUND
from engines.arackhan_wars.zones import destroy, discard_spell, draw

Events = list[dict[str, Any]] | None


def _ev(events: Events, **kw: Any) -> None:
    if events is not None:
        events.append(kw)


def playing_order(first: int, n: int) -> list[int]:
    """Seats in playing order for a round that ``first`` begins (clockwise = seat order)."""
    return [(first + k) % n for k in range(n)]


# -- placement ----------------------------------------------------------------------------------
def placement_spaces(st: State, seat: int) -> list[int]:
    """Free spaces where ``seat`` may place a card now."""
    cards = st.board
    mine = st.placed if st.order[st.step] == seat else ()
    if not any(i >= 0 and i not in mine for i in cards):
        free = [s for s in board.STARTING_AREA if cards[s] < 0]
        if st.rules.opening_adjacency and len(free) < len(board.STARTING_AREA):
            # "cards placed on the battlefield beyond the first must follow the adjacency
            # principle": the second opening card touches the first
            return [s for s in free if any(cards[n] >= 0 for n in board.ADJACENT[s])]
        return free
    near = 0  # the spaces next to a card, as bits
    masks = board.ADJACENT_MASK
    for s in range(board.N_SPACES):
        if cards[s] >= 0:
            near |= masks[s]
    return [s for s in range(board.N_SPACES) if cards[s] < 0 and near >> s & 1]


def placement_options(st: State, seat: int) -> list[str]:
    spaces = None
    out = []
    table = infos()
    for h in sorted(st.hand[seat]):
        ci = table[st.ctype[h]]
        if ci.defn.placement == "not_last_round" and st.round == st.rounds:
            continue
        if ci.kind == SPELL and ci.astral:
            out.append(f"place c{h} astral")
            continue
        if spaces is None:
            spaces = placement_spaces(st, seat)
        row = board.PLACES[h]
        out.extend([row[s] for s in spaces])
    return out


# -- activation ---------------------------------------------------------------------------------
def activation_options(st: State, seat: int) -> list[str]:
    stats = compute(st)
    initiative = st.phase == INITIATIVE_PHASE
    out: list[str] = []
    movers = []
    control, moved, ctype, temp = st.control, st.moved, st.ctype, st.temp
    table, attrs = infos(), stats.attrs
    if initiative and not any(control[i] == seat and INITIATIVE in attrs[i] for i in stats.info):
        return ["pass"]  # moves, attacks and card actions all need Initiative now
    active, flags, movement, cards = st.active, stats.flags, stats.movement, stats.info
    for i in stats.field:  # the revealed cards on the battlefield, by space
        if control[i] != seat or moved[i] or not active[i]:
            continue
        if table[ctype[i]].kind != CREATURE and (not temp or _copy_kind(st, i) != CREATURE):
            continue
        if DEACTIVATED in flags[i]:  # is_active, inlined
            continue
        ai = attrs[i]
        if initiative and INITIATIVE not in ai:
            continue
        row = board.MOVES[i]
        if FLIGHT in ai:  # own_moves, inlined
            out.extend([row[s] for s in anywhere(st, i)])
        elif MOVEMENT in ai and movement[i] > 0:
            out.extend([row[s] for s in walk(st, i, movement[i])])
        if "bonus_movement" in cards[i].defn.params:
            out.extend([row[s] for s in bonus_moves(st, stats, i)])
        movers.append(i)
    if len(movers) > 1:
        out.extend(_swaps(st, stats, sorted(movers)))
    if st.rules.stepwise_group_attacks:
        out.extend(group_attack.attack_options(st, seat))
    else:
        for t, group in combat.attack_options(st, seat):
            out.append(f"attack c{t} " + "+".join(f"c{a}" for a in group))
    # the revealed cards in play (battlefield and astral planes) are the keys of stats.info
    for i in sorted([i for i in cards if control[i] == seat]):
        defn = card_actions_defn(st, i) if temp else table[ctype[i]].defn
        if not defn.action or not is_active(st, stats, i):
            continue
        if defn.once_per_round and i in st.used:
            continue
        if (
            not st.rules.exact_skill_loss
            and i in stats.skills_off
            and table[ctype[i]].kind == CREATURE
        ):
            continue  # 1.0.0 read "lose their skills" as losing the card action too
        if initiative and INITIATIVE not in attrs[i]:
            continue
        options, _ = card_actions.ACTIONS[defn.action]
        for args in options(st, seat, i, defn.params):
            out.append(f"act c{i} {args}" if args else f"act c{i}")
    out.append("pass")
    return out


def _swaps(st: State, stats: Stats, movers: list[int]) -> list[str]:
    """``swap c<a> c<b>`` for each pair of ``movers`` within each other's swap reach. A card
    steps at most its Movement away (None: Flight, anywhere), so pairs farther apart are
    dropped before any reach is walked."""
    attrs, movement, where, distance = stats.attrs, stats.movement, st.where, board.DISTANCE
    span = {
        i: None if FLIGHT in attrs[i] else (movement[i] if MOVEMENT in attrs[i] else 0)
        for i in movers
    }
    reach: dict[int, set[int] | None] = {}
    out = []
    for k, a in enumerate(movers):
        sa = span[a]
        if sa == 0:
            continue  # no reach at all
        row = distance[where[a]]
        for b in movers[k + 1 :]:
            sb = span[b]
            if sb == 0:
                continue
            d = row[where[b]]
            if (sa is not None and d > sa) or (sb is not None and d > sb):
                continue
            if a not in reach:
                reach[a] = swap_reach(st, stats, a)
            if b not in reach:
                reach[b] = swap_reach(st, stats, b)
            ra, rb = reach[a], reach[b]
            if (ra is None or where[b] in ra) and (rb is None or where[a] in rb):
                out.append(f"swap c{a} c{b}")
    return out


def _copy_kind(st: State, i: int) -> str:
    copy = st.temp.get(i, {}).get("copy")
    return info(copy).kind if copy is not None else ""


def card_actions_defn(st: State, i: int):
    copy = st.temp.get(i, {}).get("copy")
    return info(copy if copy is not None else st.ctype[i]).defn


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
        _place(st, seat, rest, events)
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


def _place(st: State, seat: int, rest: str, events: Events) -> None:
    who, where = rest.split()
    h = int(who[1:])
    st.hand[seat].remove(h)
    st.face_up[h] = False
    st.control[h] = seat
    if where == "astral":
        st.astral[seat].append(h)
        _ev(events, type="place", seat=seat, to="astral")
    else:
        st.put(h, board.BY_NAME[where])
        _ev(events, type="place", seat=seat, to=where)
    _ev(events, type="placed-card", card=who, card_id=st.ctype[h], seen_by=[seat])
    st.placed.append(h)


def _placement_done(st: State) -> bool:
    seat = st.order[st.step]
    return len(st.placed) >= PLACE_PER_ROUND or not st.hand[seat]


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
            _end_phase(st, events)


def advance(st: State, events: Events) -> None:
    """Run the automatic steps: end of a seat's placement, reveal, skipping Initiative
    sequences and turns in which the seat could only pass, and the steps of a group attack
    that leave no choice."""
    while not st.over:
        if st.phase == PLACE:
            done = _placement_done(st)
            if not done and not legal(st):
                seat = st.order[st.step]
                if not (st.rules.unplaceable_hand_passes and placement_spaces(st, seat)):
                    _end_game(st, "no room left to place a card", events)
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
                _reveal(st, events)
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


def _reveal(st: State, events: Events) -> None:
    watch = st.modes is not None and modes.watches_actions(st)
    before = modes.met_by_seat(st) if watch else []
    shown = []
    for i in st.in_play():
        if not st.face_up[i]:
            st.face_up[i] = True
            st.active[i] = True
            shown.append(i)
    st.version += 1
    _ev(
        events,
        type="reveal",
        cards=[{"card": f"c{i}", "card_id": st.ctype[i], "seat": st.owner[i]} for i in shown],
    )
    st.phase, st.step = INITIATIVE_PHASE, 0
    if watch:
        modes.after_reveal(st, before, events)


def _end_phase(st: State, events: Events) -> None:
    for i, changes in list(st.temp.items()):
        if "control_back" in changes and (st.where[i] >= 0):
            st.control[i] = changes["control_back"]
    st.version += 1
    for i in sorted(st.in_play()):
        trigger = info(st.ctype[i]).defn.end_of_round
        if trigger and st.face_up[i] and (st.where[i] >= 0 or any(i in a for a in st.astral)):
            END_OF_ROUND[trigger](st, i, events)
    for i in sorted(st.in_play()):
        if info(st.ctype[i]).kind == SPELL:
            discard_spell(st, i)
    for i in st.in_play():
        st.active[i] = True
        st.moved[i] = False
    st.temp.clear()
    st.used.clear()
    if st.modes is not None:
        modes.end_phase(st, events)
    st.version += 1
    _ev(events, type="end-of-round", round=st.round)
    if st.round >= st.rounds:
        last = {9: "ninth", 8: "eighth"}.get(st.rounds, f"{st.rounds}th")
        _end_game(st, f"the {last} round is over", events)
        return
    st.round += 1
    st.first = (st.first + 1) % st.n
    st.order = playing_order(st.first, st.n)
    if st.modes is not None:
        modes.before_draw(st, events)
    for s in range(st.n):
        draw(st, s, DRAW_PER_ROUND)
    st.phase, st.step = PLACE, 0
    st.placed = []
    if st.modes is not None:
        modes.after_draw(st, events)


def _end_game(st: State, reason: str, events: Events) -> None:
    if not st.rules.score_revealed_only:
        for i in st.in_play():
            st.face_up[i] = True  # 1.0.0 revealed (and scored) cards placed face down
    st.over = True
    st.phase = OVER
    st.end_reason = reason
    st.version += 1
    _ev(events, type="game-over", reason=reason)


# -- scoring ------------------------------------------------------------------------------------
def scores(st: State) -> list[int]:
    """Each seat's victory points: core values of the creatures and lands it controls on the
    battlefield, plus Dragon Slayer's trophies and Masters of AracKhan's count."""
    out = [0] * st.n
    for i in st.board:
        if i < 0 or not st.face_up[i] or info(st.ctype[i]).kind not in (CREATURE, LAND):
            continue
        seat = st.control[i]
        out[seat] += info(st.ctype[i]).value
        if info(st.ctype[i]).defn.params.get("trophies") and not (
            st.rules.exact_skill_loss and i in compute(st).skills_off
        ):
            out[seat] += sum(info(st.ctype[j]).value for j in st.under.get(i, ()))
        if info(st.ctype[i]).defn.params.get("scoring") == "masters":
            out[seat] += _masters(st, i)
    if st.modes is not None:
        out = [a + b for a, b in zip(out, modes.objective_points(st), strict=True)]
    return out


def _masters(st: State, land: int) -> int:
    seat = st.control[land]
    around = set(board.ADJACENT[st.where[land]])
    for s in list(around):
        j = st.board[s]
        if j >= 0 and st.friends(st.control[j], seat) and info(st.ctype[j]).kind == CREATURE:
            around.update(board.ADJACENT[s])
    return sum(
        info(st.ctype[j]).value
        for s in around
        if (j := st.board[s]) >= 0
        and not st.friends(st.control[j], seat)
        and info(st.ctype[j]).kind == CREATURE
    )


def cards_on_battlefield(st: State) -> list[int]:
    """First tie-break: allied cards each seat has on the battlefield."""
    out = [0] * st.n
    for i in st.board:
        if i >= 0 and st.face_up[i]:
            out[st.control[i]] += 1
    return out


def creatures_discarded(st: State) -> list[int]:
    """Second tie-break: allied creatures in each seat's discard pile (fewer is better)."""
    return [
        sum(1 for i in st.discard[s] if info(st.ctype[i]).kind == CREATURE) for s in range(st.n)
    ]


def ranking(st: State) -> tuple[list[int], list[tuple[int, int, int]]]:
    """Ranks (0 = first, ties shared) and each seat's (score, cards, -discarded) key; in 2v2
    the key is its alliance's (the sums of both seats)."""
    pts, cards, gone = scores(st), cards_on_battlefield(st), creatures_discarded(st)
    side: dict[int, tuple[int, int, int]] = {}
    for s in range(st.n):
        a, b, c = side.get(st.team[s], (0, 0, 0))
        side[st.team[s]] = (a + pts[s], b + cards[s], c - gone[s])
    keys = [side[st.team[s]] for s in range(st.n)]
    ranks = [sum(1 for other in side.values() if other > k) for k in keys]
    return ranks, keys


def side_scores(st: State) -> list[int]:
    """Each seat's victory points summed over its side (its alliance in 2v2)."""
    pts = scores(st)
    total: dict[int, int] = {}
    for s in range(st.n):
        total[st.team[s]] = total.get(st.team[s], 0) + pts[s]
    return [total[st.team[s]] for s in range(st.n)]


__all__ = ["legal", "play", "advance", "ranking", "scores", "destroy"]
