"""Actions in words a player reads (card names, never ids), and why an action is illegal."""

from __future__ import annotations

from engines.heroes_of_graxia import actions as A
from engines.heroes_of_graxia.legion import lethal_to_hero, spells_allowed
from engines.heroes_of_graxia.state import (
    CLASH,
    HEALING,
    HIRE,
    LOSING,
    MAIN,
    MULLIGAN,
    PICK,
    SPELLS,
    WOUNDS,
    State,
)
from engines.heroes_of_graxia.tables import (
    ARMY,
    CAN_COMBAT,
    CAN_OUT,
    EQUIP,
    HENCH,
    HERO_SUB,
    MERC,
    SPELL,
    T_ENEMY,
    T_NONE,
    UNIT,
)

EXAMPLES = "'end', 'sell bone-sword', 'buy iron-axe', 'fight cave-troll', 'attack 1', 'pass'"
SLOTS = ("Aura", "Armor", "Weapon")


def _name(st: State, c: int) -> str:
    t = st.t
    return t.NAME[t.KIND[c]]


def _owner(st: State, u: int) -> int:
    return next((s for s in range(st.n) if u in st.legion[s]), -1)


def _hero_of(st: State, s: int) -> str:
    return _name(st, st.hero[s])


def _seat(st: State, s: int) -> str:
    """A seat as a player reads it: the seat and its Hero."""
    return f"seat {s} ({_hero_of(st, s)})"


def _unit_of(st: State, u: int, viewer: int | None) -> str:
    """A Unit of a Legion: "your Alesana" or "seat 2's Alesana"."""
    s = _owner(st, u)
    if s < 0:
        return _name(st, u)
    whose = "your" if viewer is not None and s == viewer else f"seat {s}'s"
    return f"{whose} {_name(st, u)}"


def describe(st: State, action: str, viewer: int | None = None) -> str:
    """A sentence for ``action`` in the current state (the action itself if it names
    nothing); ``viewer`` is the seat reading it, if any (default: the seat to act)."""
    seat = st.to_act if st.to_act >= 0 else st.cur
    if viewer is None:
        viewer = seat
    m = A.parse(st, seat, action)
    if m is None:
        return action
    op, a, b = m
    t = st.t
    if op == A.END:
        return "End the turn: discard your hand and draw five cards"
    if op == A.KEEP:
        return "Keep this hand"
    if op == A.REDRAW:
        return f"Discard this hand and draw {st.mull + 2} cards instead"
    if op == A.SELL:
        return f"Sell {_name(st, a)} for {t.SELL[a]} Gold"
    if op == A.BUY:
        return f"Buy {_name(st, a)} for {t.COST[a]} Gold"
    if op == A.BUYR:
        return f"Buy {_name(st, a)} for {t.COST[a]} of the Gold the Monster gave"
    if op == A.DRAW:
        return "Draw a card (1 action)"
    if op == A.PLACE:
        return f"Place {_name(st, a)} in your Legion (1 action)"
    if op == A.ATTACH:
        return f"Attach {_name(st, a)} to {_name(st, b)} (1 action)"
    if op == A.SWAP:
        if t.CLS[a] == EQUIP:
            on = _name(st, st.host[b])
            return f"Swap {_name(st, a)} from your hand for the {_name(st, b)} on {on} (1 action)"
        return f"Swap {_name(st, a)} from your hand for {_name(st, b)} in your Legion (1 action)"
    if op == A.MOVE:
        other = st.eq[3 * b + t.SUB[a]]
        tail = f", and {_name(st, other)} the other way" if other >= 0 else ""
        return (
            f"Move {_name(st, a)} from {_name(st, st.host[a])} to {_name(st, b)}{tail} (1 action)"
        )
    if op == A.PICKUP:
        if t.CLS[a] == EQUIP:
            return f"Pick up {_name(st, a)} from {_name(st, st.host[a])} (1 action)"
        return f"Pick up {_name(st, a)} from your Legion (1 action)"
    if op == A.CAST:
        cost = " (1 action)" if st.phase == MAIN else ""
        if b >= 0:
            return f"Cast {_name(st, a)} on {_unit_of(st, b, viewer)}{cost}"
        return f"Cast {_name(st, a)}{cost}"
    if op == A.HEAL:
        return f"Heal wounds with Gold, one wound a Gold (1 action; {st.gold} Gold now)"
    if op == A.MEND:
        return f"Heal one wound of {_name(st, a)} for 1 Gold"
    if op == A.DONE:
        return "Stop healing"
    if op == A.FIGHT:
        return (
            f"Attack {_name(st, a)} (Health {t.HP[a]}, Attack {t.ATK[a]}, "
            f"Trophy {t.TROPHY[a]}) (1 action)"
        )
    if op == A.ATTACK:
        if a == viewer:
            return "Attack your Legion (1 action)"
        return f"Attack the Legion of {_seat(st, a)} (1 action)"
    if op == A.HIRE_OP:
        return f"Hire {_name(st, a)} for this combat"
    if op == A.READY:
        return "Done hiring Mercenaries: now the Spells"
    if op == A.RESOLVE:
        return f"Fight {_name(st, st.ctarget)} now"
    if op == A.PASS:
        return "Pass (play nothing now)"
    if op == A.WOUND:
        left = st.pend[0][1] if st.pend else 0
        return f"Put a wound on {_name(st, a)} ({left} to place)"
    if op == A.LOSE:
        return f"Give up {_name(st, a)} from your Loot Pile"
    if op == A.TAKE:
        return f"Take {_name(st, a)} into your new hand"
    return action


