"""Build AracKhan Wars situations for tests: named cards face up on given spaces."""

from __future__ import annotations

from engines.arackhan_wars import GAME, board
from engines.arackhan_wars.catalogue import shipped_catalogue
from engines.arackhan_wars.effects import compute
from engines.arackhan_wars.state import INITIATIVE, TURN, State, new_state

FILLER = {"Whitelands": 1031, "Nakka": 1056, "Grey Order": 1117, "Blight": 1175}
"""A vanilla card of each faction (Yeti, Hexacarias, Sober Knight, Swamp Ogre)."""


def card_id(name: str, faction: str | None = None) -> int:
    """The catalogue id of a card by name (and faction when several share the name)."""
    cards = shipped_catalogue().named(name)
    if faction:
        cards = [c for c in cards if c.faction == faction]
    assert len(cards) == 1, (name, faction, cards)
    return cards[0].id


def faction_of(cid: int) -> str:
    return shipped_catalogue().card(cid).faction


class Scene:
    """A state plus names for its cards: ``scene["Walker"]`` is the instance of that label."""

    def __init__(self, st: State, names: dict[str, int]) -> None:
        self.st = st
        self.names = names

    def __getitem__(self, label: str) -> int:
        return self.names[label]

    def c(self, label: str) -> str:
        return f"c{self.names[label]}"

    def play(self, action: str, seat: int | None = None) -> list:
        return GAME.apply(self.st, action, seat)

    def legal(self) -> list[str]:
        return GAME.legal_actions(self.st, self.st.to_act)

    def stepwise(self) -> bool:
        """True when group attacks are built step by step (engine 1.1.0 and later)."""
        rules = getattr(self.st, "rules", None)
        return bool(rules is not None and rules.stepwise_group_attacks)

    def attack_groups(self, target: str) -> set[frozenset[int]]:
        """Every set of attackers that may attack the card labelled ``target`` now, read from
        the legal actions (1.0.0: ``attack c<t> c<a>+c<b>``; 1.1.0: lone attacks, and every
        group a ``group``/``join``/``strike`` sequence can reach)."""
        t = f"c{self.names[target]}"
        out: set[frozenset[int]] = set()
        for action in self.legal():
            words = action.split()
            if words[0] == "attack" and words[1] == t:
                out.add(frozenset(int(a[1:]) for a in words[2].split("+")))
            elif words[0] == "group" and words[1] == t:
                _explore(self.st, action, out, set())
        return out

    def attack_with(self, target: str, *attackers: str) -> list:
        """Attack ``target`` with the cards labelled ``attackers`` (a group when several), in
        the engine version's syntax; returns the events."""
        t = self.c(target)
        group = sorted(self.names[a] for a in attackers)
        if not self.stepwise():
            return self.play(f"attack {t} " + "+".join(f"c{a}" for a in group))
        if len(group) == 1:
            return self.play(f"attack {t} c{group[0]}")
        events = self.play(f"group {t} c{group[0]}")
        for a in group[1:]:
            under_way = _group_under_way(self.st)
            if not under_way:
                break  # the engine played the steps that left no choice, strike included
            if f"c{a}" not in under_way:
                events += self.play(f"join c{a}")
        if _group_under_way(self.st):
            events += self.play("strike")
        return events

    def attack(self, label: str) -> int | None:
        return compute(self.st).attack[self.names[label]]

    def defence(self, label: str) -> int | None:
        return compute(self.st).defence[self.names[label]]

    def attrs(self, label: str) -> set[str]:
        return set(compute(self.st).attrs[self.names[label]])

    def flags(self, label: str) -> set[str]:
        return set(compute(self.st).flags[self.names[label]])

    def destroyed(self, label: str) -> bool:
        i = self.names[label]
        return i in self.st.discard[self.st.owner[i]] or any(i in v for v in self.st.under.values())

    def space(self, label: str) -> str | None:
        w = self.st.where[self.names[label]]
        return board.NAMES[w] if w >= 0 else None


def _group_under_way(st: State) -> list[str]:
    """The attackers of the group attack under way (empty when there is none)."""
    p = st.pending
    return [f"c{a}" for a in p.data["group"]] if p is not None and "target" in p.data else []


