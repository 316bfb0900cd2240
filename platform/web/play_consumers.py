"""``/ws/matches/<id>/play/``: a seat's socket on a match with people's seats.

The socket sends the view of the user's seat (the public view to anyone else) on connect and
after every change, and takes ``{"action": ..., "ply": n}`` messages under the same rules as the
API (``matches.interactive``). The state lives in the database, so a dropped client simply
reconnects and receives the current view.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from gauntlet.sockets import JsonSocket
from matches import interactive, play_events
from web.play_ratings import with_ratings


@database_sync_to_async
def _view(match_id: int, user: Any) -> tuple[dict[str, Any] | None, int]:
    """The view (with the rating changes once it ended) and 200, or ``None`` and the
    refusal's status."""
    try:
        return with_ratings(interactive.view_for_user(match_id, user)), 200
    except interactive.PlayError as exc:
        return None, exc.status


@database_sync_to_async
def _act(match_id: int, user: Any, action: Any, ply: Any) -> None:
    interactive.submit_action(match_id, user, action, ply)


@database_sync_to_async
def _resign(match_id: int, user: Any) -> None:
    interactive.resign(match_id, user)


@database_sync_to_async
def _expire(match_id: int) -> bool:
    return interactive.expire(match_id)


class PlayConsumer(JsonSocket):
    """Messages to the client: ``{"kind": "view", "view": {...}}``, ``{"kind": "error",
    "status": 409, "message": "..."}``, ``{"kind": "pong"}``. From the client: an action, a
    ``ping``, ``{"kind": "resign"}``, or ``{"kind": "clock"}`` when its clock shows zero (the
    server checks the time). Closes with 4404 for an unknown match, 4409 for a bot match a
    worker is playing. Authenticated by the session cookie or an
    ``Authorization: Token`` header. A frame it cannot read (not JSON, binary, too long) is an
    error message (:class:`gauntlet.sockets.JsonSocket`); the socket stays open."""

    async def connect(self) -> None:
        match_id = self.route_number("match_id")
        if match_id is None:
            await self.close(code=4404)
            return
        self.match_id, self.user = match_id, self.scope.get("user")
        # Join before reading, so a change in between is not lost.
        self.group = play_events.play_group(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        view, status = await _view(self.match_id, self.user)
        if view is None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.close(code=4000 + status)
            return
        await self.accept()
        await self.send_json({"kind": "view", "view": view})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not isinstance(content, dict):
            await self._error(400, 'Send {"action": "...", "ply": n} or {"kind": "ping"}.')
        elif content.get("kind") == "ping":
            await self.send_json({"kind": "pong"})
        elif content.get("kind") == "clock":
            # The page's clock reached zero: the server checks its own (a timeout is broadcast
            # to every socket; otherwise this one gets the current view to resynchronise).
            if not await _expire(self.match_id):
                await self.play_changed({})
        elif content.get("kind") == "resign":
            if not getattr(self.user, "is_authenticated", False):
                await self._error(401, "Log in to resign.")
                return
            try:
                await _resign(self.match_id, self.user)
            except interactive.PlayError as exc:
                await self._error(exc.status, exc.message)
        elif "action" not in content or "ply" not in content:
            await self._error(400, 'An action message is {"action": "...", "ply": n}.')
        elif not getattr(self.user, "is_authenticated", False):
            await self._error(401, "Log in to play.")
        else:
            try:
                await _act(self.match_id, self.user, content["action"], content["ply"])
            except interactive.PlayError as exc:
                await self._error(exc.status, exc.message)
            # The new view arrives through the group (``play_changed``), like everyone's.

    async def _error(self, status: int, message: str) -> None:
        await self.send_json({"kind": "error", "status": status, "message": message})
        if status == 409:  # stale or over: the client needs the current view
            await self.play_changed({})

    async def play_changed(self, event: dict[str, Any]) -> None:
        view, _ = await _view(self.match_id, self.user)
        if view is not None:
            await self.send_json({"kind": "view", "view": view})
