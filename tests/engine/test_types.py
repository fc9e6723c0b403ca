"""The type hints check: mypy (settings in mypy.ini) finds no error in the engine, Archie, the
presentation layer or the game services."""
from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_mypy_finds_no_error_in_the_checked_layers(monkeypatch):
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--config-file", "mypy.ini"])
    assert status == 0, out + err
    assert "no issues found" in out


def test_mypy_checks_the_presentation_layer_and_the_services():
    settings = (ROOT / "mypy.ini").read_text()
    files = next(line for line in settings.splitlines() if line.startswith("files ="))
    assert {"games/engine", "games/ai", "games/presentation", "games/services.py"} \
        <= {f.strip() for f in files.split("=", 1)[1].split(",")}
