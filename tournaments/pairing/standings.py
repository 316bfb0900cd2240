"""Swiss standings: match points, then tiebreakers applied in a configurable order.

The usual MTG-style definitions:

- match-win % (``mwp``): match points / (``win`` points x matches played), at least ``floor``;
  a bye is a match played and won;
- game-win % (``gwp``): game points (``win`` per game won, ``draw`` per drawn game) /
  (``win`` x games played), at least ``floor``; a bye is a 2–0 win;
- opponents' match-win % (``omw``) and opponents' game-win % (``ogw``): the mean of each opponent's
  (already floored) figure, once per match against them; byes are no opponent. Dropped players
  stay in their opponents' figures. ``opponents`` lists them in round order. A player with no
  opponent (only byes, or no match yet) gets ``floor``.

Ranks are 1-based; equal ranks only when points and every tiebreaker are equal (figures compared
to 10 decimal places, so the order of additions never splits a tie). Ties are listed by player id.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import fields
from operator import attrgetter

from tournaments.pairing.types import DEFAULT_SWISS, Entrant, Result, Standing, SwissConfig

#: Tiebreaker metrics by name: each reads a finished Standing and returns a number, larger = better.
METRICS: Mapping[str, Callable[[Standing], float]] = {
    "mwp": lambda s: s.mwp,
    "omw": lambda s: s.omw,
    "gwp": lambda s: s.gwp,
    "ogw": lambda s: s.ogw,
    "wins": lambda s: float(s.wins),
}


def check_results(entrant_ids: Sequence[int], results: Sequence[Result]) -> None:
    """Raise ValueError for a malformed result, an unknown player or two results in one round."""
    known = set(entrant_ids)
    seen: set[tuple[int, int]] = set()
    for result in results:
        _check_shape(result)
        for player in result.players:
            if player not in known:
                raise ValueError(f"round {result.round}: unknown player {player}")
            key = (result.round, player)
            if key in seen:
                raise ValueError(f"round {result.round}: player {player} has two results")
            seen.add(key)


def _check_shape(result: Result) -> None:
    expected = 1 if result.bye else (None if result.placings is not None else 2)
    if expected is not None and len(result.players) != expected:
        raise ValueError(f"round {result.round}: a match needs {expected} player(s): {result}")
    if result.placings is not None and len(result.placings) != len(result.players):
        raise ValueError(f"round {result.round}: one placing per player: {result}")
    if not result.bye and result.placings is None and result.wins and len(result.wins) != 2:
        raise ValueError(f"round {result.round}: wins needs one number per player: {result}")


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector: these functions make many objects and no cycles."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def standings(
    entrants: Sequence[Entrant],
    results: Sequence[Result],
    config: SwissConfig = DEFAULT_SWISS,
) -> list[Standing]:
    """Standings of a Swiss event from its results, best first.

    Raises ValueError for an unknown tiebreaker, an unknown player, a malformed result or a player
    with two results in one round.
    """
    for name in config.tiebreakers:
        if name not in METRICS:
            raise ValueError(f"unknown tiebreaker {name!r}; known: {sorted(METRICS)}")
    with paused_gc():
        return _standings(entrants, results, config)


def _standings(
    entrants: Sequence[Entrant], results: Sequence[Result], config: SwissConfig
) -> list[Standing]:
    win, draw, loss, floor = config.win, config.draw, config.loss, config.floor
    ids = [e.id for e in entrants]
    n = len(ids)
    index = {pid: i for i, pid in enumerate(ids)}
    if len(index) != n:
        raise ValueError("an entrant is listed twice")
    wins = [0] * n
    losses = [0] * n
    draws = [0] * n
    byes = [0] * n
    game_points = [0] * n
    games = [0] * n
    opponents: list[list[int]] = [[] for _ in range(n)]
    # the last round each player had a result in: results are read in round order, so a second
    # result in one round shows up as a repeat
    last: list[int | None] = [None] * n
    twice = False
    try:
        for result in sorted(results, key=_round_of):
            players = result.players
            rnd = result.round
            if result.bye:
                i = index[players[0]]
                twice = twice or last[i] == rnd
                last[i] = rnd
                wins[i] += 1
                byes[i] += 1
                game_points[i] += 2 * win
                games[i] += 2
                if len(players) != 1:
                    _check_shape(result)
                continue
            a, b = players
            a = index[a]
            b = index[b]
            if last[a] == rnd or last[b] == rnd or a == b:
                twice = True
            last[a] = last[b] = rnd
            score = result.wins
            wa, wb = score if score else (0, 0)
            drawn = result.draws
            played = wa + wb + drawn
            games[a] += played
            games[b] += played
            game_points[a] += wa * win + drawn * draw
            game_points[b] += wb * win + drawn * draw
            if wa > wb:
                wins[a] += 1
                losses[b] += 1
            elif wb > wa:
                wins[b] += 1
                losses[a] += 1
            else:
                draws[a] += 1
                draws[b] += 1
            opponents[a].append(b)
            opponents[b].append(a)
    except (KeyError, ValueError, TypeError):
        check_results(ids, results)  # raises a clear ValueError
        raise
    if twice or any(r.placings is not None for r in results):
        check_results(ids, results)
        raise ValueError("pod results (placings) belong in pod_standings")
    points = [win * wins[i] + draw * draws[i] + loss * losses[i] for i in range(n)]
    matches = [wins[i] + draws[i] + losses[i] for i in range(n)]

    mwp = [max(floor, points[i] / (win * matches[i])) if matches[i] else floor for i in range(n)]
    gwp = [max(floor, game_points[i] / (win * games[i])) if games[i] else floor for i in range(n)]
    omw = [floor] * n
    ogw = [floor] * n
    for i, opps in enumerate(opponents):
        if opps:
            omw[i] = sum(map(mwp.__getitem__, opps)) / len(opps)
            ogw[i] = sum(map(gwp.__getitem__, opps)) / len(opps)
    figures = {"mwp": mwp, "omw": omw, "gwp": gwp, "ogw": ogw, "wins": wins}
    columns = [figures[name] for name in config.tiebreakers]
    negated = [[-round(x, 10) for x in col] for col in columns]
    keys = list(zip([-p for p in points], *negated, ids, strict=True))
    order = sorted(range(n), key=keys.__getitem__)
    out: list[Standing] = []
    rank = 0
    previous: tuple | None = None
    for position, i in enumerate(order, start=1):
        key = keys[i][:-1]
        if key != previous:
            rank = position
            previous = key
        out.append(
            _make(
                ids[i],
                rank,
                points[i],
                wins[i],
                losses[i],
                draws[i],
                byes[i],
                mwp[i],
                omw[i],
                gwp[i],
                ogw[i],
                tuple(map(ids.__getitem__, opponents[i])),
                entrants[i].dropped_after is not None,
            )
        )
    return out


_round_of = attrgetter("round")
_FIELDS = tuple(f.name for f in fields(Standing))


def _make(*values: object) -> Standing:
    """Build a Standing without the frozen dataclass's per-field ``object.__setattr__`` calls."""
    row = object.__new__(Standing)
    row.__dict__.update(zip(_FIELDS, values, strict=True))
    return row


def rank_rows(rows: list[Standing], tiebreakers: Sequence[str]) -> list[Standing]:
    """Sort standings by points then ``tiebreakers`` and number the ranks (1 = first)."""
    metrics = [METRICS[name] for name in tiebreakers]

    def key(s: Standing) -> tuple[float, ...]:
        return (s.match_points, *(round(m(s), 10) for m in metrics))

    keyed = sorted(((key(s), s) for s in rows), key=lambda ks: (_neg(ks[0]), ks[1].player))
    out: list[Standing] = []
    previous: tuple[float, ...] | None = None
    rank = 0
    for position, (k, s) in enumerate(keyed, start=1):
        if k != previous:
            rank = position
            previous = k
        out.append(_with_rank(s, rank))
    return out


def _neg(key: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(-x for x in key)


def _with_rank(s: Standing, rank: int) -> Standing:
    return _make(
        s.player,
        rank,
        s.match_points,
        s.wins,
        s.losses,
        s.draws,
        s.byes,
        s.mwp,
        s.omw,
        s.gwp,
        s.ogw,
        s.opponents,
        s.dropped,
    )
