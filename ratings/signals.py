"""What the ratings services announce, for :mod:`ratings.receivers` to react to.

``person_challenged`` is sent inside the transaction that creates a challenge between people,
with ``sender=Match``, ``match`` (the scheduled match), ``challenger`` and ``opponent``.
``queue_joined`` is sent inside the transaction that puts an entry in a ladder's queue, with
``sender=QueueEntry`` and ``entry``.
"""

from django.dispatch import Signal

person_challenged = Signal()  # sender=Match, match=<Match>, challenger=<Player>, opponent=<Player>
queue_joined = Signal()  # sender=QueueEntry, entry=<QueueEntry>
closing_run_changed = Signal()  # sender=ClosingRun, run=<ClosingRun>: started, a round, finished
