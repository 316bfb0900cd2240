"""Final placings of an event, every format: who finished 1st, 2nd, 3rd–4th... and how.

Each function returns one :class:`Placing` per entrant, best first (then the tiebreak order
within a shared place). ``place`` is the best place of the entrant's group, ``last`` the worst
one it shares: a group of k players at place p has ``last = p + k - 1`` and the next group starts
at ``last + 1`` (so place = 1 + the number of entrants placed better). The rules:

- :func:`swiss_placings` — without a top cut, the Swiss rank (players equal on points and every
  tiebreaker share). With one: the champion, the final's loser, then the players of the cut by
  the round they went out in (later is better), those out in the same round in Swiss order (a
  third-place match, when played, decides 3rd and 4th); then everyone outside the cut (dropped
  players included) in Swiss order from place cut size + 1.
- :func:`single_elimination_placings` — champion, final loser, then by the round of elimination,
  shared: 3rd–4th, 5th–8th... (the third-place match, when there is one, decides 3rd and 4th).
- :func:`double_elimination_placings` — champion, grand-final loser (the reset's, when it was
  played), then by the losers'-bracket round of elimination, shared: 1, 2, 3, 4, 5th–6th,
  7th–8th for 8 players, as Challonge and start.gg place them.
- :func:`pod_placings` — the pod standings' rank (points, then the pod tiebreakers).

Round robin (points, then head-to-head, then the Swiss tiebreakers) is in ``head_to_head``
(:func:`tournaments.pairing.head_to_head.round_robin_placings`), with its cross-table. While a bracket is unfinished the players still in it share the best places (1st–2nd before
the final), and a player already out has the place the players still in leave them.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import NamedTuple

from tournaments.pairing.elimination import Bracket, bracket_state
from tournaments.pairing.round_names import round_name
from tournaments.pairing.types import Placing, Standing

_STILL_IN = 1 << 30  # the level of a player still in the bracket: above every round


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 101st, 111th."""
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{({1: 'st', 2: 'nd', 3: 'rd'}).get(n % 10, 'th')}"


def place_label(placing: Placing) -> str:
    """The place in words: 1st, or a shared place with an en dash, 3rd–4th."""
    return span_label(placing.place, placing.last)


def span_label(place: int, last: int) -> str:
    """5th for ``place == last == 5``, else the range with an en dash: 5th–8th."""
    return ordinal(place) if place == last else f"{ordinal(place)}–{ordinal(last)}"


def spans(keys: Sequence[Hashable]) -> list[tuple[int, int]]:
    """(place, last) of each position of a list best first, where equal neighbouring keys share."""
    out: list[tuple[int, int]] = []
    start = 0
    for i in range(1, len(keys) + 1):
        if i == len(keys) or keys[i] != keys[start]:
            out += [(start + 1, i)] * (i - start)
            start = i
    return out


# --- brackets ------------------------------------------------------------------------------------


class _Outcome(NamedTuple):
    level: tuple[int, int]  # larger is better
    how: str
    settled: bool  # False while still playing (for the title, or for third place)
    stage: str = ""  # the bracket round the player went out in ("Semi-finals"), if any


def _in(name: str) -> str:
    """A round's name after "in": the semi-finals, losers' round 3 (numbered: no article)."""
    words = name[0].lower() + name[1:]
    return words if words.rsplit(" ", 1)[-1].isdigit() and " of " not in words else f"the {words}"


def _last_round(bracket: Bracket, side: str) -> int:
    return max((n.round for n in bracket.nodes if n.side == side), default=0)


