"""The production profile: the environment-driven settings, hardened for the public internet.

``SECRET_KEY`` and ``ALLOWED_HOSTS`` must come from the environment; HTTPS is assumed (behind a
proxy that sets ``X-Forwarded-Proto``). ``python manage.py check --deploy`` passes with no warnings.
"""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured

from gauntlet.env import env_bool, env_int, env_list, env_str
from gauntlet.settings import *  # noqa: F403

GAUNTLET_PRODUCTION = True
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY or len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5:
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a random string of at least 50 characters in production "
        '(python -c "import secrets; print(secrets.token_urlsafe(50))")'
    )
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must list the site's host names in production")
DEBUG = env_bool("DEBUG", False)

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
