"""WSGI entry point (HTTP only; websockets need the ASGI application)."""

import os

from gauntlet import paths

paths.ensure()
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gauntlet.settings")

from django.core.wsgi import get_wsgi_application  # noqa: E402

application = get_wsgi_application()
