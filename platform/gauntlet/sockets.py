"""The base of every JSON websocket of the site: a frame no consumer can read is answered with
an error message and the socket stays open for the next one.

Channels' ``AsyncJsonWebsocketConsumer`` raises on a binary frame or text that is not JSON,
which closes the socket (1011) and drops the client. Here each such frame gets ``{"kind":
"error", "status": 400 | 413, "message": ...}`` (:meth:`JsonSocket.refuse_frame`, which a
consumer may reshape) and is otherwise ignored: a text frame longer than :data:`MAX_FRAME`
characters, a binary frame, text that is not JSON, JSON nested deeper than the API accepts.
"""

from __future__ import annotations

import json
from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from gauntlet.api.depth import MAX_DEPTH, depth_of
from gauntlet.query import LARGEST

MAX_FRAME = 64 * 1024
"""The longest text frame read, in characters (an action message is a few dozen)."""


class JsonSocket(AsyncJsonWebsocketConsumer):
    """A JSON websocket whose unreadable frames are refused one by one (see the module)."""

    def route_number(self, name: str) -> int | None:
        """The ``<int:name>`` of the socket's path, or None beyond any database id (the
        consumer closes with 4404: no such thing, and no group name that long)."""
        value = int(self.scope["url_route"]["kwargs"][name])
        return value if value <= LARGEST else None

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        if text_data is None:
            await self.refuse_frame(400, "Send JSON in a text frame, not a binary one.")
            return
        if len(text_data) > MAX_FRAME:
            await self.refuse_frame(413, f"A frame is at most {MAX_FRAME} characters.")
            return
        try:
            content = await self.decode_json(text_data)
        except (ValueError, RecursionError):  # json.JSONDecodeError is a ValueError
            await self.refuse_frame(400, "Not JSON: send a JSON object.")
            return
        if depth_of(content) > MAX_DEPTH:
            await self.refuse_frame(400, f"JSON nested deeper than {MAX_DEPTH} levels.")
            return
        await self.receive_json(content, **kwargs)

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        """The frame's JSON (``NaN`` and ``Infinity`` refused, as JSON has neither)."""
        return json.loads(text_data, parse_constant=_no_constant)

    async def refuse_frame(self, status: int, message: str) -> None:
        """Tell the client its frame was not read (the socket stays open)."""
        await self.send_json({"kind": "error", "status": status, "message": message})


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