_PHASE_WANTS = {
    MULLIGAN: "decide on your new hand first: 'keep' or 'redraw'",
    HEALING: "you are healing: 'mend <unit id>', 'sell <card>' or 'done'",
    PICK: "choose your new hand first: 'take <card>'",
    HIRE: "hire Mercenaries with 'hire <card>', or 'ready' for the Spells",
    SPELLS: "cast Spells with 'cast <spell> [<unit id>]', or 'resolve' to fight",
    CLASH: "play a Mercenary ('hire') or a Spell ('cast'), or 'pass'",
    WOUNDS: "place the wounds first: 'wound <unit id>'",
    LOSING: "choose the Monster you give up: 'lose <monster>'",
}
_MAIN_ONLY = {
    A.END,
    A.BUY,
    A.BUYR,
    A.DRAW,
    A.PLACE,
    A.ATTACH,
    A.SWAP,
    A.MOVE,
    A.PICKUP,
    A.HEAL,
    A.FIGHT,
    A.ATTACK,
}
_ONE_ACTION = {A.DRAW, A.PLACE, A.ATTACH, A.SWAP, A.MOVE, A.PICKUP, A.HEAL, A.FIGHT, A.ATTACK}


def why_illegal(st: State, seat: int, action: object) -> str:
    """A sentence saying which rule ``action`` breaks for ``seat`` now."""
    if not isinstance(action, str):
        return "actions are strings"
    words = action.split(" ")
    verb = words[0]
    if verb not in A.VERBS:
        return f"not an action of this game (examples: {EXAMPLES})"
    m = A.parse(st, seat, action)
    if m is None:
        return _unparsed(st, seat, words)
    op = m[0]
    phase = st.phase
    if phase == MAIN and op not in _MAIN_ONLY and op not in (A.SELL, A.CAST):
        return f"'{verb}' is not a step of your turn now: attack, cast, buy... or 'end'"
    if phase != MAIN and (op in _MAIN_ONLY and not (phase == HEALING and op == A.SELL)):
        if st.cmode and op in (A.BUY, A.BUYR):
            return "cards may be bought anytime during your turn, except in combat"
        return _PHASE_WANTS.get(phase, "not legal now")
    if phase == MAIN and op in _ONE_ACTION and st.ap <= 0:
        return "you have no action left this turn"
    if op in (A.FIGHT, A.ATTACK) and st.attacked:
        return "only one attack per turn is allowed"
    return _specific(st, seat, m) or _PHASE_WANTS.get(phase, "not legal now")


def _unparsed(st: State, seat: int, words: list[str]) -> str:
    verb = words[0]
    t = st.t
    if len(words) < 2:
        return f"'{verb}' needs a card (e.g. '{verb} {t.SLUG[0]}')"
    word = words[1]
    if verb == "attack":
        return f"'attack' takes a seat number from 0 to {st.n - 1}"
    if "#" in word:
        if word not in t.uid_of:
            return f"there is no card {word!r} in this game"
        return f"{_name(st, t.uid_of[word])} ({word}) is not where this action needs it"
    if word not in t.kind_of_slug:
        return f"there is no card named {word!r} (cards are named by slug, e.g. bone-sword)"
    where = {
        "buy": "face up in the market",
        "fight": "among the Monsters that may be attacked",
        "lose": "in your Loot Pile",
        "take": "in your Discard Pile",
    }.get(verb, "in your hand")
    name = t.NAME[t.kind_of_slug[word]]
    if len(words) > 2 and words[2] not in t.uid_of and words[2] != A.REWARD_GOLD:
        return f"there is no card {words[2]!r} in this game (Units are named by id, e.g. shadd#1)"
    return f"there is no {name} {where}"


