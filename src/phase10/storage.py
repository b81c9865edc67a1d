"""Where saved games live: one small interface, and the file store the terminal uses.

A :class:`Store` keeps JSON objects under string keys. :class:`FileStore` (the key is a file
path) writes atomically: a temporary file created exclusively in the same folder, flushed and
fsynced, then renamed over the target, so a crash leaves either the old save or the new one,
never half of one. Only regular files are written: a device, a folder or a symlink to one is
refused. The temporary file is named ``.NAME.PID-XXXXXXXX.tmp`` after the writer's process: a
writer removes its own on any failure, and a later save to the same path removes those whose
process is gone (a kill -9 mid-save), never anything else (:func:`remove_leftovers`).

Every saved object carries a signature of its content: an HMAC-SHA256 keyed with a random key
kept in the user's data directory (``integrity.key``, made on first use, readable by its owner
only, published whole with a hard link so that it never exists half-written, and refused, never
used, when it is not exactly what the game writes: :func:`signing_key`). Loading a file whose
signature is missing or does not match refuses it plainly, so a save damaged on disk or edited
by hand (even one whose plain hash was recomputed) is never played as if the game had written
it. What this protects against and what it cannot (the file's owner can read the key and always
cheat) is in docs/saves.md. The server's SQLite store implements the same interface and keeps
its records out of the players' reach.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> store = FileStore()
>>> path = os.path.join(folder, "saves", "game.json")
>>> store.save(path, {"hello": "world"})
>>> store.load(path)
{'hello': 'world'}
>>> with open(path, "r+", encoding="utf-8") as file:
...     text = file.read().replace("world", "wörld")
...     _ = file.seek(0), file.write(text), file.truncate()
>>> store.load(path)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
phase10.storage.StorageError: ...game.json: the save is damaged or was changed by hand ...
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import re
import shlex
import stat
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Final, Protocol

import platformdirs

from phase10.kernel.errors import Phase10Error
from phase10.kernel.files import parse_json, read_text

__all__ = [
    "CHECKSUM",
    "FileStore",
    "StorageError",
    "Store",
    "check_key",
    "check_target",
    "check_writable",
    "checksum",
    "leftovers",
    "remove_leftovers",
    "signature",
    "signing_key",
]

#: The key of the signature inside every stored object.
CHECKSUM: Final = "checksum"
#: The file, in the user's data directory, holding this user's signing key.
KEY_NAME: Final = "integrity.key"
#: How many random bytes a key has, and the size of its file (hexadecimal and a newline).
KEY_BYTES: Final = 32
KEY_FILE_SIZE: Final = 2 * KEY_BYTES + 1
_KEY_TEXT: Final = re.compile(b"[0-9a-f]{%d}\n" % (2 * KEY_BYTES))
#: What a signature starts with; anything else (an older plain ``sha256:``) is not ours.
SIGNED: Final = "hmac-sha256:"
#: The name of the default save in :func:`saves_dir`.
DEFAULT_SAVE_NAME: Final = "last-game.json"
#: A save takes milliseconds: a temporary file this old (seconds) is a leftover even if a
#: process of its number runs (the number was reused), or if its name has no number (older
#: versions of the game).
STALE_AFTER: Final = 3600.0


class StorageError(Phase10Error, ValueError):
    """A save that cannot be written or read back; the message names it and says why."""


class Store(Protocol):
    """JSON objects kept under string keys."""

    def save(self, key: str, data: Mapping[str, Any]) -> None:
        """Keep ``data`` under ``key``, replacing what was there, all or nothing."""
        ...

    def load(self, key: str) -> dict[str, Any]:
        """What :meth:`save` kept under ``key``; ``StorageError`` if missing or damaged."""
        ...


def _canonical(data: Mapping[str, Any]) -> bytes:
    body = {k: v for k, v in data.items() if k != CHECKSUM}
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.encode("utf-8")


def checksum(data: Mapping[str, Any]) -> str:
    """The plain SHA-256 of ``data``'s canonical JSON (sorted keys, no spaces), without any
    checksum it already holds. Anyone can recompute it: it tells damage, not editing.

    >>> checksum({"a": 1}) == checksum({"a": 1, "checksum": "x"})
    True
    """
    return "sha256:" + hashlib.sha256(_canonical(data)).hexdigest()


def signature(data: Mapping[str, Any], key: bytes) -> str:
    """The HMAC-SHA256 of ``data``'s canonical JSON under ``key`` (any signature it already
    holds left out): only someone holding ``key`` can make one that matches.

    >>> signature({"a": 1}, b"k") == signature({"a": 1, "checksum": "x"}, b"k")
    True
    >>> signature({"a": 1}, b"k") == signature({"a": 1}, b"other key")
    False
    """
    return SIGNED + hmac.new(key, _canonical(data), hashlib.sha256).hexdigest()


# ---------------------------------------------------------------------------- places


#: The one variable that moves the data folder, for every command.
DATA_DIR_VARIABLE: Final = "PHASE10_DATA_DIR"
#: What ``phase10 serve`` and ``phase10 join`` once read instead: refused, never ignored, so
#: a server started with it never quietly writes its database somewhere else.
OLD_DATA_VARIABLE: Final = "PHASE10_DATA"


class DataFolderError(Phase10Error):
    """The environment names the data folder in a way this version no longer reads."""


def data_dir() -> Path:
    """The user's data folder: saves, the signing key, the server's database, online seats.

    ``PHASE10_DATA_DIR`` moves it; the old ``PHASE10_DATA`` is refused with a message that
    names the new one.

    >>> (data_dir() / "saves") == saves_dir()
    True
    """
    if OLD_DATA_VARIABLE in os.environ:
        raise DataFolderError(
            f"{OLD_DATA_VARIABLE} is no longer read: set {DATA_DIR_VARIABLE} instead "
            "(one folder for saves, the signing key, the server's database and online seats)"
        )
    override = os.environ.get(DATA_DIR_VARIABLE)
    return Path(override) if override else Path(platformdirs.user_data_dir("phase10"))


def saves_dir() -> Path:
    return data_dir() / "saves"


def default_save() -> Path:
    """Where a game is saved when ``--save`` says nothing."""
    return saves_dir() / DEFAULT_SAVE_NAME


def elsewhere(path: str | os.PathLike[str]) -> Path:
    """Where to suggest saving when ``path`` failed: a free name in the
    data directory's saves, or in the home folder when the failed path was already there.

    >>> elsewhere("/nowhere/game.json").parent == saves_dir()
    True
    """
    target = Path(path)
    if target.resolve().parent != saves_dir().resolve():
        return free_save_path(default_save())
    return free_save_path(Path.home() / "phase10-game.json")


def free_save_path(path: Path) -> Path:
    """``path`` if nothing is there, else the first ``NAME-2.json``, ``NAME-3.json``... free."""
    if not path.exists():
        return path
    number = 2
    while (candidate := path.with_name(f"{path.stem}-{number}{path.suffix}")).exists():
        number += 1
    return candidate


def default_key_file() -> Path:
    """``integrity.key`` in the user's data directory (``PHASE10_DATA_DIR`` overrides it)."""
    return data_dir() / KEY_NAME


