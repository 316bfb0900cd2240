"""Personal notifications over a websocket: each signed-in player has a group of their own."""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from gauntlet.sockets import JsonSocket


def group_name(player_id: int) -> str:
    """The channel-layer group that reaches every open socket of one player."""
    return f"player-{player_id}"


def notify(player_id: int, kind: str, payload: dict[str, Any]) -> None:
    """Send ``payload`` to every open notification socket of the player (from sync code)."""
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(
        group_name(player_id), {"type": "notification", "kind": kind, "payload": payload}
    )


class NotificationConsumer(JsonSocket):
    """``/ws/notifications/``: refuses anonymous sockets (close code 4401)."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = group_name(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"kind": "hello", "payload": {"username": user.username}})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs) -> None:
        # The socket is for server-to-player messages; answer pings so clients can keep it alive.
        if isinstance(content, dict) and content.get("kind") == "ping":
            await self.send_json({"kind": "pong", "payload": {}})
        else:
            await self.send_json(
                {"kind": "error", "payload": {"message": "Only 'ping' is accepted."}}
            )

    async def refuse_frame(self, status: int, message: str) -> None:
        await self.send_json({"kind": "error", "payload": {"status": status, "message": message}})

    async def notification(self, event: dict[str, Any]) -> None:
        await self.send_json({"kind": event["kind"], "payload": event["payload"]})
