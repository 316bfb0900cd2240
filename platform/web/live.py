"""Live spectating: a channel-layer group per match, and what is published to it.

Only public information travels: the match state, its seats, and, once it has ended, the result
and the revealed seed; while people play a match, its public view after every action (the
engine's observation for a spectator: never a seat's hidden cards). Events are published after the finishing transaction commits
(``transaction.on_commit``), never from inside it, so a rolled-back finish announces nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.models import prefetch_related_objects

from matches.models import Match, MatchSeat
from matches.wording import match_result_text

log = logging.getLogger(__name__)


def group_name(match_id: int) -> str:
    """The channel-layer group of every socket watching one match."""
    return f"match-{match_id}"


def public_summary(match: Match, seats: Iterable[MatchSeat]) -> dict[str, Any]:
    """What any spectator may know about ``match`` now (no hidden information, ever)."""
    ended = match.seed_revealed
    seats = sorted(seats, key=lambda s: s.seat)
    summary: dict[str, Any] = {
        "id": match.pk,
        "game": match.game,
        "state": match.state,
        "seed_commitment": match.seed_commitment,
        "seats": [
            {
                "seat": s.seat,
                "player": s.player.username,
                "name": s.player.public_name,
                "rank": s.rank if ended else None,
                "score": s.score if ended else None,
            }
            for s in seats
        ],
        "finished_at": match.finished_at.isoformat() if ended and match.finished_at else None,
        "n_actions": len(match.actions) if ended else None,
        "reason": match_result_text(match, seats),  # how it ended, players by name
        "seed": match.seed if ended else None,
        "seed_nonce": match.seed_nonce if ended else None,
    }
    return summary


def publish(events: list[tuple[int, dict[str, Any]]]) -> None:
    """Send each ``(match_id, payload)`` to its match's group; a failure is logged, not raised.

    A batch goes out from one event loop (one ``async_to_sync`` call, one connection to the
    layer), its sends concurrent: a finished batch of fifty matches costs one loop, not fifty.
    """
    layer = get_channel_layer()
    if layer is None or not events:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is not None:  # committed from code running under an event loop
        loop.create_task(send_all(layer, events))
        return
    try:
        async_to_sync(send_all)(layer, events)
    except Exception:  # the finish path must never fail because of spectators
        log.exception("could not publish the live events of %d matches", len(events))


async def send_all(layer: Any, events: list[tuple[int, dict[str, Any]]]) -> None:
    """Send every event to its match's group, concurrently; each failure is logged alone."""

    async def send(match_id: int, payload: dict[str, Any]) -> None:
        try:
            await layer.group_send(
                group_name(match_id), {"type": "match.event", "payload": payload}
            )
        except Exception:  # the finish path must never fail because of spectators
            log.exception("could not publish the live event of match %s", match_id)

    await asyncio.gather(*(send(match_id, payload) for match_id, payload in events))


def _summaries(matches: list[Match], kind: str) -> list[tuple[int, dict[str, Any]]]:
    # Seats and players read once for all (nothing read when the finish path read them).
    prefetch_related_objects(matches, "seats__player")
    return [(m.pk, {"kind": kind, "match": public_summary(m, m.seats.all())}) for m in matches]


def on_matches_finished(sender: Any, matches: list[Match], **kwargs: Any) -> None:
    """``matches_finished`` receiver: build the payloads now, publish them on commit."""
    if not matches:
        return
    events = _summaries(list(matches), "finished")
    transaction.on_commit(lambda: publish(events))


def on_match_reopened(sender: Any, match: Match, action: str = "", **kwargs: Any) -> None:
    """``match_reopened`` receiver (void or correct): spectators see the new state."""
    events = _summaries([match], "voided" if action == "void" else "corrected")
    transaction.on_commit(lambda: publish(events))


def public_view(match_id: int) -> dict[str, Any] | None:
    """The spectator's view of a running match with people's seats (``None`` otherwise)."""
    from matches import interactive
    from matches.models import MatchState

    match = Match.objects.filter(pk=match_id, state=MatchState.RUNNING).first()
    if match is None:
        return None
    try:
        return interactive.view_for(match, None)
    except interactive.PlayError:  # a bot match a worker is playing: nothing until its end
        return None


def on_match_progressed(sender: Any, match_id: int, **kwargs: Any) -> None:
    """``match_progressed`` receiver (after the commit): send the public view as a ``move``."""
    view = public_view(match_id)
    if view is not None:
        publish([(match_id, {"kind": "move", "view": view})])
