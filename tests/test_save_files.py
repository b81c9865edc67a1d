"""Files, saves and records. Real files, symlinks and devices (the
tests run as root, so permissions alone would not stop a write to /dev/null)."""

from __future__ import annotations

import builtins
import copy
import functools
import hashlib
import json
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phase10 import find_variant
from phase10.bots import make_bot
from phase10.cli.main import main
from phase10.match import Match, MatchError, Seat
from phase10.storage import FileStore, StorageError, check_target

GAMES = (("phase10", "standard"), ("programmes", "programmes"))


def _match(game: str, rules: str, steps: int = 40) -> Match:
    """A real match ``steps`` bot moves in, with a person (Ann) in seat 0."""
    bots = [Seat(f"Bot{i}", make_bot("easy", game)) for i in range(3)]
    match = Match.start(find_variant(rules), bots, seed=5)
    for _ in range(steps):
        match.bot_step()
    return Match(match.record, [Seat("Ann"), *match.seats[1:]], match.state, match.log)


def _run(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    lines: tuple[str, ...] = ("q",),
    on_input: Callable[[], None] | None = None,
) -> tuple[int, str, str]:
    feed = iter(lines)

    def fake_input(prompt: str = "") -> str:
        if on_input is not None:
            on_input()
        print(prompt, end="")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    class Keyboard:
        """Standard input that types ``lines`` and runs ``on_input`` before each."""

        def isatty(self) -> bool:
            return False

        def readline(self) -> str:
            try:
                return fake_input() + "\n"
            except EOFError:
                return ""

    monkeypatch.setattr(builtins, "input", fake_input)
    monkeypatch.setattr("sys.stdin", Keyboard())
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


# ---------------------------------------------------------------------------- malformed files


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[" * 100_000, "nested too deeply"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "more than 4300 digits"),
        (b'{"seed": NaN}', "NaN"),
        (b'{"seed": Infinity}', "Infinity"),
        (b"[5]", "JSON object"),
    ],
)
def test_a_malformed_save_is_one_clear_line_naming_the_file_exit_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    content: bytes,
    says: str,
) -> None:
    """Invalid UTF-8, deep nesting, huge numbers, NaN: exit 2, no trace."""
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    status, _, err = _run(monkeypatch, capsys, ["resume", "--plain", str(path)])
    assert status == 2
    assert err.startswith(f"phase10: error: {path}")
    assert says in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("path", ["/dev/zero", "", "/tmp"])
def test_devices_folders_and_empty_paths_are_refused_for_every_file_option(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], path: str
) -> None:
    """/dev/zero (which never ends), a folder or '' as a save, a rules file
    or a program deck: a clear error, exit 2, without reading forever."""
    commands = [
        ["resume", "--plain", path],
        ["play", "--plain", "--rules-file", path],
        ["play", "--plain", "--save", path],
    ]
    if path:  # an empty --programs means the standard deck, as no option does
        commands.append(["play", "--plain", "--game", "programmes", "--programs", path])
    for args in commands:
        status, _, err = _run(monkeypatch, capsys, args)
        assert status == 2, (args, err)
        assert err.startswith("phase10: error: "), args
        assert "internal error" not in err, args


@pytest.mark.parametrize("suits", [["HD"], [1], ["X"], [""], []])
def test_program_deck_suits_are_single_known_letters(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    suits: list[object],
) -> None:
    """A suit ["HD"] was read as H (a substring of SHDC), [1] raised TypeError."""
    card = {
        "id": "x",
        "kind": "program",
        "copies": 1,
        "directives": [{"mult": 1, "kind": "set", "len": 3}],
        "suits": suits,
    }
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps([card]))
    args = ["play", "--plain", "--game", "programmes", "--programs", str(deck)]
    status, _, err = _run(monkeypatch, capsys, args)
    assert status == 2
    assert "suits: must be null or a non-empty list of S, H, D, C" in err


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_byte_flips_of_a_real_save_load_identically_or_are_refused(
    data: st.DataObject,
) -> None:
    """A property: flipping bits anywhere in a real save either leaves
    a file that loads as the same game, or gets the game's own clear error; never another
    exception, never a different game loaded silently."""
    raw, original, folder, store = _flip_sample()
    flipped = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 3))):
        flipped[data.draw(st.integers(0, len(raw) - 1))] ^= 1 << data.draw(st.integers(0, 7))
    path = folder / "flipped.json"
    path.write_bytes(bytes(flipped))
    try:
        loaded = Match.load(path, store).to_dict()
    except MatchError:
        return
    assert loaded == original


