"""What may be played: the action strings, what each one means (``INFO``: action to
``(op, a, b)``) and the legal actions of the seat to act, in a fixed order (:func:`legal_list`).
What playing one does is :mod:`engines.khan_of_khans.rules`.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engines.khan_of_khans.cards import N_DECKS, RAID_VALUES, VALUE
from engines.khan_of_khans.state import NO_PENDING, PENDING_BLESSING, State

OP_RAID, OP_CORRAL, OP_BLESS, OP_SNEAK, OP_IMPALA, OP_KEEP, OP_GIVE, OP_CHOOSE = range(8)
MAX_SEATS = 5
RANDOM_CARD = 0
"""The value slot of a steal from the Sable Nation: the card is taken at random."""

CORRAL = "corral"
KEEP = "keep"
RAID_ACTS = tuple(f"raid {d}" for d in range(N_DECKS))
CHOOSE_ACTS = tuple(f"choose {d}" for d in range(N_DECKS))
SNEAK_ACTS = {v: f"sneak {v}" for v in RAID_VALUES}
BLESS_ACTS = [{v: f"bless {t} {v}" for v in RAID_VALUES} for t in range(MAX_SEATS)]
GIVE_ACTS = [{v: f"give {t} {v}" for v in RAID_VALUES} for t in range(MAX_SEATS)]
for _t in range(MAX_SEATS):
    BLESS_ACTS[_t][RANDOM_CARD] = f"bless {_t}"
    GIVE_ACTS[_t][RANDOM_CARD] = f"give {_t}"

INFO: dict[str, tuple[int, Any, int]] = {CORRAL: (OP_CORRAL, 0, 0), KEEP: (OP_KEEP, 0, 0)}
for _d in range(N_DECKS):
    INFO[RAID_ACTS[_d]] = (OP_RAID, _d, 0)
    INFO[CHOOSE_ACTS[_d]] = (OP_CHOOSE, _d, 0)
for _v, _a in SNEAK_ACTS.items():
    INFO[_a] = (OP_SNEAK, 0, _v)
for _t in range(MAX_SEATS):
    for _v, _a in BLESS_ACTS[_t].items():
        INFO[_a] = (OP_BLESS, _t, _v)
    for _v, _a in GIVE_ACTS[_t].items():
        INFO[_a] = (OP_GIVE, _t, _v)


def impala_act(decks: tuple[int, ...]) -> str:
    """The action string revealing the tops of ``decks``."""
    return "impala " + ",".join(map(str, decks))


for _r in (1, 2, 3):
    for _combo in combinations(range(N_DECKS), _r):
        INFO[impala_act(_combo)] = (OP_IMPALA, _combo, 0)

MASKS = 1 << N_DECKS
DECKS_OF_MASK = [[d for d in range(N_DECKS) if m >> d & 1] for m in range(MASKS)]
RAID_LISTS = [[RAID_ACTS[d] for d in ds] for ds in DECKS_OF_MASK]
_IMPALA_LISTS: dict[int, list[str]] = {}


def impala_list(mask: int) -> list[str]:
    """Every Impala reveal (1 to 3 different non-empty decks) for a deck mask (cached)."""
    acts = _IMPALA_LISTS.get(mask)
    if acts is None:
        ds = DECKS_OF_MASK[mask]
        acts = [impala_act(c) for r in (1, 2, 3) for c in combinations(ds, r)]
        _IMPALA_LISTS[mask] = acts
    return acts


def steal_options(st: State, s: int, table: list[dict[int, str]]) -> list[str]:
    """Steal actions against every other seat with a Raid! card in its Herd."""
    out = []
    herds = st.herd
    for t in range(st.n):
        if t == s:
            continue
        h = herds[t]
        if not h:
            continue
        acts = table[t]
        if t == st.sable:
            out.append(acts[RANDOM_CARD])
            continue
        vs = {VALUE[c] for c in h}
        for v in RAID_VALUES:
            if v in vs:
                out.append(acts[v])
    return out


def legal_list(st: State) -> list[str]:
    """The legal actions of the seat to act, in a fixed order. May be a shared list: don't
    mutate it."""
    if st.over:
        return []
    s = st.to_act
    pending = st.pending
    if pending == NO_PENDING:
        acts = RAID_LISTS[st.mask]
        herd = st.herd[s]
        extra: list[str] = []
        if herd and st.tiles[s]:
            extra.append(CORRAL)
        if st.kept[s]:
            extra += steal_options(st, s, BLESS_ACTS)
        if s == st.llama and herd and -1 in st.extra[s]:
            vs = {VALUE[c] for c in herd}
            extra += [SNEAK_ACTS[v] for v in RAID_VALUES if v in vs]
        if s == st.impala and st.token:
            extra += impala_list(st.mask)
        return acts + extra if extra else acts
    if pending == PENDING_BLESSING:
        return [KEEP, *steal_options(st, s, GIVE_ACTS)]
    return [CHOOSE_ACTS[d] for d in st.revealed]


def any_target(st: State, s: int) -> bool:
    """True when another seat has a Raid! card in its Herd (a Blessing has a target)."""
    herds = st.herd
    return any(herds[t] for t in range(st.n) if t != s)
