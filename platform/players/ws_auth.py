"""Websocket authentication by API token (``Authorization: Token <key>``), for bots and scripts.

Browsers use their session cookie (Channels' ``AuthMiddlewareStack``); a token, when given,
takes precedence.

The origin rule (:class:`OriginUnlessToken`): a socket that authenticates with its session
cookie must come from a page of this site (its ``Origin`` header one of ``ALLOWED_HOSTS``), or
another site's page could open it with the visitor's cookie. A socket that carries a token header
may send no ``Origin`` at all (a bot or script: a browser page cannot set that header, so only
the token's holder sends it, and the cookie is then ignored); an ``Origin`` that is sent must be
this site's, token or not.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from channels.security.websocket import AllowedHostsOriginValidator
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


def token_of(scope: dict) -> bytes | None:
    """The key of an ``Authorization: Token <key>`` header of the socket, if it has one."""
    auth = dict(scope.get("headers", [])).get(b"authorization", b"").split()
    if len(auth) == 2 and auth[0].lower() == b"token":
        return auth[1]
    return None


class TokenAuthMiddleware(BaseMiddleware):
    """The token's player as ``scope["user"]`` (anonymous for a bad token), over the cookie's."""

    async def __call__(self, scope, receive, send):
        if (token := token_of(scope)) is not None:
            scope = dict(scope, user=await _user_for_token(token))
        return await super().__call__(scope, receive, send)


class OriginUnlessToken:
    """Channels' ``AllowedHostsOriginValidator``, except that a socket with a token header and no
    ``Origin`` passes (see the module's docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.checked = AllowedHostsOriginValidator(app)

    async def __call__(self, scope, receive, send):
        has_origin = any(name == b"origin" for name, _ in scope.get("headers", []))
        if token_of(scope) is not None and not has_origin:
            return await self.app(scope, receive, send)
        return await self.checked(scope, receive, send)
