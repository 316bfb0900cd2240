"""Signals other apps listen to, so matches never import them.

``matches_finished`` is sent once per finishing transaction, *inside* it, with every match that
transaction recorded (in a defined order): a receiver's writes (the rating updates) commit or roll
back together with the results.
``match_reopened`` is sent when an admin voids or corrects a finished match.
``match_progressed`` is sent after a match with people's seats started or took an action (after
the commit): spectators' pages update on it.
"""

from django.dispatch import Signal

matches_finished = Signal()  # sender=Match, matches=[<Match>, ...]
match_reopened = Signal()  # sender=Match, match=<Match>, action="void"|"correct"
match_progressed = Signal()  # sender=Match, match_id=<int>
