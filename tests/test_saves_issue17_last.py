"""Issue 17, points 1 and 2: a save path that cannot work is refused before the game starts,
and the temporary files of interrupted saves never pile up. Real folders, real processes
killed for real (the tests run as root: permissions alone stop nothing, so an immutable
folder stands for one that cannot be written)."""

from __future__ import annotations

import builtins
import io
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from phase10 import find_variant
from phase10.bots import make_bot
from phase10.cli.main import main
from phase10.match import Match, Seat
from phase10.storage import StorageError, check_writable

NO_FOLDER = "/proc/phase10-no-such-folder/file"


def _run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> tuple[int, str, str]:
    """``phase10 ARGS`` in this process, the player quitting at the first prompt."""
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


# ---------------------------------------------------------------------------- point 1


@pytest.mark.parametrize("game", ["phase10", "programmes"])
@pytest.mark.parametrize("mode", ["--plain", "--screen"])
def test_point1_a_save_folder_that_cannot_exist_is_refused_before_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str, mode: str
) -> None:
    """Issue 17 point 1: `--save /proc/phase10-no-such-folder/file` was a whole game then "NOT
    saved" (exit 1); now one line naming the path and why, exit 2, and no game at all, for
    both games, line by line and on the full screen."""
    args = ["play", mode, "--game", game, "--players", "2", "--seed", "3", "--save", NO_FOLDER]
    status, out, err = _run(monkeypatch, capsys, args)
    assert status == 2
    assert err == (
        f"phase10: error: {NO_FOLDER}: cannot save there: cannot make the folder "
        "/proc/phase10-no-such-folder (No such file or directory)\n"
    )
    assert out == ""


def test_point1_a_file_where_the_folder_should_be_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 17 point 1: a path through a file (``notes.txt/game.json``) is refused at once."""
    (tmp_path / "notes.txt").write_text("mine")
    save = tmp_path / "notes.txt" / "deeper" / "game.json"
    status, out, err = _run(monkeypatch, capsys, ["play", "--plain", "--save", str(save)])
    assert (status, out) == (2, "")
    assert err.startswith(f"phase10: error: {save}: cannot save there")
    assert err.count("\n") == 1
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_point1_the_check_leaves_nothing_behind(tmp_path: Path) -> None:
    """Issue 17 point 1: the probe file and the folders made for it are removed again; a
    folder that already existed, and what it holds, stay as they were."""
    check_writable(str(tmp_path / "a" / "b" / "game.json"))
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "other.json").write_text("{}")
    check_writable(str(tmp_path / "kept" / "new" / "game.json"))
    assert [p.name for p in tmp_path.rglob("*")] == ["kept", "other.json"]


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder in which no file can be created, even by root: immutable (chattr +i) when
    running as root, else mode 0555."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    yield folder  # the test puts its save in, then locks it with _lock()
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(folder)], check=False, capture_output=True)
    folder.chmod(0o755)


def _lock(folder: Path) -> None:
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return
    done = subprocess.run(["chattr", "+i", str(folder)], check=False, capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot make a folder immutable here: {done.stderr.decode().strip()}")


def test_point1_resume_refuses_a_save_whose_folder_cannot_be_written(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], read_only_folder: Path
) -> None:
    """Issue 17 point 1: `resume` saves back where it read; a save whose folder takes no new
    file is refused before play (exit 2, one line), and the save is left as it was."""
    save = read_only_folder / "game.json"
    seats = [Seat("Ann"), Seat("Bot", make_bot("easy"))]
    Match.start(find_variant("standard"), seats, seed=3).save(save)
    before = save.read_bytes()
    _lock(read_only_folder)
    with pytest.raises(StorageError, match="cannot save there"):
        check_writable(str(read_only_folder / "other.json"))
    status, out, err = _run(monkeypatch, capsys, ["resume", "--plain", str(save)])
    assert (status, out) == (2, "")
    assert err.startswith(f"phase10: error: {save}: cannot save there: ")
    assert err.count("\n") == 1
    assert save.read_bytes() == before
    assert [p.name for p in read_only_folder.iterdir()] == ["game.json"]
