"""The event's audit log in words: who did what to which table of which round, why, and what
it was before and after ("Olga voided the result of table 3, round 2 (it was Bob 2–0 Chen):
the slip was wrong. Winner now Chen (was Bob)").

The log keeps plain data (:class:`~tournaments.models.LogEntry`: an ``action`` code and its
``detail``); :func:`describe` turns a page of it into :class:`LogLine` s, naming entries as the
pages do (players' public names, teams by name) and tables by number and round. An action this
module does not know still reads as words, from its code and its detail.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tournaments import naming
from tournaments.models import Entry, LogEntry, Table, Tournament
from tournaments.teams import team_label


@dataclass(frozen=True)
class LogLine:
    """One log entry as the organiser reads it: when, who (or "Gauntlet" for the platform
    itself), what they did in a sentence, and the reason they gave."""

    when: Any
    who: str
    what: str
    reason: str
    staff: bool = False


class Namer:
    """Names of the event's entries, tables and rounds for the sentences of one page of log."""

    def __init__(
        self,
        t: Tournament,
        entries: Iterable[LogEntry],
        people: Iterable[Entry] | None = None,
        titles: dict[int, str] | None = None,
    ):
        self.t = t
        details = [e.detail or {} for e in entries]
        if people is None:
            people = Entry.objects.filter(tournament=t).select_related("player", "partner")
        people = list(people)
        self.entries = {
            e.pk: team_label_public(e) if e.partner_id else e.player.public_name for e in people
        }
        self.by_username = {e.player.username: self.entries[e.pk] for e in people}
        table_ids = {d["table"] for d in details if isinstance(d.get("table"), int)}
        for d in details:
            listed = d.get("tables")
            if isinstance(listed, list):
                table_ids.update(x for x in listed if isinstance(x, int))
        self.tables = {
            tb.pk: tb for tb in Table.objects.filter(pk__in=table_ids).select_related("round")
        }
        self.titles = naming.round_titles(t) if titles is None else titles

    def entry(self, pk: Any) -> str:
        if isinstance(pk, str):
            return self.by_username.get(pk, pk)
        return self.entries.get(pk, "a former entrant") if pk is not None else "nobody"

    def round(self, number: Any) -> str:
        """ "round 2", "the semi-finals"."""
        title = self.titles.get(number)
        return naming.lower_first(title) if title else f"round {number}"

    def table(self, detail: dict[str, Any]) -> str:
        """ "table 3, round 2", from the entry's detail (or the table row for older entries)."""
        table = self.tables.get(detail.get("table"))
        number = detail.get("number") or (table.number if table else None)
        rnd = detail.get("round") or (table.round.number if table else None)
        if number is None:
            return "a table"
        return f"table {number}, {self.round(rnd)}" if rnd else f"table {number}"

    def players_of(self, detail: dict[str, Any]) -> list[int]:
        table = self.tables.get(detail.get("table"))
        return list(table.entries) if table else []

    def result(self, result: Any, players: Sequence[int]) -> str:
        """ "Bob 2–0 Chen", "Ana 1st, Bob 2nd, Chen 3rd", "no result"."""
        if not result:
            return "no result"
        if isinstance(result, dict) and "state" in result:
            result = result.get("result")  # a snapshot: {"state", "result", "source"}
            if not result:
                return "no result"
        if not isinstance(result, dict):
            return str(result)
        if result.get("bye"):
            return "a bye"
        names = [self.entry(p) for p in players]
        if "placings" in result:
            from tournaments.pairing import ordinal

            return ", ".join(
                f"{name} {ordinal(p + 1)}"
                for name, p in sorted(
                    zip(names, result["placings"], strict=False), key=lambda x: x[1]
                )
            )
        wins = result.get("wins") or [0, 0]
        drawn = f" ({result['draws']} drawn)" if result.get("draws") else ""
        if len(names) == 2:
            return f"{names[0]} {wins[0]}–{wins[1]} {names[1]}{drawn}"
        return f"{wins[0]}–{wins[1]}{drawn}"

    def outcome(self, outcome: Any) -> str:
        """What a correction moved: the winner, then the placings that changed."""
        if not isinstance(outcome, dict):
            return ""
        parts = []
        if outcome.get("winner_before") != outcome.get("winner_after"):
            before, after = outcome.get("winner_before"), outcome.get("winner_after")
            if after is None:
                parts.append(f"no winner now (was {self.entry(before)})")
            elif before is None:
                parts.append(f"winner now {self.entry(after)}")
            else:
                parts.append(f"winner now {self.entry(after)} (was {self.entry(before)})")
        moved = outcome.get("placings") or []
        if moved:
            shown = [
                f"{self.entry(e)} {b or 'unplaced'} → {a or 'unplaced'}" for e, b, a in moved[:8]
            ]
            more = f" and {len(moved) - 8} more" if len(moved) > 8 else ""
            parts.append("placings: " + ", ".join(shown) + more)
        return "; ".join(parts)


