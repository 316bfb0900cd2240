"""Matches with people's seats: played action by action over the API or a websocket.

The state lives in the database: the match row holds the seed, the pinned decks and options and
the action log, and the game is rebuilt from them (engines are fast; an in-process cache keyed
by match, seed and ply saves most rebuilds). Every action is validated by the engine under the
match row's lock; the state digest after it is recorded as the runner records it, so
``audit.verify`` replays an interactive match like a bot match. The last action (or a clock
running out) finishes the match through the runner's ``finish``, so ratings, tournaments and
notifications follow exactly as for bot matches. Bot seats of a mixed match move on a worker
(``matches.advance_bots``, :mod:`matches.seat_bots`); the sockets and players are told by
:mod:`matches.play_events`. No HTTP here: the API and the websocket call these functions.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from engines.base import Game, IllegalAction
from engines.record import MatchRecord, forfeit_result, normalise
from engines.registry import engine_for
from matches import clock as clocks
from matches.early_exit import mark_if_early, rating_fields
from matches.models import Match, MatchAttempt, MatchSeat, MatchState
from matches.move_log import forget as forget_log
from matches.move_log import move_log
from matches.play_events import after_commit, notify, tell_player
from matches.seat_rights import seats_played_by
from matches.wording import match_result_text, name_seats, whose_time

CACHE_SIZE = 256
LOG_LINES = 200
"""The newest move-log lines a view carries (``log_length`` counts them all)."""


class PlayError(Exception):
    """An action refused (nothing changed); ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.details = details


# -- rebuilding the state ----------------------------------------------------------------------
_cache: OrderedDict[tuple[int, int, int], Any] = OrderedDict()
_cache_lock = threading.Lock()


def _cache_put(match: Match, ply: int, game: Game, state: Any) -> None:
    with _cache_lock:
        _cache[(match.pk, match.seed, ply)] = game.clone(state)
        _cache.move_to_end((match.pk, match.seed, ply))
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def forget(match_id: int) -> None:
    """Drop the cached states of a match (its decks changed before it started)."""
    with _cache_lock:
        for key in [k for k in _cache if k[0] == match_id]:
            del _cache[key]
    forget_log((match_id,))


def game_state(match: Match, seats: int | None = None) -> tuple[Game, Any]:
    """The engine (of the version the match is pinned to) and a fresh copy of the match's
    current state (seed + recorded actions); ``seats``: the number of seats when the caller
    has them (a page listing several matches), else they are counted."""
    game = engine_for(match.game, match.engine_version)
    key = (match.pk, match.seed, len(match.actions))
    with _cache_lock:
        cached = _cache.get(key)
    if cached is not None:
        return game, game.clone(cached)
    count = match.seats.count() if seats is None else seats
    state = game.new_game(match.seed, count, match.decks, match.options or None)
    for action in match.actions:
        game.apply(state, action, game.to_act(state))
    _cache_put(match, len(match.actions), game, state)
    return game, state


# -- what a seat sees --------------------------------------------------------------------------
def seat_of(match: Match, user: Any, seats: list[MatchSeat] | None = None) -> int | None:
    """The person's seat ``user`` plays in ``match`` (``matches.seat_rights``: theirs, or a
    bot's version's for the bot's token; the one to act first if several)."""
    mine = seats_played_by(user, seats if seats is not None else match.seats.all())
    if not mine:
        return None
    if len(mine) > 1 and match.state == MatchState.RUNNING:
        game, state = game_state(match)
        if game.to_act(state) in mine:
            return game.to_act(state)
    return mine[0]


def view_for(match: Match, seat: int | None) -> dict[str, Any]:
    """The match as ``seat`` sees it (``None``: a spectator, public information only)."""
    if match.on_paper:
        raise PlayError(
            f"Match {match.pk} was played on paper: there is no board to show.", status=409
        )
    seats = list(match.seats.select_related("player").order_by("seat"))
    if match.state == MatchState.RUNNING and not has_people(seats):
        raise PlayError(
            f"Match {match.pk} is a bot match a worker is playing: its actions are published "
            "when it ends.",
            status=409,
        )
    game, state = game_state(match)
    over = match.state != MatchState.RUNNING or game.is_over(state)
    to_act = None if over else game.to_act(state)
    your_turn = seat is not None and seat == to_act
    ended = match.state in (MatchState.FINISHED, MatchState.VOIDED)
    names = [s.player.public_name for s in seats]
    result = (match.corrected_result or match.result) if ended else None
    observation = normalise(game.observation(state, seat))
    moves = move_log(
        game,
        (match.pk, match.seed),
        (match.seed, len(seats), match.decks, match.options or None),
        match.actions,
        seat,
        names,
    )
    return {
        "match": match.pk,
        "game": match.game,
        "game_name": game.name,
        "state": match.state,
        "ply": len(match.actions),
        "to_act": to_act,
        "seat": seat,
        "your_turn": your_turn,
        "seats": [
            {
                "seat": s.seat,
                "player": s.player.username,
                "name": s.player.public_name,
                "bot": bool(s.bot),
                "rank": s.rank if ended else None,
            }
            for s in seats
        ],
        "observation": observation,
        "faces": game.card_faces(observation),
        "score_label": game.score_label,
        "legal": [
            {
                "action": a,
                "label": game.describe_action(state, a, seat, names),
                "path": game.action_path(state, a, seat),
            }
            for a in game.legal_actions(state, seat)
        ]
        if your_turn
        else [],
        "log": moves[-LOG_LINES:],
        "log_length": len(moves),
        "clock": clocks.view(match.clock, timezone.now()) if not over else None,
        "result": result,
        "result_text": match_result_text(match, seats),  # players by name, never "seat 0"
        "forfeit": match.forfeit if ended else None,
        **(rating_fields(match) if ended else {}),
    }


