"""Standings of a paper (hand-recorded) Swiss event, from the JSON format of the tournaments issue.

Input::

    {"players": ["Ann", "Bob", ...],
     "rounds": [[{"players": ["Ann", "Bob"], "wins": [2, 1], "draws": 0},
                 {"players": ["Cat"], "bye": true}, ...], ...],
     "drops": {"Bob": 2}}

``rounds[i]`` is round i+1; ``drops`` maps a name to the last round played (optional). Output, best
first: ``[{"rank", "player", "match_points", "omw", "gw", "ogw"}]`` with percentages as fractions
rounded to 4 places; the same computation as :func:`tournaments.pairing.standings.standings`.
"""

from __future__ import annotations

from typing import Any

from tournaments.pairing.standings import standings
from tournaments.pairing.types import DEFAULT_SWISS, Entrant, Result, SwissConfig


def paper_results(event: dict[str, Any]) -> tuple[list[str], list[Entrant], list[Result]]:
    """Names, entrants (ids are indexes into the names) and results of a paper event.

    Raises ValueError with the round and match at fault for malformed input.
    """
    names = event.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError('"players" must be a list of names')
    if len(set(names)) != len(names):
        raise ValueError('"players" lists a name twice')
    index = {name: i for i, name in enumerate(names)}
    drops = event.get("drops") or {}
    if not isinstance(drops, dict):
        raise ValueError('"drops" must map names to the last round played')
    for name, after in drops.items():
        if name not in index:
            raise ValueError(f'"drops": unknown player {name!r}')
        if not isinstance(after, int) or after < 0:
            raise ValueError(f'"drops": {name!r} needs a round number, not {after!r}')
    entrants = [Entrant(id=i, dropped_after=drops.get(name)) for i, name in enumerate(names)]
    results: list[Result] = []
    rounds = event.get("rounds") or []
    if not isinstance(rounds, list):
        raise ValueError('"rounds" must be a list of rounds')
    for r, matches in enumerate(rounds, start=1):
        if not isinstance(matches, list):
            raise ValueError(f"round {r} must be a list of matches")
        for m, match in enumerate(matches, start=1):
            where = f"round {r}, match {m}"
            if not isinstance(match, dict) or not isinstance(match.get("players"), list):
                raise ValueError(f'{where}: needs "players"')
            who = []
            for name in match["players"]:
                if name not in index:
                    raise ValueError(f"{where}: unknown player {name!r}")
                who.append(index[name])
            if match.get("bye"):
                if len(who) != 1:
                    raise ValueError(f"{where}: a bye has one player")
                results.append(Result(round=r, players=(who[0],), bye=True))
                continue
            if len(who) != 2:
                raise ValueError(f"{where}: a match has two players")
            wins = match.get("wins", [0, 0])
            draws = match.get("draws", 0)
            if (
                not isinstance(wins, list)
                or len(wins) != 2
                or not all(isinstance(w, int) and w >= 0 for w in wins)
            ):
                raise ValueError(f'{where}: "wins" must be two numbers of games won')
            if not isinstance(draws, int) or draws < 0:
                raise ValueError(f'{where}: "draws" must be a number of drawn games')
            results.append(Result(round=r, players=(who[0], who[1]), wins=tuple(wins), draws=draws))
    return names, entrants, results


def paper_standings(event: dict[str, Any], config: SwissConfig = DEFAULT_SWISS) -> list[dict]:
    """Standings of a paper event as JSON-ready dicts, best first."""
    names, entrants, results = paper_results(event)
    return [
        {
            "rank": s.rank,
            "player": names[s.player],
            "match_points": s.match_points,
            "omw": round(s.omw, 4),
            "gw": round(s.gwp, 4),
            "ogw": round(s.ogw, 4),
        }
        for s in standings(entrants, results, config)
    ]
