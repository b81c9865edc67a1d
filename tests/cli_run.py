"""Running ``phase10`` in the test's own process: the player quitting at the first prompt, or
typing given lines in the line mode."""

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


def play_lines(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lines: list[str],
    *argv: str,
) -> str:
    """``phase10 play --plain ARGV`` in this process with ``lines`` typed, one by one; what
    it printed."""
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    assert main(["play", "--plain", *argv]) == 0
    return capsys.readouterr().out