def _specific(st: State, seat: int, m: A.Move) -> str:
    op, a, b = m
    t = st.t
    p = st.cur
    leg = st.legion[p]
    if op == A.SELL and t.SELL[a] <= 0:
        return f"{_name(st, a)} has no Gold value"
    if op in (A.BUY, A.BUYR):
        gold = st.mgold if op == A.BUYR else st.gold
        what = "Gold from the Monster" if op == A.BUYR else "Gold (sell cards from your hand first)"
        return f"{_name(st, a)} costs {t.COST[a]} Gold, you have {gold} {what}"
    if op == A.DRAW:
        return "your Player Deck and Discard Pile are empty"
    if op == A.PLACE:
        if t.CLS[a] != UNIT or t.SUB[a] not in (ARMY, HENCH):
            return "only an Army or a Henchman is placed in a Legion (Mercenaries only fight)"
        return "a Legion may have only one Henchman: swap them instead"
    if op == A.ATTACH:
        if t.CLS[a] != EQUIP:
            return f"{_name(st, a)} is not Equipment"
        if b not in leg:
            if t.SUB[b] == MERC:
                return "Mercenaries can never have Equipment attached to them"
            return f"{_name(st, b)} is not a Unit of your Legion"
        held = st.eq[3 * b + t.SUB[a]]
        return (
            f"only one {SLOTS[t.SUB[a]]} per Unit: {_name(st, b)} has {_name(st, held)} "
            "(swap it instead)"
        )
    if op == A.SWAP:
        return "a swap replaces a Henchman of your Legion, or attached Equipment of the same type"
    if op == A.MOVE:
        if st.host[a] < 0 or st.host[a] not in leg:
            return f"{_name(st, a)} is not attached to a Unit of your Legion"
        return "move Equipment to another Unit of your Legion"
    if op == A.PICKUP:
        if t.SUB[a] == HERO_SUB:
            return "the Hero cannot be picked up"
        if a in leg:
            return f"pick up the cards attached to {_name(st, a)} first (one action each)"
        return f"{_name(st, a)} is not in your Legion"
    if op == A.HEAL:
        if not any(st.wounds[u] for u in leg):
            return "no Unit of your Legion is wounded"
        return "you have no Gold and nothing to sell for Gold"
    if op == A.MEND:
        if st.gold <= 0:
            return "healing costs one Gold a wound: sell a card first"
        return f"{_name(st, a)} has no wound to heal"
    if op == A.ATTACK:
        if a >= st.n:
            return f"there is no seat {a}"
        if a == p:
            return "you cannot attack your own Legion"
        return (
            f"seat {a} was attacked since its last turn: it cannot be attacked again until "
            "after its next turn"
        )
    if op == A.CAST:
        return _cast_problem(st, seat, a, b)
    if op == A.HIRE_OP:
        if not _is_mercenary(st, a):
            return f"{_name(st, a)} is not a Mercenary"
        if st.phase == SPELLS:
            return "Mercenaries are played in step 2, before the Spells: cast Spells or 'resolve'"
        if st.phase not in (HIRE, CLASH):
            return "Mercenaries are only played in combat"
    if op == A.WOUND:
        s = st.pend[0][0] if st.pend else seat
        if a not in st.legion[s]:
            return f"{_name(st, a)} is not a Unit of your Legion (Mercenaries take no wounds)"
        if lethal_to_hero(st, s, a, 1):
            return "Heroes must be the last to be eliminated: wound your other Units first"
    return ""


def _is_mercenary(st: State, c: int) -> bool:
    return st.t.CLS[c] == UNIT and st.t.SUB[c] == MERC


def _cast_problem(st: State, seat: int, c: int, target: int) -> str:
    t = st.t
    if t.CLS[c] != SPELL:
        return f"{_name(st, c)} is not a Spell"
    if st.phase == HIRE:
        return "Spells are cast in step 3, after the Mercenaries: 'ready' first"
    if st.phase not in (MAIN, SPELLS, CLASH):
        return _PHASE_WANTS.get(st.phase, "not legal now")
    in_combat = st.phase in (SPELLS, CLASH)
    if in_combat and not t.WHEN[c] & CAN_COMBAT:
        return f"{_name(st, c)} can only be cast out of combat"
    if not in_combat and not t.WHEN[c] & CAN_OUT:
        return f"{_name(st, c)} can only be cast in combat"
    if in_combat and st.cast[seat] >= spells_allowed(st, seat):
        return (
            "each Unit in combat may cast only one Spell: you have cast as many as you have Units"
        )
    kind = t.TARGET[c]
    if kind == T_NONE and target >= 0:
        return f"{_name(st, c)} takes no target"
    if kind != T_NONE and target < 0 and not (kind == T_ENEMY and st.cmode == 1):
        return f"{_name(st, c)} needs a Unit as its target (cast {t.SLUG[t.KIND[c]]} <unit id>)"
    if kind == T_ENEMY and target >= 0:
        owner = _owner(st, target)
        if owner < 0 or owner == seat:
            return f"{_name(st, c)} targets a Unit of another Legion"
        if lethal_to_hero(st, owner, target, t.S_WOUND[c]):
            return "Heroes must be the last to be eliminated: that would eliminate the Hero"
        return "in a combat, wound a Unit of the Legion you are fighting"
    if kind != T_NONE and target >= 0:
        if target not in st.units_in_combat(seat):
            return f"{_name(st, c)} targets a Unit of your own Legion"
        if t.S_HEAL[c]:
            return f"{_name(st, target)} has no wound to heal"
        return f"the listed value of {_name(st, target)} is already doubled"
    return ""
