"""What the pages, printouts, notifications and the log call an event's rounds.

Rounds are numbered across stages in the database (a Swiss of 5 rounds with a top cut plays
rounds 6, 7, 8 of its bracket); people call a bracket's rounds by name: "Quarter-finals",
"Semi-finals", "Final" (a top cut, a single elimination), "Winners' semi-finals and losers'
round 2" (a double elimination's round of tables), from the pure names of
:mod:`tournaments.pairing.round_names`. Swiss, round-robin and pod rounds are "Round 3".
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments import pairing
from tournaments.models import Round, Stage, Table, Tournament


def _bracket(t: Tournament) -> pairing.Bracket | None:
    return pairing.bracket_from_json(t.bracket) if t.bracket else None


def _is_bracket_round(t: Tournament, stage: str) -> bool:
    return stage == Stage.CUT or t.is_elimination


def round_titles(t: Tournament, rounds: Iterable[Round] | None = None) -> dict[int, str]:
    """``{round number: its name}`` for every round of ``t`` (or those given), one query for
    the bracket rounds' tables."""
    rounds = list(t.round_set.all() if rounds is None else rounds)
    bracket = _bracket(t)
    nodes: dict[int, list[int]] = {}
    bracket_rounds = [r.pk for r in rounds if _is_bracket_round(t, r.stage)]
    if bracket is not None and bracket_rounds:
        for round_id, node in Table.objects.filter(
            round_id__in=bracket_rounds, node__isnull=False
        ).values_list("round_id", "node"):
            nodes.setdefault(round_id, []).append(node)
    titles = {}
    for r in rounds:
        titles[r.number] = _title(bracket, r, nodes.get(r.pk, []), t)
    return titles


def _title(bracket: pairing.Bracket | None, rnd: Round, nodes: list[int], t: Tournament) -> str:
    if bracket is None or not nodes or not _is_bracket_round(t, rnd.stage):
        return f"Round {rnd.number}"
    try:
        return pairing.round_label(bracket, sorted(set(nodes)))
    except ValueError:  # a bracket replaced after its tables were made (never in normal play)
        return f"Round {rnd.number}"


def round_title(t: Tournament, rnd: Round | None) -> str:
    """The name of one round of ``t`` ("Round 3", "Semi-finals")."""
    if rnd is None:
        return ""
    return round_titles(t, [rnd])[rnd.number]


def round_title_of(t: Tournament, number: int) -> str:
    """The name of round ``number`` of ``t`` ("Round 3" for a round that does not exist)."""
    rnd = t.round_set.filter(number=number).first()
    return round_title(t, rnd) if rnd is not None else f"Round {number}"


def lower_first(title: str) -> str:
    """A title inside a sentence: "round 3", "the semi-finals", "winners' round 1"."""
    if title.startswith("Round ") and title[len("Round ") :].isdigit():
        return "round " + title[len("Round ") :]
    text = title[:1].lower() + title[1:]
    return text if text.startswith(("winners'", "losers'")) else f"the {text}"


def plural(count: int, word: str, many: str = "") -> str:
    """ "1 table", "3 tables", "0 tables" (``many``: the plural when it is not word + s)."""
    return f"{count} {word}" if count == 1 else f"{count} {many or word + 's'}"


def next_step(t: Tournament) -> str:
    """What the organiser's "pair" button does next, in words: "Pair round 4", "Pair the top
    cut", "Pair the next bracket round" or "Finish the event" (when no round is left)."""
    from tournaments.models import Format
    from tournaments.values import node_results

    nxt = t.current_round + 1
    if t.stage == Stage.MAIN and not t.is_elimination:
        if nxt <= (t.main_rounds or 0):
            return f"Pair round {nxt}"
        if t.format == Format.SWISS and t.top_cut:
            return f"Pair the top {t.top_cut}"
        return "Finish the event"
    if t.bracket is None:
        return "Pair round 1"
    bracket = pairing.bracket_from_json(t.bracket)
    results = node_results(t, t.stage)
    if pairing.bracket_winner(bracket, results) is not None:
        return "Finish the event"
    return "Pair the next bracket round"


def verb_for(title: str) -> str:
    """ "is" or "are" after a round's name: "Round 2 is", "Semi-finals are", "Final is"."""
    plural = title.endswith("s") or " and " in title
    return "are" if plural else "is"
