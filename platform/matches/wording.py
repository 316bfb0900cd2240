"""A match's words for people: seats by their players' names, never by number.

The engines know no names: a result keeps seat numbers (``ranks``, ``details["forfeit"]``) and
its ``reason`` may say "seat 1 reached 15 Prestige"; a forfeit's record says which seat and
why (``{"seat", "kind", "reason"}``). These pure functions write them with the names of the
people (or bots) in the seats, for every page, socket and API answer that shows a result, a
move log or a refusal: :func:`result_text` (how a match ended), :func:`forfeit_text` (who
forfeited and why), :func:`name_seats` (any "seat N" phrase of an engine's sentence) and
:func:`opens_with_name` (a move log's line that already begins with its player's name, so a
log does not print it twice).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engines.base import Game, Result
from engines.registry import engine_for

_SEATS = re.compile(r"\b[Ss]eats? (\d+(?:(?:, | and )\d+)*)\b")


def listing(words: Sequence[str]) -> str:
    """``"Ana"``, ``"Ana and Bob"``, ``"Ana, Bob and Cy"``."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def seat_label(names: Sequence[str], seat: Any) -> str:
    """The name of ``seat``'s player; a seat the names do not cover is "a player" (never a
    number)."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return "a player"


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every "seat N" (or "seats N, M" / "seat N and M") written as the players'
    names: ``"seat 0, 1 reached 15 Prestige"`` -> ``"Ana and Bob reached 15 Prestige"``. A
    number that is no seat of the match (``"there is no seat 5"``) is left as it is."""

    def named(m: re.Match[str]) -> str:
        seats = [int(n) for n in re.split(r", | and ", m.group(1))]
        if not all(0 <= s < len(names) for s in seats):
            return m.group(0)
        return listing([names[s] for s in seats])

    return _SEATS.sub(named, text or "")


def opens_with_name(text: str, name: str, names: Sequence[str] = ()) -> bool:
    """True when ``text`` begins with ``name`` as a word (``"Ana passed"``, ``"Ana's Cavalry
    moved"``; not ``"Anatole passed"``), and not with a longer one of the match's ``names``
    that starts the same (``"Ana B passed"`` is not Ana's when Ana B plays too)."""

    def opens(who: str) -> bool:
        return bool(who) and re.match(re.escape(who) + r"(?!\w)", text or "") is not None

    longer = [n for n in names if len(n) > len(name) and n.startswith(name)]
    return opens(name) and not any(opens(n) for n in longer)


def whose_time(seat: int | None, mine: Sequence[int], names: Sequence[str]) -> str:
    """Whose clock ran out, said to a player holding the seats ``mine``: "Your time", or
    "Ana's time"."""
    if seat in mine:
        return "Your time"
    if isinstance(seat, int) and 0 <= seat < len(names):
        return f"{names[seat]}'s time"
    return "The time"


def winners_text(ranks: Sequence[int], names: Sequence[str]) -> str:
    """``"Bob wins."``, ``"Ana and Bob share first place."`` (first = the best rank)."""
    if not ranks:
        return ""
    best = min(ranks)
    first = [seat_label(names, s) for s, r in enumerate(ranks) if r == best]
    if len(first) == 1:
        return f"{first[0]} wins."
    return f"{listing(first)} share first place."


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def forfeit_text(forfeit: dict[str, Any], names: Sequence[str]) -> str:
    """Who forfeited and why, in a sentence: ``"Ana resigned."``, ``"Ana ran out of time on
    the turn clock."``, ``"Bob forfeited: the bot failed (…)."``."""
    who = seat_label(names, forfeit.get("seat"))
    kind = forfeit.get("kind")
    reason = name_seats(str(forfeit.get("reason") or ""), names).rstrip(".")
    if kind == "resigned":
        return f"{who} resigned."
    if kind == "timeout":
        return f"{who} ran out of time on the turn clock."
    if kind == "illegal":
        action = forfeit.get("action")
        tried = f" {action!r}" if action else ""
        why = f": {reason}" if reason else ""
        return f"{who} forfeited: the bot played an illegal action{tried}{why}."
    if kind == "error":
        return f"{who} forfeited: the bot failed ({reason})." if reason else f"{who} forfeited."
    return f"{who} forfeited: {reason}." if reason else f"{who} forfeited."


def _forfeit_of(result: dict[str, Any], forfeit: dict[str, Any] | None) -> dict[str, Any] | None:
    """The forfeit of a match: its record's, else what the result's details say of one."""
    if forfeit:
        return forfeit
    seat = (result.get("details") or {}).get("forfeit")
    if seat is None:
        return None
    reason = str(result.get("reason") or "")
    return {"seat": seat, "kind": "", "reason": reason.split("forfeited: ", 1)[-1]}


def result_text(
    game: Game,
    result: dict[str, Any] | None,
    names: Sequence[str],
    forfeit: dict[str, Any] | None = None,
    corrected: dict[str, Any] | None = None,
) -> str:
    """How a match ended, for people, with its players' names.

    ``result`` is the engine's (as stored, JSON), ``forfeit`` the record's forfeit if a seat
    forfeited, ``corrected`` staff's correction (``{"ranks", "reason"}``) if there is one. A
    forfeit says who and why, then who wins; a corrected result who wins now and staff's
    reason; a result of ranks alone (played on paper) who wins and its note; otherwise the
    game's own sentence (``Game.describe_result``), with any seat number left in it written as
    a name. Empty without a result.
    """
    if corrected:
        ranks = corrected.get("ranks") or []
        why = _sentence(str(corrected.get("reason") or ""))
        note = f" The result was corrected by staff{': ' + why if why else '.'}"
        return f"{winners_text(ranks, names)}{note}".strip()
    if not result:
        return ""
    lost = _forfeit_of(result, forfeit)
    if lost is not None:
        return f"{forfeit_text(lost, names)} {winners_text(result.get('ranks') or [], names)}"
    reason = _sentence(name_seats(str(result.get("reason") or ""), names))
    if "scores" not in result:  # ranks only (a paper result): who won, and the note
        return f"{winners_text(result.get('ranks') or [], names)} {reason}".strip()
    try:
        text = game.describe_result(Result.from_json(result), list(names))
    except Exception:  # noqa: BLE001 - a stored result the presentation cannot read
        return f"{winners_text(result.get('ranks') or [], names)} {reason}".strip()
    return _sentence(name_seats(text, names))


def match_result_text(match: Any, seats: Sequence[Any]) -> str:
    """:func:`result_text` of a ``Match`` row whose seats (with their players) are ``seats``;
    empty until its result is public (the seed revealed)."""
    if not match.seed_revealed or not (match.result or match.corrected_result):
        return ""
    names = [s.player.public_name for s in sorted(seats, key=lambda s: s.seat)]
    game = engine_for(match.game, match.engine_version)
    return result_text(game, match.result, names, match.forfeit, match.corrected_result)
