"""What the insights services announce, for :mod:`insights.receivers` to react to.

``study_batches_ready`` is sent after the commit that creates a study (``sender=Study``,
``study_id``, ``batches``: the batch numbers to play): the receiver queues one task per batch.
"""

from django.dispatch import Signal

study_batches_ready = Signal()  # sender=Study, study_id=<int>, batches=[<int>, ...]
