"""Telling everyone that a match with people's seats moved on, once the change is committed.

The play sockets of the match (channel-layer group :func:`play_group`) rebuild their seat's view;
spectators' pages hear :data:`~matches.signals.match_progressed`; the person to act gets a
``your_turn`` notification (and :data:`~matches.signals.person_to_act` is announced); a bot to act and a running turn clock are announced as signals for
:mod:`matches.receivers` to queue their tasks. Nothing here ever fails a move.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils import timezone

from engines.base import Game
from matches.models import Match, MatchSeat
from matches.signals import bots_to_move, match_progressed, person_to_act, turn_clock_started

log = logging.getLogger(__name__)


def play_group(match_id: int) -> str:
    """The channel-layer group of every play socket of one match."""
    return f"play-{match_id}"


def notify(match_id: int) -> None:
    """Tell the match's play sockets that it changed (each rebuilds its own seat's view)."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(play_group(match_id), {"type": "play.changed"})
    except Exception:  # a move never fails because a socket could not be told
        log.exception("could not notify the play sockets of match %s", match_id)


def progressed(match_id: int) -> None:
    """Tell listeners (the spectators' live page) that the match moved on."""
    try:
        match_progressed.send(sender=Match, match_id=match_id)
    except Exception:  # a move never fails because spectators could not be told
        log.exception("could not announce the progress of match %s", match_id)


def tell_player(player_id: int, match_id: int, ply: int, kind: str = "your_turn") -> None:
    """A personal notification (``your_turn``, ``match_started``) about this match."""
    from players.notifications import notify as notify_player

    try:
        notify_player(
            player_id, kind, {"match": match_id, "ply": ply, "url": f"/matches/{match_id}/play/"}
        )
    except Exception:  # a move never fails because a notification could not be sent
        log.exception("could not send %s of match %s to player %s", kind, match_id, player_id)


def after_commit(
    match: Match, game: Game, state: Any, seats: list[MatchSeat], queue_bots: bool = True
) -> None:
    """On commit: tell the sockets and the person to act; announce a bot to act and a running
    turn clock (``bots_to_move``, ``turn_clock_started``: :mod:`matches.receivers` queues their
    tasks)."""
    match_id, ply = match.pk, len(match.actions)
    seat = None if game.is_over(state) else seats[game.to_act(state)]
    bot_next = queue_bots and seat is not None and bool(seat.bot)
    person_next = seat.player_id if seat is not None and not seat.bot else None
    deadline = match.clock_deadline

    def after() -> None:
        notify(match_id)
        progressed(match_id)
        if person_next is not None:
            tell_player(person_next, match_id, ply)
            try:
                person_to_act.send(sender=Match, match_id=match_id, player_id=person_next, ply=ply)
            except Exception:  # a move never fails because a notification could not be stored
                log.exception("could not announce the turn of match %s", match_id)
        if bot_next:
            bots_to_move.send(sender=Match, match_id=match_id)
        if deadline is not None:
            delay = max(0.0, (deadline - timezone.now()).total_seconds()) + 0.05
            turn_clock_started.send(sender=Match, match_id=match_id, ply=ply, countdown=delay)

    transaction.on_commit(after)