def _single_outcomes(
    bracket: Bracket, results: Mapping[int, int], still_in: str = "still in the bracket"
) -> dict[int, _Outcome]:
    """Each player's outcome in a single-elimination bracket (or a top cut) so far."""
    if bracket.kind != "single":
        raise ValueError(f"a single-elimination bracket is needed, not a {bracket.kind} one")
    states = bracket_state(bracket, results)
    semis_round = _last_round(bracket, "winners")  # the final is one round later
    third = next((s for s in states if s.node.side == "third"), None)
    semis = {slot.node for slot in third.node.slots} if third else set()
    out = dict.fromkeys(bracket.seeds, _Outcome((_STILL_IN, 0), still_in, False))
    for s in states:
        if s.state != "done":
            continue
        assert s.winner is not None and s.loser is not None
        side = s.node.side
        if side == "final":
            out[s.winner] = _Outcome((semis_round + 2, 0), "won the final", True)
            out[s.loser] = _Outcome((semis_round + 1, 0), "lost the final", True)
        elif side == "third":
            out[s.winner] = _Outcome((semis_round, 2), "won the third-place match", True)
            out[s.loser] = _Outcome((semis_round, 0), "lost the third-place match", True)
        elif s.node.id in semis:
            if third is not None and third.state != "done":
                how = "lost in the semi-finals; the third-place match is still to play"
                out[s.loser] = _Outcome((semis_round, 1), how, False)
        else:
            name = round_name(bracket, side, s.node.round)
            out[s.loser] = _Outcome((s.node.round, 0), f"lost in {_in(name)}", True, name)
    return out


def _double_outcomes(bracket: Bracket, results: Mapping[int, int]) -> dict[int, _Outcome]:
    """Each player's outcome in a double-elimination bracket so far."""
    if bracket.kind != "double":
        raise ValueError(f"a double-elimination bracket is needed, not a {bracket.kind} one")
    states = bracket_state(bracket, results)
    top = _last_round(bracket, "losers") + 1  # the grand final's loser's level
    out = dict.fromkeys(bracket.seeds, _Outcome((_STILL_IN, 0), "still in the bracket", False))
    for s in states:
        if s.state == "done" and s.node.side == "losers":
            assert s.loser is not None
            name = round_name(bracket, "losers", s.node.round)
            out[s.loser] = _Outcome((s.node.round, 0), f"out in {_in(name)}", True, name)
    grand = states[bracket.final - 1] if bracket.final else None
    reset = next((s for s in states if s.node.if_needed), None)
    decider = None
    if grand is not None and grand.state == "done" and reset is not None:
        decider = grand if reset.state == "not-needed" else reset if reset.state == "done" else None
    if decider is not None:
        assert decider.winner is not None and decider.loser is not None
        name = "grand final reset" if decider.node.if_needed else "grand final"
        out[decider.winner] = _Outcome((top + 1, 0), f"won the {name}", True)
        out[decider.loser] = _Outcome((top, 0), f"lost the {name}", True)
    return out


def _bracket_placings(bracket: Bracket, outcomes: dict[int, _Outcome]) -> list[Placing]:
    order = sorted(bracket.seeds, key=lambda p: outcomes[p].level, reverse=True)  # seeds stable
    levels = [outcomes[p].level for p in order]
    return [
        Placing(p, place, last, outcomes[p].how)
        for p, (place, last) in zip(order, spans(levels), strict=True)
    ]


def single_elimination_placings(bracket: Bracket, results: Mapping[int, int]) -> list[Placing]:
    """Placings of a single-elimination bracket: 1st, 2nd, then 3rd–4th, 5th–8th, 9th–16th...

    Players out in the same round share a place (with byes, the shares follow the real counts:
    6 players place 1, 2, 3–4, 5–6); a played third-place match decides 3rd and 4th; players
    still in share the top places. Within a shared place, by seed.
    """
    return _bracket_placings(bracket, _single_outcomes(bracket, results))


def double_elimination_placings(bracket: Bracket, results: Mapping[int, int]) -> list[Placing]:
    """Placings of a double-elimination bracket, as Challonge and start.gg place them.

    1st the champion, 2nd the grand final's loser (the reset's loser when the reset was played),
    then by the losers' round a player went out in, later is better, the same round shared: for
    8 players 1, 2, 3, 4, 5th–6th, 7th–8th. Players still in share the top places. Within a
    shared place, by seed.
    """
    return _bracket_placings(bracket, _double_outcomes(bracket, results))


# --- Swiss, with or without a top cut ----------------------------------------------------------


def _players_of(stage: str) -> str:
    """Who played a round: "semi-finalists", "quarter-finalists", "last 16"."""
    if stage.startswith("Round of "):
        return f"last {stage.removeprefix('Round of ')}"
    return stage[0].lower() + stage[1:-1] + "ists"  # Semi-finals -> semi-finalists


