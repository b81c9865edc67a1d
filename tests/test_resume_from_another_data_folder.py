"""A game saved with ``PHASE10_DATA_DIR`` set is resumed by the command printed on leaving,
which sets it too; a save signed with another data folder's key is said to be that, not
damaged."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path

import pytest

from cli_run import play_lines, run_quitting
from phase10.storage import FileStore, StorageError


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


def test_a_save_signed_in_another_data_folder_says_so_and_names_the_variable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A good save in another data folder's ``saves`` is not called damaged: the error says
    which folder's key signed it and how to load it there. A save changed by hand still is
    damaged."""
    there = tmp_path / "there"
    monkeypatch.setenv("PHASE10_DATA_DIR", str(there))
    play_lines(monkeypatch, capsys, ["q"], "--seed", "1")
    save = there / "saves" / "last-game.json"
    assert save.exists()
    monkeypatch.setenv("PHASE10_DATA_DIR", str(tmp_path / "here"))
    status, _out, err = run_quitting(monkeypatch, capsys, ["resume", str(save)])
    assert status != 0
    assert "damaged" not in err
    assert f"signed with the integrity.key of another data directory, {there}," in err
    assert f"PHASE10_DATA_DIR={there}" in err
    changed = json.loads(save.read_text())
    changed["by hand"] = True
    save.write_text(json.dumps(changed))
    with pytest.raises(StorageError, match="damaged or was changed by hand"):
        FileStore().load(str(save))
