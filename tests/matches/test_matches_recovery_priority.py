"""On the real broker (Redis, the services pass), a match queued again after its worker died is
taken before the backlog queued earlier (matches.recovery, the 60 s budget)."""

import uuid

import pytest

from gauntlet.celery_app import app
from matches import recovery
from matches.tasks import run_match

pytestmark = [pytest.mark.services]


def test_a_recovered_match_is_taken_before_the_backlog():
    queue = f"test-recovery-{uuid.uuid4().hex[:8]}"
    assert recovery.priority() is not None  # the services pass runs on Redis
    with app.connection_for_write() as conn:
        for backlog in (101, 102):
            run_match.apply_async((backlog,), queue=queue, connection=conn)
        run_match.apply_async((7,), queue=queue, connection=conn, priority=recovery.priority())
    taken = []
    with app.connection_for_read() as conn:
        q = conn.SimpleQueue(queue, no_ack=True)
        try:
            for _ in range(3):
                taken.append(q.get(timeout=10).payload[0][0])
        finally:
            q.clear()
            q.close()
    assert taken == [7, 101, 102]
