"""Cards, the standard army, card ids and the fixed table of actions.

Card kinds are small ints: ``0..10`` are the ranks 4, 5, ..., 10, Jack, Queen, King, Assassin
(low to high); ``11`` Warlord, ``12`` Wizard, ``13`` Phantom, ``14`` Dragon. Each of the 54
cards has an int id (``0..26`` for seat 0's army colour, ``27..53`` for seat 1's) and a string id
such as ``"0:K#1"``, ``"1:WL#2"`` or ``"0:D"``.
"""

from __future__ import annotations

RANK_LABELS: tuple[str, ...] = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
N_RANKS = 11
WL, WZ, PH, DR = 11, 12, 13, 14
N_KINDS = 15
KIND_LABELS: tuple[str, ...] = (*RANK_LABELS, "WL", "W", "P", "D")
KIND_NAMES: tuple[str, ...] = (
    *RANK_LABELS[:7],
    "Jack",
    "Queen",
    "King",
    "Assassin",
    "Warlord",
    "Wizard",
    "Phantom",
    "Dragon",
)
LABEL_KIND: dict[str, int] = {label: k for k, label in enumerate(KIND_LABELS)}

# The standard army: 2 of each rank 4..Assassin, 2 Warlords, 1 Wizard, 1 Phantom, 1 Dragon.
ARMY_COUNTS: tuple[int, ...] = (2,) * N_RANKS + (2, 1, 1, 1)
ARMY_SIZE = sum(ARMY_COUNTS)  # 27
N_CARDS = 2 * ARMY_SIZE  # 54
STANDARD_ARMY: tuple[str, ...] = tuple(
    KIND_LABELS[k] for k in range(N_KINDS) for _ in range(ARMY_COUNTS[k])
)

KIND: list[int] = []
CARD_IDS: list[str] = []
for _colour in range(2):
    for _k in range(N_KINDS):
        for _n in range(ARMY_COUNTS[_k]):
            KIND.append(_k)
            _suffix = f"#{_n + 1}" if ARMY_COUNTS[_k] > 1 else ""
            CARD_IDS.append(f"{_colour}:{KIND_LABELS[_k]}{_suffix}")
CARD_INDEX: dict[str, int] = {cid: i for i, cid in enumerate(CARD_IDS)}
WARLORD_IDS: frozenset[int] = frozenset(i for i, k in enumerate(KIND) if k == WL)
DRAGON_IDS: frozenset[int] = frozenset(i for i, k in enumerate(KIND) if k == DR)

# Play strengths: 0 = a lost play, size * 100 + rank for singles/doubles/triples, DRAGON on top.
LOST = 0
DRAGON = 1000

# Action types.
T_NORMAL, T_PHANTOM, T_LONE_WIZARD, T_DRAGON, T_WARLORD, T_EXTRA, T_YIELD = range(7)

ACTIONS: list[str] = []
ACT_KINDS: list[tuple[int, ...]] = []
ACT_STRENGTH: list[int] = []
ACT_TYPE: list[int] = []
ACT_TRIPLE: list[bool] = []


def _add(label: str, kinds: tuple[int, ...], strength: int, typ: int, triple: bool = False) -> int:
    ACTIONS.append(label)
    ACT_KINDS.append(kinds)
    ACT_STRENGTH.append(strength)
    ACT_TYPE.append(typ)
    ACT_TRIPLE.append(triple)
    return len(ACTIONS) - 1


SINGLE: list[int] = []
DOUBLE: list[int] = []
DOUBLE_W: list[int] = []
TRIPLE: list[int] = []
TRIPLE_W: list[int] = []
for _r, _lab in enumerate(RANK_LABELS):
    SINGLE.append(_add(f"play {_lab}", (_r,), 100 + _r, T_NORMAL))
    DOUBLE.append(_add(f"play {_lab},{_lab}", (_r, _r), 200 + _r, T_NORMAL))
    DOUBLE_W.append(_add(f"play {_lab},W", (_r, WZ), 200 + _r, T_NORMAL))
    TRIPLE.append(_add(f"play {_lab},{_lab},{_lab}", (_r, _r, _r), 300 + _r, T_NORMAL, True))
    TRIPLE_W.append(_add(f"play {_lab},{_lab},W", (_r, _r, WZ), 300 + _r, T_NORMAL, True))
PLAY_P = _add("play P", (PH,), LOST, T_PHANTOM)
PLAY_PW = _add("play P,W", (PH, WZ), LOST, T_PHANTOM)
PLAY_D = _add("play D", (DR,), DRAGON, T_DRAGON)
PLAY_W = _add("play W", (WZ,), LOST, T_LONE_WIZARD)
WARLORD = _add("warlord", (WL,), LOST, T_WARLORD)
EXTRA = _add("extra", (), LOST, T_EXTRA)
YIELD = _add("yield", (), LOST, T_YIELD)
"""Engine 1.1.0: the seat to act holds nothing it may play (no Dragon to answer a led Dragon, or
nothing to lay beside its Warlords) and says so: it loses the battle. Before 1.1.0 the engine
took that step on its own, which told the other player what the hand held."""
N_ACTIONS = len(ACTIONS)
ACTION_INDEX: dict[str, int] = {a: i for i, a in enumerate(ACTIONS)}


def single_strength(kind: int) -> int:
    """Strength of one card played alone as a battle card (a Phantom's stand-in in a War)."""
    if kind < N_RANKS:
        return 100 + kind
    if kind == DR:
        return DRAGON
    return LOST


def strength_text(strength: int) -> str:
    """A short human name for a play strength."""
    if strength == LOST:
        return "a lost play"
    if strength == DRAGON:
        return "a Dragon"
    size, rank = divmod(strength, 100)
    return f"{('', 'single', 'double', 'triple')[size]} {KIND_NAMES[rank]}"


def plays_for(kinds: tuple[int, ...], in_war: bool) -> tuple[int, ...]:
    """Ids of the card plays a hand with these kinds allows (Warlord/extra steps excluded)."""
    cnt = [0] * N_KINDS
    for k in kinds:
        cnt[k] += 1
    out: list[int] = []
    wz = cnt[WZ]
    for r in range(N_RANKS):
        c = cnt[r]
        if c:
            out.append(SINGLE[r])
            if wz:
                out.append(DOUBLE_W[r])
            if c >= 2:
                out.append(DOUBLE[r])
                if wz:
                    out.append(TRIPLE_W[r])
            if c >= 3:
                out.append(TRIPLE[r])
    if cnt[PH]:
        out.append(PLAY_P)
        if wz and not in_war:
            out.append(PLAY_PW)
    if cnt[DR]:
        out.append(PLAY_D)
    if wz and wz == len(kinds):
        # Only Wizards left: one goes alone (and loses).
        out.append(PLAY_W)
    out.sort()
    return tuple(out)


def normalise(action: str) -> str:
    """The table spelling of a play whose cards were written in another order (``"play W,9"``)."""
    if not action.startswith("play "):
        return action
    labels = [x.strip() for x in action[5:].split(",")]
    if not all(lab in LABEL_KIND for lab in labels):
        return action
    labels.sort(key=lambda lab: LABEL_KIND[lab])
    if "P" in labels:
        labels.remove("P")
        labels.insert(0, "P")
    return "play " + ",".join(labels)