def team_label_public(entry: Entry) -> str:
    """A team by its name, else its players' public names ("Ana & Bob")."""
    if entry.team_name:
        return entry.team_name
    players = [entry.player] + ([entry.partner] if entry.partner_id else [])
    return " & ".join(p.public_name for p in players) or team_label(entry)


def _changed_table(verb: str) -> Callable[[Namer, dict[str, Any]], str]:
    """A correction of a table's result, its before and after and what it moved."""

    def text(n: Namer, d: dict[str, Any]) -> str:
        players = n.players_of(d)
        before = n.result(d.get("before"), players)
        after = n.result(d.get("after"), players)
        sentence = f"{verb} {n.table(d)}: {after}"
        if before != "no result":
            sentence += f" (it was {before})"
        moved = n.outcome(d.get("outcome"))
        return f"{sentence}; {moved}" if moved else sentence

    return text


def _voided(verb: str) -> Callable[[Namer, dict[str, Any]], str]:
    def text(n: Namer, d: dict[str, Any]) -> str:
        players = n.players_of(d)
        sentence = f"{verb} {n.table(d)} (it was {n.result(d.get('before'), players)})"
        after = d.get("after") or {}
        if isinstance(after, dict) and after.get("state") == "pending":
            sentence += "; the bracket match waits to be replayed or awarded"
        moved = n.outcome(d.get("outcome"))
        return f"{sentence}; {moved}" if moved else sentence

    return text


def _entries(names: Namer, ids: Any) -> str:
    people = [names.entry(e) for e in ids or ()]
    return ", ".join(people) if people else "nobody"


def _plural(count: Any, word: str) -> str:
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word[:-1]}ies" if word.endswith("y") else f"{count} {word}s"


def _matches(count: Any) -> str:
    return f"{count} match" if count == 1 else f"{count} matches"


def _pairing_changed(verb: str) -> Callable[[Namer, dict[str, Any]], str]:
    """A change of the running round's tables: each table's players before and after."""

    def text(n: Namer, d: dict[str, Any]) -> str:
        parts = []
        for tb in d.get("tables") or []:
            if not isinstance(tb, dict):
                continue
            before = " v ".join(n.entry(e) for e in tb.get("before") or []) or "nobody"
            after = " v ".join(n.entry(e) for e in tb.get("after") or []) or "nobody"
            parts.append(f"table {tb.get('number', '?')}: {after} (it was {before})")
        where = n.round(d.get("round"))
        return f"{verb} of {where}: " + "; ".join(parts) if parts else f"{verb} of {where}"

    return text


