"""A save path that cannot work is refused before the game starts,
and the temporary files of interrupted saves never pile up. Real folders, real processes
killed for real (the tests run as root: permissions alone stop nothing, so an immutable
folder stands for one that cannot be written)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli_run import run_quitting as _run
from phase10 import find_variant
from phase10.bots import make_bot
from phase10.launch import resume_command
from phase10.match import Match, Seat
from phase10.storage import STALE_AFTER, FileStore, StorageError, check_writable, remove_leftovers

NO_FOLDER = "/proc/phase10-no-such-folder/file"


# ---------------------------------------------------------------------------- save paths


@pytest.mark.parametrize("game", ["phase10", "programmes"])
@pytest.mark.parametrize("mode", ["--plain", "--screen"])
def test_a_save_folder_that_cannot_exist_is_refused_before_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str, mode: str
) -> None:
    """`--save /proc/phase10-no-such-folder/file` was a whole game then "NOT
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


def test_save_never_overwrites_an_unfinished_game_or_another_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--save PATH`` where an unfinished game is saved, or where any other file lies, is
    refused in one line that says how to go on, exit 2, and the file is left as it was;
    the default save already kept an unfinished game."""
    save = tmp_path / "g.json"
    status, _, _ = _run(
        monkeypatch, capsys, ["play", "--plain", "--seed", "5", "--save", str(save)]
    )
    assert status == 0
    before = save.read_bytes()
    again = ["play", "--plain", "--seed", "6", "--save", str(save)]
    status, out, err = _run(monkeypatch, capsys, again)
    assert (status, out) == (2, "")
    assert err == (
        f"phase10: error: {save} holds an unfinished game: resume it with "
        f"{resume_command(str(save))}, or give --save a new path.\n"
    )
    assert save.read_bytes() == before
    notes = tmp_path / "notes.json"
    notes.write_text('{"mine": true}')
    status, out, err = _run(monkeypatch, capsys, ["play", "--plain", "--save", str(notes)])
    assert (status, out) == (2, "")
    assert err == (
        f"phase10: error: {notes} is not a saved game of ours; give --save a new path, "
        "so it is kept.\n"
    )
    assert notes.read_text() == '{"mine": true}'


def test_a_file_where_the_folder_should_be_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A path through a file (``notes.txt/game.json``) is refused at once."""
    (tmp_path / "notes.txt").write_text("mine")
    save = tmp_path / "notes.txt" / "deeper" / "game.json"
    status, out, err = _run(monkeypatch, capsys, ["play", "--plain", "--save", str(save)])
    assert (status, out) == (2, "")
    assert err.startswith(f"phase10: error: {save}: cannot save there")
    assert err.count("\n") == 1
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_the_check_leaves_nothing_behind(tmp_path: Path) -> None:
    """The probe file and the folders made for it are removed again; a
    folder that already existed, and what it holds, stay as they were."""
    check_writable(str(tmp_path / "a" / "b" / "game.json"))
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "other.json").write_text("{}")
    check_writable(str(tmp_path / "kept" / "new" / "game.json"))
    assert [p.name for p in tmp_path.rglob("*")] == ["kept", "other.json"]