def points_words(n: int) -> str:
    """Points in words: 1 point, 9 points."""
    return f"{n} point" if n == 1 else f"{n} points"


def _by_standing(rows: Sequence[Standing], prefix: str) -> list[Placing]:
    """Placings straight from standings (rank, equal ranks shared), the points in ``how``."""
    order = sorted(rows, key=lambda s: s.rank)  # stable: the standings' own order within a rank
    on_points: dict[int, int] = {}
    on_rank: dict[int, int] = {}
    for s in order:
        on_points[s.match_points] = on_points.get(s.match_points, 0) + 1
        on_rank[s.rank] = on_rank.get(s.rank, 0) + 1
    out = []
    for s, (place, last) in zip(order, spans([s.rank for s in order]), strict=True):
        how = f"{prefix}: {points_words(s.match_points)}"
        if on_rank[s.rank] > 1:
            how += ", level on every tiebreaker"
        elif on_points[s.match_points] > 1:
            how += ", then tiebreakers"
        out.append(Placing(s.player, place, last, how))
    return out


def swiss_placings(
    standings: Sequence[Standing],
    bracket: Bracket | None = None,
    results: Mapping[int, int] | None = None,
) -> list[Placing]:
    """Placings of a Swiss event from its standings and, with a top cut, the cut's bracket.

    Without a cut: place = Swiss rank. With the single-elimination ``bracket`` of the top cut
    (from :func:`tournaments.pairing.top_cut.top_cut`) and its node ``results``: champion 1st,
    final loser 2nd, then the players of the cut by the round they went out in, later is better;
    players out in the same round are placed by their Swiss standing (3rd and 4th, not a shared
    3rd–4th) unless a third-place match decides it. Players still in the cut share the best
    places. Everyone outside the cut follows in Swiss order, from place cut size + 1. Raises
    ValueError for a bracket seeding a player who is not in the standings.
    """
    if bracket is None:
        if results:
            raise ValueError("results of a top cut given without its bracket")
        return _by_standing(standings, "Swiss")
    outcomes = _single_outcomes(bracket, results or {}, "still in the top cut")
    position = {s.player: (s.rank, i) for i, s in enumerate(standings)}
    if len(position) != len(standings):
        raise ValueError("a player is listed twice in the standings")
    unknown = [p for p in bracket.seeds if p not in position]
    if unknown:
        raise ValueError(f"the top cut seeds players not in the standings: {unknown}")

    def key(p: int) -> tuple[tuple[int, int], int]:
        """Grouping: settled players of one level split by Swiss rank; the rest share."""
        outcome = outcomes[p]
        return outcome.level, position[p][0] if outcome.settled else 0

    cut = sorted(bracket.seeds, key=lambda p: position[p])
    cut.sort(key=lambda p: outcomes[p].level, reverse=True)
    at_level: dict[tuple[int, int], int] = {}
    for p in cut:
        at_level[outcomes[p].level] = at_level.get(outcomes[p].level, 0) + 1
    out = []
    for p, (place, last) in zip(cut, spans([key(p) for p in cut]), strict=True):
        outcome = outcomes[p]
        how = outcome.how
        if outcome.settled and outcome.stage and at_level[outcome.level] > 1:
            level = ", level on Swiss standing" if place != last else " by Swiss standing"
            how += f"; {span_label(place, last)} of the {_players_of(outcome.stage)}{level}"
        out.append(Placing(p, place, last, how))
    size = len(cut)
    seeded = set(cut)
    rest = sorted((s for s in standings if s.player not in seeded), key=lambda s: s.rank)
    for s, (place, last) in zip(rest, spans([s.rank for s in rest]), strict=True):
        how = f"Swiss: {span_label(place, last)} of the players outside the top cut"
        if s.dropped:
            how += " (dropped)"
        out.append(Placing(s.player, place + size, last + size, how))
    return out


def pod_placings(standings: Sequence[Standing]) -> list[Placing]:
    """Placings of a pod event from :func:`tournaments.pairing.pods.pod_standings`: its rank.

    Points, then the pod tiebreakers; players equal on all of them share the place.
    """
    return _by_standing(standings, "pods")
