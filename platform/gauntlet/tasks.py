"""Tasks of the site itself (diagnostics)."""

from __future__ import annotations

import os
import platform
import socket

from celery import shared_task


@shared_task(name="gauntlet.system_info")
def system_info() -> dict[str, str | int]:
    """Where the task ran: host, process and ``platform.system()`` (proves no shadowing)."""
    return {
        "system": platform.system(),
        "python": platform.python_version(),
        "host": socket.gethostname(),
        "pid": os.getpid(),
    }
