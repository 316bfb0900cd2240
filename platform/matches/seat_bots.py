"""The bot seats of a match with people's seats: played on a worker until a person is to act.

The task ``matches.advance_bots`` runs :func:`advance_bots` when a bot is to act (queued by
:mod:`matches.receivers` on :data:`matches.signals.bots_to_move`). Each move is chosen outside
the match row's lock and recorded under it through :mod:`matches.interactive`, so a person's
action and a bot's never cross.
"""

from __future__ import annotations

import logging
import time

from django.db import transaction

from engines.base import IllegalAction, derive_seed
from engines.bots.factory import make_bot
from matches.interactive import forfeit_seat, game_state, record_action
from matches.models import Match, MatchState
from matches.runner import BudgetedBot

log = logging.getLogger(__name__)

# Seconds a bot of a mixed match may think on one move before it forfeits.
BOT_MOVE_BUDGET_SECONDS = 5.0


def advance_bots(match_id: int, budget: float = BOT_MOVE_BUDGET_SECONDS) -> int:
    """Play the bot seats' moves until a person is to act or the match ends; returns the
    number of moves played. A bot that fails, plays an illegal action or thinks longer than
    ``budget`` seconds forfeits, as in the runner. Safe to run twice at once: a move is
    recorded only if the match is still at the ply it was chosen for."""
    moves = 0
    while True:
        match = Match.objects.filter(pk=match_id, state=MatchState.RUNNING).first()
        if match is None:
            return moves
        seats = list(match.seats.order_by("seat"))
        game, state = game_state(match)
        if game.is_over(state):
            return moves
        seat = game.to_act(state)
        if not seats[seat].bot:
            return moves
        ply = len(match.actions)
        started = time.perf_counter()
        try:
            bot = BudgetedBot(
                make_bot(match.game, seats[seat].bot, derive_seed(match.seed, "bot", seat, ply)),
                budget,
            )
            action, problem = bot.choose(game, game.clone(state), seat), None
        except Exception as exc:  # noqa: BLE001 - a failing (or unknown) bot forfeits
            action, problem = None, f"{type(exc).__name__}: {exc}"
        log.debug("bot of match %s seat %s: %.3fs", match_id, seat, time.perf_counter() - started)
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=match_id)
            if match.state != MatchState.RUNNING or len(match.actions) != ply:
                continue  # someone else moved meanwhile: look again
            if problem is not None:
                forfeit_seat(match, seats, seat, "error", None, problem)
                return moves
            try:
                game.apply(state, action, seat)
            except Exception as exc:  # noqa: BLE001 - IllegalAction or garbage
                reason = exc.reason if isinstance(exc, IllegalAction) else str(exc)
                forfeit_seat(match, seats, seat, "illegal", str(action), reason)
                return moves
            moves += 1
            # This loop plays the next bot itself: no task for it.
            if record_action(match, seats, game, state, action, queue_bots=False):
                return moves
