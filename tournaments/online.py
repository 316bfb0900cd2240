"""Tables played on the site between people: when their match starts, who is at the table.

An event plays its tables on the site when it sets a turn clock per table (``options["clock"]``,
the form's "Turn clock per table"): every table with people then gets a platform match at
pairing time (:mod:`tournaments.scheduling`), each player plays their seat on the play page, and
the engine's result is the table's, final at once (no report, no confirmation). When that match
starts is the organiser's choice, :attr:`Tournament.online_start`:

- ``round`` (the default): at the round's start, the match is running (and its clock with it)
  as soon as the round is paired;
- ``present``: when both players are present. The match waits (scheduled, its clock stopped)
  until every person seated at it has opened its board; :func:`arrive` (called by the play page)
  marks each one present on the table (``Table.present``) and the last to arrive starts it,
  under the table's and the match's row locks, so two arriving at once start it once.
  A table with a bot seat starts at the round's start whatever the setting (a bot is always
  present). A player who never comes is the organiser's to decide (the round timer, time
  called, the match timeout), as on paper.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from tournaments.models import OnlineStart, State, Table, Tournament
from tournaments.tables import DONE


def plays_online(t: Tournament) -> bool:
    """True when the event's tables between people are played on the site (a turn clock)."""
    return bool((t.options or {}).get("clock"))


def waits_for_players(t: Tournament, bot_specs: Sequence[str]) -> bool:
    """True when a table's match (its seats' bot specs, ``""`` for a person) waits for its
    players to open the board instead of starting with the round."""
    return t.online_start == OnlineStart.PRESENT and not any(bot_specs)


def arrive(match: Any, user: Any) -> bool:
    """``user`` opened the board of ``match``. When it is the match of a tournament table that
    waits for its players and ``user`` holds a person's seat there, they are marked present;
    the last of them to arrive starts the match. True when this call started it."""
    from matches import interactive
    from matches.models import Match, MatchState

    if match.origin != "tournament" or match.state != MatchState.SCHEDULED:
        return False
    if not getattr(user, "is_authenticated", False):
        return False
    with transaction.atomic():
        table = (
            Table.objects.select_for_update(of=("self",))
            .select_related("round__tournament")
            .filter(match_id=match.pk)
            .first()
        )
        if table is None or table.state in DONE:
            return False
        if table.round.tournament.state != State.RUNNING:
            return False
        locked = Match.objects.select_for_update().get(pk=match.pk)
        if locked.state != MatchState.SCHEDULED:
            return False
        people = {s.player_id for s in locked.seats.all() if not s.bot}
        if user.pk not in people:
            return False
        if user.pk not in table.present:
            table.present = [*table.present, user.pk]
            table.save(update_fields=["present"])
        if people - set(table.present):
            return False
        interactive.start(locked)
        return True


def waiting_for(table: Table, match: Any) -> list[Any]:
    """The people seated at a table's waiting match who have not opened its board yet."""
    from matches.models import MatchState

    if match is None or match.state != MatchState.SCHEDULED:
        return []
    seats = match.seats.select_related("player").order_by("seat")
    return [s.player for s in seats if not s.bot and s.player_id not in table.present]
