"""Round robin: the cross-table (what each player scored against each other one) and the
placings by points, then head-to-head, then the Swiss tiebreakers.

Head-to-head: among the players level on points, the points each took in the matches between
them only (for two players: who won their match or matches). It is applied again to any smaller
group it leaves level, until it separates nobody more (as football's head-to-head rules do);
the players still level are then ordered by the tiebreakers of the event's :class:`SwissConfig`
in its order, and players equal on all of them share the place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tournaments.pairing.placings import points_words, spans
from tournaments.pairing.standings import METRICS, check_results, standings
from tournaments.pairing.types import (
    DEFAULT_SWISS,
    Entrant,
    Meeting,
    Placing,
    Result,
    SwissConfig,
)

#: The Swiss tiebreakers in words, for ``how``.
TIEBREAKER_WORDS: Mapping[str, str] = {
    "mwp": "match-win %",
    "omw": "opponents' match-win %",
    "gwp": "game-win %",
    "ogw": "opponents' game-win %",
    "wins": "matches won",
}


def cross_table(
    player_ids: Sequence[int], results: Sequence[Result], config: SwissConfig = DEFAULT_SWISS
) -> dict[tuple[int, int], Meeting]:
    """For every ordered pair (row, column) of players, what the row player scored against the
    column player over their matches (byes left out): a :class:`Meeting`, all zero when they did
    not meet. Points by ``config``. Raises ValueError for an unknown player or a pod result.
    """
    ids = list(player_ids)
    if len(set(ids)) != len(ids):
        raise ValueError("a player is listed twice")
    check_results(ids, results)
    cells = {(a, b): [0] * 8 for a in ids for b in ids if a != b}
    points = (config.win, config.loss, config.draw)
    for r in results:
        if r.bye:
            continue
        if r.placings is not None:
            raise ValueError(f"round {r.round}: a pod result has no place in a cross-table")
        (a, b), (won_a, won_b) = r.players, (r.wins or (0, 0))
        for me, you, mine, yours in ((a, b, won_a, won_b), (b, a, won_b, won_a)):
            outcome = 0 if mine > yours else 1 if mine < yours else 2  # won, lost, drawn
            cell = cells[me, you]
            cell[0] += 1
            cell[1 + outcome] += 1
            cell[4] += mine
            cell[5] += yours
            cell[6] += r.draws
            cell[7] += points[outcome]
    return {pair: Meeting(*cell) for pair, cell in cells.items()}


def round_robin_placings(
    entrants: Sequence[Entrant], results: Sequence[Result], config: SwissConfig = DEFAULT_SWISS
) -> list[Placing]:
    """Placings of a round robin: points, then head-to-head, then the Swiss tiebreakers.

    Players level on points are ordered by the points they took in the matches between them
    only (for two players: who won their match or matches). Head-to-head is applied again to any
    smaller group it leaves level, until it separates nobody more; then the tiebreakers of
    ``config``, in its order. Players equal after all of that share the place.
    """
    rows = standings(entrants, results, config)
    table = cross_table([s.player for s in rows], results, config)
    by_player = {s.player: s for s in rows}
    tiebreak = {
        s.player: tuple(round(METRICS[name](s), 10) for name in config.tiebreakers) for s in rows
    }
    groups: dict[int, list[int]] = {}
    for s in rows:
        groups.setdefault(s.match_points, []).append(s.player)
    order: list[tuple[int, tuple]] = []  # (player, key: equal keys share a place)
    words: dict[int, list[str]] = {p: [] for p in by_player}
    for pts, group in groups.items():
        for p in group:
            words[p].append(f"round robin: {points_words(pts)}")
        order += _head_to_head(group, table, tiebreak, config.tiebreakers, words, (pts,))
    out = []
    for (p, _), (place, last) in zip(order, spans([k for _, k in order]), strict=True):
        out.append(Placing(p, place, last, ", ".join(words[p])))
    return out


def _head_to_head(
    group: list[int],
    table: Mapping[tuple[int, int], Meeting],
    tiebreak: Mapping[int, tuple],
    names: Sequence[str],
    words: dict[int, list[str]],
    key: tuple,
) -> list[tuple[int, tuple]]:
    """``group`` (level so far, in standings order) ordered, each with its grouping key."""
    if len(group) == 1:
        return [(group[0], key)]
    among = {p: sum(table[p, q].points for q in group if q != p) for p in group}
    values = sorted(set(among.values()), reverse=True)
    if len(values) > 1:
        out = []
        for v in values:
            sub = [p for p in group if among[p] == v]
            for p in sub:
                if len(group) == 2:
                    words[p].append(f"{'ahead' if v == values[0] else 'behind'} on head-to-head")
                else:
                    words[p].append(
                        f"{points_words(v)} in the matches between the {len(group)} level players"
                    )
            out += _head_to_head(sub, table, tiebreak, names, words, (*key, v))
        return out
    ordered = sorted(group, key=tiebreak.__getitem__, reverse=True)
    for p in ordered:
        mine = tiebreak[p]
        # the deepest tiebreaker needed to tell p from anyone of the group
        needed = [
            next(i for i, (x, y) in enumerate(zip(mine, tiebreak[q], strict=True)) if x != y)
            for q in group
            if q != p and tiebreak[q] != mine
        ]
        if any(tiebreak[q] == mine for q in group if q != p) or not needed:
            words[p].append("level on head-to-head and every tiebreaker")
        elif len(group) == 2:
            ahead = mine > tiebreak[next(q for q in group if q != p)]
            side = "ahead" if ahead else "behind"
            words[p].append(f"level on head-to-head, {side} on {_words(names[max(needed)])}")
        else:
            words[p].append(f"level on head-to-head, then by {_words(names[max(needed)])}")
    return [(p, (*key, tiebreak[p])) for p in ordered]


def _words(name: str) -> str:
    return TIEBREAKER_WORDS.get(name, name)
