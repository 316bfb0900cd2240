"""Put the repository root and ``platform/`` on ``sys.path`` (``platform/`` is a source root).

Every entry point (manage.py, ASGI, WSGI, the Celery app) calls :func:`ensure`. ``platform/`` is
appended, never put first, so the standard library's ``platform`` module is never shadowed.
"""

from __future__ import annotations

import sys
from pathlib import Path

PLATFORM_DIR = Path(__file__).resolve().parent.parent
REPO_DIR = PLATFORM_DIR.parent


def ensure() -> None:
    for folder in (str(REPO_DIR), str(PLATFORM_DIR)):
        if folder not in sys.path:
            sys.path.append(folder)
