"""Where saved games live: one small interface, and the file store the terminal uses.

A :class:`Store` keeps JSON objects under string keys. :class:`FileStore` (the key is a file
path) writes atomically: a temporary file created exclusively in the same folder, flushed and
fsynced, then renamed over the target, so a crash leaves either the old save or the new one,
never half of one. Every saved object carries a checksum of its content; loading a file whose
checksum does not match says so plainly instead of handing on whatever the bytes now hold.
The server's SQLite store implements the same interface.

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

import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, Protocol

from phase10.kernel.errors import Phase10Error

__all__ = ["CHECKSUM", "FileStore", "StorageError", "Store", "checksum"]

#: The key of the checksum inside every stored object.
CHECKSUM: Final = "checksum"
#: A save bigger than this is not one of ours (a long game's save is well under 1 MB).
MAX_BYTES: Final = 16 * 1024 * 1024


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


def checksum(data: Mapping[str, Any]) -> str:
    """The SHA-256 of ``data``'s canonical JSON (sorted keys, no spaces), without any
    checksum it already holds.

    >>> checksum({"a": 1}) == checksum({"a": 1, "checksum": "x"})
    True
    """
    body = {k: v for k, v in data.items() if k != CHECKSUM}
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


class FileStore:
    """Saves as JSON files; the key is the file's path."""

    def save(self, key: str, data: Mapping[str, Any]) -> None:
        target = Path(key)
        if not key.strip():
            raise StorageError("the save's path is empty")
        _refuse_special(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        payload = {**{k: v for k, v in data.items() if k != CHECKSUM}, CHECKSUM: checksum(data)}
        text = json.dumps(payload, ensure_ascii=False, indent=1) + "\n"
        handle, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
        )
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        _sync_folder(target.parent)

    def load(self, key: str) -> dict[str, Any]:
        path = Path(key)
        try:
            if path.stat().st_size > MAX_BYTES:
                raise StorageError(f"{key}: too big to be a saved game")
            raw = path.read_bytes()
        except FileNotFoundError:
            raise StorageError(f"{key}: cannot read the saved game: no such file") from None
        except IsADirectoryError:
            raise StorageError(f"{key}: is a folder, not a saved game") from None
        except OSError as exc:
            raise StorageError(f"{key}: cannot read the save: {exc.strerror}") from None
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise StorageError(f"{key}: not UTF-8 text (byte {exc.start})") from None
        except (json.JSONDecodeError, RecursionError, ValueError) as exc:
            raise StorageError(f"{key}: not a saved game (not JSON: {exc})") from None
        if not isinstance(data, dict):
            raise StorageError(f"{key}: not a saved game (expected a JSON object)")
        stored = data.get(CHECKSUM)
        if stored is not None and stored != checksum(data):
            raise StorageError(
                f"{key}: the save is damaged or was changed by hand (its checksum does not "
                "match its content); it is not loaded"
            )
        data.pop(CHECKSUM, None)
        return data


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
