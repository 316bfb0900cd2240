"""Token authentication for scripts and bots: knox's hashed tokens, noting when each was used."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from knox.auth import TokenAuthentication as KnoxTokenAuthentication

LAST_USED_RESOLUTION = timedelta(minutes=1)


class TokenAuthentication(KnoxTokenAuthentication):
    """``Authorization: Token <key>``; records ``last_used`` at most once a minute."""

    def authenticate_credentials(self, token: bytes):
        user, auth_token = super().authenticate_credentials(token)
        now = timezone.now()
        if auth_token.last_used is None or now - auth_token.last_used > LAST_USED_RESOLUTION:
            type(auth_token).objects.filter(pk=auth_token.pk).update(last_used=now)
            auth_token.last_used = now
        return user, auth_token
