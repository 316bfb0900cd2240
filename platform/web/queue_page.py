"""The ladder page's queue panel: the join form (the account, and on a game with decks the deck
it brings, the one last played on the ladder chosen), and for a person in the queue their wait,
the expected wait and, after a while, a rated game against the bot of nearest strength; the
same wait as JSON for the page's script (``web/queue.js``), which asks every few seconds.

The rules live in the ratings app (``ratings.queue``, ``ratings.waiting``, ``ratings.seat_decks``).
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from players.models import Player
from ratings.bot_names import bot_name
from ratings.models import Ladder, QueueEntry
from ratings.seat_decks import last_used, queue_versions
from ratings.waiting import BOT_OFFER_SECONDS, Wait, seconds_text, wait_of
from web.forms import QueueForm

# How often the waiting page asks the server (each ask may run a matchmaking round).
POLL_SECONDS = 2


def queue_form(user: Any, ladder: Ladder, accounts: list[Player], data: Any = None) -> QueueForm:
    """The join form: ``user``'s legal deck versions for the ladder's game (none on a game
    without decks), the one they last played on the ladder preselected."""
    versions = queue_versions(user, ladder)
    latest = last_used(user, ladder, versions) if versions else None
    return QueueForm(data, accounts=accounts, versions=versions, last_used=latest)


def offer_text(bots: list[Player]) -> str:
    """The bot offer's button, naming the bots of nearest strength by kind ("Heuristic bot")."""
    names = [bot_name(b) for b in bots]
    names = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    return f"Play a rated game against {names} now"


def wait_state(wait: Wait) -> dict[str, Any]:
    """The wait as the page's script reads it."""
    open_ = wait.offer_in <= 0 and bool(wait.bots)
    return {
        "queued": True,
        "waited": round(wait.waited, 1),
        "waited_text": seconds_text(wait.waited),
        "expected_text": wait.expected.text(),
        "offer": open_,
        "offer_text": offer_text(wait.bots) if wait.bots else "",
    }


def wait_context(entry: QueueEntry | None) -> dict[str, Any]:
    """The person's own entry on the ladder and its wait (only ``offer_after``, the wait before
    the bot offer, when they are not waiting)."""
    offer_after = seconds_text(BOT_OFFER_SECONDS)
    if entry is None:
        return {"offer_after": offer_after}
    wait = wait_of(entry)
    return {
        "my_entry": entry,
        "wait": wait,
        "wait_state": wait_state(wait),
        "offer_after": offer_after,
        "poll_ms": POLL_SECONDS * 1000,
        "wait_url": reverse("web-queue-wait", args=[entry.ladder.slug]),
    }