@functools.cache
def _flip_sample() -> tuple[bytes, dict[str, object], Path, FileStore]:
    """A real save signed with a key of its own (the tests' data directory changes per test)."""
    folder = Path(tempfile.mkdtemp(prefix="phase10-flips-"))
    store = FileStore(key_file=folder / "integrity.key")
    match = _match("phase10", "standard", steps=30)
    store.save(str(folder / "save.json"), match.to_dict())
    return (folder / "save.json").read_bytes(), match.to_dict(), folder, store


# ---------------------------------------------------------------------------- devices and links


def test_dev_null_and_links_to_devices_or_folders_are_never_replaced(
    tmp_path: Path,
) -> None:
    """As root, saving to /dev/null (or a symlink to it, or to a folder)
    is refused and the device stays a device."""
    link_device = tmp_path / "to-null.json"
    link_device.symlink_to("/dev/null")
    link_folder = tmp_path / "to-folder.json"
    link_folder.symlink_to(tmp_path)
    for target in ("/dev/null", str(link_device), str(link_folder), str(tmp_path), " "):
        with pytest.raises(StorageError, match=r"cannot save there|empty"):
            FileStore().save(target, {"a": 1})
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert link_device.is_symlink()
    assert link_folder.is_symlink()
    with pytest.raises(StorageError, match="not a regular file"):
        check_target("/dev/null")


def test_a_symlink_planted_at_a_temporary_name_is_never_followed(tmp_path: Path) -> None:
    """The temporary file is made exclusively under a fresh random name in
    the save's folder; links planted at the names an attacker could guess stay untouched."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    target = tmp_path / "game.json"
    for name in ("game.json.tmp", ".game.json.tmp", ".game.json..tmp"):
        (tmp_path / name).symlink_to(victim)
    FileStore().save(str(target), {"a": 1})
    assert victim.read_text() == "precious"
    assert FileStore().load(str(target)) == {"a": 1}
    assert stat.S_ISREG(os.lstat(target).st_mode)
    leftovers = {p.name for p in tmp_path.iterdir()} - {"game.json", "victim.txt"}
    assert leftovers == {"game.json.tmp", ".game.json.tmp", ".game.json..tmp"}


def test_play_refuses_a_device_before_the_game_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--save /dev/null` is exit 2 at once, not a game that cannot save."""
    status, out, err = _run(monkeypatch, capsys, ["play", "--plain", "--save", "/dev/null"])
    assert status == 2
    assert err == "phase10: error: /dev/null: cannot save there: it is not a regular file\n"
    assert out == ""


# ---------------------------------------------------------------------------- failed saves


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_a_failed_save_is_said_with_where_to_save_instead_and_exit_1(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    game: str,
) -> None:
    """The save's folder becomes a file during the game (as a full disk or a
    lost mount would make it fail); the game warns, says at the end that it is NOT saved, why,
    and the --save that would work, and exits 1 (never "Game saved to" and 0)."""
    folder = tmp_path / "saves"
    folder.mkdir()
    save = folder / "game.json"

    def break_the_folder() -> None:
        if folder.is_dir():
            shutil.rmtree(folder)
            folder.write_text("")

    args = ["play", "--plain", "--game", game, "--players", "2", "--seed", "3", "--save", str(save)]
    status, out, _ = _run(monkeypatch, capsys, args, ("?", "q"), break_the_folder)
    assert status == 1
    assert f"Warning: cannot save to {save}: Not a directory" in out
    assert f"The game was NOT saved to {save}: Not a directory." in out
    assert "--save " + str(Path(os.environ["PHASE10_DATA_DIR"]) / "saves") in out
    assert "Game saved to" not in out


