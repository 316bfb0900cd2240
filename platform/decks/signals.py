"""Signals of the decks app: what happened, for the receivers at the edge to act on.

``catalogue_replaced`` is sent once a new catalogue version of a game that already had one is
committed (``sender=CatalogueVersion``, ``version_id``): every registered deck of the game is to
be checked against it again (:mod:`decks.receivers` queues the task ``decks.recheck``).

``verdicts_changed`` is sent after each re-check batch that changed a verdict
(``sender=DeckVersion``, ``illegal``: the ids of the versions the new catalogue made illegal,
``legal``: those it made legal), once its rows are written: the apps that hold versions (a
tournament's entries) tell whom it concerns.
"""

from django.dispatch import Signal

catalogue_replaced = Signal()  # sender=CatalogueVersion, version_id=<int>
verdicts_changed = Signal()  # sender=DeckVersion, illegal=[<int>], legal=[<int>]
