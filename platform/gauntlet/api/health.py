"""``/api/health/``: 200 when the web process reaches what it depends on, 503 naming what is down."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

BROKER_TIMEOUT = 2.0
"""Seconds the broker has to answer (a load balancer's check must not hang)."""


def database_problem() -> str | None:
    """Why the database cannot be reached, or ``None``."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:  # OperationalError, InterfaceError: any failure is "down"
        connection.close_if_unusable_or_obsolete()
        return f"{type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc) else ''}"
    return None


def broker_problem() -> str | None:
    """Why the task broker cannot be reached, or ``None`` (always reachable when embedded)."""
    if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        return None
    from kombu import Connection

    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=BROKER_TIMEOUT) as conn:
            conn.ensure_connection(max_retries=0, timeout=BROKER_TIMEOUT)
    except Exception as exc:  # kombu's OperationalError, socket errors
        return f"{type(exc).__name__}: {exc}"
    return None


@extend_schema(
    responses={
        (code, "application/json"): inline_serializer(
            f"Health{code}",
            {
                "ok": serializers.BooleanField(),
                "database": serializers.CharField(),
                "problems": serializers.DictField(child=serializers.CharField()),
            },
        )
        for code in (200, 503)
    }
)
@api_view(["GET"])
@permission_classes([AllowAny])
@throttle_classes([])
def health(request: Request) -> Response:
    """Liveness for load balancers: the process answers and reaches its database and broker."""
    problems = {
        name: problem
        for name, problem in (("database", database_problem()), ("broker", broker_problem()))
        if problem
    }
    body = {"ok": not problems, "database": connection.vendor, "problems": problems}
    return Response(body, status=503 if problems else 200)
