"""What the people who run an event hear when something needs them (its "Needs you now").

Called by :mod:`tournaments.receivers` when a dispute opens, a report waits for the other
player's confirmation, a guest's entry is claimed, a late entry comes in, a deck changes, the
deck deadline leaves entries without a legal deck, or a newer catalogue makes an entered deck
illegal. Each goes to the event's managers (:func:`managers`):

- a personal socket event ``tournament.attention`` ``{tournament, kind, text}`` (after the
  commit, :func:`tournaments.notifications.send_on_commit`): the event page's script refreshes
  its "Needs you now" list on it, without a reload;
- a stored notification (:mod:`players.inbox`) in words with the place to act, except to the
  manager who caused it. Reports waiting and deck changes come often on a busy night: one
  unread notification of each waits at a time (``once``), the list itself has them all.

Nothing here names a deck's cards: "changed their deck", never the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from players import inbox
from tournaments.notifications import entry_name, send_on_commit, table_url

#: The attention kinds, as stored notification kinds (``players.NotificationKind``).
STORED = {
    "disputed": "dispute",
    "to_confirm": "report_waiting",
    "guest_claim": "guest_claim",
    "late_entry": "late_entry",
    "deck_changed": "deck_changed",
    "missing_deck": "deck_problem",
}
ONCE = ("to_confirm", "deck_changed")


def managers(t: Any) -> list[int]:
    """The people who run the event and hear what needs them: its organiser. (Staff may manage
    every event and are not told of each one's.)"""
    return [t.organiser_id]


def event_url(t: Any) -> str:
    return f"/tournaments/{t.pk}/"


def tell(t: Any, kind: str, text: str, url: str = "", by: Any = None) -> None:
    """``tournament.attention`` to every manager's socket; the stored notification to each
    manager but ``by`` (who caused it)."""
    url = url or event_url(t)
    people = managers(t)
    send_on_commit(
        [
            (p, "tournament.attention", {"tournament": t.pk, "kind": kind, "text": text})
            for p in people
        ]
    )
    by_id = getattr(by, "pk", None)
    for person in people:
        if person != by_id:
            inbox.post(person, STORED[kind], text, url, once=kind in ONCE)


def dispute(t: Any, table: Any) -> None:
    """A table's reports disagree: the organiser settles it on the table's page."""
    text = (
        f"Table {table.number} (round {table.round.number} of {t.name}): the players' reports "
        "disagree. Settle the dispute."
    )
    tell(t, "disputed", text, table_url(t, table))


def report_waiting(t: Any, table: Any) -> None:
    """Some players of a table reported: it waits for the others (or the organiser)."""
    text = (
        f"{t.name}: table {table.number} of round {table.round.number} has a report waiting "
        "for the other player's confirmation (or yours)."
    )
    tell(t, "to_confirm", text)


def guest_claimed(t: Any, entry: Any, by: Any) -> None:
    """Someone says a guest's entry is theirs: the organiser approves or refuses."""
    text = (
        f"{by.public_name} says they are the guest {entry.player.public_name} in {t.name}: "
        "approve or refuse it."
    )
    tell(t, "guest_claim", text, by=by)


def late_entry(t: Any, entry: Any, by: Any) -> None:
    """An entry came in while the event runs: it is paired from the next round."""
    text = f"{entry_name(t, entry)} entered {t.name} late: paired from round {t.current_round + 1}."
    tell(t, "late_entry", text, by=by)


def deck_changed(t: Any, entry: Any, by: Any) -> None:
    """A player changed their deck (or the organiser set a guest's)."""
    who = by.public_name if by.pk in (entry.player_id, entry.partner_id) else None
    text = (
        f"{who} changed their deck for {t.name}."
        if who
        else f"The deck of {entry_name(t, entry)} in {t.name} was changed."
    )
    tell(t, "deck_changed", text, by=by)


def decks_locked(t: Any, missing: Sequence[Any]) -> None:
    """The deck deadline passed with entries left without a legal deck."""
    if not missing:
        return
    names = ", ".join(entry_name(t, e) for e in missing[:5])
    more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
    text = (
        f"Decks are locked in {t.name}: {len(missing)} entr{'y has' if len(missing) == 1 else 'ies have'} "
        f"no legal deck ({names}{more})."
    )
    tell(t, "missing_deck", text)


def deck_illegal(t: Any, entry: Any, player: Any, problem: str) -> None:
    """A newer card catalogue made a deck entered in the event illegal."""
    text = f"{player.public_name}'s deck in {t.name} is no longer legal: {problem}"
    tell(t, "missing_deck", text)