def check_key(path: Path | None = None) -> None:
    """Refuse now, before a game starts, a damaged signing key (``path``, default
    :func:`default_key_file`): the ``StorageError`` of :func:`signing_key`. No key at all is
    fine (the first save makes one), and nothing is created.

    >>> import tempfile
    >>> check_key(Path(tempfile.mkdtemp()) / "integrity.key")
    """
    signing_key(path or default_key_file(), create=False)


def signing_key(path: Path, *, create: bool) -> bytes | None:
    """This user's signing key from ``path``; ``None`` when there is none and ``create`` is
    false, else a new one made by :func:`_make_key`.

    A key file that is not exactly what the writer makes (a regular file, not a symlink,
    holding 64 lowercase hexadecimal digits and a newline) is refused with a
    ``StorageError`` naming it, what is wrong and what to do: never used as it is.

    >>> import tempfile
    >>> key = Path(tempfile.mkdtemp()) / "integrity.key"
    >>> signing_key(key, create=False) is None
    True
    >>> made = signing_key(key, create=True)
    >>> len(made), signing_key(key, create=False) == made
    (32, True)
    >>> _ = key.write_text("")
    >>> signing_key(key, create=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    phase10.storage.StorageError: ...integrity.key: the key that signs your saves is empty; ...
    """
    key = _read_key(path)
    if not create:
        return key
    # A key removed again between another game's publishing it and our reading it is made
    # anew; three times in a row means someone keeps removing it: said, not looped on.
    for _attempt in range(3):
        if key is not None:
            break
        key = _make_key(path)
    if key is None:
        raise _damaged_key(path, "keeps vanishing while it is being made")
    # A kill -9 while a key was being made leaves its temporary file: saving removes it.
    remove_leftovers(path)
    return key


