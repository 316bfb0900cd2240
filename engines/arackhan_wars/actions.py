"""Card actions and end-of-round triggers: the verbs card definitions name.

A card action is a pair of functions: ``options(st, seat, card, params)`` lists the argument
strings the action may take now (``[""]`` for an action without choices; ``[]`` when it cannot
be performed), and ``perform(st, seat, card, params, args, events)`` does it. An action that needs
several steps (moving several creatures one at a time) opens a :class:`~state.Pending` and
``pending_options`` / ``pending_perform`` answer its steps (``move c<i> x,y`` or ``done``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.arackhan_wars import board, movement
from engines.arackhan_wars.abilities import CREATURE, FLIGHT, IMMUNE_SPELLS, SPELL
from engines.arackhan_wars.effects import allied, card_info, compute
from engines.arackhan_wars.state import PENDING, Pending, State  # noqa: F401
from engines.arackhan_wars.zones import destroy, discard_spell

Options = Callable[[State, int, int, dict[str, Any]], list[str]]
Perform = Callable[[State, int, int, dict[str, Any], str, list[Any] | None], bool]
"""Returns True when the action is complete (False: a Pending was opened)."""


def _card(text: str) -> int:
    return int(text[1:])


def _creatures(st: State) -> list[int]:
    return [i for i in st.board if i >= 0 and st.face_up[i] and card_info(st, i).kind == CREATURE]


def _protected(st: State, source: int, target: int) -> bool:
    """True when ``target`` is immune to the spell ``source``."""
    if card_info(st, source).kind != SPELL or allied(st, source, target):
        return False
    return IMMUNE_SPELLS in compute(st).flags.get(target, ())


# -- discard an enemy spell ---------------------------------------------------------------------
def _discard_spell_options(st: State, seat: int, card: int, params: dict[str, Any]) -> list[str]:
    return [
        f"c{i}"
        for i in sorted(st.in_play())
        if st.face_up[i] and card_info(st, i).kind == SPELL and not st.friends(st.control[i], seat)
    ]


def _discard_spell(st, seat, card, params, args, events) -> bool:
    target = _card(args)
    discard_spell(st, target)
    if events is not None:
        events.append({"type": "discard", "card": f"c{target}"})
    return True


# -- move one creature --------------------------------------------------------------------------
def _move_targets(st: State, seat: int, card: int, params: dict[str, Any]) -> list[int]:
    side = params.get("side", "ally")
    out = []
    for t in _creatures(st):
        mine = st.friends(st.control[t], seat)
        if (side == "ally") != mine:
            continue
        if params.get("max_value") is not None and card_info(st, t).value > params["max_value"]:
            continue
        if params.get("families") and card_info(st, t).family not in params["families"]:
            continue
        if params.get("adjacent_to_source") and (
            st.where[card] < 0 or st.where[t] not in board.ADJACENT_SETS[st.where[card]]
        ):
            continue
        if _protected(st, card, t):
            continue
        out.append(t)
    return out


def _destinations(st: State, t: int, params: dict[str, Any]) -> list[int]:
    steps = params.get("steps")
    spaces = movement.walk(st, t, steps) if steps else movement.anywhere(st, t)
    if params.get("on_leave"):
        seat = st.control[t]
        keep = []
        for s in spaces:
            near = [st.board[n] for n in board.ADJACENT[s] if st.board[n] >= 0 and st.board[n] != t]
            if any(st.friends(st.control[j], seat) for j in near) and not any(
                not st.friends(st.control[j], seat) for j in near
            ):
                keep.append(s)
        spaces = keep
    return spaces


def _move_one_options(st, seat, card, params) -> list[str]:
    return [
        f"c{t} {board.NAMES[s]}"
        for t in _move_targets(st, seat, card, params)
        for s in _destinations(st, t, params)
    ]


def _move_one(st, seat, card, params, args, events) -> bool:
    who, where = args.split()
    t, space = _card(who), board.BY_NAME[where]
    st.move(t, space)
    if params.get("bonus_attack"):
        extra = st.temp.setdefault(t, {})
        extra["attack_bonus"] = extra.get("attack_bonus", 0) + params["bonus_attack"]
    if params.get("on_leave"):
        st.active[t] = False
    st.version += 1
    if events is not None:
        events.append({"type": "move", "card": f"c{t}", "to": where})
    return True


# -- move several creatures, one at a time ------------------------------------------------------
def _move_several_options(st, seat, card, params) -> list[str]:
    return [""] if _move_targets(st, seat, card, dict(params, side="ally")) else []


def _move_several(st, seat, card, params, args, events) -> bool:
    eligible = _move_targets(st, seat, card, dict(params, side="ally"))
    _open(
        st,
        seat,
        card,
        "move",
        params.get("count", len(eligible)),
        eligible=eligible,
        params=dict(params, side="ally"),
    )
    return False


def _open(st: State, seat: int, card: int, kind: str, left: int, **data: Any) -> None:
    """Open a multi-step action; the seat answers its steps until it is finished."""
    data.setdefault("return", st.phase)
    st.pending = Pending(seat=seat, card=card, kind=kind, left=left, data=data)
    st.phase = PENDING
    st.version += 1


def _move_steps(st: State) -> list[str]:
    p = st.pending
    params = p.data["params"]
    out = []
    for t in p.data["eligible"]:
        if st.where[t] < 0:
            continue
        out.extend(f"move c{t} {board.NAMES[s]}" for s in _destinations(st, t, params))
    return out


def _move_step(st: State, action: str, events: list[Any] | None) -> None:
    p = st.pending
    _, who, where = action.split()
    t = _card(who)
    st.move(t, board.BY_NAME[where])
    p.data["eligible"] = [x for x in p.data["eligible"] if x != t]
    if p.data.get("no_attack"):
        st.temp.setdefault(t, {})["no_attack"] = True
    if events is not None:
        events.append({"type": "move", "card": who, "to": where})


def _bearer_steps(st: State) -> list[str]:
    p = st.pending
    d = tuple(p.data["direction"])
    out = []
    for t in p.data["eligible"]:
        if st.where[t] < 0:
            continue
        nxt = board.step(st.where[t], d)
        if nxt is not None and st.board[nxt] < 0 and _lands_next_to_card(st, nxt, t):
            out.append(f"move c{t} {board.NAMES[nxt]}")
    return out


def _swap_steps(st: State) -> list[str]:
    p = st.pending
    return [f"swap {pair}" for pair in _swap_options(st, p.seat, p.card, p.data["params"])]


def _swap_step(st: State, action: str, events: list[Any] | None) -> None:
    _, a, b = action.split()
    _swap(st, _card(a), _card(b), events)


def _place_steps(st: State) -> list[str]:
    p = st.pending
    return _backup_places(st, p.seat, p.data["params"])


def _place_step(st: State, action: str, events: list[Any] | None) -> None:
    p = st.pending
    _, who, where = action.split()
    h = _card(who)
    _put_from_hand(st, p.seat, h, board.BY_NAME[where])
    if events is not None:
        events.append({"type": "place-revealed", "card": who, "to": where, "card_id": st.ctype[h]})


def _return_steps(st: State) -> list[str]:
    p = st.pending
    return [f"return c{h}" for h in sorted(st.hand[p.seat])]


def _return_step(st: State, action: str, events: list[Any] | None) -> None:
    p = st.pending
    h = _card(action.split()[1])
    st.hand[p.seat].remove(h)
    st.draw[p.seat].append(h)
    if p.left <= 1:
        st.rng.shuffle(st.draw[p.seat])
    st.version += 1
    if events is not None:
        events.append({"type": "put-back", "seat": p.seat, "seen_by": [p.seat], "card": f"c{h}"})


PENDING_STEPS: dict[str, tuple[Callable[[State], list[str]], Callable[..., None], bool]] = {
    # kind: (steps, perform one step, may stop early with "done")
    "move": (_move_steps, _move_step, True),
    "bearer": (_bearer_steps, _move_step, True),
    "swap": (_swap_steps, _swap_step, True),
    "place": (_place_steps, _place_step, True),
    "return": (_return_steps, _return_step, False),
}


def pending_options(st: State) -> list[str]:
    """The steps the open Pending allows (``done`` when it may stop early)."""
    p = st.pending
    assert p is not None
    steps, _, optional = PENDING_STEPS[p.kind]
    out = steps(st) if p.left > 0 else []
    if optional or not out:
        out.append("done")
    return out


def pending_perform(st: State, action: str, events: list[Any] | None) -> bool:
    """Play one step of the open Pending; True once it is finished."""
    p = st.pending
    assert p is not None
    if action == "done":
        return True
    _, perform, _ = PENDING_STEPS[p.kind]
    perform(st, action, events)
    p.left -= 1
    st.version += 1
    return p.left <= 0


# -- deactivate an enemy creature ---------------------------------------------------------------
def _deactivate_options(st, seat, card, params) -> list[str]:
    return [
        f"c{t}"
        for t in _creatures(st)
        if not st.friends(st.control[t], seat) and st.active[t] and not _protected(st, card, t)
    ]


def _deactivate(st, seat, card, params, args, events) -> bool:
    t = _card(args)
    st.active[t] = False
    st.version += 1
    if events is not None:
        events.append({"type": "deactivate", "card": args})
    return True


# -- reactivate every allied creature -----------------------------------------------------------
def _reactivate_options(st, seat, card, params) -> list[str]:
    return [""]


def _reactivate(st, seat, card, params, args, events) -> bool:
    for t in _creatures(st):
        if st.friends(st.control[t], seat):
            st.active[t] = True
            st.moved[t] = False
    st.version += 1
    if events is not None:
        events.append({"type": "reactivate-all", "seat": seat})
    return True


# -- replace the card with a creature from the hand ---------------------------------------------
def _replace_options(st, seat, card, params) -> list[str]:
    if st.where[card] < 0:
        return []
    top = params.get("max_value")
    return [
        f"c{h}"
        for h in sorted(st.hand[seat])
        if card_info(st, h).kind == CREATURE and (top is None or card_info(st, h).value <= top)
    ]


def _replace(st, seat, card, params, args, events) -> bool:
    h = _card(args)
    space = st.where[card]
    if params.get("fate") == "destroy":
        destroy(st, card)
    else:
        discard_spell(st, card)
    st.hand[seat].remove(h)
    st.put(h, space)
    st.face_up[h] = True
    st.active[h] = True
    st.control[h] = seat
    st.version += 1
    if events is not None:
        events.append({"type": "replace", "card": f"c{card}", "by": args, "card_id": st.ctype[h]})
    return True


# -- one more faction token ---------------------------------------------------------------------
def _token_options(st, seat, card, params) -> list[str]:
    return [""]


def _token(st, seat, card, params, args, events) -> bool:
    st.extra_tokens[card] += 1
    st.version += 1
    if events is not None:
        events.append({"type": "extra-token", "card": f"c{card}"})
    return True


# -- helpers of the actions below --------------------------------------------------------------
def _lands_next_to_card(st: State, space: int, moving: int) -> bool:
    return any((j := st.board[n]) >= 0 and j != moving for n in board.ADJACENT[space])


def _allies(st: State, seat: int) -> list[int]:
    return [t for t in _creatures(st) if st.friends(st.control[t], seat)]


def _swap(st: State, a: int, b: int, events: list[Any] | None) -> None:
    sa, sb = st.where[a], st.where[b]
    st.board[sa], st.board[sb] = b, a
    st.where[a], st.where[b] = sb, sa
    st.version += 1
    if events is not None:
        events.append({"type": "swap", "cards": [f"c{a}", f"c{b}"]})


def _swap_options(st: State, seat: int, card: int, params: dict[str, Any]) -> list[str]:
    top = params.get("max_value")
    allies = [
        t for t in _allies(st, seat) if t != card and (top is None or card_info(st, t).value <= top)
    ]
    if params.get("with_self"):
        return [f"c{card} c{t}" for t in allies if st.where[card] >= 0]
    if params.get("adjacent_first"):
        if st.where[card] < 0:
            return []
        near = [t for t in allies if st.where[t] in board.ADJACENT_SETS[st.where[card]]]
        return [f"c{a} c{b}" for a in near for b in allies if b != a]
    return [f"c{a} c{b}" for a in allies for b in allies if a < b]


def _put_from_hand(st: State, seat: int, h: int, space: int) -> None:
    """Put hand card ``h`` on ``space`` face up and active (it may be activated this turn)."""
    st.hand[seat].remove(h)
    st.put(h, space)
    st.face_up[h] = True
    st.active[h] = True
    st.control[h] = seat
    st.version += 1


def _backup_places(st: State, seat: int, params: dict[str, Any]) -> list[str]:
    family, top = params["family"], params.get("max_value")
    cards = [
        h
        for h in sorted(st.hand[seat])
        if card_info(st, h).kind == CREATURE
        and card_info(st, h).family == family
        and (top is None or card_info(st, h).value <= top)
    ]
    if not cards:
        return []
    spaces = []
    for space in range(board.N_SPACES):
        if st.board[space] >= 0:
            continue
        near = [st.board[n] for n in board.ADJACENT[space] if st.board[n] >= 0]
        if any(not st.friends(st.control[j], seat) for j in near):
            continue
        if any(
            st.face_up[j]
            and card_info(st, j).kind == CREATURE
            and card_info(st, j).family == family
            for j in near
        ):
            spaces.append(space)
    return [f"place c{h} {board.NAMES[sp]}" for h in cards for sp in spaces]


# -- Ice Elemental: choose its numbers for the round --------------------------------------------
def _set_stats_options(st, seat, card, params) -> list[str]:
    return [f"{a}/{d}" for a, d in params["choices"]]


def _set_stats(st, seat, card, params, args, events) -> bool:
    a, d = (int(x) for x in args.split("/"))
    st.temp.setdefault(card, {})["set"] = (a, d)
    st.version += 1
    return True


# -- swap two allied creatures (Warp Path, Assassin, Nakka's Nemesio) ---------------------------
def _swap_allies(st, seat, card, params, args, events) -> bool:
    a, b = (_card(x) for x in args.split())
    _swap(st, a, b, events)
    if params.get("repeat"):
        _open(st, seat, card, "swap", 1, params=dict(params))
        return False
    return True


# -- take over another creature's characteristics (Mimicry) -------------------------------------
def _copy_options(st, seat, card, params) -> list[str]:
    allies = _allies(st, seat)
    others = [t for t in _creatures(st) if not _protected(st, card, t)]
    return [f"c{a} c{b}" for a in allies for b in others if b != a]


def _copy(st, seat, card, params, args, events) -> bool:
    a, b = (_card(x) for x in args.split())
    st.temp.setdefault(a, {})["copy"] = st.ctype[b]
    st.active[a] = True
    st.version += 1
    if events is not None:
        events.append({"type": "copy", "card": f"c{a}", "of": f"c{b}"})
    return True


# -- Grey Order's Nemesio: sacrifice an ally, copy any creature ---------------------------------
def _sacrifice_options(st, seat, card, params) -> list[str]:
    victims = [t for t in _allies(st, seat) if t != card and card_info(st, t).value >= 3]
    models = [t for t in _creatures(st) if t != card]
    return [f"c{v} c{m}" for v in victims for m in models if m != v]


def _sacrifice(st, seat, card, params, args, events) -> bool:
    v, m = (_card(x) for x in args.split())
    model = st.ctype[m]
    destroy(st, v)
    st.temp.setdefault(card, {})["copy"] = model
    st.version += 1
    if events is not None:
        events.append({"type": "sacrifice-copy", "destroyed": f"c{v}", "copies": f"c{m}"})
    return True


# -- Whitelands' Nemesio: exchange skills with another creature ---------------------------------
def _exchange_options(st, seat, card, params) -> list[str]:
    return [f"c{t}" for t in _creatures(st) if t != card]


def _exchange(st, seat, card, params, args, events) -> bool:
    t = _card(args)
    mine = st.temp.get(card, {}).get("skills_of", st.ctype[card])
    theirs = st.temp.get(t, {}).get("skills_of", st.ctype[t])
    st.temp.setdefault(card, {})["skills_of"] = theirs
    st.temp.setdefault(t, {})["skills_of"] = mine
    st.version += 1
    if events is not None:
        events.append({"type": "exchange-skills", "cards": [f"c{card}", args]})
    return True


# -- Blight's Nemesio: exchange faction tokens; Possession: take control for the round ---------
def _swap_tokens_options(st, seat, card, params) -> list[str]:
    if st.where[card] < 0:
        return []
    near = [
        st.board[n]
        for n in board.ADJACENT[st.where[card]]
        if st.board[n] >= 0 and st.face_up[st.board[n]]
    ]
    near = [t for t in near if card_info(st, t).kind == CREATURE]
    enemies = [t for t in near if not st.friends(st.control[t], seat)]
    allies = [t for t in near if st.control[t] == seat]
    return [f"c{e} c{a}" for e in enemies for a in allies]


def _keep_token(st: State, t: int) -> None:
    st.temp.setdefault(t, {}).setdefault("control_back", st.control[t])


def _swap_tokens(st, seat, card, params, args, events) -> bool:
    e, a = (_card(x) for x in args.split())
    _keep_token(st, e)
    _keep_token(st, a)
    st.control[e], st.control[a] = st.control[a], st.control[e]
    st.active[e], st.active[a] = st.active[a], st.active[e]
    st.version += 1
    if events is not None:
        events.append({"type": "swap-tokens", "cards": [f"c{e}", f"c{a}"]})
    return True


def _possess_options(st, seat, card, params) -> list[str]:
    return [
        f"c{t}"
        for t in _creatures(st)
        if not st.friends(st.control[t], seat) and not _protected(st, card, t)
    ]


def _possess(st, seat, card, params, args, events) -> bool:
    t = _card(args)
    _keep_token(st, t)
    st.control[t] = seat
    st.active[t] = True
    st.version += 1
    if events is not None:
        events.append({"type": "possess", "card": args, "seat": seat})
    return True


# -- Essence Absorption: destroy an ally, another ally adds its characteristics -----------------
def _absorb_options(st, seat, card, params) -> list[str]:
    allies = _allies(st, seat)
    return [f"c{a} c{b}" for a in allies for b in allies if a != b]


def _absorb(st, seat, card, params, args, events) -> bool:
    a, b = (_card(x) for x in args.split())
    st.temp.setdefault(b, {}).setdefault("absorbed", []).append(st.ctype[a])
    destroy(st, a)
    st.version += 1
    if events is not None:
        events.append({"type": "absorb", "destroyed": f"c{a}", "into": f"c{b}"})
    return True


# -- Ancestral Library: draw up to 4, put as many back ------------------------------------------
def _library_options(st, seat, card, params) -> list[str]:
    return [str(k) for k in range(1, min(params["draw"], len(st.draw[seat])) + 1)]


def _library(st, seat, card, params, args, events) -> bool:
    k = int(args)
    for _ in range(k):
        st.hand[seat].append(st.draw[seat].pop())
    st.version += 1
    _open(st, seat, card, "return", k)
    return False


# -- Standard Bearer: one step, then 6th Legion allies follow in the same direction -------------
_DIRECTION_NAMES = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}


def _bearer_options(st, seat, card, params) -> list[str]:
    if st.where[card] < 0:
        return []
    out = []
    for name, d in _DIRECTION_NAMES.items():
        nxt = board.step(st.where[card], d)
        if nxt is not None and st.board[nxt] < 0 and _lands_next_to_card(st, nxt, card):
            out.append(name)
    return out


def _bearer(st, seat, card, params, args, events) -> bool:
    d = _DIRECTION_NAMES[args]
    st.move(card, board.step(st.where[card], d))
    if events is not None:
        events.append({"type": "move", "card": f"c{card}", "to": board.NAMES[st.where[card]]})
    eligible = [
        t for t in _allies(st, seat) if t != card and card_info(st, t).family == params["family"]
    ]
    if not eligible:
        return True
    _open(st, seat, card, "bearer", len(eligible), eligible=eligible, direction=list(d))
    return False


# -- Backup: place 6th Legion creatures from the hand -------------------------------------------
def _backup_options(st, seat, card, params) -> list[str]:
    return [""] if _backup_places(st, seat, params) else []


def _backup(st, seat, card, params, args, events) -> bool:
    _open(st, seat, card, "place", params.get("count", 2), params=dict(params))
    return False


ACTIONS: dict[str, tuple[Options, Perform]] = {
    "discard_enemy_spell": (_discard_spell_options, _discard_spell),
    "move_one": (_move_one_options, _move_one),
    "move_several": (_move_several_options, _move_several),
    "deactivate_enemy": (_deactivate_options, _deactivate),
    "reactivate_allies": (_reactivate_options, _reactivate),
    "replace_from_hand": (_replace_options, _replace),
    "extra_token": (_token_options, _token),
    "set_stats": (_set_stats_options, _set_stats),
    "swap_allies": (_swap_options, _swap_allies),
    "copy_creature": (_copy_options, _copy),
    "sacrifice_and_copy": (_sacrifice_options, _sacrifice),
    "exchange_skills": (_exchange_options, _exchange),
    "swap_tokens": (_swap_tokens_options, _swap_tokens),
    "possess": (_possess_options, _possess),
    "absorb": (_absorb_options, _absorb),
    "library": (_library_options, _library),
    "standard_bearer": (_bearer_options, _bearer),
    "backup": (_backup_options, _backup),
}


# -- end of round triggers ----------------------------------------------------------------------
def _small_fliers(st: State, card: int, events: list[Any] | None) -> None:
    if st.where[card] < 0:
        return
    stats = compute(st)
    doomed = []
    for s in board.ADJACENT[st.where[card]]:
        t = st.board[s]
        small = t >= 0 and card_info(st, t).kind == CREATURE and card_info(st, t).value <= 5
        if small and FLIGHT in stats.attrs.get(t, ()):
            doomed.append(t)
    for t in doomed:
        destroy(st, t)
        if events is not None:
            events.append({"type": "destroy", "card": f"c{t}", "why": "Ghost Metal Monolith"})


END_OF_ROUND: dict[str, Callable[[State, int, list[Any] | None], None]] = {
    "destroy_adjacent_small_fliers": _small_fliers,
}
