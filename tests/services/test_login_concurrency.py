"""The log-in limit holds for a burst of simultaneous guesses (PostgreSQL, under CI=true
with Redis too): the attempts are counted under a row lock before any password is checked."""
from __future__ import annotations

import threading

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.test import Client

from tests.support import service_unavailable

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
BURST = 30


def burst(password: str, right_at: int, address: str) -> list[tuple[int, int]]:
    """BURST clients guess at once from one address; the right password is guess number
    ``right_at``. Returns (guess, status) for each."""
    start = threading.Barrier(BURST)
    answers: list[tuple[int, int]] = []

    def guess(n: int) -> None:
        try:
            client = Client(REMOTE_ADDR=address)
            start.wait()
            tried = password if n == right_at else f"wrong-{n}"
            response = client.post("/accounts/login/", {"username": "jeb", "password": tried})
            answers.append((n, response.status_code))
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(BURST)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return answers


def test_simultaneous_guesses_check_no_more_passwords_than_the_limit(
        django_user_model, password, settings, monkeypatch):
    if connection.vendor != "postgresql":
        service_unavailable("PostgreSQL", "concurrent log-ins need a database server")
    django_user_model.objects.create_user("jeb", password=password)
    checked = []
    lock = threading.Lock()
    real_check = AbstractBaseUser.check_password

    def counting_check(self, raw):
        with lock:
            checked.append(raw)
        return real_check(self, raw)

    monkeypatch.setattr(AbstractBaseUser, "check_password", counting_check)
    for round_, right_at in enumerate((29, 15, 22, 8)):
        checked.clear()
        answers = burst(password, right_at, address=f"10.0.0.{round_ + 1}")
        assert len(answers) == BURST
        # Once the right password is in, the count starts again (the member is logged in);
        # up to that point no more than the limit were checked.
        until_in = checked[:checked.index(password) + 1] if password in checked else checked
        assert len(until_in) <= settings.LOGIN_FAILURE_LIMIT, f"{len(until_in)} passwords checked"
        ok = [n for n, status in answers if status == 302]
        assert ok in ([], [right_at])
        assert (password in checked) == bool(ok)

