"""Card actions: the verbs card definitions name (``CardDef.action``).

A card action is a pair of functions: ``options(st, seat, card, params)`` lists the argument
strings the action may take now (``[""]`` for an action without choices; ``[]`` when it cannot
be performed), and ``perform(st, seat, card, params, args, events)`` does it and returns True, or
opens a multi-step action (:mod:`steps`) and returns False.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import CREATURE, SPELL
from engines.arackhan_wars.effects import card_info
from engines.arackhan_wars.state import State
from engines.arackhan_wars.steps import open_pending
from engines.arackhan_wars.targets import (
    allied_creatures,
    backup_places,
    card_of,
    creatures,
    destinations,
    lands_next_to_card,
    move_targets,
    protected,
    swap,
    swap_options,
)
from engines.arackhan_wars.zones import destroy, discard_spell

Options = Callable[[State, int, int, dict[str, Any]], list[str]]
Perform = Callable[[State, int, int, dict[str, Any], str, list[Any] | None], bool]
"""Returns True when the action is complete (False: a Pending was opened)."""


# -- discard an enemy spell ---------------------------------------------------------------------
def _discard_spell_options(st: State, seat: int, card: int, params: dict[str, Any]) -> list[str]:
    return [
        f"c{i}"
        for i in sorted(st.in_play())
        if st.face_up[i] and card_info(st, i).kind == SPELL and not st.friends(st.control[i], seat)
    ]


def _discard_spell(st, seat, card, params, args, events) -> bool:
    target = card_of(args)
    discard_spell(st, target)
    if events is not None:
        events.append({"type": "discard", "card": f"c{target}"})
    return True


# -- move one creature --------------------------------------------------------------------------
def _move_one_options(st, seat, card, params) -> list[str]:
    return [
        f"c{t} {board.NAMES[s]}"
        for t in move_targets(st, seat, card, params)
        for s in destinations(st, t, params)
    ]


def _move_one(st, seat, card, params, args, events) -> bool:
    who, where = args.split()
    t, space = card_of(who), board.BY_NAME[where]
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
    return [""] if move_targets(st, seat, card, dict(params, side="ally")) else []


def _move_several(st, seat, card, params, args, events) -> bool:
    eligible = move_targets(st, seat, card, dict(params, side="ally"))
    open_pending(
        st,
        seat,
        card,
        "move",
        params.get("count", len(eligible)),
        eligible=eligible,
        params=dict(params, side="ally"),
    )
    return False


# -- deactivate an enemy creature ---------------------------------------------------------------
def _deactivate_options(st, seat, card, params) -> list[str]:
    return [
        f"c{t}"
        for t in creatures(st)
        if not st.friends(st.control[t], seat) and st.active[t] and not protected(st, card, t)
    ]


def _deactivate(st, seat, card, params, args, events) -> bool:
    t = card_of(args)
    st.active[t] = False
    st.version += 1
    if events is not None:
        events.append({"type": "deactivate", "card": args})
    return True


# -- reactivate every allied creature -----------------------------------------------------------
def _reactivate_options(st, seat, card, params) -> list[str]:
    return [""]


def _reactivate(st, seat, card, params, args, events) -> bool:
    for t in creatures(st):
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
    h = card_of(args)
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


# -- Ice Elemental: choose its numbers for the round --------------------------------------------
def _set_stats_options(st, seat, card, params) -> list[str]:
    return [f"{a}/{d}" for a, d in params["choices"]]


def _set_stats(st, seat, card, params, args, events) -> bool:
    a, d = [int(x) for x in args.split("/")]
    st.temp.setdefault(card, {})["set"] = (a, d)
    st.version += 1
    return True


# -- swap two allied creatures (Warp Path, Assassin, Nakka's Nemesio) ---------------------------
def _swap_allies(st, seat, card, params, args, events) -> bool:
    a, b = [card_of(x) for x in args.split()]
    swap(st, a, b, events)
    if params.get("repeat"):
        open_pending(st, seat, card, "swap", 1, params=dict(params))
        return False
    return True


# -- take over another creature's characteristics (Mimicry) -------------------------------------
def _copy_options(st, seat, card, params) -> list[str]:
    allies = allied_creatures(st, seat)
    others = creatures(st)
    if not st.rules.mimicry_copies_immune:
        others = [t for t in others if not protected(st, card, t)]
    return [f"c{a} c{b}" for a in allies for b in others if b != a]


def _copy(st, seat, card, params, args, events) -> bool:
    a, b = [card_of(x) for x in args.split()]
    st.temp.setdefault(a, {})["copy"] = st.ctype[b]
    st.active[a] = True
    st.version += 1
    if events is not None:
        events.append({"type": "copy", "card": f"c{a}", "of": f"c{b}"})
    return True


# -- Grey Order's Nemesio: sacrifice an ally, copy any creature ---------------------------------
def _sacrifice_options(st, seat, card, params) -> list[str]:
    victims = [t for t in allied_creatures(st, seat) if t != card and card_info(st, t).value >= 3]
    models = [t for t in creatures(st) if t != card]
    return [f"c{v} c{m}" for v in victims for m in models if m != v]


def _sacrifice(st, seat, card, params, args, events) -> bool:
    v, m = [card_of(x) for x in args.split()]
    model = st.ctype[m]
    destroy(st, v)
    st.temp.setdefault(card, {})["copy"] = model
    st.version += 1
    if events is not None:
        events.append({"type": "sacrifice-copy", "destroyed": f"c{v}", "copies": f"c{m}"})
    return True


# -- Whitelands' Nemesio: exchange skills with another creature ---------------------------------
def _exchange_options(st, seat, card, params) -> list[str]:
    return [f"c{t}" for t in creatures(st) if t != card]


def _exchange(st, seat, card, params, args, events) -> bool:
    t = card_of(args)
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
    e, a = [card_of(x) for x in args.split()]
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
        for t in creatures(st)
        if not st.friends(st.control[t], seat) and not protected(st, card, t)
    ]


def _possess(st, seat, card, params, args, events) -> bool:
    t = card_of(args)
    _keep_token(st, t)
    st.control[t] = seat
    st.active[t] = True
    st.version += 1
    if events is not None:
        events.append({"type": "possess", "card": args, "seat": seat})
    return True


# -- Essence Absorption: destroy an ally, another ally adds its characteristics -----------------
def _absorb_options(st, seat, card, params) -> list[str]:
    allies = allied_creatures(st, seat)
    return [f"c{a} c{b}" for a in allies for b in allies if a != b]


def _absorb(st, seat, card, params, args, events) -> bool:
    a, b = [card_of(x) for x in args.split()]
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
    open_pending(st, seat, card, "return", k)
    return False


# -- Standard Bearer: one step, then 6th Legion allies follow in the same direction -------------
_DIRECTION_NAMES: Final[dict[str, tuple[int, int]]] = {
    "up": (0, -1),
    "right": (1, 0),
    "down": (0, 1),
    "left": (-1, 0),
}


def _bearer_options(st, seat, card, params) -> list[str]:
    if st.where[card] < 0:
        return []
    out = []
    for name, d in _DIRECTION_NAMES.items():
        nxt = board.step(st.where[card], d)
        if nxt is not None and st.board[nxt] < 0 and lands_next_to_card(st, nxt, card):
            out.append(name)
    return out


def _bearer(st, seat, card, params, args, events) -> bool:
    d = _DIRECTION_NAMES[args]
    st.move(card, board.step(st.where[card], d))
    if events is not None:
        events.append({"type": "move", "card": f"c{card}", "to": board.NAMES[st.where[card]]})
    eligible = [
        t
        for t in allied_creatures(st, seat)
        if t != card and card_info(st, t).family == params["family"]
    ]
    if not eligible:
        return True
    open_pending(st, seat, card, "bearer", len(eligible), eligible=eligible, direction=list(d))
    return False


# -- Backup: place 6th Legion creatures from the hand -------------------------------------------
def _backup_options(st, seat, card, params) -> list[str]:
    return [""] if backup_places(st, seat, params) else []


def _backup(st, seat, card, params, args, events) -> bool:
    open_pending(st, seat, card, "place", params.get("count", 2), params=dict(params))
    return False


ACTIONS: Final[dict[str, tuple[Options, Perform]]] = {
    "discard_enemy_spell": (_discard_spell_options, _discard_spell),
    "move_one": (_move_one_options, _move_one),
    "move_several": (_move_several_options, _move_several),
    "deactivate_enemy": (_deactivate_options, _deactivate),
    "reactivate_allies": (_reactivate_options, _reactivate),
    "replace_from_hand": (_replace_options, _replace),
    "extra_token": (_token_options, _token),
    "set_stats": (_set_stats_options, _set_stats),
    "swap_allies": (swap_options, _swap_allies),
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
