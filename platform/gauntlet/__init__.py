"""Project configuration of the Gauntlet site: settings, URLs, ASGI/WSGI and the Celery app."""
