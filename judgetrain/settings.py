"""JudgeTrain settings.

With no environment at all the site runs on an embedded default: a SQLite file in
``var/``, Celery tasks executed eagerly in-process, a local-memory cache and console
email. ``DATABASE_URL`` selects PostgreSQL and ``REDIS_URL`` selects Redis as the
Celery broker, result backend and Django cache. ``JUDGETRAIN_ENV=production``
turns on the deployment checks and refuses to start with DEBUG on or a default secret.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from judgetrain.env import env_bool, env_choice, env_int, env_list, env_rate, env_str

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

if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "judgetrain",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Without a broker, tasks run in-process so a fresh checkout needs no services.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 300, minimum=1)
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 240, minimum=1)
CELERY_RESULT_EXPIRES = 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    "close-overdue-attempts": {"task": "quizzes.attempts_close_overdue", "schedule": 60.0},
    "resume-variant-jobs": {"task": "quizzes.variant_jobs_resume", "schedule": 300.0},
}
HEALTHZ_CELERY_TIMEOUT = env_int("HEALTHZ_CELERY_TIMEOUT", 5, minimum=1)
HEALTHZ_CELERY_QUEUE = env_str("HEALTHZ_CELERY_QUEUE", "") or None  # None: the default queue

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
