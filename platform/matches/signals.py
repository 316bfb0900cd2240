"""Signals other apps listen to, so matches never import them.

``match_finished`` is sent *inside* the transaction that stores the result: a receiver's writes
(the rating update) commit or roll back together with the result.
``match_reopened`` is sent when an admin voids or corrects a finished match.
"""

from django.dispatch import Signal

match_finished = Signal()  # sender=Match, match=<Match>
match_reopened = Signal()  # sender=Match, match=<Match>, action="void"|"correct"
