"""``/ws/matches/<id>/``: a spectator's socket on one match (public information only)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from gauntlet.sockets import JsonSocket
from matches.models import Match
from web.live import group_name, public_summary, public_view

_public_view = database_sync_to_async(public_view)


@database_sync_to_async
def _summary(match_id: int) -> dict[str, Any] | None:
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return None
    return public_summary(match, match.seats.select_related("player"))


class MatchConsumer(JsonSocket):
    """Anyone may watch: the socket sends the match's public summary, then its events
    (``move`` with the public view while people play it, at once if they do; ``finished``...).

    Closes with 4404 for an unknown match. Messages from the client: only ``ping``.
    """

    async def connect(self) -> None:
        match_id = self.route_number("match_id")
        if match_id is None:
            await self.close(code=4404)
            return
        self.match_id = match_id
        # Join before reading, so an event published in between is not lost.
        self.group = group_name(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        summary = await _summary(self.match_id)
        if summary is None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.close(code=4404)
            return
        await self.accept()
        await self.send_json({"kind": "hello", "match": summary})
        view = await _public_view(self.match_id)
        if view is not None:
            await self.send_json({"kind": "move", "view": view})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "ping":
            await self.send_json({"kind": "pong"})
        else:
            await self.send_json({"kind": "error", "message": "Only 'ping' is accepted."})

    async def match_event(self, event: dict[str, Any]) -> None:
        await self.send_json(event["payload"])
