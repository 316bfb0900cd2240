"""Pure pairing and standings for Gauntlet's tournaments: no Django, no ORM, no I/O.

Plain data in (:class:`Entrant`, :class:`Result`), plain data out (:class:`Pairing`,
:class:`Standing`, :class:`Bracket`). The Django side loads entrants and results, calls these
functions, and saves what they return.
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