def _read_key(path: Path) -> bytes | None:
    """The key in ``path``, ``None`` if there is no file there, ``StorageError`` if the file
    is not exactly what :func:`_make_key` writes."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _damaged_key(path, f"cannot be read ({exc.strerror})") from None
    if stat.S_ISLNK(info.st_mode):
        raise _damaged_key(path, "is a symlink, not the file this game made")
    if not stat.S_ISREG(info.st_mode):
        what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise _damaged_key(path, f"is {what}")
    try:
        # O_NOFOLLOW: a symlink swapped in since the lstat is refused, not followed.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return None  # removed meanwhile: as if never there
    except OSError as exc:
        raise _damaged_key(path, f"cannot be read ({exc.strerror})") from None
    with os.fdopen(handle, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise _damaged_key(path, "is not a regular file")
        # One byte more than a key: enough to tell a file too long, never a huge read.
        text = file.read(KEY_FILE_SIZE + 1)
    if not text:
        raise _damaged_key(path, "is empty")
    if len(text) < KEY_FILE_SIZE:
        raise _damaged_key(path, f"is cut short ({len(text)} bytes of {KEY_FILE_SIZE})")
    if len(text) > KEY_FILE_SIZE:
        raise _damaged_key(path, f"is too long (more than {KEY_FILE_SIZE} bytes)")
    if _KEY_TEXT.fullmatch(text) is None:
        raise _damaged_key(path, "does not hold a key (64 hexadecimal digits and a newline)")
    return bytes.fromhex(text.decode("ascii"))


def _make_key(path: Path) -> bytes | None:
    """Make this user's key at ``path``, or read the one another process made first
    (``None`` if that one is gone again already).

    The whole key is written to a temporary file in the same folder (created exclusively,
    mode 0600, fsynced), then published with ``os.link``, which fails if ``path`` exists: two
    games starting together agree on the first key published, and ``path`` never exists
    half-written. The temporary file is removed on every way out; only a kill -9 can leave
    one, and the next save removes it (:func:`remove_leftovers`).
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # mkstemp: O_CREAT | O_EXCL, mode 0600, a random name with this process's number.
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp"
        )
    except OSError as exc:
        raise StorageError(
            f"{path}: cannot make the key that signs your saves: {exc.strerror}"
        ) from None
    key = os.urandom(KEY_BYTES)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(key.hex().encode("ascii") + b"\n")
            file.flush()
            os.fsync(file.fileno())
        os.link(temporary, path)
    except FileExistsError:
        # Another game published its key first: that one is everybody's key.
        return _read_key(path)
    except OSError as exc:
        raise StorageError(
            f"{path}: cannot make the key that signs your saves: {exc.strerror}"
        ) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    _sync_folder(path.parent)
    return key


def _damaged_key(path: Path, what: str) -> StorageError:
    return StorageError(
        f"{path}: the key that signs your saves {what}; remove it to make a new key "
        "(saves signed with it will no longer load)"
    )


