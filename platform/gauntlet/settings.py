"""Settings of the Gauntlet site, read from the environment.

With no environment at all this is the *embedded default*: SQLite under ``var/``, Celery tasks
run in-process, an in-memory channel layer and a secret key generated once under ``var/``.
Set ``DATABASE_URL``, ``CELERY_BROKER_URL`` and ``CHANNEL_LAYER_URL`` for the distributed mode;
``gauntlet.settings_production`` hardens everything for a public deployment.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import dj_database_url

from gauntlet.csp import POLICY as CSP_POLICY
from gauntlet.env import env_bool, env_int, env_list, env_str, kept_secret_key

PLATFORM_DIR = Path(__file__).resolve().parent.parent
BASE_DIR = PLATFORM_DIR.parent
VAR_DIR = Path(env_str("GAUNTLET_VAR_DIR", str(BASE_DIR / "var")))

GAUNTLET_PRODUCTION = False  # True in gauntlet.settings_production
SECRET_KEY = env_str("SECRET_KEY") or kept_secret_key(VAR_DIR)
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_countries",
    "channels",
    "players",
    "matches",
    "ratings",
    "tournaments",
    "insights",
    "decks",
    "web",
    "gauntlet",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "gauntlet.query.RefuseControlCharacters",
    "gauntlet.bodies.RefuseOversizedBodies",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "web.zones.ViewerTimeZone",  # times in the viewer's zone (profile, else the browser's)
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Content-Security-Policy on every response (gauntlet.csp); the next one relaxes it for the
    # browsable API, the admin and the API docs.
    "csp.middleware.CSPMiddleware",
    "gauntlet.csp.RelaxedPolicyFor",
]

CONTENT_SECURITY_POLICY = CSP_POLICY

ROOT_URLCONF = "gauntlet.urls"
WSGI_APPLICATION = "gauntlet.wsgi.application"
ASGI_APPLICATION = "gauntlet.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# -- database ----------------------------------------------------------------------------
DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'gauntlet.sqlite3'}")
DATABASES = {
    "default": dj_database_url.parse(DATABASE_URL, conn_max_age=env_int("DB_CONN_MAX_AGE", 0))
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the web process read while an in-process task writes.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# -- players -----------------------------------------------------------------------------
AUTH_USER_MODEL = "players.Player"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "players.passwords.MaximumLengthValidator"},
]
LOGIN_URL = "/accounts/login/"
# E-mail (password reset links). Without EMAIL_HOST (the embedded mode) messages are printed on
# the console; with it they go out by SMTP.
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Gauntlet <noreply@localhost>")
# A challenge from one player to another lapses unanswered after this many seconds.
PERSON_CHALLENGE_EXPIRY_SECONDS = env_int("PERSON_CHALLENGE_EXPIRY_SECONDS", 24 * 3600)

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(VAR_DIR / "static")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Request bodies above this size are refused with 400 (bots post small JSON documents).
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 1024 * 1024)

# -- REST API ----------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "players.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "gauntlet.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
        "rest_framework.throttling.ScopedRateThrottle",
    ],
    # How many proxies stand in front of the site: the client is the address that many hops
    # back in X-Forwarded-For. 0 (the default) ignores the header, which anyone can forge.
    "NUM_PROXIES": env_int("NUM_PROXIES", 0),
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("THROTTLE_ANON", "120/min"),
        "user": env_str("THROTTLE_USER", "1200/min"),
        "signup": env_str("THROTTLE_SIGNUP", "20/hour"),
        "login": env_str("THROTTLE_LOGIN", "30/min"),
    },
    "EXCEPTION_HANDLER": "gauntlet.api.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": ["gauntlet.api.parsers.LimitedJSONParser"],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Gauntlet API",
    "DESCRIPTION": "Players, decks, matches, ladders and tournaments of the Gauntlet platform.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {"MatchStateEnum": "matches.models.MatchState"},
    # Swagger UI and ReDoc from the site's own static files, never a CDN: the docs work offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}
KNOX_TOKEN_MODEL = "players.ApiToken"
# knox's own migrations would create its unused default table even though players.ApiToken
# replaces it (and that table then blocks flushing the database).
MIGRATION_MODULES = {"knox": None}
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=env_int("API_TOKEN_TTL_DAYS", 365)),
    "TOKEN_LIMIT_PER_USER": 50,
    "AUTO_REFRESH": False,
}

# The throttle counters need a cache shared by all web processes in distributed mode.
CACHE_URL = env_str("CACHE_URL")
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# -- Celery ------------------------------------------------------------------------------
# No broker: the embedded default runs every task in-process, synchronously.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL and CELERY_BROKER_URL.startswith("redis") else None
)
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
if CELERY_TASK_ALWAYS_EAGER:
    # Never contacted: eager tasks only borrow a producer to serialise their arguments.
    CELERY_BROKER_URL = "memory://localhost/"
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 600)
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 540)
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_MAX_MEMORY_PER_CHILD = env_int("CELERY_WORKER_MAX_MEMORY_PER_CHILD", 400_000)  # KiB
# A late-acked task outlives its broker visibility only if it runs longer than this (Redis).
# Priorities on Redis: a list per step, the lowest number popped first; every task goes at
# CELERY_TASK_DEFAULT_PRIORITY, and a match queued again after its worker died (the reaper) at
# RECOVERY_PRIORITY, ahead of the backlog (the 60 s recovery budget: matches.recovery).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_TASK_TIME_LIMIT + 60,
    "priority_steps": [0, 3, 6, 9],
    "queue_order_strategy": "priority",
}
RECOVERY_PRIORITY = 0
if CELERY_BROKER_URL.startswith("redis"):
    # Only Redis reads priorities this way round (RabbitMQ: higher first, and only on queues
    # declared with x-max-priority; elsewhere a priority is ignored).
    CELERY_TASK_DEFAULT_PRIORITY = 6
CELERY_TIMEZONE = TIME_ZONE
# The queue of every task without a route (matches, tournament rounds): "celery" unless set; a
# test run gives each of its processes one of its own on the shared broker (tests/conftest.py).
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_TASK_DEFAULT_QUEUE") or "celery"
# A queue per kind of work: the upkeep (the reaper, the clocks, the matchmaker) has a queue and
# a worker of its own, so it never waits behind a backlog of matches (docs/deploy.md).
MAINTENANCE_QUEUE = "maintenance"
CELERY_TASK_ROUTES = {
    name: {"queue": MAINTENANCE_QUEUE}
    for name in (
        "matches.requeue_stale",
        "matches.sweep_clocks",
        "matches.run_scheduled",
        "matches.expire_clock",
        "ratings.matchmake",
        "insights.reference_matches",
    )
}


def _every(task: str, seconds: float) -> dict:
    """A beat entry whose run expires when the next is due: runs never stack up in a queue."""
    return {"task": task, "schedule": seconds, "options": {"expires": seconds}}


# Exactly one beat process runs these (see docs/deploy.md).
CELERY_BEAT_SCHEDULE = {
    # Queue again running matches whose worker stopped beating (it died mid-match); its period
    # is part of the 60 s recovery budget (matches.recovery).
    "matches.requeue_stale": _every("matches.requeue_stale", 5.0),
    # Forfeit people's matches whose turn clock ran out (if their expiry task was lost).
    "matches.sweep_clocks": _every("matches.sweep_clocks", 10.0),
    # Queue scheduled bot matches whose task was lost (broker restarted, worker killed).
    "matches.run_scheduled": _every("matches.run_scheduled", 30.0),
    # Form ladder matches from the queues (and keep bot arenas playing).
    "ratings.matchmake": _every("ratings.matchmake", 5.0),
    # Reference bots (held ratings) play their ladders' fields: drift shows against them.
    "insights.reference_matches": _every(
        "insights.reference_matches", env_int("GAUNTLET_REFERENCE_EVERY", 600)
    ),
}

# -- Channels ----------------------------------------------------------------------------
CHANNEL_LAYER_URL = env_str("CHANNEL_LAYER_URL")
CHANNEL_LAYERS = {
    "default": (
        {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                # redis-py's async pool stops at 100 connections by default, too few for a
                # few hundred websockets: raise it.
                "hosts": [{"address": CHANNEL_LAYER_URL, "max_connections": 1000}],
                "capacity": 1000,
                "expiry": 60,
            },
        }
        if CHANNEL_LAYER_URL
        else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    )
}

# -- logging -----------------------------------------------------------------------------
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}
