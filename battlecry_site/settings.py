"""Settings of the Battle Cry club site: one module, configured from the environment.

With no environment set, the site runs on embedded defaults (SQLite, a Celery broker on
the file system, a file cache, mail printed to the console), keeping its files in
``data/``. Every variable is listed in README.md.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

import dj_database_url
import dj_email_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    value = value.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false, yes/no, on/off), not {value!r}")


def env_int(name: str, default: int) -> int:
    value = env_str(name)
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {value!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


# --- Where local files live -------------------------------------------------------------

DATA_DIR = Path(env_str("DATA_DIR") or BASE_DIR / "data").resolve()


def data_path(*parts: str) -> Path:
    """A file under DATA_DIR, creating the folders it sits in."""
    path = DATA_DIR.joinpath(*parts)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def data_folder(*parts: str) -> Path:
    """A folder under DATA_DIR, created if missing."""
    path = DATA_DIR.joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path


# --- Core ---------------------------------------------------------------------------------

DATABASE_URL = env_str("DATABASE_URL")
REDIS_URL = env_str("REDIS_URL")

# Debug is on for the embedded local run (no DATABASE_URL) and off otherwise.
DEBUG = env_bool("DEBUG", default=not DATABASE_URL)


def _local_secret_key() -> str:
    """Read the key kept in DATA_DIR, creating it on first run (safe against races)."""
    path = data_path("secret_key")
    if not path.exists():
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".secret_key.")
        try:
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_urlsafe(50))
            os.chmod(tmp, 0o600)
            try:
                os.link(tmp, path)  # atomic: fails if another process won the race
            except FileExistsError:
                pass
        finally:
            os.unlink(tmp)
    key = path.read_text().strip()
    if not key:
        raise ImproperlyConfigured(f"{path} is empty; delete it or set SECRET_KEY")
    return key


SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off "
            "(for example: python -c 'import secrets; print(secrets.token_urlsafe(50))')"
        )
    SECRET_KEY = _local_secret_key()

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
# The public address of the site, for the links in its e-mails (``make run`` serves this one).
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # third party
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "template_partials.apps.SimpleAppConfig",
    "django_celery_beat",
    # ours
    "accounts",
    "games",
    "campaigns",
    "tournaments",
    "ratings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "battlecry_site.middleware.ResponseHeadersMiddleware",
    "battlecry_site.nul_guard.RefuseNulMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.TimezoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "battlecry_site.urls"
WSGI_APPLICATION = "battlecry_site.wsgi.application"
ASGI_APPLICATION = "battlecry_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.notifications",
                "games.context_processors.your_turn",
            ],
            # {% partialdef %} and {% partial %} in every template, and
            # "template.html#partial-name" in render() and TemplateResponse.
            "builtins": ["template_partials.templatetags.partials"],
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------------------

if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            conn_max_age=env_int("CONN_MAX_AGE", 60),
            conn_health_checks=True,
        )
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": data_path("db.sqlite3"),
            # The web server, the Celery worker and beat share this file.
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache --------------------------------------------------------------------------------

if REDIS_URL:
    CACHES = {
        "default": {
            # An unreachable Redis reads as an empty cache (battlecry_site/cache.py).
            "BACKEND": "battlecry_site.cache.ForgivingRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "bc",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(data_folder("cache")),
            "KEY_PREFIX": "bc",
        }
    }

# --- Accounts -----------------------------------------------------------------------------

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = ["accounts.backends.RateLimitedModelBackend"]
# Sessions are read from the cache (Redis in production) and written through to the
# database, so a request costs no session query while the cache has it.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Failed logins allowed per username and client address within the window.
LOGIN_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
LOGIN_FAILURE_WINDOW = env_int("LOGIN_FAILURE_WINDOW", 15 * 60)  # seconds
# Password-reset e-mails allowed per address within the window (three times as many per
# client address); past that the page reads the same and nothing is sent.
PASSWORD_RESET_LIMIT = env_int("PASSWORD_RESET_LIMIT", 3)
PASSWORD_RESET_WINDOW = env_int("PASSWORD_RESET_WINDOW", 60 * 60)  # seconds
# Sign-ups (each sends an e-mail) allowed per e-mail address and per client address within
# the window; past that the form asks to try again later.
SIGNUP_LIMIT = env_int("SIGNUP_LIMIT", 3)
SIGNUP_CLIENT_LIMIT = env_int("SIGNUP_CLIENT_LIMIT", 10)
SIGNUP_WINDOW = env_int("SIGNUP_WINDOW", 60 * 60)  # seconds
# Take the client address from X-Forwarded-For only behind a proxy that sets it.
USE_X_FORWARDED_FOR = env_bool("USE_X_FORWARDED_FOR", False)

# --- Internationalisation -----------------------------------------------------------------

LANGUAGE_CODE = "en-us"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# --- Static files -------------------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT") or BASE_DIR / "staticfiles")
if DEBUG:
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise looks there; runserver uses the finders
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- E-mail -------------------------------------------------------------------------------

DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Battle Cry club <noreply@localhost>")
SERVER_EMAIL = env_str("SERVER_EMAIL", DEFAULT_FROM_EMAIL)

if env_str("EMAIL_URL"):
    # e.g. submission://user:password@smtp.example.org:587 (STARTTLS), smtp://host:465?ssl=True
    globals().update({k: v for k, v in dj_email_url.parse(env_str("EMAIL_URL")).items() if v is not None})
elif env_str("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = env_str("EMAIL_HOST")
    EMAIL_PORT = env_int("EMAIL_PORT", 587)
    EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
    EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", EMAIL_PORT == 587)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", EMAIL_PORT == 465)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
if env_str("EMAIL_BACKEND"):
    EMAIL_BACKEND = env_str("EMAIL_BACKEND")

# --- HTTPS and security headers (on by default when DEBUG is off) -------------------------

SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
if env_str("SECURE_PROXY_SSL_HEADER"):
    _header, _, _value = env_str("SECURE_PROXY_SSL_HEADER").partition(",")
    SECURE_PROXY_SSL_HEADER = (_header.strip(), _value.strip() or "https")
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Sent with every response (battlecry_site/middleware.py). The templates have no inline
# script or style and htmx evaluates nothing (htmx-config in base.html), so 'self' is enough.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)

# --- REST API -----------------------------------------------------------------------------

REST_FRAMEWORK = {
    # Personal API tokens (accounts.ApiToken) and the site's session; never HTTP Basic.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["battlecry_site.api.permissions.MemberWithTokenScope"],
    "DEFAULT_SCHEMA_CLASS": "battlecry_site.api.schema.SiteAutoSchema",
    "DEFAULT_PAGINATION_CLASS": "battlecry_site.api.pagination.PageNumberPagination",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_THROTTLE_CLASSES": [
        "battlecry_site.api.throttling.PerTokenThrottle",
        "battlecry_site.api.throttling.PerAddressThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "token": env_str("API_RATE_PER_TOKEN", "1200/hour"),
        "address": env_str("API_RATE_PER_ADDRESS", "3600/hour"),
    },
    "DEFAULT_PARSER_CLASSES": ["battlecry_site.api_parsers.CheckedJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "EXCEPTION_HANDLER": "battlecry_site.api.errors.exception_handler",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Battle Cry club API",
    "DESCRIPTION": "Play Battle Cry, run campaigns and tournaments. Version 1 lives under /api/v1/; "
                   "log in, or send a personal API token from your account page as \"Authorization: Bearer bcc_...\".",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "battlecry_site.api.schema.nullable_references",
                             "games.api.schema_hooks.ruleset_variants"],
    "ENUM_NAME_OVERRIDES": {"SideEnum": "games.api.types.SIDE_CHOICES",
                            "MatchSideEnum": "games.models.match.Match.SIDE_CHOICES",
                            "StatusEnum": "games.models.match.Match.Status",
                            "AttackTypeEnum": ["attack"],
                            "BreakthroughTypeEnum": ["breakthrough"],
                            "RefitTypeEnum": ["refit"],
                            "MoraleStatusEnum": ["spent", "routed"],
                            "CampaignStatusEnum": "campaigns.models.Campaign.Status",
                            "CampaignDecidedByEnum": "campaigns.models.Campaign.Decided",
                            "ArchieLevelEnum": "campaigns.api.serializers.LEVEL_CHOICES",
                            "UnitKindEnum": "games.api.types.UNIT_KIND_CHOICES",
                            "CompetitionKindEnum": "tournaments.models.Competition.Kind",
                            "CompetitionStatusEnum": "tournaments.models.Competition.Status",
                            "CompetitionModeEnum": "tournaments.models.Competition.Mode",
                            "ScenarioPolicyEnum": "tournaments.models.Competition.ScenarioPolicy",
                            "PairingModeEnum": "tournaments.models.Pairing.Mode",
                            "GameWinnerEnum": "tournaments.models.Pairing.Winner",
                            "MembershipStatusEnum": "tournaments.models.Membership.Status",
                            "RoundStatusEnum": "tournaments.models.Round.Status"},
}

# --- Celery -------------------------------------------------------------------------------

if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
else:
    # Embedded broker: messages are files under DATA_DIR; no server needed.
    CELERY_BROKER_URL = "filesystem://localhost//"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(data_folder("celery", "broker")),
        "data_folder_out": str(data_folder("celery", "broker")),
        "control_folder": str(data_folder("celery", "control")),
        # The worker looks for new messages this often (kombu's default is once a second, which
        # made each of Archie's replies wait for it; a look is one listing of a folder).
        "polling_interval": 0.1,
    }
    CELERY_RESULT_BACKEND = "file://" + str(data_folder("celery", "results"))
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A broker that is down must not hold up a web request: fail within about a second (the
# task is kept in the outbox and sent later, games/outbox.py).
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2,
                                    "interval_max": 0.2}
if REDIS_URL:
    CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2}
    CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 60 * 60 * 24
CELERY_TASK_ACKS_LATE = True
# The queue tasks are sent to (and a worker started without -Q takes from).
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "celery")
# A task whose worker process dies (killed, out of memory) goes back to the queue and runs
# again; the tasks are idempotent, so the game still changes exactly once.
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"

# --- Archie ------------------------------------------------------------------------------

# Search iterations per decision of Archie instead of the level's seconds (repeatable, and
# quick in tests); 0 keeps the levels' time budgets.
ARCHIE_ITERATIONS = env_int("ARCHIE_ITERATIONS", 0) or None
# Archie's review of a finished game (docs/review.md): the search's seconds for each turn
# (the veteran's second a decision by default), or a number of iterations instead (repeatable).
REVIEW_SECONDS_PER_TURN = float(env_str("REVIEW_SECONDS_PER_TURN", "1.0"))
REVIEW_ITERATIONS_PER_TURN = env_int("REVIEW_ITERATIONS_PER_TURN", 0) or None

# --- Logging ------------------------------------------------------------------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"django": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO"), "propagate": False}},
}