def test_the_full_screen_says_the_save_failed_and_returns_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The full screen (``phase10 play`` on a terminal, headless here): a save path that
    cannot be written is warned of, and leaving with q says the game was NOT saved, why,
    and where it would be saved, with exit status 1."""
    from textual.pilot import Pilot

    from phase10.cli import local_play
    from phase10.tui.local import LocalApp
    from tui.helpers import headless_play_local, settle

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    save = blocker / "game.json"

    async def quit_at_once(pilot: Pilot[object], app: LocalApp) -> None:
        await settle(pilot, app)
        await pilot.press("q")

    apps = headless_play_local(monkeypatch, quit_at_once)
    match = _match("phase10", "standard", steps=0)
    assert local_play.play(match, str(save), "en", resumed=False, screen=True) == 1
    assert apps[0].return_value == "left"
    out = capsys.readouterr().out
    assert f"Warning: cannot save to {save}: Not a directory" in out
    assert f"The game was NOT saved to {save}: Not a directory." in out
    assert "Game saved to" not in out


# --------------------------------------------------------------------------- saves without a person


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_both_games_resume_a_hot_seat_save_line_by_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    game: str,
    rules: str,
) -> None:
    """A hot-seat save (two people) resumes in the line mode of both games."""
    save = tmp_path / "hot.json"
    args = ["play", "--plain", "--game", game, "--people", "Ann,Bob", "--seed", "4"]
    status, _, _ = _run(monkeypatch, capsys, [*args, "--save", str(save)], ("", "q"))
    assert status == 0
    status, out, err = _run(monkeypatch, capsys, ["resume", "--plain", str(save)], ("", "q"))
    assert (status, err) == (0, "")
    assert "played by a person" not in out
    assert "Game saved to" in out


@pytest.mark.parametrize(("game", "rules"), GAMES)
@pytest.mark.parametrize("mode", ["--plain", "--screen"])
def test_an_all_computer_save_is_refused_alike_by_both_games_in_both_modes(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    game: str,
    rules: str,
    mode: str,
) -> None:
    """Decision 0010: `play` never writes a save without a person; one
    made otherwise is refused the same way by both games, line mode or full screen."""
    seats = [Seat("A", make_bot("easy", game)), Seat("B", make_bot("easy", game))]
    save = tmp_path / "bots.json"
    Match.start(find_variant(rules), seats, seed=2).save(save)
    status, _out, err = _run(monkeypatch, capsys, ["resume", mode, str(save)])
    assert status == 2
    assert err == f"phase10: error: {save}: no seat in this game is played by a person\n"


# ---------------------------------------------------------------------------- signed saves


def _plain_sha(data: dict[str, object]) -> str:
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def _changed(value: object) -> object:
    """Another legal value of a rule flag: the other boolean, or one less."""
    return (not value) if isinstance(value, bool) else int(value) - 1  # type: ignore[call-overload]


def _edits(data: dict[str, object]) -> dict[str, dict[str, object]]:
    record = data["record"]
    assert isinstance(record, dict)
    seats = data["seats"]
    assert isinstance(seats, list)
    actions = record["actions"]
    decks = record.get("decks") or record.get("programs")
    flags = record["rules"]["flags"]
    flag, value = next((k, v) for k, v in flags.items() if isinstance(v, (bool, int)))
    edits: dict[str, dict[str, object]] = {
        "actions dropped": {**data, "record": {**record, "actions": actions[:-2]}},
        "person moved": {**data, "seats": [seats[1], seats[0], *seats[2:]]},
        "rule flag changed": {
            **data,
            "record": {
                **record,
                "rules": {
                    **record["rules"],
                    "flags": {**flags, flag: _changed(value)},
                },
            },
        },
    }
    if decks:
        words = decks[0].split()
        reordered = " ".join([*words[:-2], words[-1], words[-2]])
        key = "decks" if "decks" in record else "programs"
        edits["undrawn cards reordered"] = {
            **data,
            "record": {**record, key: [reordered, *decks[1:]]},
        }
    return edits


@pytest.mark.parametrize(("game", "rules"), GAMES)
@pytest.mark.parametrize("how", ["no checksum", "plain sha256 recomputed", "old signature kept"])
def test_an_edited_but_legal_save_is_refused_on_loading(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    game: str,
    rules: str,
    how: str,
) -> None:
    """Actions dropped, undrawn cards reordered, a rule flag changed, the
    person moved to another seat: refused with a clear message, whether the editor removed
    the checksum, recomputed a plain SHA-256, or kept the old signature."""
    save = tmp_path / "game.json"
    _match(game, rules).save(save)
    signed = json.loads(save.read_text())
    for label, edited in _edits(signed).items():
        changed = copy.deepcopy(edited)
        if how == "no checksum":
            changed.pop("checksum")
        elif how == "plain sha256 recomputed":
            changed["checksum"] = _plain_sha(changed)
        save.write_text(json.dumps(changed, indent=1))
        status, _, err = _run(monkeypatch, capsys, ["resume", "--plain", str(save)])
        assert status == 2, label
        assert "changed by hand" in err, (label, err)
        assert str(save) in err, label


def test_a_save_signed_with_another_players_key_is_refused(tmp_path: Path) -> None:
    """The signature is keyed per user: another key (another account, or a
    key file copied from elsewhere) does not vouch for this file."""
    save = tmp_path / "game.json"
    data = _match("phase10", "standard").to_dict()
    FileStore(key_file=tmp_path / "other.key").save(str(save), data)
    with pytest.raises(MatchError, match=r"signed with another integrity\.key"):
        Match.load(save)
    FileStore().save(str(save), data)
    assert Match.load(save).to_dict() == data


def test_the_key_is_made_once_private_to_its_owner(tmp_path: Path) -> None:
    """``integrity.key`` is created with mode 0600 and then reused."""
    key = tmp_path / "k" / "integrity.key"
    store = FileStore(key_file=key)
    store.save(str(tmp_path / "a.json"), {"a": 1})
    first = key.read_text()
    store.save(str(tmp_path / "b.json"), {"b": 2})
    assert key.read_text() == first
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
