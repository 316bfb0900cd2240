"""Elimination brackets as plain data, and what is ready to play given the results so far.

A :class:`Bracket` is built once from the seeds (player ids, best first) and never changes:
results live outside it, as a mapping ``{node id: winning player id}``, which is all the
platform stores. The pure functions below answer everything else from the two:

- :func:`bracket_state` — every node with its players so far, winner and state;
- :func:`bracket_matches` — the matches ready to play now (both players known, no result yet);
- :func:`bracket_winner` — the champion once decided;
- :func:`bracket_to_json` / :func:`bracket_from_json` — a JSON-ready dict and back.

Representation. Each :class:`Node` is one match: ``id`` (1..len(nodes), in an order where every
node comes after the nodes feeding it), ``round`` (1-based within its ``side``), ``side``
(``"winners"``, ``"losers"``, ``"final"`` or ``"third"``) and two :class:`Slot` s saying where its
players come from: ``Slot("seed", seed=3)`` (seed number, 1-based: ``bracket.seeds[2]``),
``Slot("winner", node=5)`` or ``Slot("loser", node=5)``. Single elimination: the earlier rounds
are ``"winners"``, the last match is ``"final"`` and the optional match for third place is
``"third"``. Double elimination: ``"winners"`` and ``"losers"`` brackets, then ``"final"`` round 1
(the grand final: winners-bracket champion in slot 1, losers-bracket champion in slot 2) and
``"final"`` round 2 (the reset). ``bracket.final`` is the id of the (first) final.

Byes are not nodes. Seeds are placed in a power-of-two bracket (1 v N, 2 v N-1, ... in the standard
order that keeps 1 and 2 apart until the final); a match against an empty seat is folded away, so a
seed with a bye appears directly in a round-2 slot (``bracket.byes`` lists those seeds), and a
losers-bracket match that would have had an empty seat is folded the same way. So every node is a
real match: single elimination has N-1 nodes (one more for the optional third-place match, N >= 4),
double elimination 2N-1 nodes, the last being the bracket reset (``if_needed``): a second final,
played only when the player from the losers bracket (second slot) wins the first final, so 2N-2
or 2N-1 matches are played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SIDES = ("winners", "losers", "final", "third")


@dataclass(frozen=True)
class Slot:
    """Where a player of a node comes from: ``seed`` (number), or ``winner``/``loser`` of ``node``."""

    kind: str
    seed: int | None = None
    node: int | None = None

    def __str__(self) -> str:
        return f"seed {self.seed}" if self.kind == "seed" else f"{self.kind} of match {self.node}"


@dataclass(frozen=True)
class Node:
    """One match of a bracket; ``if_needed`` marks the grand-final reset."""

    id: int
    round: int
    side: str
    slots: tuple[Slot, Slot]
    if_needed: bool = False


@dataclass(frozen=True)
class Bracket:
    """A whole bracket: ``kind`` ``"single"`` or ``"double"``, seeds (player ids, best first)."""

    kind: str
    seeds: tuple[int, ...]
    nodes: tuple[Node, ...]
    byes: tuple[int, ...] = ()  # seed numbers with a first-round bye
    final: int | None = None  # id of the (first) final; None for a one-player bracket

    def node(self, node_id: int) -> Node:
        return self.nodes[node_id - 1]


@dataclass(frozen=True)
class NodeState:
    """A node given the results: its players so far (None = not known yet) and its state.

    ``state``: ``"waiting"`` (a player not known yet), ``"ready"``, ``"done"``, or ``"not-needed"``
    (a bracket reset after the winners-bracket player won the first final).
    """

    node: Node
    players: tuple[int | None, int | None]
    winner: int | None
    loser: int | None
    state: str


@dataclass(frozen=True)
class ReadyMatch:
    """A match that can be played now."""

    node: int
    round: int
    side: str
    players: tuple[int, int]


# --- construction --------------------------------------------------------------------------------

_BYE = ("bye",)


class _Builder:
    """Builds virtual nodes over a power-of-two field, then folds byes away."""

    def __init__(self) -> None:
        self.virtual: list[tuple[str, int, tuple[Any, Any], bool]] = []

    def add(self, side: str, rnd: int, a: Any, b: Any, if_needed: bool = False) -> int:
        self.virtual.append((side, rnd, (a, b), if_needed))
        return len(self.virtual) - 1

    def build(self, kind: str, seeds: tuple[int, ...], byes: tuple[int, ...]) -> Bracket:
        winner_of: dict[int, Any] = {}
        loser_of: dict[int, Any] = {}
        real: list[tuple[str, int, tuple[Slot, Slot], bool]] = []

        def resolve(source: Any) -> Any:
            if source[0] == "winner":
                return winner_of[source[1]]
            if source[0] == "loser":
                return loser_of[source[1]]
            return source

        for vid, (side, rnd, (a, b), if_needed) in enumerate(self.virtual):
            a, b = resolve(a), resolve(b)
            if a == _BYE or b == _BYE:
                winner_of[vid] = b if a == _BYE else a
                loser_of[vid] = _BYE
                continue
            real.append((side, rnd, (_slot(a), _slot(b)), if_needed))
            winner_of[vid] = ("node-winner", len(real))
            loser_of[vid] = ("node-loser", len(real))
        rounds: dict[str, dict[int, int]] = {}
        for side, rnd, _, _ in real:
            rounds.setdefault(side, {})[rnd] = 0
        for per_side in rounds.values():
            for i, rnd in enumerate(sorted(per_side), start=1):
                per_side[rnd] = i
        nodes = tuple(
            Node(id=i, round=rounds[side][rnd], side=side, slots=slots, if_needed=if_needed)
            for i, (side, rnd, slots, if_needed) in enumerate(real, start=1)
        )
        finals = [n.id for n in nodes if n.side == "final"]
        return Bracket(kind, seeds, nodes, byes, finals[0] if finals else None)


def _slot(source: Any) -> Slot:
    if source[0] == "seed":
        return Slot("seed", seed=source[1])
    kind = "winner" if source[0] == "node-winner" else "loser"
    return Slot(kind, node=source[1])


def seed_order(size: int) -> list[int]:
    """Standard bracket order of seeds for a power of two: 1, 8, 4, 5, 2, 7, 3, 6 for 8."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def _winners_rounds(b: _Builder, n: int) -> tuple[list[list[int]], int]:
    size = 1
    while size < n:
        size *= 2
    order = seed_order(size)
    sources = [("seed", s) if s <= n else _BYE for s in order]
    rounds: list[list[int]] = []
    current = [b.add("winners", 1, sources[2 * i], sources[2 * i + 1]) for i in range(size // 2)]
    rounds.append(current)
    rnd = 1
    while len(current) > 1:
        rnd += 1
        current = [
            b.add("winners", rnd, ("winner", current[2 * i]), ("winner", current[2 * i + 1]))
            for i in range(len(current) // 2)
        ]
        rounds.append(current)
    return rounds, size


def _check_seeds(seeds: Sequence[int]) -> tuple[int, ...]:
    out = tuple(seeds)
    if len(set(out)) != len(out):
        raise ValueError("a player is seeded twice")
    if len(out) < 2:
        raise ValueError("a bracket needs at least two players")
    return out


def _byes(n: int) -> tuple[int, ...]:
    size = 1
    while size < n:
        size *= 2
    return tuple(s for s in range(1, n + 1) if size + 1 - s > n)


def single_elimination(seeds: Sequence[int], third_place: bool = False) -> Bracket:
    """Single elimination, standard seeding (1 v N, byes to the top seeds): N-1 matches.

    ``third_place`` adds a match between the semi-final losers (when there are two semi-finals).
    """
    players = _check_seeds(seeds)
    b = _Builder()
    rounds, _ = _winners_rounds(b, len(players))
    # the final is the last winners-bracket node; give it its own side
    final = rounds[-1][0]
    side, rnd, slots, if_needed = b.virtual[final]
    b.virtual[final] = ("final", 1, slots, if_needed)
    if third_place and len(rounds) >= 2:
        semis = rounds[-2]
        b.add("third", 1, ("loser", semis[0]), ("loser", semis[1]))
    bracket = b.build("single", players, _byes(len(players)))
    return bracket


def double_elimination(seeds: Sequence[int]) -> Bracket:
    """Double elimination: winners and losers brackets, grand final and bracket reset.

    2N-1 nodes; the reset (last node, ``if_needed``) is played only if the losers-bracket player
    wins the grand final, so 2N-2 or 2N-1 matches. Losers dropping in from the winners bracket
    meet the losers bracket in alternating (reversed) order to put off rematches.
    """
    players = _check_seeds(seeds)
    b = _Builder()
    rounds, _ = _winners_rounds(b, len(players))
    k = len(rounds)
    if k >= 2:
        first = rounds[0]
        current = [
            b.add("losers", 1, ("loser", first[2 * i]), ("loser", first[2 * i + 1]))
            for i in range(len(first) // 2)
        ]
        lround = 1
        for r in range(1, k):
            drop = [("loser", node) for node in rounds[r]]
            if r % 2:
                drop.reverse()
            lround += 1
            current = [
                b.add("losers", lround, ("winner", current[i]), drop[i])
                for i in range(len(current))
            ]
            if r < k - 1:
                lround += 1
                current = [
                    b.add(
                        "losers", lround, ("winner", current[2 * i]), ("winner", current[2 * i + 1])
                    )
                    for i in range(len(current) // 2)
                ]
        losers_champion: Any = ("winner", current[0])
    else:
        losers_champion = ("loser", rounds[0][0])
    grand = b.add("final", 1, ("winner", rounds[-1][0]), losers_champion)
    b.add("final", 2, ("winner", grand), ("loser", grand), if_needed=True)
    return b.build("double", players, _byes(len(players)))


# --- reading results -----------------------------------------------------------------------------


def bracket_state(bracket: Bracket, results: Mapping[int, int]) -> list[NodeState]:
    """Every node, in id order, with its players, winner and state given ``results``.

    Raises ValueError for a result on an unknown node, on a node whose players are not known yet
    or not needed, or naming a winner who is not one of the node's players.
    """
    for node_id in results:
        if not 1 <= node_id <= len(bracket.nodes):
            raise ValueError(f"no match {node_id} in this bracket")
    states: list[NodeState] = []

    def player(slot: Slot) -> int | None:
        if slot.kind == "seed":
            assert slot.seed is not None
            return bracket.seeds[slot.seed - 1]
        assert slot.node is not None
        source = states[slot.node - 1]
        return source.winner if slot.kind == "winner" else source.loser

    for node in bracket.nodes:
        a, b = player(node.slots[0]), player(node.slots[1])
        winner = results.get(node.id)
        needed = True
        if node.if_needed:
            grand = states[node.slots[0].node - 1]  # type: ignore[operator]
            needed = not (grand.state == "done" and grand.winner == grand.players[0])
        if not needed:
            if winner is not None:
                raise ValueError(f"match {node.id} is not needed: the reset was not triggered")
            states.append(NodeState(node, (a, b), None, None, "not-needed"))
            continue
        if a is None or b is None:
            if winner is not None:
                raise ValueError(f"match {node.id} has a result but its players are not known")
            states.append(NodeState(node, (a, b), None, None, "waiting"))
            continue
        if winner is None:
            states.append(NodeState(node, (a, b), None, None, "ready"))
            continue
        if winner not in (a, b):
            raise ValueError(f"match {node.id}: winner {winner} is not one of {a}, {b}")
        states.append(NodeState(node, (a, b), winner, b if winner == a else a, "done"))
    return states


def bracket_matches(bracket: Bracket, results: Mapping[int, int]) -> list[ReadyMatch]:
    """The matches ready to play now: both players known, no result yet, needed."""
    return [
        ReadyMatch(s.node.id, s.node.round, s.node.side, (s.players[0], s.players[1]))  # type: ignore[arg-type]
        for s in bracket_state(bracket, results)
        if s.state == "ready"
    ]


def bracket_winner(bracket: Bracket, results: Mapping[int, int]) -> int | None:
    """The champion, or None while undecided."""
    states = bracket_state(bracket, results)
    if bracket.final is None:
        return None
    grand = states[bracket.final - 1]
    if grand.state != "done":
        return None
    if bracket.kind == "double":
        reset = next(s for s in states if s.node.if_needed)
        return grand.winner if reset.state == "not-needed" else reset.winner
    return grand.winner


def bracket_to_json(bracket: Bracket, results: Mapping[int, int] | None = None) -> dict[str, Any]:
    """A JSON-ready dict of the bracket, with each node's players, winner and state."""
    states = bracket_state(bracket, results or {})
    return {
        "kind": bracket.kind,
        "seeds": list(bracket.seeds),
        "byes": list(bracket.byes),
        "final": bracket.final,
        "winner": bracket_winner(bracket, results or {}),
        "nodes": [
            {
                "id": s.node.id,
                "round": s.node.round,
                "side": s.node.side,
                "slots": [_slot_json(slot) for slot in s.node.slots],
                "if_needed": s.node.if_needed,
                "players": list(s.players),
                "winner": s.winner,
                "state": s.state,
            }
            for s in states
        ],
    }


def _slot_json(slot: Slot) -> dict[str, Any]:
    if slot.kind == "seed":
        return {"kind": "seed", "seed": slot.seed}
    return {"kind": slot.kind, "node": slot.node}


def bracket_from_json(data: Mapping[str, Any]) -> Bracket:
    """The Bracket back from :func:`bracket_to_json` (the states are recomputed, not read)."""
    nodes = tuple(
        Node(
            id=n["id"],
            round=n["round"],
            side=n["side"],
            slots=tuple(Slot(s["kind"], s.get("seed"), s.get("node")) for s in n["slots"]),  # type: ignore[arg-type]
            if_needed=n.get("if_needed", False),
        )
        for n in data["nodes"]
    )
    return Bracket(
        data["kind"], tuple(data["seeds"]), nodes, tuple(data.get("byes", ())), data.get("final")
    )