def _explore(st: State, action: str, out: set[frozenset[int]], seen: set[frozenset[int]]) -> None:
    """Play ``action`` (``group ...`` or ``join ...``) on a copy and collect every group its
    ``join`` steps can reach and ``strike`` (also the steps the engine plays when they leave
    no choice: the attack event names the attackers)."""
    branch = GAME.clone(st)
    events = GAME.apply(branch, action)
    if not _group_under_way(branch):
        struck = next(e for e in events if e["type"] == "attack")
        out.add(frozenset(int(a[1:]) for a in struck["with"]))
        return
    group = frozenset(branch.pending.data["group"])
    if group in seen:
        return
    seen.add(group)
    for step in GAME.legal_actions(branch, branch.to_act):
        if step == "strike":
            out.add(group)
        else:
            _explore(branch, step, out, seen)


def scene(
    cards: list[tuple[int, str, str]],
    *,
    hand: list[tuple[int, str]] = (),
    to_act: int = 0,
    first: int = 0,
    phase: str = TURN,
    round_: int = 1,
    factions: tuple[str, str] = ("Whitelands", "Blight"),
    keepers: bool = True,
    version: str | None = None,
) -> Scene:
    """A two-seat state in the given phase with ``cards`` revealed and active.

    ``cards``: (seat, "Name" or "Name@label" or "Name (Faction)", "x,y" or "astral").
    ``hand``: (seat, name) cards put in that seat's hand.
    ``version``: the engine version whose rules the state plays (default: the current one).
    ``keepers``: two Nihilist Penguins of each seat out of the way (seat 0 on 7,3 and 7,4,
    seat 1 on 1,5 and 2,5), so that a seat always has something to do and the round does not end by
    itself after one action.
    """
    if keepers:
        cards = [
            *cards,
            (0, "Nihilist Penguin@keeper0a", "7,4"),
            (0, "Nihilist Penguin@keeper0b", "7,3"),
            (1, "Nihilist Penguin@keeper1a", "1,5"),
            (1, "Nihilist Penguin@keeper1b", "2,5"),
        ]
    wanted: list[list[int]] = [[], []]
    parsed = []
    for seat, text, where in cards:
        name, _, label = text.partition("@")
        faction = None
        if name.endswith(")") and "(" in name:
            name, _, faction = name[:-1].partition(" (")
        cid = card_id(name, faction)
        wanted[seat].append(cid)
        parsed.append((seat, cid, label or name, where))
    hand_parsed = []
    for seat, text in hand:
        name, _, faction = text.rstrip(")").partition(" (")
        cid = card_id(name, faction or None)
        wanted[seat].append(cid)
        hand_parsed.append((seat, cid, text))
    decks = []
    for seat in range(2):
        filler = FILLER[factions[seat]]
        decks.append(wanted[seat] + [filler] * (23 - len(wanted[seat])))
    if version is None:
        st = new_state(0, decks)
    else:
        from engines.arackhan_wars.rules import rules_for

        st = new_state(0, decks, rules=rules_for(version))
    # put every card back in the draw piles, then take out the ones we need
    for seat in range(2):
        st.draw[seat].extend(st.hand[seat])
        st.hand[seat] = []
    names: dict[str, int] = {}

    def take(seat: int, cid: int) -> int:
        for i in st.draw[seat]:
            if st.ctype[i] == cid:
                st.draw[seat].remove(i)
                return i
        raise AssertionError(f"no {cid} left for seat {seat}")

    for seat, cid, label, where in parsed:
        i = take(seat, cid)
        st.control[i] = seat
        st.face_up[i] = True
        st.active[i] = True
        if where == "astral":
            st.astral[seat].append(i)
        else:
            st.put(i, board.BY_NAME[where])
        assert label not in names, f"two cards labelled {label}; use Name@label"
        names[label] = i
    for seat, cid, label in hand_parsed:
        i = take(seat, cid)
        st.hand[seat].append(i)
        names.setdefault(label, i)
    st.first = first
    st.order = [first, 1 - first]
    st.phase = phase
    st.step = st.order.index(to_act)
    st.round = round_
    st.version += 1
    return Scene(st, names)


__all__ = ["scene", "Scene", "card_id", "INITIATIVE", "TURN"]