class FileStore:
    """Saves as signed JSON files; the key is the file's path.

    ``key_file`` holds the signing key (default: :func:`default_key_file`, read when first
    needed so that ``PHASE10_DATA_DIR`` set later still counts).
    """

    def __init__(self, key_file: str | os.PathLike[str] | None = None) -> None:
        self.key_file = None if key_file is None else Path(key_file)

    def _key(self, *, create: bool) -> bytes | None:
        return signing_key(self.key_file or default_key_file(), create=create)

    def save(self, key: str, data: Mapping[str, Any]) -> None:
        target = check_target(key)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"{target.parent}: cannot make the folder: {exc.strerror}") from None
        secret = self._key(create=True)
        assert secret is not None  # create=True makes one or raises
        payload = {
            **{k: v for k, v in data.items() if k != CHECKSUM},
            CHECKSUM: signature(data, secret),
        }
        text = json.dumps(payload, ensure_ascii=False, indent=1) + "\n"
        handle, temporary = _temporary(target)
        replaced = False
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, target)
            replaced = True
        except OSError as exc:
            raise StorageError(f"{target}: cannot save there: {exc.strerror}") from None
        finally:
            # Every way out but the rename (a full disk, Ctrl-C, a bug) removes the temporary
            # file; only a kill -9 can leave one, and the next save removes it.
            if not replaced:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
        _sync_folder(target.parent)
        remove_leftovers(target)

    def load(self, key: str) -> dict[str, Any]:
        if not key.strip():
            raise StorageError("the save's path is empty")
        # Only a regular file of sensible size is read (never /dev/zero); not UTF-8, not JSON,
        # too deep or a number too long: one clear StorageError naming the file.
        text = read_text(key, StorageError, " the saved game")
        data = parse_json(text, StorageError, key)
        if not isinstance(data, dict):
            raise StorageError(f"{key}: not a saved game (expected a JSON object)")
        stored = data.pop(CHECKSUM, None)
        if not isinstance(stored, str) or not stored.startswith(SIGNED):
            raise StorageError(
                f"{key}: not signed by this game on this account (no signature, or an older "
                "plain checksum), so it may have been changed by hand; it is not loaded"
            )
        secret = self._key(create=False)
        if secret is None or not hmac.compare_digest(stored, signature(data, secret)):
            other = self._signed_elsewhere(key, data, stored)
            if other is not None:
                # A good save, not a damaged one: it was written with PHASE10_DATA_DIR set
                # (or unset) otherwise, and the command that loads it must say the same.
                raise StorageError(
                    f"{key}: the save is intact, but it was signed with the {KEY_NAME} of "
                    f"another data directory, {other}, not of this one "
                    f"({(self.key_file or default_key_file()).parent}); load it with "
                    f"{DATA_DIR_VARIABLE}={shlex.quote(str(other))} set; it is not loaded"
                )
            raise StorageError(
                f"{key}: the save is damaged or was changed by hand (its signature does not "
                f"match its content, or it was signed with another {KEY_NAME}); it is not loaded"
            )
        return data

    def _signed_elsewhere(self, key: str, data: Mapping[str, Any], stored: str) -> Path | None:
        """The data directory whose key signed ``data`` (``stored``), where it is the one
        the save sits in (``DIR/saves/NAME.json``) and not this store's; else ``None``."""
        folder = Path(key).resolve().parent.parent
        own = (self.key_file or default_key_file()).resolve()
        other = folder / KEY_NAME
        if other.resolve() == own:
            return None
        try:
            secret = signing_key(other, create=False)
        except (StorageError, OSError):
            return None
        if secret is None or not hmac.compare_digest(stored, signature(data, secret)):
            return None
        return folder


def check_target(key: str) -> Path:
    """``key`` as a path a save may be written to; ``StorageError`` if it is empty, or a
    device, a folder or a symlink to one (never replace ``/dev/null``).

    >>> check_target("/dev/null")
    Traceback (most recent call last):
    ...
    phase10.storage.StorageError: /dev/null: cannot save there: it is not a regular file
    """
    if not key.strip():
        raise StorageError("the save's path is empty")
    target = Path(key)
    _refuse_special(target)
    return target


