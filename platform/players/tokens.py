"""Issuing API tokens, with the per-player limit enforced in one place for the API and the page."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from players.models import ApiToken, Player


class TokenLimitReached(Exception):
    """The player holds ``REST_KNOX["TOKEN_LIMIT_PER_USER"]`` tokens already."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"You have {limit} tokens already: revoke one first.")
        self.limit = limit


def token_limit() -> int | None:
    """How many live tokens a player may hold (``None``: no limit)."""
    return settings.REST_KNOX.get("TOKEN_LIMIT_PER_USER")


def issue_token(player: Player, name: str) -> tuple[ApiToken, str]:
    """A new token for ``player`` (the instance and the secret shown once), or
    :class:`TokenLimitReached`. The count is taken under a lock on the player's row, so two
    requests at once cannot both pass the limit."""
    limit = token_limit()
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()
        live = ApiToken.objects.filter(user=player).filter(
            Q(expiry=None) | Q(expiry__gt=timezone.now())
        )
        if limit and live.count() >= limit:
            raise TokenLimitReached(limit)
        return ApiToken.objects.create(user=player, name=name)
