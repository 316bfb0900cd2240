"""The Celery application: ``celery -A gauntlet.celery_app worker``.

Configuration comes from the Django settings (``CELERY_*``). With no ``CELERY_BROKER_URL``
(the embedded default) tasks run in-process; otherwise they go through the broker with late
acknowledgement, prefetch 1, time limits and JSON only.
"""

import os

from gauntlet import paths

paths.ensure()
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gauntlet.settings")

from celery import Celery  # noqa: E402

app = Celery("gauntlet")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
