"""Websocket authentication by API token (``Authorization: Token <key>``), for bots and scripts.

Browsers use their session cookie (Channels' ``AuthMiddlewareStack``); a token, when given,
takes precedence.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from django.contrib.auth.models import AnonymousUser
from rest_framework import exceptions

from players.auth import TokenAuthentication


@database_sync_to_async
def _user_for_token(token: bytes):
    try:
        user, _ = TokenAuthentication().authenticate_credentials(token)
    except exceptions.AuthenticationFailed:
        return AnonymousUser()
    return user


class TokenAuthMiddleware(BaseMiddleware):
    async def __call__(self, scope, receive, send):
        headers = dict(scope.get("headers", []))
        auth = headers.get(b"authorization", b"").split()
        if len(auth) == 2 and auth[0].lower() == b"token":
            scope = dict(scope, user=await _user_for_token(auth[1]))
        return await super().__call__(scope, receive, send)
