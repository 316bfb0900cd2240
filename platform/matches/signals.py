"""Signals other apps (and this app's receivers) listen to, so matches never import them.

``matches_finished`` is sent once per finishing transaction, *inside* it, with every match that
transaction recorded (in a defined order): a receiver's writes (the rating updates) commit or roll
back together with the results.
``match_reopened`` is sent when an admin voids or corrects a finished match.
``match_progressed`` is sent after a match with people's seats started or took an action (after
the commit): spectators' pages update on it. ``person_to_act`` is sent then too when a person's
seat is to act (their stored "your turn" notification follows from it).

Sent after the commit for :mod:`matches.receivers` to queue the work on a worker:
``bot_match_scheduled`` (an all-bot match to play: ``matches.run_match``), ``bots_to_move`` (a
bot seat of a match with people is to act: ``matches.advance_bots``) and ``turn_clock_started``
(the seat to act has ``countdown`` seconds: ``matches.expire_clock`` then).
"""

from django.dispatch import Signal

matches_finished = Signal()  # sender=Match, matches=[<Match>, ...]
match_reopened = Signal()  # sender=Match, match=<Match>, action="void"|"correct", actor, reason
match_progressed = Signal()  # sender=Match, match_id=<int>
person_to_act = Signal()  # sender=Match, match_id=<int>, player_id=<int>, ply=<int>
bot_match_scheduled = Signal()  # sender=Match, match_id=<int>
bots_to_move = Signal()  # sender=Match, match_id=<int>
turn_clock_started = Signal()  # sender=Match, match_id=<int>, ply=<int>, countdown=<seconds>
