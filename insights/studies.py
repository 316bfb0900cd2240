"""Bot self-play studies: matches between chosen decks played by one bot, in batches.

A study's matches are ordinary all-bot matches (``origin="study"``, unrated, no ladder): the
workers' runner plays and records them once each, so a batch queued twice, or a worker killed
mid-batch, never counts a match twice; their results feed the matchup counts as bot play.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from insights.models import Study, StudyMatch, StudyState
from insights.signals import study_batches_ready

MAX_MATCHES = 5000
MAX_BATCH = 200
STUDY_ACCOUNT = "study-bot"


class StudyRefused(ValueError):
    """A study that cannot start; ``field`` names the input at fault."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Progress:
    """How far a study is: matches finished (or given up) of the total."""

    study: int
    state: str
    done: int
    total: int

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 100

    def to_json(self) -> dict[str, Any]:
        return {
            "study": self.study,
            "state": self.state,
            "done": self.done,
            "total": self.total,
            "percent": self.percent,
        }


def may_start(user: Any) -> bool:
    """Organisers and staff may start studies."""
    return bool(user.is_authenticated and (user.is_organiser or user.is_staff))


def check_bot(game: str, bot: str) -> None:
    """Raise :class:`StudyRefused` (field ``bot``) unless the factory makes ``bot`` for ``game``."""
    from engines.bots.factory import make_bot

    try:
        make_bot(game, bot, 1)
    except Exception as exc:  # the factory's refusals name the spec's problem
        raise StudyRefused(f"{bot!r} is no bot for this game: {exc}", "bot") from None


def deck_data(game: str, keys: list[str]) -> list[Any]:
    """The starter decks named by ``keys``; raises :class:`StudyRefused` (field ``decks``)."""
    from engines.decks import UnknownFormat, get_deck_format

    if not keys:
        return []
    try:
        starters = {s.key: s.data for s in get_deck_format(game).starter_decks()}
    except UnknownFormat:
        raise StudyRefused("this game has no decks to choose", "decks") from None
    unknown = [k for k in keys if k not in starters]
    if unknown:
        raise StudyRefused(f"unknown deck {unknown[0]!r} (known: {', '.join(starters)})", "decks")
    return [starters[k] for k in keys]


def pairings(decks: list[Any], n: int) -> list[list[Any] | None]:
    """The decks of each of ``n`` two-seat matches: every ordered pair of distinct decks in
    turn (so each deck plays each other from both seats), again and again; ``None`` (dealt
    from the seed) when no decks were chosen; a single deck plays itself."""
    if not decks:
        return [None] * n
    pairs = [[a, b] for a, b in itertools.permutations(decks, 2)] or [[decks[0], decks[0]]]
    return [list(p) for p in itertools.islice(itertools.cycle(pairs), n)]


def study_account() -> Any:
    """The bot account every study seat is played under."""
    from players.models import Player

    player, _ = Player.objects.get_or_create(
        username=STUDY_ACCOUNT, defaults={"display_name": "Study bot", "is_bot": True}
    )
    return player


def start_study(
    user: Any,
    game: str,
    decks: list[str],
    bot: str,
    matches: int,
    options: dict[str, Any] | None = None,
    batch_size: int = 20,
) -> Study:
    """Create a study and its matches, and (once committed) queue its batches. ``user`` None
    is an operator's command. Raises :class:`StudyRefused` naming the field at fault, before
    anything is written."""
    from engines.base import BadSetup
    from engines.registry import game_slugs, get_game
    from matches.scheduling import SeatSpec, schedule_match

    if user is not None and not may_start(user):
        raise StudyRefused(
            "only organisers and staff start studies (ask to become an organiser on "
            "/organisers/request/ or with POST /api/me/organiser-request/)",
            "user",
        )
    if game not in game_slugs():
        raise StudyRefused(f"unknown game {game!r} (known: {', '.join(game_slugs())})", "game")
    if not 1 <= matches <= MAX_MATCHES:
        raise StudyRefused(f"a study plays 1 to {MAX_MATCHES} matches, not {matches}", "matches")
    if not 1 <= batch_size <= MAX_BATCH:
        raise StudyRefused(f"a batch is 1 to {MAX_BATCH} matches, not {batch_size}", "batch_size")
    check_bot(game, bot)
    data = deck_data(game, decks)
    if get_game(game).min_seats > 2:
        raise StudyRefused("studies play two-seat matches", "game")
    plan = pairings(data, matches)
    try:
        get_game(game).new_game(1, 2, plan[0], options or None)
    except BadSetup as exc:
        raise StudyRefused(str(exc), "options" if options else "decks") from None
    account = study_account()
    with transaction.atomic():
        study = Study.objects.create(
            game=game,
            decks=list(decks),
            options=options or {},
            bot=bot,
            matches=matches,
            batch_size=batch_size,
            created_by=user,
        )
        links = []
        for i, pair in enumerate(plan):
            seats = [SeatSpec(account, bot, deck=None if pair is None else pair[s]) for s in (0, 1)]
            match = schedule_match(
                game, seats, options=options, origin="study", rated=False, enqueue=False
            )
            links.append(StudyMatch(study=study, match=match, batch=i // batch_size))
        StudyMatch.objects.bulk_create(links)
        batches = sorted({link.batch for link in links})
        transaction.on_commit(
            lambda: study_batches_ready.send(sender=Study, study_id=study.pk, batches=batches)
        )
    return study


def batch_matches(study_id: int, batch: int) -> list[int]:
    """The matches of a batch still to play (none once they are all over)."""
    from matches.models import MatchState

    return list(
        StudyMatch.objects.filter(
            study_id=study_id,
            batch=batch,
            match__state__in=[MatchState.SCHEDULED, MatchState.RUNNING],
        )
        .order_by("match_id")
        .values_list("match_id", flat=True)
    )


def progress(study: Study) -> Progress:
    """How many of the study's matches are over, and the study's state (set finished once
    every match is over: a study is finished however many times this runs)."""
    from matches.models import MatchState

    done = StudyMatch.objects.filter(
        study=study,
        match__state__in=[MatchState.FINISHED, MatchState.ABORTED, MatchState.VOIDED],
    ).count()
    total = StudyMatch.objects.filter(study=study).count()
    if study.state == StudyState.RUNNING and done >= total:
        Study.objects.filter(pk=study.pk, state=StudyState.RUNNING).update(
            state=StudyState.FINISHED, finished_at=timezone.now()
        )
        study.state = StudyState.FINISHED
    return Progress(study.pk, study.state, done, total)
