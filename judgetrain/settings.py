"""JudgeTrain settings.

With no environment at all the site runs on an embedded default: a SQLite file in
``var/``, Celery tasks executed eagerly in-process, a local-memory cache and console
email. ``DATABASE_URL`` selects PostgreSQL and ``REDIS_URL`` selects Redis as the
Celery broker, result backend and Django cache. ``JUDGETRAIN_ENV=production``
turns on the deployment checks and refuses to start with DEBUG on or a default secret.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from judgetrain.env import (
    env_bool,
    env_choice,
    env_dir,
    env_float,
    env_int,
    env_list,
    env_rate,
    env_str,
)

# Lets runtime code subscript Django generics (ModelAdmin[Cohort]) as the stubs do.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("JUDGETRAIN_VAR_DIR", str(BASE_DIR / "var")))

ENVIRONMENT = env_choice("JUDGETRAIN_ENV", "development", ("development", "production"))
PRODUCTION = ENVIRONMENT == "production"

# A development-only key: production refuses to start with it (see below).
DEFAULT_SECRET_KEY = "judgetrain-insecure-development-key-do-not-use-in-production"
SECRET_KEY = env_str("SECRET_KEY", DEFAULT_SECRET_KEY)
DEBUG = env_bool("DEBUG", not PRODUCTION)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [] if PRODUCTION else ["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

if PRODUCTION:
    if DEBUG:
        raise ImproperlyConfigured("JUDGETRAIN_ENV=production refuses to run with DEBUG on")
    if SECRET_KEY == DEFAULT_SECRET_KEY or len(SECRET_KEY) < 50:
        raise ImproperlyConfigured(
            "JUDGETRAIN_ENV=production needs SECRET_KEY (or SECRET_KEY_FILE): "
            "a random value of at least 50 characters, not the development default"
        )
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("JUDGETRAIN_ENV=production needs ALLOWED_HOSTS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "judgetrain.accounts",
    "rulings",
    "quizzes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "judgetrain.accounts.middleware.PreferredLanguageMiddleware",
    "judgetrain.accounts.middleware.TimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "judgetrain.urls"
WSGI_APPLICATION = "judgetrain.wsgi.application"
ASGI_APPLICATION = "judgetrain.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "judgetrain" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
DATABASE_URL = env_str("DATABASE_URL", "")


def _database(url: str) -> dict[str, object]:
    if not url:
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "judgetrain.sqlite3",
            # IMMEDIATE: a writer waits for the lock instead of failing mid-transaction.
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
            # A file, not memory, so the browser tests' server threads get their own connections.
            "TEST": {"NAME": VAR_DIR / "test-judgetrain.sqlite3"},
        }
    scheme = urlsplit(url).scheme
    if scheme not in {"postgres", "postgresql", "pgsql", "sqlite"}:
        raise ImproperlyConfigured(
            f"DATABASE_URL scheme {scheme!r} is not supported: use postgres:// or sqlite://"
        )
    config = dict(dj_database_url.parse(url, conn_max_age=env_int("DB_CONN_MAX_AGE", 60)))
    config["CONN_HEALTH_CHECKS"] = True
    return config


DATABASES = {"default": _database(DATABASE_URL)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: cache, Celery broker and result backend -----------------------------------------
REDIS_URL = env_str("REDIS_URL", "")
if REDIS_URL and urlsplit(REDIS_URL).scheme not in {"redis", "rediss", "unix"}:
    raise ImproperlyConfigured("REDIS_URL must be a redis://, rediss:// or unix:// URL")

# Every Redis client (cache, broker, result backend) gives up quickly: during an outage a
# request must answer in about a second, not wait out the client library's own retries.
REDIS_CONNECT_TIMEOUT = env_float("REDIS_CONNECT_TIMEOUT", 1.0, minimum=0.05)
REDIS_SOCKET_TIMEOUT = env_float("REDIS_SOCKET_TIMEOUT", 2.0, minimum=0.05)

if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "judgetrain",
            "OPTIONS": {
                "socket_connect_timeout": REDIS_CONNECT_TIMEOUT,
                "socket_timeout": REDIS_SOCKET_TIMEOUT,
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Without a broker, tasks run in-process so a fresh checkout needs no services.
# "localhost" names the in-process broker: kombu warns about a memory URL with no host.
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# Delivery: a task is acknowledged only when it has finished; a task whose worker process
# died (SIGKILL, OOM) goes back to the queue at once; a worker holds one task per process.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 60, minimum=1)
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 45, minimum=1)
# When a whole worker dies, its unacknowledged tasks stay in Redis; any live worker puts them
# back on the queue once they are this old. It must exceed every task's time limit (and any
# countdown), or a task still running would be delivered a second time.
CELERY_BROKER_VISIBILITY_TIMEOUT = env_int(
    "CELERY_BROKER_VISIBILITY_TIMEOUT", CELERY_TASK_TIME_LIMIT + 30, minimum=1
)
if CELERY_TASK_SOFT_TIME_LIMIT > CELERY_TASK_TIME_LIMIT:
    raise ImproperlyConfigured("CELERY_TASK_SOFT_TIME_LIMIT must not exceed CELERY_TASK_TIME_LIMIT")
if CELERY_BROKER_VISIBILITY_TIMEOUT <= CELERY_TASK_TIME_LIMIT:
    raise ImproperlyConfigured(
        f"CELERY_BROKER_VISIBILITY_TIMEOUT={CELERY_BROKER_VISIBILITY_TIMEOUT} must exceed "
        f"CELERY_TASK_TIME_LIMIT={CELERY_TASK_TIME_LIMIT}: a running task would be redelivered"
    )
_REDIS_SOCKET = {
    "socket_connect_timeout": REDIS_CONNECT_TIMEOUT,
    "socket_timeout": REDIS_SOCKET_TIMEOUT,
}
# One quick retry (a pooled connection may be stale after Redis restarted), then give up:
# the caller logs it and the beat sweep queues the work again later.
_QUICK_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_CONNECT_TIMEOUT
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_BROKER_VISIBILITY_TIMEOUT,
    # Look for tasks of dead workers every 5 s (kombu's default is every 100 s).
    "unacked_restore_interval": 5,
    "unacked_restore_throttle": 1,
    **_REDIS_SOCKET,
    **_QUICK_RETRY,
}
CELERY_TASK_PUBLISH_RETRY = True
CELERY_TASK_PUBLISH_RETRY_POLICY = _QUICK_RETRY
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = REDIS_CONNECT_TIMEOUT
CELERY_REDIS_SOCKET_TIMEOUT = REDIS_SOCKET_TIMEOUT
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"retry_policy": _QUICK_RETRY}
CELERY_RESULT_EXPIRES = 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
# The sweep closes attempts at their deadline and queues grading that was never queued or was
# lost; it is the only scheduler of deadlines (see docs/architecture.md).
ATTEMPT_SWEEP_SECONDS = env_int("ATTEMPT_SWEEP_SECONDS", 30, minimum=1)
CELERY_BEAT_SCHEDULE = {
    "close-overdue-attempts": {
        "task": "quizzes.attempts_close_overdue",
        "schedule": float(ATTEMPT_SWEEP_SECONDS),
    },
    "requeue-unsent-emails": {
        "task": "quizzes.notifications_requeue_unsent",
        "schedule": 60.0,
    },
    "resume-variant-jobs": {"task": "quizzes.variant_jobs_resume", "schedule": 300.0},
}
# /healthz: the whole check answers within this many seconds; a worker's answer is reused for
# HEALTHZ_CELERY_CACHE_SECONDS; HEALTHZ_TOKEN unlocks the detailed report.
HEALTHZ_CELERY_TIMEOUT = env_int("HEALTHZ_CELERY_TIMEOUT", 5, minimum=1)
HEALTHZ_CELERY_CACHE_SECONDS = env_int("HEALTHZ_CELERY_CACHE_SECONDS", 15, minimum=0)
HEALTHZ_TOKEN = env_str("HEALTHZ_TOKEN", "")

# --- Accounts -------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Internationalisation -------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("pt-br", _("Portuguese (Brazil)")), ("es", _("Spanish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files ---------------------------------------------------------------------------
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "judgetrain" / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(VAR_DIR / "static")))
if not PRODUCTION:
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns about a missing root
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# --- Email ----------------------------------------------------------------------------------
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "JudgeTrain <noreply@localhost>")
if env_str("EMAIL_HOST"):
    EMAIL_HOST = env_str("EMAIL_HOST")
    EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
    EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
    EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
# Links in e-mails (invitations, results) start with this address.
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")
INVITATION_MAX_AGE_DAYS = env_int("INVITATION_MAX_AGE_DAYS", 14, minimum=1)

# Private question pools kept outside the repository: <dir>/exams/*.toml for exam variants,
# <dir>/bank/*.toml for the bank and practice (docs/operations.md, "Setting up pools").
PRIVATE_POOLS_DIR = env_dir("JUDGETRAIN_PRIVATE_POOLS")

# --- REST API -------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.BasicAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    # Endpoints that compute keys or grades are rate-limited per user (ScopedRateThrottle).
    "DEFAULT_THROTTLE_RATES": {
        "grading": env_rate("THROTTLE_GRADING", "600/min"),
        "rulings": env_rate("THROTTLE_RULINGS", "600/min"),
    },
    "EXCEPTION_HANDLER": "judgetrain.api_errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "JudgeTrain API",
    "DESCRIPTION": "Rulings, questions, grading, practice and exams for tournament judges.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI served from this site, not a CDN: works offline and under a strict CSP.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "LanguageEnum": "rulings.models.Language",
        "GameEnum": "rulings.models.Game",
        "QuestionKindEnum": "quizzes.models.QuestionKind",
    },
}

# --- Security -------------------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if PRODUCTION:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    if env_bool("SECURE_PROXY_SSL_HEADER", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

_LOG_LEVELS = ("debug", "info", "warning", "error", "critical")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {
        "handlers": ["console"],
        "level": env_choice("LOG_LEVEL", "info", _LOG_LEVELS).upper(),
    },
}

# --- Hardening: login lockout, password reset, API input limits, CSP ------------------------
# One block, so other settings stay where they were.
INSTALLED_APPS += ["axes"]
# AxesMiddleware last: it turns a login refused for lockout into the lockout answer.
# CSP before the refusals below, so that their 400 and 413 answers carry the policy too.
MIDDLEWARE += [
    "csp.middleware.CSPMiddleware",
    "judgetrain.middleware.BodyLimitMiddleware",
    "judgetrain.middleware.RejectNulMiddleware",
    "axes.middleware.AxesMiddleware",
    # Last, so a view's Http404 and PermissionDenied reach it first (in both DEBUG modes).
    "judgetrain.middleware.ErrorPagesMiddleware",
]
# No response is kept in a cache unless its view says so: right after WhiteNoise (static files
# keep their own headers), so that every other response, redirects included, passes through it.
MIDDLEWARE.insert(
    MIDDLEWARE.index("whitenoise.middleware.WhiteNoiseMiddleware") + 1,
    "judgetrain.middleware.NoStoreMiddleware",
)
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses locked-out clients, then
    # ModelBackend's permission checks with one query instead of two; authenticates nobody.
    "judgetrain.accounts.backends.OneQueryPermissions",
    "django.contrib.auth.backends.ModelBackend",
]
# Failures count per (e-mail, IP address): an attacker cannot lock a candidate out from
# elsewhere, and a venue where every candidate shares one IP is not locked out as a whole.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "judgetrain.accounts.lockout.username"
AXES_LOCKOUT_CALLABLE = "judgetrain.accounts.lockout.lockout_response"
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_SENSITIVE_PARAMETERS = ["password"]
LOGIN_PROXY_COUNT = env_int("LOGIN_PROXY_COUNT", 0, minimum=0)
AXES_CLIENT_IP_CALLABLE = "judgetrain.accounts.lockout.client_address"
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 3 * 24 * 3600, minimum=60)
# Pages that send e-mail, counted per client address (LOGIN_PROXY_COUNT applies), per target
# address and, for invitations, per inviting account (judgetrain.throttling.limits_wait).
RATE_LIMITS = {
    "password_reset_ip": env_rate("THROTTLE_PASSWORD_RESET_IP", "30/hour"),
    "password_reset_address": env_rate("THROTTLE_PASSWORD_RESET_ADDRESS", "5/hour"),
    "invitation_ip": env_rate("THROTTLE_INVITATION_IP", "200/hour"),
    "invitation_user": env_rate("THROTTLE_INVITATION_USER", "100/hour"),
    "invitation_address": env_rate("THROTTLE_INVITATION_ADDRESS", "5/day"),
}

REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"] = [
    # Basic first: its challenge makes anonymous calls answer 401 with WWW-Authenticate.
    "judgetrain.authentication.BasicAuthentication",
    "rest_framework.authentication.SessionAuthentication",
]
REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"] = ["judgetrain.parsers.JSONParser"]
# The largest body any request may send. Each API view declares a smaller limit fitting what
# it reads (``max_body_bytes``, judgetrain/parsers.py), refused before the body is read. Page
# forms share the ceiling: DRF reads JSON through Django's ``request.body``, which Django checks
# against DATA_UPLOAD_MAX_MEMORY_SIZE, and the largest page form, an exam page's "save
# answers" or submit, carries what the API's submit does (1 MiB: a 40-question exam of
# full-length answers in any of the three languages several times over). Three fields a
# question (answer, revision, flag revision) and at most 20 slots of 50 questions: 3,000 fields
# and a few. No page takes a file. A form over a limit answers a 400 page saying so.
API_MAX_BODY_BYTES = env_int("API_MAX_BODY_BYTES", 1_048_576, minimum=1024)
API_MAX_JSON_DEPTH = env_int("API_MAX_JSON_DEPTH", 32, minimum=2)
FORM_MAX_FIELDS = env_int("FORM_MAX_FIELDS", 3_100, minimum=100)
DATA_UPLOAD_MAX_MEMORY_SIZE = API_MAX_BODY_BYTES
DATA_UPLOAD_MAX_NUMBER_FIELDS = FORM_MAX_FIELDS
DATA_UPLOAD_MAX_NUMBER_FILES = 0

# Content-Security-Policy: nothing inline, nothing from elsewhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}
# One line per lockout, not one per login.
LOGGING["loggers"] = {"axes": {"level": "WARNING"}}

# --- Certificates: the issuer's name and the key signing Open Badges ------------------------
# The issuer named on certificates, their PDF, the public pages and the signed badges.
CERTIFICATE_ISSUER_NAME = env_str("CERTIFICATE_ISSUER_NAME", "JudgeTrain")
# A private key in PEM (Ed25519 or P-256), or the path of a PEM file (judgetrain/signing.py);
# unset, a key is generated once into var/. Public keys of retired signing keys, published
# beside it so the badges they signed still verify (docs/operations.md, *Key rotation*).
CERTIFICATE_SIGNING_KEY = env_str("CERTIFICATE_SIGNING_KEY", "")
CERTIFICATE_SIGNING_KEY_DEFAULT_PATH = VAR_DIR / "certificate-signing-key.pem"
CERTIFICATE_RETIRED_PUBLIC_KEYS = env_str("CERTIFICATE_RETIRED_PUBLIC_KEYS", "")


def _check_certificate_keys() -> None:
    from judgetrain.signing import check_key_setting

    if PRODUCTION and not CERTIFICATE_SIGNING_KEY.strip():
        # A key generated into one node's var/ signs badges the other nodes cannot verify, and
        # a redeployed node would generate a new one: production names its key.
        raise ImproperlyConfigured(
            "JUDGETRAIN_ENV=production needs CERTIFICATE_SIGNING_KEY (or "
            "CERTIFICATE_SIGNING_KEY_FILE): the same private key on every node"
        )
    check_key_setting("CERTIFICATE_SIGNING_KEY", CERTIFICATE_SIGNING_KEY, private=True)
    check_key_setting(
        "CERTIFICATE_RETIRED_PUBLIC_KEYS", CERTIFICATE_RETIRED_PUBLIC_KEYS, private=False
    )


_check_certificate_keys()
