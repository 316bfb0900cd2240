"""``/ws/tournaments/<id>/``: anyone's socket on a tournament's public live events.

Anyone may watch an event that is not a draft; a draft only its organiser and staff (others get
close code 4404, as its page is a 404 to them). The socket says ``hello`` with the event's state
and its current round's progress, then relays each event of :mod:`tournaments.live`.
Messages from the client: only ``ping``.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from gauntlet.sockets import JsonSocket
from tournaments import live
from tournaments.errors import can_manage
from tournaments.models import State, Tournament


@database_sync_to_async
def _hello(tournament_id: int, user: Any) -> dict[str, Any] | None:
    """The greeting for ``user``, or None when the event is unknown or hidden from them."""
    t = Tournament.objects.filter(pk=tournament_id).first()
    if t is None or (t.state == State.DRAFT and not can_manage(user, t)):
        return None
    current = t.round_set.filter(number=t.current_round).values_list("pk", flat=True).first()
    return {
        "kind": "hello",
        "tournament": t.pk,
        "state": t.state,
        "round": t.current_round,
        "progress": live.progress(current) if current is not None else None,
    }


class TournamentConsumer(JsonSocket):
    """Relays ``tournament-<id>`` events; closes with 4404 for an unknown or hidden event."""

    async def connect(self) -> None:
        tournament_id = self.route_number("tournament_id")
        if tournament_id is None:
            await self.close(code=4404)
            return
        self.tournament_id = tournament_id
        # Join before reading, so an event published in between is not lost.
        self.group = live.group_name(self.tournament_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        hello = await _hello(self.tournament_id, self.scope.get("user"))
        if hello is None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            del self.group
            await self.close(code=4404)
            return
        await self.accept()
        await self.send_json(hello)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "ping":
            await self.send_json({"kind": "pong"})
        else:
            await self.send_json({"kind": "error", "message": "Only 'ping' is accepted."})

    async def tournament_event(self, event: dict[str, Any]) -> None:
        await self.send_json(event["event"])
