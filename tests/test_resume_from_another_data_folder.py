"""A game saved with ``PHASE10_DATA_DIR`` set is resumed by the command printed on leaving,
which sets it too; a save signed with another data folder's key is said to be that, not
damaged."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest

from cli_run import play_lines


def test_the_printed_resume_command_names_the_data_folder_and_resumes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Leaving with ``q`` prints the command that resumes the game; run as printed, from a
    shell where the variable is not set, it resumes it (before, it lacked the variable and
    called the save damaged)."""
    folder = tmp_path / "my data"
    monkeypatch.setenv("PHASE10_DATA_DIR", str(folder))
    out = play_lines(monkeypatch, capsys, ["q"], "--seed", "1")
    line = next(line for line in out.splitlines() if "Resume it with: " in line)
    command = line.partition("Resume it with: ")[2]
    assert shlex.split(command)[0] == f"PHASE10_DATA_DIR={folder}"
    env = {k: v for k, v in os.environ.items() if k != "PHASE10_DATA_DIR"}
    done = subprocess.run(
        ["bash", "-c", command],
        input="q\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Resume it with: " in done.stdout
