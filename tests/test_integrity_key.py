"""The key that signs local saves (``integrity.key``) is made atomically
and exclusively, and a damaged one is refused, never used. Real files, real processes
started together, real kill -9 (the tests run as root: permissions alone stop nothing)."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from cli_run import run_quitting as _run
from phase10 import find_variant
from phase10.bots import make_bot
from phase10.match import Match, Seat
from phase10.storage import KEY_FILE_SIZE, FileStore, StorageError, check_key, signing_key

#: What every refusal of a damaged key ends with: what to do about it.
ADVICE = "; remove it to make a new key (saves signed with it will no longer load)"


def _data_key() -> Path:
    """The key the commands use: in the data directory the tests' conftest gives them."""
    return Path(os.environ["PHASE10_DATA_DIR"]) / "integrity.key"


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def _child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}


# ---------------------------------------------------------------------------- racing games

#: A game starting: it waits for "go" on its stdin (so that all start at once), saves to
#: argv[1] with the key argv[2] (making the key if there is none) and prints the key it used.
RACER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from phase10.storage import FileStore, signing_key

    print("ready", flush=True)
    sys.stdin.readline()
    FileStore(key_file=sys.argv[2]).save(sys.argv[1], {"racer": sys.argv[1]})
    print(signing_key(Path(sys.argv[2]), create=False).hex(), flush=True)
    """
)


@pytest.mark.parametrize("round_", range(4))
def test_games_starting_together_agree_on_one_whole_key(tmp_path: Path, round_: int) -> None:
    """Four real processes released together all make the key at once;
    they end with one key file, whole and private, every one of them signed with it (each
    save loads under it), and no temporary file is left. Run four times."""
    key = tmp_path / "data" / "integrity.key"
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, str(tmp_path / f"game{n}.json"), str(key)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=_child_env(),
        )
        for n in range(4)
    ]
    try:
        for racer in racers:
            assert racer.stdout is not None
            assert racer.stdout.readline() == "ready\n"
        for racer in racers:
            assert racer.stdin is not None
            racer.stdin.write("go\n")
            racer.stdin.flush()
        used = [racer.communicate(timeout=60)[0].strip() for racer in racers]
    finally:
        for racer in racers:
            if racer.poll() is None:
                racer.kill()
                racer.wait()
    assert [racer.returncode for racer in racers] == [0, 0, 0, 0]
    text = key.read_text(encoding="ascii")
    assert len(text) == KEY_FILE_SIZE
    assert used == [text.strip()] * 4
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    assert sorted(p.name for p in key.parent.iterdir()) == ["integrity.key"]
    store = FileStore(key_file=key)
    for n in range(4):
        path = str(tmp_path / f"game{n}.json")
        assert store.load(path) == {"racer": path}


# ---------------------------------------------------------------------------- damaged keys


def _fifo(key: Path) -> None:
    os.mkfifo(key)


def _link(key: Path) -> None:
    real = key.with_name("real.key")
    real.write_text("ab" * 32 + "\n")
    key.symlink_to(real)


DAMAGED: dict[str, tuple[Callable[[Path], object], str]] = {
    "empty": (lambda key: key.write_bytes(b""), "is empty"),
    "truncated": (lambda key: key.write_text("ab" * 10), "is cut short (20 bytes of 65)"),
    "no newline": (lambda key: key.write_text("ab" * 32), "is cut short (64 bytes of 65)"),
    "too long": (
        lambda key: key.write_text("ab" * 40 + "\n"),
        "is too long (more than 65 bytes)",
    ),
    "not hex": (
        lambda key: key.write_text("zz" * 32 + "\n"),
        "does not hold a key (64 hexadecimal digits and a newline)",
    ),
    "folder": (lambda key: key.mkdir(), "is a folder"),
    "fifo": (_fifo, "is not a regular file"),
    "symlink": (_link, "is a symlink, not the file this game made"),
}


@pytest.mark.parametrize("damage", sorted(DAMAGED))
def test_a_damaged_key_is_refused_naming_it_never_used(tmp_path: Path, damage: str) -> None:
    """An empty, cut-short, too long or non-hexadecimal key file, or one
    that is a folder, a FIFO or a symlink, is refused by saving, loading and the check
    before a game, with one line naming the file, what is wrong and what to do; it is left
    as it was and nothing is saved with it."""
    good = FileStore(key_file=tmp_path / "good.key")
    save = tmp_path / "game.json"
    good.save(str(save), {"hello": "world"})
    before = save.read_bytes()
    key = tmp_path / "integrity.key"
    make, what = DAMAGED[damage]
    make(key)
    expected = f"{key}: the key that signs your saves {what}{ADVICE}"
    store = FileStore(key_file=key)
    for attempt in (
        lambda: store.save(str(save), {"hello": "again"}),
        lambda: store.save(str(tmp_path / "new.json"), {"hello": "new"}),
        lambda: store.load(str(save)),
        lambda: check_key(key),
    ):
        with pytest.raises(StorageError) as caught:
            attempt()
        assert str(caught.value) == expected
    assert save.read_bytes() == before
    assert not (tmp_path / "new.json").exists()
    assert os.path.lexists(key)
    assert _temporaries(tmp_path) == []


def test_a_key_written_by_the_earlier_version_still_signs(tmp_path: Path) -> None:
    """Keys made before this change (the same 64 hexadecimal digits and a
    newline, written in place) are read as they are: existing saves keep loading."""
    key = tmp_path / "integrity.key"
    key.write_text(bytes(range(32)).hex() + "\n", encoding="ascii")
    assert signing_key(key, create=True) == bytes(range(32))
    store = FileStore(key_file=key)
    store.save(str(tmp_path / "game.json"), {"a": 1})
    assert store.load(str(tmp_path / "game.json")) == {"a": 1}
    assert key.read_text() == bytes(range(32)).hex() + "\n"


@pytest.mark.parametrize("mode", ["--plain", "--screen"])
def test_play_with_an_empty_key_stops_before_the_game_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], mode: str
) -> None:
    """`play` (line by line or full screen) with an empty integrity.key was
    a game signed with the empty key; now one line naming the key and what to do, exit 2,
    before any game (the full screen is never started)."""
    key = _data_key()
    key.parent.mkdir(parents=True, exist_ok=True)
    key.write_bytes(b"")
    status, out, err = _run(monkeypatch, capsys, ["play", mode, "--players", "2", "--seed", "3"])
    assert (status, out) == (2, "")
    assert err == f"phase10: error: {key}: the key that signs your saves is empty{ADVICE}\n"
    assert key.read_bytes() == b""
    assert not (key.parent / "saves").exists()


@pytest.mark.parametrize("mode", ["--plain", "--screen"])
def test_resume_with_a_cut_short_key_is_one_line_exit_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    mode: str,
) -> None:
    """`resume` of a good save whose key was cut short afterwards: one line
    naming the key, exit 2, no traceback, and the save untouched."""
    bots = [Seat("Ann"), Seat("Bot", make_bot("easy", "phase10"))]
    save = tmp_path / "game.json"
    Match.start(find_variant("standard"), bots, seed=5).save(save)
    before = save.read_bytes()
    key = _data_key()
    key.write_bytes(key.read_bytes()[:30])
    status, out, err = _run(monkeypatch, capsys, ["resume", mode, str(save)])
    assert (status, out) == (2, "")
    assert err == (
        f"phase10: error: {key}: the key that signs your saves is cut short "
        f"(30 bytes of 65){ADVICE}\n"
    )
    assert save.read_bytes() == before


def test_the_full_screen_says_a_key_damaged_mid_game_and_does_not_save(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The full screen (``phase10 play`` on a terminal, headless here): the key emptied
    during the game, after the first save; the next move's save fails and says so on the
    screen, naming the key; leaving says the game was NOT saved and why (exit status 1),
    and nothing is signed with the empty key: the save on disk is the one made before."""
    from textual.pilot import Pilot

    from phase10.cli import local_play
    from phase10.tui.local import LocalApp
    from tui.helpers import headless_play_local, in_log, settle, until

    key = _data_key()
    save = tmp_path / "game.json"
    bots = [Seat("Ann"), Seat("Bot", make_bot("easy", "phase10"))]
    warning = f"Warning: cannot save to {save}: {key}: the key that signs your saves is empty"
    before: list[bytes] = []

    async def empty_the_key_then_draw(pilot: Pilot[object], app: LocalApp) -> None:
        await settle(pilot, app)
        before.append(save.read_bytes())
        key.write_bytes(b"")
        await pilot.press("d")
        await until(pilot, lambda: in_log(app, warning), "the warning")
        await pilot.press("q")

    headless_play_local(monkeypatch, empty_the_key_then_draw)
    match = Match.start(find_variant("standard"), bots, seed=5)
    assert local_play.play(match, str(save), "en", resumed=False, screen=True) == 1
    out = capsys.readouterr().out
    assert f"The game was NOT saved to {save}: {key}: the key that signs your saves is empty" in out
    assert save.read_bytes() == before[0]
    assert key.read_bytes() == b""