def view_for_user(match_id: int, user: Any) -> dict[str, Any]:
    """The view of ``user``'s seat, or the public view when they hold none."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise PlayError(f"No match {match_id}.", status=404)
    return view_for(match, seat_of(match, user))


# -- starting ----------------------------------------------------------------------------------
def has_people(seats: list[Any]) -> bool:
    """True when some seat (a ``MatchSeat`` or ``SeatSpec``) is played by a person."""
    return any(not s.bot for s in seats)


def start(match: Match) -> None:
    """Open a scheduled match with people's seats for play (inside the caller's transaction):
    running, the setup digest recorded, its clock (if any) started; bots to move and the
    clock's expiry are queued when the transaction commits."""
    seats = list(match.seats.order_by("seat"))
    game, state = game_state(match)
    now = timezone.now()
    match.state = MatchState.RUNNING
    match.started_at = now
    match.digests = {"states": [game.digest(state)]}
    if match.clock:
        match.clock_deadline = clocks.start_turn(match.clock, game.to_act(state), now)
    match.save(update_fields=["state", "started_at", "digests", "clock", "clock_deadline"])
    people = [s.player_id for s in seats if not s.bot]
    transaction.on_commit(
        lambda: [tell_player(p, match.pk, 0, "match_started") for p in dict.fromkeys(people)]
    )
    after_commit(match, game, state, seats)


# -- acting ------------------------------------------------------------------------------------
@dataclass
class Outcome:
    """What an accepted action did: the match as it is now, and whether it ended."""

    match: Match
    finished: bool


def submit_action(match_id: int, user: Any, action: Any, ply: Any) -> Outcome:
    """Play ``action`` for ``user``'s seat at ``ply``; raises :class:`PlayError` (nothing
    changed) when the user holds no seat, it is not their turn, ``ply`` is stale, the match is
    over or the engine refuses the action."""
    if not isinstance(action, str) or not action.strip():
        raise PlayError("action: a non-empty string, e.g. 'raid 3'.", field="action")
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise PlayError("ply: the number of actions played so far (an integer).", field="ply")
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise PlayError(f"No match {match_id}.", status=404)
        seats = list(match.seats.select_related("player").order_by("seat"))
        names = [s.player.public_name for s in seats]
        mine = seats_played_by(user, seats)
        if not mine:
            raise PlayError(f"You hold no seat in match {match_id}.", status=403)
        if match.state != MatchState.RUNNING:
            raise PlayError(f"Match {match_id} is {match.state}: no more actions.", status=409)
        late_seat = (match.clock or {}).get("seat")
        if not (_clock_ran_out(match) and _time_out(match, seats)):
            current = len(match.actions)
            if ply != current:
                raise PlayError(
                    f"Stale ply {ply}: the match is at ply {current}; reload the view.",
                    status=409,
                    ply=current,
                )
            game, state = game_state(match)
            seat = game.to_act(state)
            if seat not in mine:
                raise PlayError(f"It is {names[seat]}'s turn, not yours.", status=409)
            try:
                game.apply(state, action, seat)
            except IllegalAction as exc:
                why = f"Illegal action {action!r}: {name_seats(exc.reason, names)}"
                raise PlayError(why, field="action", action=action) from None
            except Exception as exc:  # noqa: BLE001 - an engine choking on a malformed action
                raise PlayError(
                    f"Illegal action {action!r}: the engine cannot read it ({exc}).",
                    field="action",
                    action=action,
                ) from None
            finished = record_action(match, seats, game, state, action)
            return Outcome(match, finished)
    # Outside the transaction: the timeout forfeit it recorded is committed.
    raise PlayError(f"{whose_time(late_seat, mine, names)} ran out: the match ended on time.", 409)


