"""One data folder for every command: ``PHASE10_DATA_DIR`` moves the saves, the signing key,
the server's database and the online seats together; the old ``PHASE10_DATA`` is refused with
a message that names the new variable, and nothing is written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_run import run_quitting
from phase10.storage import data_dir, default_key_file, default_save
from phase10.web.server import default_database


def test_every_place_follows_the_one_variable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PHASE10_DATA_DIR", str(tmp_path))
    assert data_dir() == tmp_path
    assert default_save().is_relative_to(tmp_path)
    assert default_key_file().is_relative_to(tmp_path)
    assert default_database() == f"sqlite:///{tmp_path / 'phase10.db'}"


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--plain", "--seed", "1"],
        ["serve", "--port", "8765"],
        ["join", "http://127.0.0.1:9/t/ABCDEF"],
    ],
    ids=["play", "serve", "join"],
)
def test_the_old_variable_is_refused_and_names_the_new_one(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    monkeypatch.setenv("PHASE10_DATA", str(old))
    monkeypatch.setenv("PHASE10_DATA_DIR", str(new))
    status, out, err = run_quitting(monkeypatch, capsys, argv)
    assert status == 2, out + err
    assert "PHASE10_DATA is no longer read: set PHASE10_DATA_DIR instead" in err
    assert "Traceback" not in err
    assert not old.exists()
    assert not new.exists()


def test_the_old_variable_is_refused_without_a_traceback_from_a_fresh_process(
    tmp_path: Path,
) -> None:
    """The command's own modules read the data folder only when a command runs, so even a
    fresh ``phase10`` process (nothing imported yet) answers with the message, not a trace."""
    env = {**os.environ, "PHASE10_DATA": str(tmp_path / "old")}
    env.pop("PHASE10_DATA_DIR", None)
    done = subprocess.run(
        [sys.executable, "-m", "phase10", "play", "--plain", "--seed", "1"],
        input="q\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "PHASE10_DATA is no longer read: set PHASE10_DATA_DIR instead" in done.stderr
    assert "Traceback" not in done.stderr
