"""Running ``phase10`` in the test's own process, the player quitting at the first prompt."""

from __future__ import annotations

import builtins
import io

import pytest

from phase10.cli.main import main


def run_quitting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> tuple[int, str, str]:
    """``phase10 ARGS`` in this process: its exit status, stdout and stderr; every prompt is
    answered ``q`` and standard input is empty."""
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err
