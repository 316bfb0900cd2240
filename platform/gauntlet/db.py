"""Database helpers shared by the apps."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import DatabaseError, connection, models


def update_rows(
    model: type[models.Model], objs: Sequence[models.Model], fields: Sequence[str]
) -> None:
    """Write ``fields`` of many rows with one ``executemany`` of a plain UPDATE per row.

    Django's ``bulk_update`` builds one statement of CASE expressions whose construction costs
    milliseconds per call (JSON columns are the worst); psycopg sends an ``executemany`` as a
    pipeline, so this is several times cheaper and works the same on SQLite.
    """
    if not objs:
        return
    qn = connection.ops.quote_name
    columns = [model._meta.get_field(name) for name in fields]
    sql = (
        f"UPDATE {qn(model._meta.db_table)} SET "
        + ", ".join(f"{qn(f.column)} = %s" for f in columns)
        + f" WHERE {qn(model._meta.pk.column)} = %s"
    )
    rows = [
        [f.get_db_prep_save(getattr(obj, f.attname), connection) for f in columns] + [obj.pk]
        for obj in objs
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


RETRY_THROUGH_OUTAGES: dict = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (DatabaseError,),
    "retry_backoff": 1,
    "retry_backoff_max": 5,
    "retry_jitter": False,
    "max_retries": 60,
}
"""Celery task options of the idempotent tasks (``@shared_task(**RETRY_THROUGH_OUTAGES)``):
acknowledged once done, queued again when their worker dies, and retried on database errors
after 1, 2, 4 and then every 5 s for about five minutes, so a database outage of a minute or two
delays them instead of dropping them (the work the platform must never lose: matches, rounds,
re-checks), and they run again at most 5 s after the database is back (no jitter: a random
wait of up to the maximum would double that; a few workers retrying together is no load)."""
