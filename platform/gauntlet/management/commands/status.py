"""``python manage.py status``: is the database, broker, every worker and the channel layer up?"""

from __future__ import annotations

import json
import uuid
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def redact(url: str | None) -> str | None:
    """The URL without its password."""
    if not url or "@" not in url:
        return url
    scheme, rest = url.split("://", 1) if "://" in url else ("", url)
    credentials, host = rest.rsplit("@", 1)
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}" if scheme else f"{user}:***@{host}"


def database_status() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        executor = MigrationExecutor(connection)
        pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
        return {
            "ok": True,
            "vendor": connection.vendor,
            "name": str(connection.settings_dict["NAME"]),
            "pending_migrations": len(pending),
        }
    except Exception as exc:  # the point is to report any failure
        return {"ok": False, "vendor": connection.vendor, "error": str(exc)}


def broker_status(timeout: float = 2.0) -> dict[str, Any]:
    from gauntlet.celery_app import app

    url = settings.CELERY_BROKER_URL
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"ok": True, "mode": "in-process", "url": None, "workers": []}
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=timeout)
        replies = app.control.ping(timeout=timeout) or []
        workers = sorted(name for reply in replies for name in reply)
        return {"ok": True, "mode": "broker", "url": redact(url), "workers": workers}
    except Exception as exc:
        return {
            "ok": False,
            "mode": "broker",
            "url": redact(url),
            "error": str(exc),
            "workers": [],
        }


def channel_layer_status() -> dict[str, Any]:
    layer = get_channel_layer()
    backend = type(layer).__name__
    try:
        channel = async_to_sync(layer.new_channel)()
        message = {"type": "status.probe", "nonce": uuid.uuid4().hex}
        async_to_sync(layer.send)(channel, message)
        received = async_to_sync(layer.receive)(channel)
        ok = received.get("nonce") == message["nonce"]
        return {"ok": ok, "backend": backend, "url": redact(settings.CHANNEL_LAYER_URL)}
    except Exception as exc:
        return {"ok": False, "backend": backend, "error": str(exc)}


class Command(BaseCommand):
    help = "Report the database, the broker and its workers, and the channel layer."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--json", action="store_true", help="print one JSON object")
        parser.add_argument(
            "--timeout", type=float, default=2.0, help="seconds to wait for workers"
        )
        parser.add_argument(
            "--require-workers", type=int, default=0, help="fail with fewer workers than this"
        )

    def handle(self, *args, **options) -> None:
        report = {
            "database": database_status(),
            "broker": broker_status(options["timeout"]),
            "channel_layer": channel_layer_status(),
        }
        enough = len(report["broker"]["workers"]) >= options["require_workers"]
        ok = all(part["ok"] for part in report.values()) and enough
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=None))
        else:
            db, broker, layer = report["database"], report["broker"], report["channel_layer"]
            self.stdout.write(
                f"database:      {'ok' if db['ok'] else 'DOWN'}  {db.get('vendor')} "
                f"{db.get('name', '')} {db.get('error', '')}"
                + (
                    f"  ({db['pending_migrations']} migrations pending)"
                    if db.get("pending_migrations")
                    else ""
                )
            )
            if broker["mode"] == "in-process":
                self.stdout.write("broker:        ok  none: tasks run in-process")
            else:
                self.stdout.write(
                    f"broker:        {'ok' if broker['ok'] else 'DOWN'}  {broker['url']} "
                    f"{broker.get('error', '')}"
                )
                self.stdout.write(
                    f"workers:       {len(broker['workers'])}  {' '.join(broker['workers'])}"
                )
            self.stdout.write(
                f"channel layer: {'ok' if layer['ok'] else 'DOWN'}  {layer['backend']} "
                f"{layer.get('url') or ''} {layer.get('error', '')}"
            )
        if not ok:
            raise CommandError("some part of the platform is down (see above)")
