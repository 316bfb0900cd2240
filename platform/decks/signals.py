"""Signals of the decks app: what happened, for the receivers at the edge to act on.

``catalogue_replaced`` is sent once a new catalogue version of a game that already had one is
committed (``sender=CatalogueVersion``, ``version_id``): every registered deck of the game is to
be checked against it again (:mod:`decks.receivers` queues the task ``decks.recheck``).
"""

from django.dispatch import Signal

catalogue_replaced = Signal()  # sender=CatalogueVersion, version_id=<int>
