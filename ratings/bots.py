"""Which bot a worker plays a bot account with, and who may enter that account.

A bot account (``Player.is_bot``) plays one game. Its bot spec comes from its
:class:`~ratings.models.BotProfile` when it has one; otherwise from its user name, by the
convention the demo uses: ``<game>-<kind>-bot`` with kind ``random``, ``heuristic`` or
``search`` (``kingdom-of-warlords-search-bot``). A profile can name any spec the bot factory
knows (``search:400``) and an owner, who may queue the bot and challenge with it; admins may
enter any bot account.
"""

from __future__ import annotations

from typing import Any

CONVENTION_KINDS = ("random", "heuristic", "search")


def convention_spec(username: str, game: str) -> str | None:
    """The bot spec named by ``<game>-<kind>-bot``, or ``None``."""
    prefix, suffix = f"{game}-", "-bot"
    if username.startswith(prefix) and username.endswith(suffix):
        kind = username[len(prefix) : -len(suffix)]
        if kind in CONVENTION_KINDS:
            return kind
    return None


def bot_spec(player: Any, game: str) -> str | None:
    """The spec a worker plays ``player`` with in ``game``; ``None`` if it cannot play it."""
    if not player.is_bot or not player.is_active:
        return None
    profile = profile_of(player)
    if profile is not None:
        return profile.spec if profile.game == game else None
    return convention_spec(player.username, game)


def profile_of(player: Any) -> Any:
    """The account's :class:`~ratings.models.BotProfile`, or ``None``."""
    from ratings.models import BotProfile

    try:
        return player.bot_profile
    except BotProfile.DoesNotExist:
        return None


def version_bot_id(player: Any) -> int | None:
    """The id of the bot whose version ``player`` is (:class:`~ratings.models.BotVersion`),
    or ``None``."""
    from ratings.models import BotVersion

    try:
        return player.bot_version.bot_id
    except BotVersion.DoesNotExist:
        return None


def may_enter(user: Any, player: Any) -> bool:
    """May ``user`` queue ``player`` or challenge with it? Themselves, their bots (and their
    bots' versions); admins all."""
    if not user.is_authenticated:
        return False
    if player.pk == user.pk or user.is_admin:
        return True
    if not player.is_bot:
        return False
    profile = profile_of(player)
    if profile is not None and profile.owner_id == user.pk:
        return True
    # A bot account's own token enters its versions (only a bot has versions: no query else).
    return bool(user.is_bot) and version_bot_id(player) == user.pk
