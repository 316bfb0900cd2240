"""Reading settings from the environment, with clear errors for bad values."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str | None:
    """The variable's value, or ``default`` when it is unset or empty."""
    value = os.environ.get(name, "").strip()
    return value or default


def env_bool(name: str, default: bool = False) -> bool:
    """A yes/no variable (1/0, true/false, yes/no, on/off)."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: expected one of 1/0, true/false, yes/no, on/off")


def env_int(name: str, default: int) -> int:
    """An integer variable."""
    raw = env_str(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r}: expected an integer") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list variable."""
    raw = env_str(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def kept_secret_key(var_dir: Path) -> str:
    """The embedded default's secret key: generated once and kept in ``var/secret_key``."""
    path = var_dir / "secret_key"
    if path.exists():
        return path.read_text().strip()
    var_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    # Create it readable by the owner only; a concurrent process may win the race: reread.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as handle:
        handle.write(key)
    return key
