"""Why an action is illegal: one clear sentence per broken rule."""

from __future__ import annotations

from engines.khan_of_khans import legal
from engines.khan_of_khans.cards import IMPALA, KHAN_NAMES, VALUE
from engines.khan_of_khans.state import NO_PENDING, PENDING_BLESSING, State

EXAMPLES = (
    "'raid 3', 'corral', 'bless 1 50', 'keep', 'give 1 100', 'sneak 50', 'impala 0,4,7', 'choose 4'"
)


def _target_problem(st: State, s: int, t: int, v: int) -> str | None:
    if t >= st.n:
        return f"there is no seat {t}"
    if t == s:
        return "a Waha's Blessing must be used against another player"
    herd = st.herd[t]
    if not herd:
        return f"seat {t} has no Raid! card in their Herd to steal"
    if t == st.sable and v != legal.RANDOM_CARD:
        return f"seat {t} is the Sable Nation: their Herd is face down, so you take a card at random (no value)"
    if t != st.sable and v == legal.RANDOM_CARD:
        return "name the value of the Raid! card you take (100, 50 or 20)"
    if v != legal.RANDOM_CARD and all(VALUE[c] != v for c in herd):
        return f"seat {t} has no {v}-cow Raid! card in their Herd"
    return None


def why_illegal(st: State, s: int, action: object) -> str:
    """A sentence saying which rule ``action`` breaks for seat ``s`` in ``st``."""
    if not isinstance(action, str):
        return "actions are strings"
    info = legal.INFO.get(action)
    if info is None:
        if action.startswith("impala "):
            return "reveal 1 to 3 different Location decks listed in increasing order, e.g. 'impala 0,4,7'"
        return f"not an action of this game (examples: {EXAMPLES})"
    op, a, b = info
    if st.pending == PENDING_BLESSING and op not in (legal.OP_KEEP, legal.OP_GIVE):
        return "first decide on the Waha's Blessing you drew: 'keep' it or 'give <seat> <value>'"
    if st.pending not in (NO_PENDING, PENDING_BLESSING) and op != legal.OP_CHOOSE:
        return "first choose one of the Location decks the Impala People revealed ('choose <deck>')"
    if st.pending == NO_PENDING and op in (legal.OP_KEEP, legal.OP_GIVE):
        return "you have not just drawn a Waha's Blessing"
    if st.pending == NO_PENDING and op == legal.OP_CHOOSE:
        return "there is no Impala People reveal to choose from"
    if op == legal.OP_RAID:
        return f"Location deck {a} is empty"
    if op == legal.OP_CORRAL:
        if not st.tiles[s]:
            return "you have no open Corral tile left"
        return "your Herd has no Raid! card to corral"
    if op == legal.OP_BLESS:
        if not st.kept[s]:
            return "you have no kept, unused Waha's Blessing"
        return _target_problem(st, s, a, b) or "not legal now"
    if op == legal.OP_GIVE:
        return _target_problem(st, s, a, b) or "not legal now"
    if op == legal.OP_SNEAK:
        if s != st.llama:
            return "only the High Llama Tribe may sneak a card into a Corral"
        if -1 not in st.extra[s]:
            return "you have no used Corral without a sneaked card"
        return f"your Herd has no {b}-cow Raid! card"
    if op == legal.OP_IMPALA:
        if s != st.impala:
            return f"only the {KHAN_NAMES[IMPALA]} may reveal Location decks"
        if not st.token:
            return "the Impala People token is brown: corral your Herd before revealing again"
        return "every revealed Location deck must be non-empty"
    if op == legal.OP_CHOOSE:
        return f"Location deck {a} was not revealed"
    return "not legal now"
