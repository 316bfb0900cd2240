"""Pure pairing and standings for Gauntlet's tournaments: no Django, no ORM, no I/O.

Plain data in (:class:`Entrant`, :class:`Result`), plain data out (:class:`Pairing`,
:class:`Standing`, :class:`Bracket`). The Django side loads entrants and results, calls these
functions, and saves what they return.

Modules:

- ``types``: Entrant, Result, Pairing, Standing, SwissConfig;
- ``standings``: :func:`standings` (points, then the configured tiebreakers: ``METRICS``);
- ``swiss``: :func:`pair_swiss` (from results) and :func:`pair_swiss_standings` (from standings
  already computed), :func:`default_swiss_rounds`; ``matching``: the networkx fallback;
- ``elimination``: :class:`Bracket` (plain data: nodes with two slot sources each, byes folded
  away), :func:`single_elimination`, :func:`double_elimination`, and the pure readers
  :func:`bracket_state`, :func:`bracket_matches`, :func:`bracket_winner`,
  :func:`bracket_to_json` / :func:`bracket_from_json`; results are ``{node id: winner id}``;
- ``topcut``: :func:`top_cut` from Swiss standings; ``round_robin``: :func:`round_robin`;
- ``pods``: :func:`pods`, :func:`pod_sizes`, :func:`pod_standings`;
- ``paper``: :func:`paper_standings` for the paper-event JSON of the tournaments issue.

Every function is deterministic (randomness only from the ``seed`` argument) and raises
ValueError, with the round or match at fault, for input it cannot accept.
"""

from tournaments.pairing.elimination import (
    Bracket,
    Node,
    NodeState,
    ReadyMatch,
    Slot,
    bracket_from_json,
    bracket_matches,
    bracket_state,
    bracket_to_json,
    bracket_winner,
    double_elimination,
    seed_order,
    single_elimination,
)
from tournaments.pairing.paper import paper_results, paper_standings
from tournaments.pairing.pods import pod_sizes, pod_standings, pods
from tournaments.pairing.round_robin import round_robin
from tournaments.pairing.standings import METRICS, standings
from tournaments.pairing.swiss import default_swiss_rounds, pair_swiss, pair_swiss_standings
from tournaments.pairing.topcut import top_cut
from tournaments.pairing.types import Entrant, Pairing, Result, Standing, SwissConfig

__all__ = [
    "METRICS",
    "Bracket",
    "Entrant",
    "Node",
    "NodeState",
    "Pairing",
    "ReadyMatch",
    "Result",
    "Slot",
    "Standing",
    "SwissConfig",
    "bracket_from_json",
    "bracket_matches",
    "bracket_state",
    "bracket_to_json",
    "bracket_winner",
    "default_swiss_rounds",
    "double_elimination",
    "pair_swiss",
    "pair_swiss_standings",
    "paper_results",
    "paper_standings",
    "pod_sizes",
    "pod_standings",
    "pods",
    "round_robin",
    "seed_order",
    "single_elimination",
    "standings",
    "top_cut",
]
