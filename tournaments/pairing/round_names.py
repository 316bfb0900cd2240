"""What the rounds and matches of a bracket are called, counted back from the final.

Single elimination (and a Swiss top cut): "Final", "Semi-finals", "Quarter-finals", then "Round
of 16", "Round of 32"... (by the power-of-two size of the round, byes or not), and the
"Third-place match". Double elimination, in start.gg's shapes (British English): "Winners'
round 1", ..., "Winners' quarter-finals", "Winners' semi-finals", "Winners' final"; "Losers'
round 1", ..., "Losers' quarter-finals", "Losers' semi-final", "Losers' final" (the losers
bracket's rounds as the builder numbers them, byes folded away); "Grand final", "Grand final
reset".

- :func:`round_name` — a bracket round (side and round number): "Semi-finals";
- :func:`node_name` — one match: "Semi-final", "Winners' final", "Losers' round 2";
- :func:`round_label` — a round of tables made of some nodes: the names of their bracket rounds
  joined, "Final and third-place match", "Winners' semi-finals and losers' round 2".
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.pairing.elimination import SIDES, Bracket, Node


def round_name(bracket: Bracket, side: str, rnd: int) -> str:
    """The name of round ``rnd`` of ``side`` ("winners", "losers", "final", "third")."""
    return _names(bracket, side, rnd)[0]


def node_name(bracket: Bracket, node_id: int) -> str:
    """The name of one match of the bracket: "Semi-final", "Losers' final", "Grand final"..."""
    node = _node(bracket, node_id)
    return _names(bracket, node.side, node.round)[1]


def round_label(bracket: Bracket, node_ids: Iterable[int]) -> str:
    """The name of a round of tables playing ``node_ids``: their bracket rounds' names joined.

    Winners' rounds come first, then the losers', the final and the third-place match:
    "Final and third-place match", "Winners' semi-finals and losers' round 2". Raises ValueError
    for no node or an unknown one.
    """
    rounds = sorted(
        {(_node(bracket, i).side, _node(bracket, i).round) for i in node_ids},
        key=lambda sr: (SIDES.index(sr[0]), sr[1]),
    )
    if not rounds:
        raise ValueError("a round needs at least one bracket match")
    names = [round_name(bracket, side, rnd) for side, rnd in rounds]
    names[1:] = [name[0].lower() + name[1:] for name in names[1:]]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _node(bracket: Bracket, node_id: int) -> Node:
    if not 1 <= node_id <= len(bracket.nodes):
        raise ValueError(f"no match {node_id} in this bracket")
    return bracket.node(node_id)


def _last_round(bracket: Bracket, side: str) -> int:
    return max((n.round for n in bracket.nodes if n.side == side), default=0)


def _names(bracket: Bracket, side: str, rnd: int) -> tuple[str, str]:
    """(round's name, one match's name) of round ``rnd`` of ``side``."""
    if side not in SIDES:
        raise ValueError(f"side is one of {SIDES}, not {side!r}")
    if side == "third":
        return "Third-place match", "Third-place match"
    if bracket.kind == "double":
        if side == "final":
            name = "Grand final reset" if rnd >= 2 else "Grand final"
            return name, name
        back = _last_round(bracket, side) - rnd  # 0 for the side's last round
        prefix = "Winners'" if side == "winners" else "Losers'"
        if back == 0:
            return f"{prefix} final", f"{prefix} final"
        if back == 1:
            return (
                (f"{prefix} semi-finals", f"{prefix} semi-final")
                if side == "winners"
                else (f"{prefix} semi-final", f"{prefix} semi-final")
            )
        if back == 2:
            return f"{prefix} quarter-finals", f"{prefix} quarter-final"
        return f"{prefix} round {rnd}", f"{prefix} round {rnd}"
    if side == "final":
        return "Final", "Final"
    if side == "losers":
        raise ValueError("a single-elimination bracket has no losers' rounds")
    back = _last_round(bracket, "winners") + 1 - rnd  # 1 for the semi-finals
    if back == 1:
        return "Semi-finals", "Semi-final"
    if back == 2:
        return "Quarter-finals", "Quarter-final"
    name = f"Round of {2 ** (back + 1)}"
    return name, name
