"""Pure pairing and standings for Gauntlet's tournaments: no Django, no ORM, no I/O.

Plain data in (:class:`Entrant`, :class:`Result`), plain data out (:class:`Pairing`,
:class:`Standing`, :class:`Bracket`, :class:`Placing`). The Django side loads entrants and
results, calls these functions, and saves what they return.

Modules:

- ``types``: Entrant, Result, Pairing, Standing, SwissConfig, Placing, Meeting;
- ``standings``: :func:`standings` (points, then the configured tiebreakers: ``METRICS``);
- ``swiss``: :func:`pair_swiss` (from results) and :func:`pair_swiss_standings` (from standings
  already computed), :func:`pair_swiss_certified` (also the round's cost and a proven lower
  bound: :class:`RoundCertificate`), :func:`default_swiss_rounds`; ``sweep``: the point groups
  paired at the optimum; ``matching``: exact windows (networkx); ``cost``: the documented cost
  and networkx's optimum over a whole round;
- ``elimination``: :class:`Bracket` (plain data: nodes with two slot sources each, byes folded
  away), :func:`single_elimination`, :func:`double_elimination`, and the pure readers
  :func:`bracket_state`, :func:`bracket_matches`, :func:`bracket_winner`,
  :func:`bracket_to_json` / :func:`bracket_from_json`; results are ``{node id: winner id}``;
- ``topcut``: :func:`top_cut` from Swiss standings; ``round_robin``: :func:`round_robin`;
- ``pods``: :func:`pods`, :func:`pod_sizes`, :func:`pod_standings`;
- ``paper``: :func:`paper_standings` for the paper-event JSON of the tournaments issue;
- ``placings``: final places (:class:`Placing`: place, last place shared, how in words) for
  every format: :func:`swiss_placings` (with or without a top cut),
  :func:`single_elimination_placings`, :func:`double_elimination_placings`,
  :func:`pod_placings`, and :func:`ordinal`, :func:`place_label` ("3rd–4th");
  ``head_to_head``: :func:`round_robin_placings` (points, head-to-head, tiebreakers) and
  :func:`cross_table`;
- ``round_names``: :func:`round_name`, :func:`node_name`, :func:`round_label` ("Semi-finals",
  "Losers' final", "Final and third-place match").

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
from tournaments.pairing.head_to_head import cross_table, round_robin_placings
from tournaments.pairing.paper import paper_results, paper_standings
from tournaments.pairing.placings import (
    double_elimination_placings,
    ordinal,
    place_label,
    pod_placings,
    single_elimination_placings,
    swiss_placings,
)
from tournaments.pairing.pods import pod_sizes, pod_standings, pods
from tournaments.pairing.round_names import node_name, round_label, round_name
from tournaments.pairing.round_robin import round_robin
from tournaments.pairing.standings import METRICS, standings
from tournaments.pairing.swiss import (
    RoundCertificate,
    default_swiss_rounds,
    pair_swiss,
    pair_swiss_certified,
    pair_swiss_standings,
)
from tournaments.pairing.topcut import top_cut
from tournaments.pairing.types import (
    Entrant,
    Meeting,
    Pairing,
    Placing,
    Result,
    Standing,
    SwissConfig,
)

__all__ = [
    "METRICS",
    "Bracket",
    "Entrant",
    "Meeting",
    "Node",
    "NodeState",
    "Pairing",
    "Placing",
    "ReadyMatch",
    "Result",
    "RoundCertificate",
    "Slot",
    "Standing",
    "SwissConfig",
    "bracket_from_json",
    "bracket_matches",
    "bracket_state",
    "bracket_to_json",
    "bracket_winner",
    "cross_table",
    "default_swiss_rounds",
    "double_elimination",
    "double_elimination_placings",
    "node_name",
    "ordinal",
    "pair_swiss",
    "pair_swiss_certified",
    "pair_swiss_standings",
    "paper_results",
    "paper_standings",
    "place_label",
    "pod_placings",
    "pod_sizes",
    "pod_standings",
    "pods",
    "round_label",
    "round_name",
    "round_robin",
    "round_robin_placings",
    "seed_order",
    "single_elimination",
    "single_elimination_placings",
    "standings",
    "swiss_placings",
    "top_cut",
]
