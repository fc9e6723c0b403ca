"""The settings module, started the way a deployment starts it: in a fresh process."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OUR_VARS = (
    "DATABASE_URL REDIS_URL SECRET_KEY DEBUG ALLOWED_HOSTS CSRF_TRUSTED_ORIGINS DATA_DIR STATIC_ROOT "
    "EMAIL_URL EMAIL_HOST EMAIL_PORT EMAIL_HOST_USER EMAIL_HOST_PASSWORD EMAIL_USE_TLS EMAIL_USE_SSL "
    "EMAIL_BACKEND DEFAULT_FROM_EMAIL SERVER_EMAIL SECURE_SSL_REDIRECT SESSION_COOKIE_SECURE "
    "CSRF_COOKIE_SECURE SECURE_HSTS_SECONDS SECURE_HSTS_INCLUDE_SUBDOMAINS SECURE_HSTS_PRELOAD "
    "SECURE_PROXY_SSL_HEADER CONN_MAX_AGE LOGIN_FAILURE_LIMIT LOGIN_FAILURE_WINDOW "
    "USE_X_FORWARDED_FOR TIME_ZONE LOG_LEVEL SITE_URL PASSWORD_RESET_LIMIT PASSWORD_RESET_WINDOW "
    "SIGNUP_LIMIT SIGNUP_CLIENT_LIMIT SIGNUP_WINDOW"
).split()


def run(args, tmp_path, **env):
    clean = {k: v for k, v in os.environ.items() if k not in OUR_VARS}
    clean.update({"DJANGO_SETTINGS_MODULE": "battlecry_site.settings", "DATA_DIR": str(tmp_path / "data")})
    clean.update(env)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


SHOW = """
import json, django
from django.conf import settings
django.setup()
print(json.dumps({
    "debug": settings.DEBUG,
    "db": settings.DATABASES["default"]["ENGINE"],
    "db_name": str(settings.DATABASES["default"]["NAME"]),
    "cache": settings.CACHES["default"]["BACKEND"],
    "broker": settings.CELERY_BROKER_URL,
    "results": settings.CELERY_RESULT_BACKEND,
    "email": settings.EMAIL_BACKEND,
    "secret_key": settings.SECRET_KEY,
    "ssl_redirect": settings.SECURE_SSL_REDIRECT,
    "beat": settings.CELERY_BEAT_SCHEDULER,
    "eager": getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False),
    "site_url": settings.SITE_URL,
    "reject_on_worker_lost": settings.CELERY_TASK_REJECT_ON_WORKER_LOST,
    "acks_late": settings.CELERY_TASK_ACKS_LATE,
}))
"""


def show(tmp_path, **env):
    result = run(["-c", SHOW], tmp_path, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_refuses_to_start_without_secret_key_when_debug_is_off(tmp_path):
    result = run(["manage.py", "check"], tmp_path, DEBUG="0")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_production_settings_pass_check_deploy(tmp_path):
    result = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        tmp_path,
        DEBUG="0",
        SECRET_KEY="x7-" + "k9Qz" * 15,
        ALLOWED_HOSTS="battlecry.example.org",
        DATABASE_URL="postgres://bc:secret@127.0.0.1:5432/battlecry",
        REDIS_URL="redis://127.0.0.1:6379/0",
        SECURE_HSTS_INCLUDE_SUBDOMAINS="1",
        SECURE_HSTS_PRELOAD="1",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_embedded_defaults_need_no_server(tmp_path):
    s = show(tmp_path)
    data = tmp_path / "data"
    assert s["debug"] is True
    assert s["db"] == "django.db.backends.sqlite3"
    assert s["db_name"] == str(data / "db.sqlite3")
    assert s["cache"] == "django.core.cache.backends.filebased.FileBasedCache"
    assert s["broker"] == "filesystem://localhost//"
    assert s["results"] == "file://" + str(data / "celery" / "results")
    assert s["email"] == "django.core.mail.backends.console.EmailBackend"
    assert s["beat"] == "django_celery_beat.schedulers:DatabaseScheduler"
    assert s["eager"] is False
    assert s["ssl_redirect"] is False


def test_local_secret_key_is_generated_once_and_kept(tmp_path):
    first = show(tmp_path)["secret_key"]
    second = show(tmp_path)["secret_key"]
    assert len(first) >= 50
    assert first == second
    key_file = tmp_path / "data" / "secret_key"
    assert key_file.read_text().strip() == first
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"


def test_services_come_from_the_environment(tmp_path):
    s = show(
        tmp_path,
        DATABASE_URL="postgres://bc:secret@db.internal:5432/battlecry",
        REDIS_URL="redis://cache.internal:6379/2",
        SECRET_KEY="k" * 60,
        EMAIL_URL="submission://club:pw@smtp.example.org:587",
    )
    assert s["debug"] is False  # off by default once a real database is configured
    assert s["ssl_redirect"] is True
    assert s["db"] == "django.db.backends.postgresql"
    assert s["cache"] == "battlecry_site.cache.ForgivingRedisCache"
    assert s["broker"] == s["results"] == "redis://cache.internal:6379/2"
    assert s["email"] == "django.core.mail.backends.smtp.EmailBackend"
    assert s["eager"] is False


def test_links_in_emails_default_to_the_address_make_run_serves(tmp_path):
    assert show(tmp_path)["site_url"] == "http://127.0.0.1:8000"
    assert show(tmp_path, SITE_URL="https://battlecry.example.org/")["site_url"] == "https://battlecry.example.org"


def test_a_task_whose_worker_dies_goes_back_to_the_queue(tmp_path):
    s = show(tmp_path)
    assert s["acks_late"] is True and s["reject_on_worker_lost"] is True


def test_a_bad_boolean_is_refused_by_name(tmp_path):
    result = run(["manage.py", "check"], tmp_path, DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG must be a boolean" in result.stderr


@pytest.mark.slow
def test_production_static_files_are_collected_with_hashes(tmp_path):
    static_root = tmp_path / "static"
    result = run(
        ["manage.py", "collectstatic", "--noinput"],
        tmp_path,
        DEBUG="0",
        SECRET_KEY="k" * 60,
        STATIC_ROOT=str(static_root),
    )
    assert result.returncode == 0, result.stderr
    manifest = json.loads((static_root / "staticfiles.json").read_text())
    hashed = manifest["paths"]["js/htmx.min.js"]
    assert hashed != "js/htmx.min.js"
    assert (static_root / (hashed + ".gz")).exists()