def resign(match_id: int, user: Any) -> Outcome:
    """``user``'s seat resigns: the match ends at once through the forfeit path (``kind`` and
    reason "resigned"; that seat ranks last, the others tie first). A person may resign on any
    turn. Raises :class:`PlayError` (nothing changed) when they hold no seat or the match is
    not running; a clock that had already run out ends the match on time instead."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise PlayError(f"No match {match_id}.", status=404)
        seats = list(match.seats.select_related("player").order_by("seat"))
        mine = seats_played_by(user, seats)
        if not mine:
            raise PlayError(f"You hold no seat in match {match_id}.", status=403)
        if match.state != MatchState.RUNNING:
            raise PlayError(f"Match {match_id} is {match.state}: it cannot be resigned.", 409)
        late_seat = (match.clock or {}).get("seat")
        if not (_clock_ran_out(match) and _time_out(match, seats)):
            game, state = game_state(match)
            seat = game.to_act(state) if game.to_act(state) in mine else mine[0]
            forfeit_seat(match, seats, seat, "resigned", None, "resigned")
            return Outcome(match, True)
    whose = whose_time(late_seat, mine, [s.player.public_name for s in seats])
    raise PlayError(f"{whose} ran out before the resignation: the match ended on time.", 409)


def record_action(
    match: Match,
    seats: list[MatchSeat],
    game: Game,
    state: Any,
    action: str,
    queue_bots: bool = True,
) -> bool:
    """Append ``action`` (already applied to ``state``) under the lock; finish at the end."""
    now = timezone.now()
    match.actions = [*match.actions, action]
    match.digests = {"states": [*match.digests.get("states", []), game.digest(state)]}
    _cache_put(match, len(match.actions), game, state)
    over = game.is_over(state)
    if match.clock:
        match.clock_deadline = clocks.start_turn(
            match.clock, None if over else game.to_act(state), now
        )
    if over:
        _finish(match, seats, game.result(state).to_json(), None)
    else:
        match.save(update_fields=["actions", "digests", "clock", "clock_deadline"])
        after_commit(match, game, state, seats, queue_bots)
    return over


def _finish(
    match: Match, seats: list[MatchSeat], result: dict[str, Any], forfeit: dict[str, Any] | None
) -> None:
    """Store the record through the runner's finish path (ratings, tournaments and
    notifications listen to it), inside the caller's transaction."""
    from matches import runner

    if match.clock:
        clocks.stop(match.clock, timezone.now())
    match.clock_deadline = None
    Match.objects.filter(pk=match.pk).update(clock=match.clock, clock_deadline=None)
    record = MatchRecord(
        game=match.game,
        engine_version=match.engine_version,
        seed=match.seed,
        seats=[s.bot or f"player:{s.player_id}" for s in seats],
        decks=match.decks,
        options=match.options or None,
        actions=list(match.actions),
        digests=dict(match.digests),
        result=normalise(result),
        forfeit=forfeit,
    )
    attempt = MatchAttempt.objects.create(
        match=match, worker="interactive", heartbeat=timezone.now()
    )
    runner.finish(attempt, record, 0.0)
    match.refresh_from_db()
    transaction.on_commit(lambda: notify(match.pk))


def forfeit_seat(
    match: Match, seats: list[MatchSeat], seat: int, kind: str, action: Any, reason: str
) -> None:
    """End the match with ``seat`` forfeiting (ranked last, the others tie first), inside the
    caller's transaction: ``kind`` is resigned, timeout, error or illegal (early: unrated)."""
    mark_if_early(match, seats, kind)
    details = {"seat": seat, "index": len(match.actions), "kind": kind, "action": action}
    result = forfeit_result(len(seats), seat, reason).to_json()
    _finish(match, seats, result, {**details, "reason": reason})


# -- the clock ---------------------------------------------------------------------------------
def _clock_ran_out(match: Match) -> bool:
    return match.clock_deadline is not None and match.clock_deadline <= timezone.now()


def _time_out(match: Match, seats: list[MatchSeat]) -> bool:
    seat = (match.clock or {}).get("seat")
    if seat is None:
        return False
    forfeit_seat(match, seats, seat, "timeout", None, "ran out of time on the turn clock")
    return True


def expire(match_id: int) -> bool:
    """Forfeit the seat to act if its clock has run out; True when it did (idempotent)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.state != MatchState.RUNNING or not _clock_ran_out(match):
            return False
        return _time_out(match, list(match.seats.order_by("seat")))


def seconds_left(match_id: int, ply: int) -> float | None:
    """Seconds until the clock of turn ``ply`` runs out; ``None`` when that turn is over (a move
    was made, the match ended) or the match has no running clock."""
    match = Match.objects.filter(pk=match_id).only("state", "actions", "clock_deadline").first()
    if match is None or match.state != MatchState.RUNNING or match.clock_deadline is None:
        return None
    if len(match.actions) != ply:
        return None
    return max(0.0, (match.clock_deadline - timezone.now()).total_seconds())


def expired_clocks(limit: int = 500) -> list[int]:
    """Running matches whose seat to act has run out of time."""
    return list(
        Match.objects.filter(state=MatchState.RUNNING, clock_deadline__lte=timezone.now())
        .order_by("clock_deadline")
        .values_list("pk", flat=True)[:limit]
    )
