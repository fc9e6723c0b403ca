"""The type hints check: mypy (settings in mypy.ini) finds no error in games/engine or games/ai."""
from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_mypy_finds_no_error_in_the_engine(monkeypatch):
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--config-file", "mypy.ini"])
    assert status == 0, out + err
    assert "no issues found" in out
