"""Swiss standings: match points, then tiebreakers applied in a configurable order.

The usual MTG-style definitions:

- match-win % (``mwp``): match points / (``win`` points x matches played), at least ``floor``;
  a bye is a match played and won;
- game-win % (``gwp``): game points (``win`` per game won, ``draw`` per drawn game) /
  (``win`` x games played), at least ``floor``; a bye is a 2–0 win;
- opponents' match-win % (``omw``) and opponents' game-win % (``ogw``): the mean of each opponent's
  (already floored) figure, once per match against them; byes are no opponent. Dropped players stay
  in their opponents' figures. A player with no opponent (only byes, or no match yet) gets ``floor``.

Ranks are 1-based; equal ranks only when points and every tiebreaker are equal (figures compared
to 10 decimal places, so the order of additions never splits a tie). Ties are listed by player id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.pairing.types import DEFAULT_SWISS, Entrant, Result, Standing, SwissConfig


@dataclass
class _Line:
    """Running totals for one player while results are read."""

    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    matches: int = 0
    game_points: int = 0
    games: int = 0


#: Tiebreaker metrics by name: each reads a finished Standing and returns a number, larger = better.
METRICS: Mapping[str, Callable[[Standing], float]] = {
    "mwp": lambda s: s.mwp,
    "omw": lambda s: s.omw,
    "gwp": lambda s: s.gwp,
    "ogw": lambda s: s.ogw,
    "wins": lambda s: float(s.wins),
}


def check_results(entrant_ids: Sequence[int], results: Sequence[Result]) -> None:
    """Raise ValueError for an unknown player or a player in two matches of one round."""
    known = set(entrant_ids)
    seen: set[tuple[int, int]] = set()
    for result in results:
        expected = 1 if result.bye else (None if result.placings is not None else 2)
        if expected is not None and len(result.players) != expected:
            raise ValueError(f"round {result.round}: a match needs {expected} player(s): {result}")
        if result.placings is not None and len(result.placings) != len(result.players):
            raise ValueError(f"round {result.round}: one placing per player: {result}")
        if not result.bye and result.placings is None and result.wins and len(result.wins) != 2:
            raise ValueError(f"round {result.round}: wins needs one number per player: {result}")
        for player in result.players:
            if player not in known:
                raise ValueError(f"round {result.round}: unknown player {player}")
            key = (result.round, player)
            if key in seen:
                raise ValueError(f"round {result.round}: player {player} has two results")
            seen.add(key)


def standings(
    entrants: Sequence[Entrant],
    results: Sequence[Result],
    config: SwissConfig = DEFAULT_SWISS,
) -> list[Standing]:
    """Standings of a Swiss event from its results, best first."""
    for name in config.tiebreakers:
        if name not in METRICS:
            raise ValueError(f"unknown tiebreaker {name!r}; known: {sorted(METRICS)}")
    ids = [e.id for e in entrants]
    check_results(ids, results)
    win, draw, loss, floor = config.win, config.draw, config.loss, config.floor
    lines = {pid: _Line() for pid in ids}
    opponents: dict[int, list[int]] = {pid: [] for pid in ids}
    for result in results:
        if result.bye:
            line = lines[result.players[0]]
            line.points += win
            line.wins += 1
            line.byes += 1
            line.matches += 1
            line.game_points += 2 * win
            line.games += 2
            continue
        a, b = result.players
        wa, wb = result.wins or (0, 0)
        drawn = result.draws
        la, lb = lines[a], lines[b]
        la.matches += 1
        lb.matches += 1
        la.games += wa + wb + drawn
        lb.games += wa + wb + drawn
        la.game_points += wa * win + drawn * draw
        lb.game_points += wb * win + drawn * draw
        if wa > wb:
            la.points += win
            la.wins += 1
            lb.points += loss
            lb.losses += 1
        elif wb > wa:
            lb.points += win
            lb.wins += 1
            la.points += loss
            la.losses += 1
        else:
            la.points += draw
            lb.points += draw
            la.draws += 1
            lb.draws += 1
        opponents[a].append(b)
        opponents[b].append(a)

    mwp: dict[int, float] = {}
    gwp: dict[int, float] = {}
    for pid, line in lines.items():
        m = line.points / (win * line.matches) if line.matches else 0.0
        g = line.game_points / (win * line.games) if line.games else 0.0
        mwp[pid] = m if m > floor else floor
        gwp[pid] = g if g > floor else floor

    dropped = {e.id: e.dropped_after is not None for e in entrants}
    rows: list[Standing] = []
    for pid in ids:
        opps = opponents[pid]
        line = lines[pid]
        if opps:
            omw = sum([mwp[o] for o in opps]) / len(opps)
            ogw = sum([gwp[o] for o in opps]) / len(opps)
        else:
            omw = ogw = floor
        rows.append(
            Standing(
                player=pid,
                rank=0,
                match_points=line.points,
                wins=line.wins,
                losses=line.losses,
                draws=line.draws,
                byes=line.byes,
                mwp=mwp[pid],
                omw=omw,
                gwp=gwp[pid],
                ogw=ogw,
                opponents=tuple(opps),
                dropped=dropped[pid],
            )
        )
    return rank_rows(rows, config.tiebreakers)


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
    # dataclasses.replace is several times slower; this runs once per player per call.
    return Standing(
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