SENTENCES: dict[str, Callable[[Namer, dict[str, Any]], str]] = {
    "pairing_swapped": _pairing_changed("swapped two players"),
    "pairing_edited": _pairing_changed("seated tables by hand"),
    "register": lambda n, d: (
        f"entered {n.entry(d.get('entry'))}" + (" late" if d.get("late") else "")
    ),
    "rejoin": lambda n, d: f"entered {n.entry(d.get('entry'))} again (their results kept)",
    "deck_changed": lambda n, d: f"changed the deck of {n.entry(d.get('entry'))}",
    "deck_set": lambda n, d: f"set the deck of {n.entry(d.get('entry'))}",
    "decks_locked": lambda n, d: (
        "locked the decks at the deck deadline"
        + (f" ({_plural(len(d['missing']), 'entry')} without one)" if d.get("missing") else "")
    ),
    "claim_refused": lambda n, d: f"refused the claim of the guest entry {n.entry(d.get('entry'))}",
    "create": lambda n, d: "created the event",
    "update": lambda n, d: _settings_text(d),
    "open_registration": lambda n, d: "opened registration",
    "open_check_in": lambda n, d: "opened check-in",
    "start": lambda n, d: (
        f"started the event with {_plural(d.get('entrants', '?'), 'entrant')}"
        + (f" ({_plural(d['rounds'], 'round')})" if d.get("rounds") else "")
    ),
    "cancel": lambda n, d: "cancelled the event",
    "pair_round": lambda n, d: (
        f"paired {n.round(d.get('round'))} ({_plural(d.get('tables', '?'), 'table')})"
    ),
    "finish": lambda n, d: (
        f"finished the event: {n.entry(d['winner'])} won"
        if d.get("winner")
        else "finished the event"
    ),
    "winner_changed": lambda n, d: (
        f"the winner is now {n.entry(d.get('after'))} (was {n.entry(d.get('before'))})"
        if d.get("after")
        else f"the event has no winner now (was {n.entry(d.get('before'))})"
    ),
    "correct_result": _changed_table("set the result of"),
    "slip_entered": _changed_table("entered the slip of"),
    "match_correct": _changed_table("corrected the match of"),
    "void_result": _voided("voided the result of"),
    "match_void": _voided("voided the match of"),
    "match_voided": lambda n, d: f"voided the match of {n.table(d)}; the organiser is to award it",
    "match_void_kept": lambda n, d: (
        f"voided the match of {n.table(d)}; its result stands, since later bracket matches "
        "were paired from it"
    ),
    "replay_table": lambda n, d: (
        f"sent {n.table(d)} to be replayed (it was {n.result(d.get('before'), n.players_of(d))})"
    ),
    "repair_round": lambda n, d: (
        f"took back the pairings of {n.round(d.get('round'))} to pair it again"
    ),
    "timeout_void": lambda n, d: f"timed out {n.table(d)}: no result for anyone",
    "timeout_award": lambda n, d: (
        f"timed out {n.table(d)} and awarded it: {n.result(d.get('after'), n.players_of(d))}"
    ),
    "no_show": lambda n, d: (
        f"recorded {n.entry(d.get('entry'))} as a no-show at {n.table(d)} (the opponent wins "
        "2–0; the no-show is dropped)"
    ),
    "paper_bot_table": lambda n, d: (
        f"reported {n.table(d)} on paper against a bot (final at once: paper play is allowed)"
    ),
    "dispute_opened": lambda n, d: f"the reports of {n.table(d)} disagree: a dispute to settle",
    "drop": lambda n, d: (
        f"dropped {n.entry(d.get('entry'))}"
        + (f" after round {d['after_round']}" if d.get("after_round") else "")
    ),
    "disqualify": lambda n, d: f"disqualified {n.entry(d.get('entry'))}",
    "withdraw": lambda n, d: f"withdrew {n.entry(d.get('entry'))}",
    "forfeit": lambda n, d: (
        f"gave {n.entry(d.get('entry'))}'s unfinished tables to their opponents"
    ),
    "drop_no_shows": lambda n, d: (
        f"dropped the players who did not check in: {_entries(n, d.get('entries'))}"
    ),
    "reinstate": lambda n, d: f"put {n.entry(d.get('entry'))} back in the event",
    "bulk_entry": lambda n, d: (
        f"added {_plural(len(d.get('entries') or ()), 'entrant')} in bulk"
        + (f" ({_plural(d['guests'], 'guest')})" if d.get("guests") else "")
    ),
    "claim_request": lambda n, d: f"asked to take over the guest entry {n.entry(d.get('entry'))}",
    "claim_approved": lambda n, d: (
        f"gave the guest entry to {n.entry(d.get('entry'))} (their claim approved)"
    ),
    "extend": lambda n, d: (
        f"gave {n.table(d)} {_plural(d.get('minutes', '?'), 'more minute')}"
        + (f" ({d['total']} in all)" if d.get("total") else "")
    ),
    "time_called": lambda n, d: (
        f"called time on {n.round(d.get('round'))} ({_plural(len(d.get('tables') or ()), 'table')} "
        "unfinished)"
    ),
    "match_refused": lambda n, d: (
        f"could not start the match of {n.table(d)}: it is to be reported on paper"
    ),
    "register_team": lambda n, d: f"entered the team {n.entry(d.get('entry'))}",
    "closing_run_planned": lambda n, d: (
        f"planned a closing run of the top {d.get('contenders', '?')}: up to "
        f"{_matches(d.get('per_contender', '?'))} each, until each of the top "
        f"{d.get('places', '?')} is above the next with {100 * d.get('confidence', 0):.0f}% "
        "confidence"
    ),
    "closing_run_start": lambda n, d: (
        "the closing run started with " + (", ".join(d.get("contenders", [])) or "nobody")
    ),
    "closing_run_finish": lambda n, d: (
        f"the closing run ended ({_matches(d.get('matches', '?'))} in "
        f"{_plural(d.get('rounds', '?'), 'round')}): its order heads the placings"
    ),
    "closing_run_skipped": lambda n, d: "the closing run could not play",
    "closing_run_recomputed": lambda n, d: (
        "computed the closing run's ranking again: one of its matches was reopened"
    ),
    "closing_match_refused": lambda n, d: "a match of the closing run could not start",
}