def test_a_relative_save_in_a_removed_working_folder_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--save game.json` from a working folder removed meanwhile is one
    clear error, and the check ends (it walks up from the save's folder to one that exists)."""
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    with pytest.raises(StorageError, match=r"game\.json: cannot save there"):
        check_writable("game.json")


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


def test_resume_refuses_a_save_whose_folder_cannot_be_written(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], read_only_folder: Path
) -> None:
    """`resume` saves back where it read; a save whose folder takes no new
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


# ---------------------------------------------------------------------------- leftovers

#: A child process that saves, held inside the save (between writing its temporary file and
#: renaming it) until the test kills or interrupts it.
HELD_SAVE = textwrap.dedent(
    """
    import os, sys, time
    from phase10.storage import FileStore

    real_fsync = os.fsync

    def held(handle):
        print("writing", flush=True)
        time.sleep(60)
        real_fsync(handle)

    os.fsync = held
    FileStore(key_file=sys.argv[2]).save(sys.argv[1], {"hello": "child"})
    """
)


def _held_save(target: Path, key: Path) -> subprocess.Popen[str]:
    """A real process stopped in the middle of saving to ``target``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen(
        [sys.executable, "-c", HELD_SAVE, str(target), str(key)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "writing\n"
    return child


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_save_killed_with_kill_9_leaves_a_file_the_next_save_removes(
    tmp_path: Path,
) -> None:
    """Kill -9 in the middle of a save leaves `.game.json.PID-*.tmp` (only
    a kill -9 can); the next save to the same path removes it and nothing else."""
    key, target = tmp_path / "integrity.key", tmp_path / "game.json"
    store = FileStore(key_file=key)
    store.save(str(target), {"hello": "first"})
    (tmp_path / "notes.txt").write_text("mine")
    child = _held_save(target, key)
    child.send_signal(signal.SIGKILL)
    assert child.wait(timeout=30) == -signal.SIGKILL
    assert child.stdout is not None
    child.stdout.close()
    left = _temporaries(tmp_path)
    assert left
    assert all(name.startswith(f".game.json.{child.pid}-") for name in left)
    assert store.load(str(target)) == {"hello": "first"}  # the old save, whole
    store.save(str(target), {"hello": "second"})
    assert _temporaries(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "integrity.key", "notes.txt"]
    assert store.load(str(target)) == {"hello": "second"}


def test_a_save_interrupted_by_ctrl_c_removes_its_own_temporary_file(
    tmp_path: Path,
) -> None:
    """A real SIGINT (Ctrl-C) in the middle of a save: the writer removes
    its temporary file on the way out, and the old save stays whole."""
    key, target = tmp_path / "integrity.key", tmp_path / "game.json"
    FileStore(key_file=key).save(str(target), {"hello": "first"})
    child = _held_save(target, key)
    child.send_signal(signal.SIGINT)
    assert child.wait(timeout=30) != 0
    assert child.stdout is not None
    child.stdout.close()
    assert _temporaries(tmp_path) == []
    assert FileStore(key_file=key).load(str(target)) == {"hello": "first"}


def test_only_leftovers_are_removed_never_links_folders_or_live_saves(
    tmp_path: Path,
) -> None:
    """What a later save removes is exactly the regular files of the
    temporary name pattern whose process is gone, or which are older than an hour (a
    reused process number, or a name from an older version without one)."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    gone = 999_999_999  # no process has this number (Linux stops at 2**22)
    live = os.getppid()
    an_hour_ago = time.time() - STALE_AFTER - 60
    removed = {
        f".game.json.{gone}-abcd1234.tmp": None,
        f".game.json.{live}-old_0001.tmp": an_hour_ago,
        ".game.json.oldstyle.tmp": an_hour_ago,
    }
    kept_files = {
        f".game.json.{live}-live0001.tmp": None,  # its writer may be saving right now
        ".game.json.young123.tmp": None,  # no number, and young
        f".other.json.{gone}-abcd1234.tmp": None,  # another save's
        f".game.json.{gone}-abcd1234.tmp.bak": None,
        f"game.json.{gone}-abcd1234.tmp": None,
    }
    for name, when in {**removed, **kept_files}.items():
        (tmp_path / name).write_text("half a save")
        if when is not None:
            os.utime(tmp_path / name, (when, when))
    link = tmp_path / f".game.json.{gone}-link0001.tmp"
    link.symlink_to(victim)
    old_link = tmp_path / ".game.json.oldlink1.tmp"
    old_link.symlink_to(victim)
    os.utime(old_link, (an_hour_ago, an_hour_ago), follow_symlinks=False)
    folder = tmp_path / f".game.json.{gone}-dir00001.tmp"
    folder.mkdir()
    (folder / "inside").write_text("x")

    assert remove_leftovers(tmp_path / "game.json") == len(removed)
    names = {p.name for p in tmp_path.iterdir()}
    assert not names & set(removed)
    assert set(kept_files) | {link.name, old_link.name, folder.name, "victim.txt"} == names
    assert victim.read_text() == "precious"
    assert link.is_symlink()
    assert old_link.is_symlink()
    assert (folder / "inside").read_text() == "x"


def test_resume_on_a_fresh_machine_and_an_empty_save_say_what_is_wrong(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`phase10 resume` with no save yet says there is none and how to begin, not "cannot
    read the saved game: No such file or directory"; an empty save file says it is empty,
    not "Expecting value: line 1 column 1 (char 0)"."""
    monkeypatch.setenv("PHASE10_DATA_DIR", str(tmp_path / "data"))
    status, out, err = _run(monkeypatch, capsys, ["resume"])
    assert (status, out) == (2, "")
    saves = tmp_path / "data" / "saves"
    assert err == (
        f"phase10: error: There is no saved game yet in {saves}; start one with 'phase10 play'.\n"
    )
    empty = tmp_path / "empty.json"
    empty.write_text("")
    status, out, err = _run(monkeypatch, capsys, ["resume", str(empty)])
    assert (status, out) == (2, "")
    assert err == f"phase10: error: {empty}: the file is empty\n"
