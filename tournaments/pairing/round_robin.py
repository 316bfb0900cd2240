"""Round robin by the circle method: every pair meets exactly once (twice with ``double``)."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.types import Pairing


def round_robin(players: Sequence[int], double: bool = False) -> list[list[Pairing]]:
    """The rounds of a round robin, each a list of pairings (a bye for the idle player if odd).

    Circle method: the first player stays put and the others rotate one place a round; seats
    alternate so nobody is always first. ``double`` adds a second cycle with the seats swapped.
    A bye here means sitting out a round (record no result, or a bye result if the event scores it).
    """
    ids = list(players)
    if len(set(ids)) != len(ids):
        raise ValueError("a player is listed twice")
    if len(ids) < 2:
        return []
    ring: list[int | None] = [*ids, None] if len(ids) % 2 else list(ids)
    n = len(ring)
    total = (n - 1) * (2 if double else 1)
    rounds: list[list[Pairing]] = []
    for r in range(n - 1):
        table: list[Pairing] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if (i == 0 and r % 2) or (i > 0 and i % 2):
                a, b = b, a
            table.append(_pairing(a, b, len(rounds) + 1, total))
        rounds.append(table)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    if double:
        for first_leg in rounds[: n - 1]:
            rnd = len(rounds) + 1
            rounds.append(
                [
                    p if p.bye else _pairing(p.players[1], p.players[0], rnd, total)
                    for p in first_leg
                ]
            )
    return rounds


def _pairing(a: int | None, b: int | None, rnd: int, total: int) -> Pairing:
    if a is None or b is None:
        idle = b if a is None else a
        assert idle is not None
        return Pairing(
            players=(idle,),
            bye=True,
            flags=frozenset({"bye"}),
            why=f"odd number of players: sits out round {rnd} of {total}",
        )
    return Pairing(
        players=(a, b), flags=frozenset({"round-robin"}), why=f"round robin, round {rnd} of {total}"
    )
