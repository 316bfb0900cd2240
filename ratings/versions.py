"""A bot account's published versions: each its own rating identity.

Publishing version "v2" of bot account B (:func:`publish`: B's own token, its owner, or staff)
creates a :class:`~ratings.models.BotVersion` and a new bot account for it, "Ana's engine v2",
with a :class:`~ratings.models.BotProfile` of the version's game and spec (blank: an external
bot, played through the API with a token). Ratings stay keyed by (ladder, account), so each
version keeps its own rating and the older versions' accounts keep their ratings and matches.

- **Who plays now** (:func:`playing_account`): B's new matches (the queue, challenges, events
  entered with B) seat its latest version's account; the bot arena leaves out B and its older
  versions (:func:`playing_now`) and plays the latest.
- **Who plays an external version's seats** (:func:`accounts_played_by`, registered with
  ``matches.seat_rights``): B's own token and its owner's play the person's seats of every
  version of B; nobody else's.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.utils.text import slugify

from ratings.bots import profile_of, version_bot_id
from ratings.models import BotProfile, BotVersion
from ratings.version_models import VERSION_NAME_MAX, VERSION_NOTES_MAX


class VersionRefused(ValueError):
    """A version (or a comparison) refused; ``field`` names the input, ``status`` the HTTP
    status to answer with."""

    def __init__(self, message: str, field: str = "non_field_errors", status: int = 400):
        super().__init__(message)
        self.message = message
        self.field = field
        self.status = status


def may_publish(user: Any, bot: Any) -> bool:
    """The bot account itself, its owner, or staff."""
    if not (user and user.is_authenticated):
        return False
    profile = profile_of(bot)
    return user.pk == bot.pk or user.is_staff or bool(profile and profile.owner_id == user.pk)


def versions_of(bot: Any) -> list[BotVersion]:
    """The bot's versions, oldest first, with their accounts."""
    return list(BotVersion.objects.filter(bot=bot).select_related("player").order_by("pk"))


def latest(bot: Any) -> BotVersion | None:
    """The bot's current (latest published) version, or ``None``."""
    return BotVersion.objects.filter(bot=bot).select_related("player").order_by("-pk").first()


def bot_game(bot: Any) -> str | None:
    """The game a bot plays: its latest version's, else its profile's."""
    current = latest(bot)
    if current is not None:
        return current.game
    profile = profile_of(bot)
    return profile.game if profile is not None else None


def playing_account(player: Any) -> Any:
    """The account that plays ``player``'s new matches: its bot's latest version's account
    (``player`` a bot with versions, or an older version of one), else ``player`` itself."""
    if not getattr(player, "is_bot", False):
        return player
    bot_id = version_bot_id(player) or player.pk
    current = BotVersion.objects.filter(bot_id=bot_id).select_related("player")
    found = current.order_by("-pk").first()
    return found.player if found is not None else player


def played_by_token(player: Any, game: str) -> bool:
    """Is ``player`` a version of ``game`` without a spec (an external bot's, played through
    the API: it takes a person's seat)?"""
    return BotVersion.objects.filter(player=player, game=game, spec="").exists()


def playing_now(players: QuerySet) -> QuerySet:
    """``players`` without the accounts that no longer play new matches: bots with versions
    (their latest version plays) and every version but its bot's latest (in the same query)."""
    has_versions = BotVersion.objects.filter(bot=OuterRef("pk"))
    newer = BotVersion.objects.filter(
        bot=OuterRef("bot_version__bot"), pk__gt=OuterRef("bot_version__pk")
    )
    return players.exclude(Exists(has_versions)).exclude(Exists(newer))


def accounts_played_by(user: Any) -> list[int]:
    """The version accounts whose person's seats ``user`` plays: those of ``user`` (a bot
    account) and of the bots ``user`` owns."""
    return list(
        BotVersion.objects.filter(bot__in=_bots_of(user)).values_list("player_id", flat=True)
    )


