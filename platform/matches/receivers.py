"""What the matches app does when its signals fire: the side effects at the edge (queued tasks).

The services (:mod:`matches.scheduling`, :mod:`matches.play_events`) announce what happened;
these receivers, connected in ``MatchesConfig.ready``, queue the Celery tasks that follow.
"""

from __future__ import annotations

from typing import Any

# The tasks are imported when first queued, not when the app is ready: the Celery app exists
# only once the gauntlet app is ready (after this one).


def play_bot_match(sender: Any, match_id: int, **kwargs: Any) -> None:
    """An all-bot match is committed: a worker plays it."""
    from matches.tasks import run_match

    run_match.delay(match_id)


def move_bots(sender: Any, match_id: int, **kwargs: Any) -> None:
    """A bot seat of a match with people is to act: a worker plays it (and the next bots)."""
    from matches.tasks import advance_bots

    advance_bots.delay(match_id)


def expire_turn(sender: Any, match_id: int, ply: int, countdown: float, **kwargs: Any) -> None:
    """A turn clock is running: check it once it should have run out."""
    from matches.tasks import expire_clock_later

    expire_clock_later(match_id, ply, countdown)


def remind_to_act(sender: Any, match_id: int, player_id: int, ply: int, **kwargs: Any) -> None:
    """A person is to act: a stored "your turn" notification, one per match while unread. Not
    when every other seat is a bot: the person is at the board, and the bots answer at once."""
    from engines.registry import get_game
    from matches.models import Match
    from players import inbox

    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return
    seats = list(match.seats.select_related("player").order_by("seat"))
    others = [s for s in seats if s.player_id != player_id]
    if not others or all(s.bot for s in others):
        return
    names = " and ".join(dict.fromkeys(s.player.public_name for s in others))
    inbox.post(
        player_id,
        "your_turn",
        f"Your turn in {get_game(match.game).name} against {names} (match {match_id}).",
        f"/matches/{match_id}/play/",
        once=True,
    )


def turns_over(sender: Any, matches: Any, **kwargs: Any) -> None:
    """Matches ended: the notifications that point at their boards ("your turn") are moot."""
    from django.db.models import prefetch_related_objects

    from players import inbox

    matches = list(matches)
    # The finish path has read the seats and players: nothing is read again then.
    prefetch_related_objects(matches, "seats__player")
    for match in matches:
        for seat in match.seats.all():
            if not seat.bot and not seat.player.is_bot:
                inbox.mark_read(seat.player_id, url=f"/matches/{match.pk}/play/")