SETTING_NAMES = {
    "registration_deadline": "registration deadline",
    "starts_at": "start",
    "round_minutes": "round timer",
    "late_entry_until_round": "late entry until round",
    "match_timeout_minutes": "match timeout",
    "top_cut": "top cut",
    "auto_advance": "automatic pairing",
    "paper_bot_tables": "paper play for bot tables",
}


def _settings_text(d: dict[str, Any]) -> str:
    fields = d.get("fields") or []
    if not fields:
        return "saved the settings (nothing changed)"
    before, after = d.get("before") or {}, d.get("after") or {}
    parts = []
    for f in fields:
        name = SETTING_NAMES.get(f, f.replace("_", " "))
        if f in before or f in after:
            parts.append(f"{name} {_value(before.get(f))} → {_value(after.get(f))}")
        else:
            parts.append(name)
    return "changed the settings: " + ", ".join(parts)


def _value(v: Any) -> str:
    if v in (None, "", [], {}):
        return "none"
    if v is True:
        return "on"
    if v is False:
        return "off"
    return str(v)


def _fallback(action: str) -> Callable[[Namer, dict[str, Any]], str]:
    words = action.replace("_", " ")

    def text(n: Namer, d: dict[str, Any]) -> str:
        return f"{words} ({n.table(d)})" if d.get("table") else words

    return text


def describe(
    t: Tournament,
    entries: Sequence[LogEntry],
    people: Iterable[Entry] | None = None,
    titles: dict[int, str] | None = None,
) -> list[LogLine]:
    """A page of the event's log in words, in the order given (``people``: the event's
    entries with their players and partners, ``titles``: :func:`naming.round_titles`, when the
    caller has them already)."""
    names = Namer(t, entries, people, titles)
    lines = []
    for e in entries:
        sentence = SENTENCES.get(e.action, _fallback(e.action))(names, e.detail or {})
        actor = e.actor
        lines.append(
            LogLine(
                when=e.created,
                who=actor.public_name if actor is not None else "Gauntlet",
                what=sentence[:1].upper() + sentence[1:],
                reason=e.reason,
                staff=bool(actor is not None and actor.is_admin and actor.pk != t.organiser_id),
            )
        )
    return lines