def _bots_of(user: Any) -> list[int]:
    owned = BotProfile.objects.filter(owner=user).values_list("player_id", flat=True)
    return [user.pk, *owned]


def check(bot: Any, name: str, notes: str, game: str | None, spec: str) -> tuple[str, str]:
    """The version's name and game, or :class:`VersionRefused` naming the field."""
    from engines.bots.factory import UnknownBot, make_bot
    from engines.registry import game_slugs

    if not bot.is_bot:
        raise VersionRefused(f"{bot.public_name} is not a bot account.", "bot", 404)
    if version_bot_id(bot) is not None:
        raise VersionRefused(
            f"{bot.public_name} is a version itself: publish on the bot's own account.", "bot"
        )
    name = (name or "").strip()
    if not name:
        raise VersionRefused("Name the version, e.g. v2.", "name")
    if len(name) > VERSION_NAME_MAX:
        raise VersionRefused(f"A name of at most {VERSION_NAME_MAX} characters.", "name")
    if len(notes or "") > VERSION_NOTES_MAX:
        raise VersionRefused(f"Notes of at most {VERSION_NOTES_MAX} characters.", "notes")
    if BotVersion.objects.filter(bot=bot, name=name).exists():
        raise VersionRefused(f"{bot.public_name} has a version named {name!r} already.", "name")
    known = bot_game(bot)
    game = (game or "").strip() or known or ""
    if game not in game_slugs():
        named = f"{game!r} is not a game of the site" if game else "Say which game it plays"
        raise VersionRefused(f"{named}: one of {', '.join(game_slugs())}.", "game")
    if known and game != known:
        raise VersionRefused(f"{bot.public_name} plays {known}, not {game}.", "game")
    if spec:
        try:
            make_bot(game, spec, 0)
        except UnknownBot as exc:
            raise VersionRefused(f"Not a bot spec of {game}: {exc}.", "spec") from None
    return name, game


def _username(bot: Any, name: str) -> str:
    from players.models import Player

    base = f"{bot.username}.{slugify(name) or 'version'}"[:140]
    candidate, n = base, 1
    while Player.objects.filter(username=candidate).exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def publish(
    bot: Any, by: Any, name: str, notes: str = "", spec: str = "", game: str | None = None
) -> BotVersion:
    """Publish version ``name`` of ``bot`` (see the module's docstring); nothing is written
    when it is refused."""
    from players.models import Player

    if not may_publish(by, bot):
        raise VersionRefused(
            f"Only {bot.public_name} itself, its owner or staff may publish its versions.",
            status=403,
        )
    spec = (spec or "").strip()
    name, game = check(bot, name, notes, game, spec)
    owner = profile_of(bot)
    try:
        with transaction.atomic():
            account = Player.objects.create(
                username=_username(bot, name),
                display_name=f"{bot.public_name} {name}"[:60],
                is_bot=True,
                country=bot.country,
            )
            account.set_unusable_password()  # versions never log in: workers or a token play
            account.save(update_fields=["password"])
            BotProfile.objects.create(
                player=account, game=game, spec=spec, owner=owner.owner if owner else None
            )
            return BotVersion.objects.create(
                bot=bot,
                name=name,
                notes=(notes or "").strip(),
                game=game,
                spec=spec,
                player=account,
                published_by=by,
            )
    except IntegrityError:  # the same name published at the same moment
        raise VersionRefused(
            f"{bot.public_name} has a version named {name!r} already.", "name"
        ) from None


def with_ratings(versions: list[BotVersion]) -> list[BotVersion]:
    """``versions`` with ``ladder_ratings`` set on each (its account's ratings with games,
    best first, their ladders with them; one query for all)."""
    from ratings.models import Rating

    by_account: dict[int, list[Any]] = {v.player_id: [] for v in versions}
    for r in (
        Rating.objects.filter(player_id__in=list(by_account), games__gt=0)
        .select_related("ladder")
        .order_by("-conservative")
    ):
        by_account[r.player_id].append(r)
    for v in versions:
        v.ladder_ratings = by_account[v.player_id]
    return versions