def check_writable(key: str) -> Path:
    """``key`` as a path a save can really be written to, checked before a game starts:
    :func:`check_target`, then its folder exists or can be made, and a file can
    be created in it. The check makes an exclusive probe file (and any missing folder) and
    removes them again: it leaves nothing behind.

    >>> check_writable("/proc/phase10-no-such-folder/game.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    phase10.storage.StorageError: /proc/...: cannot make the folder /proc/phase10-no-such-folder ...
    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> _ = check_writable(os.path.join(folder, "new", "game.json"))
    >>> os.listdir(folder)
    []
    """
    target = check_target(key)
    missing: list[Path] = []
    folder = target.parent
    while not folder.is_dir():
        if folder.exists() or folder.is_symlink():
            raise StorageError(f"{target}: cannot save there: {folder} is not a folder")
        if folder.parent == folder:  # "/" or "." that is no folder: the walk ends here
            raise StorageError(f"{target}: cannot save there: the folder {folder} is gone")
        missing.append(folder)
        folder = folder.parent
    made: list[Path] = []
    try:
        for folder in reversed(missing):
            try:
                folder.mkdir()
            except FileExistsError:
                continue  # made meanwhile by someone else: theirs, not ours to remove
            except OSError as exc:
                raise StorageError(
                    f"{target}: cannot save there: cannot make the folder {folder} ({exc.strerror})"
                ) from None
            made.append(folder)
        handle, probe = _temporary(target)
        os.close(handle)
        os.unlink(probe)
    finally:
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()
    return target


def _temporary(target: Path) -> tuple[int, str]:
    """A new temporary file next to ``target``, open for writing: ``.NAME.PID-XXXXXXXX.tmp``."""
    try:
        # mkstemp opens with O_CREAT | O_EXCL under a fresh random name: a file or symlink
        # planted in the folder is never opened, let alone followed. The process number in
        # the name tells a later save whether the writer is gone.
        return tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.{os.getpid()}-", suffix=".tmp"
        )
    except OSError as exc:
        raise StorageError(f"{target}: cannot save there: {exc.strerror}") from None


def _leftover_pattern(target: Path) -> re.Pattern[str]:
    # The PID-XXXXXXXX names of this version and the XXXXXXXX names of older ones; the eight
    # characters are those of mkstemp's random names.
    return re.compile(rf"\.{re.escape(target.name)}\.(?:(\d{{1,10}})-)?[a-z0-9_]{{8}}\.tmp")


def leftovers(target: Path, now: float | None = None) -> Iterator[Path]:
    """The temporary files next to ``target`` that no running save is writing: regular files
    (never a symlink or a folder) named like this module's temporary files for ``target``,
    whose writing process is gone, or older than :data:`STALE_AFTER` seconds."""
    pattern = _leftover_pattern(target)
    now = time.time() if now is None else now
    try:
        with os.scandir(target.parent) as found:
            entries = list(found)
    except OSError:
        return
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match is None:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            continue
        pid = match.group(1)
        if now - info.st_mtime > STALE_AFTER or (pid is not None and _process_gone(int(pid))):
            yield Path(entry.path)


def remove_leftovers(target: str | os.PathLike[str]) -> int:
    """Remove the :func:`leftovers` of earlier saves to ``target`` (a kill -9 mid-save leaves
    one); returns how many went. ``os.unlink`` never follows a symlink and fails on a folder,
    so even a name swapped meanwhile costs nothing but that name.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / ".game.json.999999999-abcd1234.tmp").write_text("half a save")
    11
    >>> (folder / ".game.json.999999999-abcd5678.tmp").mkdir()
    >>> remove_leftovers(folder / "game.json"), sorted(p.name for p in folder.iterdir())
    (1, ['.game.json.999999999-abcd5678.tmp'])
    """
    removed = 0
    for path in leftovers(Path(target)):
        try:
            os.unlink(path)
        except OSError:
            continue
        removed += 1
    return removed


def _process_gone(pid: int) -> bool:
    """Whether no process ``pid`` runs here (this process never counts as gone)."""
    if pid == os.getpid() or os.name != "posix":
        # Off POSIX, os.kill(pid, 0) is no harmless question: only age tells a leftover there.
        return False
    if not 0 < pid < 2**31:
        return False  # os.kill(0, ...) would mean the whole process group
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # it runs, as another user (PermissionError)
    return False


def _refuse_special(target: Path) -> None:
    """Only regular files are written: never a device, a folder, or through a symlink to one."""
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StorageError(f"{target}: cannot save there: {exc.strerror}") from None
    if not stat.S_ISREG(mode):
        what = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise StorageError(f"{target}: cannot save there: it is {what}")


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); a no-op where folders cannot be opened."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