# ---------------------------------------------------------------------------- killed writers


def test_a_leftover_temporary_key_does_not_break_the_next_start(tmp_path: Path) -> None:
    """A writer killed with its temporary key file half written (planted
    here by hand, its process long gone) leaves no key: the next save makes a whole key,
    signs with it, and removes the leftover; other files are not touched."""
    key = tmp_path / "integrity.key"
    leftover = tmp_path / ".integrity.key.999999999-abcd1234.tmp"
    leftover.write_text("ab" * 5)
    (tmp_path / "notes.txt").write_text("mine")
    check_key(key)  # no key yet: nothing wrong, and nothing made
    assert not key.exists()
    store = FileStore(key_file=key)
    store.save(str(tmp_path / "game.json"), {"a": 1})
    assert len(key.read_bytes()) == KEY_FILE_SIZE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "integrity.key", "notes.txt"]
    assert store.load(str(tmp_path / "game.json")) == {"a": 1}


#: A game making its key, held by its own os.fsync (the temporary file is created and the
#: key written, not yet published) or right after its os.link (published, the temporary
#: file not yet removed), until the test kills it.
HELD_KEY = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from phase10.storage import signing_key

    where = sys.argv[2]
    real = getattr(os, where)

    def held(*args):
        if where == "link":
            real(*args)
        print("held", flush=True)
        time.sleep(60)
        real(*args)

    setattr(os, where, held)
    signing_key(Path(sys.argv[1]), create=True)
    """
)


@pytest.mark.parametrize("where", ["fsync", "link"])
def test_a_writer_killed_with_kill_9_leaves_a_state_the_next_start_mends(
    tmp_path: Path, where: str
) -> None:
    """A real process making the key is killed with kill -9 right after
    creating its temporary file (held in its fsync), or right after publishing the key (held
    after its link). Either the key is absent or it is whole, never partial; the next save
    works (with the published key, if any), and removes the leftover temporary file."""
    key = tmp_path / "integrity.key"
    child = subprocess.Popen(
        [sys.executable, "-c", HELD_KEY, str(key), where],
        stdout=subprocess.PIPE,
        text=True,
        env=_child_env(),
    )
    assert child.stdout is not None
    try:
        assert child.stdout.readline() == "held\n"
    finally:
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
        child.stdout.close()
    left = _temporaries(tmp_path)
    assert len(left) == 1
    assert left[0].startswith(f".integrity.key.{child.pid}-")
    published = signing_key(key, create=False)
    assert (published is not None) == (where == "link")
    store = FileStore(key_file=key)
    store.save(str(tmp_path / "game.json"), {"a": 1})
    assert _temporaries(tmp_path) == []
    made = signing_key(key, create=False)
    assert made is not None
    if published is not None:
        assert made == published
    assert store.load(str(tmp_path / "game.json")) == {"a": 1}


# ---------------------------------------------------------------------------- the fuzzer's folders

#: Where a phase10 process writes, as the code computes it from its environment.
PLACES = textwrap.dedent(
    """
    from phase10.cli.places import config_dir
    from phase10.storage import data_dir, default_key_file, default_save
    from phase10.web.server import default_database
    for place in (data_dir(), default_key_file(), default_save(), config_dir()):
        print(place)
    print(default_database().split(":///", 1)[1])
    """
)


def test_the_command_fuzzer_keeps_every_write_in_its_scratch_folder(
    tmp_path: Path,
) -> None:
    """scripts/fuzz_commands.py once set a variable the saves and the key ignored, so its
    cases could write into the real data folder. A real phase10 process run with the case
    environment puts every place it writes to (saves, the key, settings, the server's
    database, online seats) inside the case's scratch folder."""
    import importlib.util

    script = Path(__file__).parent.parent / "scripts" / "fuzz_commands.py"
    spec = importlib.util.spec_from_file_location("fuzz_commands", script)
    assert spec is not None
    assert spec.loader is not None
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    env = fuzz.scratch_env(str(tmp_path))
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    done = subprocess.run(
        [sys.executable, "-c", PLACES], capture_output=True, text=True, env=env, check=True
    )
    places = done.stdout.splitlines()
    assert len(places) == 5
    for place in places:
        assert Path(place).is_relative_to(tmp_path), place
