"""A bot event's closing run as plain values (no database): who its contenders are, how sure
the event is of their order, and the placings once it has published.

- :func:`contenders_from`: the top ``size`` entrants of the placings, widened to the end of a
  group that shares a place (a run that split "3rd–4th" would rank one of them by fiat).
- :func:`skill_field`: TrueSkill without drift (the contenders are frozen) from a new player's
  prior over every decided match between two contenders — the event's tables first, in round
  order, then the run's own matches — as the :class:`~ratings.candidates.Candidate` values the
  closing plan (:mod:`ratings.closing_plan`) reads, keyed by entry id.
- :func:`with_closing`: the event's placings with the run's final ranking in force: its
  contenders take places 1, 2, ... in the run's order, everyone else keeps their place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import trueskill

from ratings.candidates import Candidate
from tournaments import pairing

Outcome = tuple[int, int, int]
"""One decided match between two entries ``(a, b, score)``: 1 ``a`` won, -1 ``b`` won, 0 drawn."""


def contenders_from(placings: Sequence[pairing.Placing], size: int) -> list[int]:
    """The entry ids of the top ``size`` placings, extended to the last of a shared place."""
    if size <= 0 or not placings:
        return []
    cut = min(size, len(placings))
    last_place = placings[cut - 1].last
    return [p.entrant for p in placings if p.place <= last_place]


def table_outcomes(results: Iterable[pairing.Result]) -> list[Outcome]:
    """The decided two-player results (byes and pods aside), in the order given."""
    out = []
    for r in results:
        if r.bye or r.placings is not None or len(r.players) != 2:
            continue
        wins = tuple(r.wins) or (0, 0)
        score = (wins[0] > wins[1]) - (wins[0] < wins[1])
        out.append((r.players[0], r.players[1], score))
    return out


def skill_field(
    contenders: Sequence[int],
    labels: Mapping[int, str],
    outcomes: Iterable[Outcome],
    env: trueskill.TrueSkill,
) -> list[Candidate]:
    """Each contender's (mu, sigma) after ``outcomes`` between contenders (others ignored),
    from ``env``'s prior; ``labels`` names them."""
    ratings = {c: env.create_rating() for c in contenders}
    for a, b, score in outcomes:
        if a == b or a not in ratings or b not in ratings:
            continue
        ranks = [0, 0] if score == 0 else [0, 1] if score > 0 else [1, 0]
        (ra,), (rb,) = env.rate([(ratings[a],), (ratings[b],)], ranks=ranks)
        ratings[a], ratings[b] = ra, rb
    return [
        Candidate(c, c, ratings[c].mu, ratings[c].sigma, 0.0, labels.get(c, str(c)))
        for c in contenders
    ]


def with_closing(
    placings: Sequence[pairing.Placing], ranking: Sequence[Mapping]
) -> list[pairing.Placing]:
    """``placings`` with a closing run's ``ranking`` (rows with ``player_id``: the entry id,
    and ``above_next``) at the top, one place each; the others as they were."""
    ranked = [row["player_id"] for row in ranking]
    head = []
    for i, row in enumerate(ranking):
        above = row.get("above_next")
        how = (
            "closing run: last of its contenders"
            if above is None
            else f"closing run: {above:.0%} sure to be above the next"
        )
        head.append(pairing.Placing(row["player_id"], i + 1, i + 1, how))
    rest = [p for p in placings if p.entrant not in set(ranked)]
    return head + rest
